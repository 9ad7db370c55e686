"""Long commands show progress (rich, on a terminal) and Ctrl+C keeps their figures: the human
lines and the JSON line of what finished, "stopped: interrupted", exit 130."""

from __future__ import annotations

import json
import sys

import pytest

from bot import progress
from bot.cli import main

ENGLISH = ["AT", "TA", "CAT", "ACT", "TEA", "EAT", "ATE", "SEA", "TEN", "NET", "AN", "NA",
           "IN", "IS", "IT", "ON", "NO", "TO"]


def interrupt_after(monkeypatch: pytest.MonkeyPatch, calls: int) -> None:
    """Ctrl+C as the progress bar is advanced the ``calls``-th time (work unit done)."""
    seen = {"n": 0}

    def advance(self, n: int = 1, status: str = "") -> None:
        seen["n"] += 1
        if seen["n"] == calls:
            raise KeyboardInterrupt

    monkeypatch.setattr(progress.Bar, "advance", advance)


def on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)


def _figures(capsys) -> tuple[list[str], dict]:
    out = capsys.readouterr().out.strip().splitlines()
    return out, json.loads(out[-1])


def test_erudit_verify_keeps_the_positions_checked(monkeypatch, capsys):
    interrupt_after(monkeypatch, 3)
    code = main(["erudit", "verify", "--rules", "scrabble-en", "--positions", "6",
                 "--endgames", "2", "--words", "300", "--json"])
    assert code == 130
    lines, summary = _figures(capsys)
    assert summary["positions"] == 3 and summary["endgames"] == 0
    assert summary["positions_identical"] == 3 and summary["moves_checked"] > 0
    assert summary["stopped"].startswith("interrupted")
    assert "move generator: 3/3 positions identical" in "\n".join(lines)
    assert any(line.startswith("stopped: interrupted") for line in lines)


def test_bench_erudit_keeps_the_games_played(tmp_path, monkeypatch, capsys):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(ENGLISH))
    interrupt_after(monkeypatch, 1)
    code = main(["bench", "erudit", "--rules", "scrabble-en", "--dictionary", str(words),
                 "--games", "4", "--timing-positions", "2", "--json"])
    assert code == 130
    lines, summary = _figures(capsys)
    assert summary["games"] == 1
    assert summary["wins"] + summary["losses"] + summary["ties"] == 1
    assert summary["movegen_positions"] == 0
    assert summary["stopped"].startswith("interrupted")
    assert "not measured" in "\n".join(lines)


def test_bench_balda_keeps_the_parts_finished(monkeypatch, capsys):
    # advances: 2 positions, 2 timings, 1 depth probe, 1 three-ply time, then game 1
    interrupt_after(monkeypatch, 7)
    code = main(["bench", "balda", "--games", "4", "--positions", "2", "--depth-positions",
                 "1", "--depth-time", "0.05", "--time", "0.02", "--json"])
    assert code == 130
    lines, summary = _figures(capsys)
    assert summary["positions"] == 2 and summary["depth_positions"] == 1
    assert summary["games"] == 1
    assert summary["stopped"].startswith("interrupted")
    text = "\n".join(lines)
    assert "move generation: 2 midgame positions" in text and "self-play: 1 games" in text


@pytest.mark.parametrize(
    ("argv", "bars"),
    [
        (["erudit", "verify", "--rules", "scrabble-en", "--positions", "2", "--endgames", "1",
          "--words", "300"], ["move generator vs brute force", "endgame solver vs exhaustive"]),
        (["bench", "balda", "--games", "0", "--positions", "1", "--depth-positions", "1",
          "--depth-time", "0.05"], ["midgame positions", "move generation timings",
                                    "search depth", "time to 3 plies"]),
    ],
    ids=["erudit-verify", "bench-balda"],
)
def test_long_commands_show_progress_on_a_terminal(argv, bars, monkeypatch, capsys):
    on_a_terminal(monkeypatch)
    assert main(argv) == 0
    err = capsys.readouterr().err
    for bar in bars:
        assert bar in err, bar


def test_bench_erudit_shows_the_games_and_the_timings(tmp_path, monkeypatch, capsys):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(ENGLISH))
    on_a_terminal(monkeypatch)
    assert main(["bench", "erudit", "--rules", "scrabble-en", "--dictionary", str(words),
                 "--games", "1", "--timing-positions", "1"]) == 0
    err = capsys.readouterr().err
    assert "scrabble-en equity vs greedy" in err and "move generation timings" in err
