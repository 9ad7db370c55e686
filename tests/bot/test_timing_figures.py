"""Reported times say where the time goes: the whole wall time and parts that add up to it
(`erudit best`, `bench erudit`, `balda moves`/`best`), the start-up included when run as the
`gamebot` program, so the total is what `time` shows."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.cli.main import main
from bot.cli.timing import WallClock, key

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "recordings" / "samples"


def _adds_up(seconds: dict[str, float]) -> None:
    parts = {k: v for k, v in seconds.items() if k not in ("total", "cpu")}
    assert "other" in parts
    assert all(v >= 0 for v in parts.values())
    assert sum(parts.values()) == pytest.approx(seconds["total"], abs=0.002 * len(parts))


def test_parts_and_other_add_up_to_the_total():
    clock = WallClock()
    with clock.part("first"):
        time.sleep(0.02)
    clock.add("second", 0.01)
    with clock.part("first"):
        time.sleep(0.01)
    time.sleep(0.01)  # no part: goes to "other"
    figures = clock.breakdown()
    assert list(figures) == ["total", "first", "second", "other"]
    assert figures["first"] >= 0.03 and figures["second"] == 0.01
    assert figures["other"] >= 0.0
    assert sum(v for k, v in figures.items() if k != "total") == pytest.approx(figures["total"])
    line = clock.line()
    assert line.startswith("wall time ") and " = first " in line and "+ other " in line


def test_json_keys_are_plain_names():
    assert key("start-up (Python, imports)") == "start_up"
    assert key("ranking by equity (leaves, exchanges)") == "ranking_by_equity"
    assert key("move-generation timings") == "move_generation_timings"


def test_erudit_best_reports_its_parts(capsys):
    assert main(["erudit", "best", str(SAMPLES / "erudit-midgame.txt"), "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    seconds = json.loads(out[-1])["seconds"]
    for part in ("position", "rules", "dictionary", "cross_checks", "move_generation",
                 "ranking_by_equity"):
        assert part in seconds, part
    assert "start_up" not in seconds  # called from Python: no process start-up to count
    _adds_up(seconds)
    assert out[-2].startswith("wall time ") and "move generation" in out[-2]


def test_the_endgame_search_is_a_part_of_its_own(tmp_path, capsys):
    from solvers.erudit.board import Board
    from solvers.erudit.position import Position
    from solvers.erudit.rules import load_rules

    rules = load_rules("scrabble-en")
    board = Board.empty().place([(7 * 15 + 7, "C"), (7 * 15 + 8, "A"), (7 * 15 + 9, "T")])
    path = tmp_path / "end.txt"
    path.write_text(Position(rules, board, ("ES", "OR"), (10, 20), 0, "").to_text())
    assert main(["erudit", "best", str(path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["moves"][0]["stage"] == "endgame"
    assert summary["seconds"]["endgame_search"] > 0
    _adds_up(summary["seconds"])


def test_the_command_line_total_is_what_time_shows():
    """As a program the start-up is a part, and the total is the process's wall time (less
    only the exit); before, `erudit best` said 98 ms of a 0.55 s run."""
    gamebot = Path(sys.executable).parent / "gamebot"
    began = time.perf_counter()
    done = subprocess.run(
        [str(gamebot), "erudit", "best", str(SAMPLES / "erudit-midgame.txt"), "--json"],
        capture_output=True, text=True, check=True,
    )
    wall = time.perf_counter() - began
    seconds = json.loads(done.stdout.strip().splitlines()[-1])["seconds"]
    _adds_up(seconds)
    assert seconds["start_up"] > 0
    assert seconds["total"] <= wall + 0.02  # 10 ms clock ticks
    unaccounted = wall - seconds["total"]
    assert unaccounted < max(0.5, wall / 3), (wall, seconds)


def test_bench_erudit_counts_the_timings_and_the_loading(tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(["AT", "TA", "CAT", "ACT", "TEA", "EAT", "ATE", "SEA", "TEN",
                                "NET", "AN", "NA", "IN", "IS", "IT", "ON", "NO", "TO"]))
    code = main(["bench", "erudit", "--rules", "scrabble-en", "--dictionary", str(words),
                 "--games", "2", "--timing-positions", "2", "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    seconds = summary["seconds"]
    for part in ("dictionary", "leave_values", "self_play_games", "move_generation_timings"):
        assert part in seconds, part
    _adds_up(seconds)
    assert summary["wall_seconds"] == seconds["total"]


def test_balda_moves_and_best_report_their_parts(capsys):
    sample = str(SAMPLES / "balda-5x5.txt")
    assert main(["balda", "moves", sample, "--limit", "1", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    moves = json.loads(out[-1])
    assert {"position", "dictionary", "move_generation"} <= set(moves["seconds"])
    _adds_up(moves["seconds"])
    assert moves["seconds"]["move_generation"] * 1000 >= moves["ms"] - 0.5
    assert out[-2].startswith("wall time ")
    assert main(["balda", "best", sample, "--time", "0.1", "--explain", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    best = json.loads(out[-1])
    assert best["seconds"]["search"] >= 0.1
    _adds_up(best["seconds"])
    assert out[-2].startswith("wall time ") and "search" in out[-2]
