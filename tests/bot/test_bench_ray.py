"""``bench minesweeper --ray``: the games as Ray tasks give the figures of a local run.

The cluster is a local Ray head on 127.0.0.1 with 2 CPUs, started (and stopped) by the test
with Ray's own helper; the bench connects to it as a user's would, from its own process.
"""

import json
import subprocess
import sys

import pytest

from bot.cli.main import main

ARGV = ["bench", "minesweeper", "--level", "intermediate", "--games", "50", "--seed", "21",
        "--versus", "safest", "--json"]
FIGURES = ("games", "wins", "win_rate", "ci95_low", "ci95_high", "guesses", "decisions")


@pytest.fixture(scope="module")
def ray_head():
    pytest.importorskip("ray", reason="ray is not installed (pip install -e '.[ray]')")
    from ray.cluster_utils import Cluster

    cluster = Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 2, "node_ip_address": "127.0.0.1",
                        "include_dashboard": False},
    )
    try:
        yield cluster.address
    finally:
        cluster.shutdown()


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_ray_run_gives_the_figures_of_a_local_run(ray_head, capsys):
    assert ray_head.startswith("127.0.0.1:")
    code = "from bot.cli.main import main; raise SystemExit(main())"
    run = subprocess.run(
        [sys.executable, "-c", code, *ARGV, "--ray", ray_head],
        capture_output=True, text=True, timeout=90, check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    on_ray = json.loads(run.stdout.strip().splitlines()[-1])
    assert main(ARGV) == 0
    local = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert on_ray["ray"] == ray_head and local["ray"] is None
    assert {k: on_ray[k] for k in FIGURES} == {k: local[k] for k in FIGURES}
    assert on_ray["versus"]["wins"] == local["versus"]["wins"]
    assert on_ray["paired"] == local["paired"]
    assert on_ray["games"] == 50


def test_ray_missing_is_one_clear_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    assert main([*ARGV[:6], "--games", "20", "--ray", "auto"]) == 2
    captured = capsys.readouterr()
    assert "--ray needs Ray: pip install -e '.[ray]'" in captured.err and captured.out == ""
