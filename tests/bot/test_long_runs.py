"""Long commands show progress (rich, on a terminal) and Ctrl+C keeps their figures: the human
lines and the JSON line of what finished, "stopped: interrupted", exit 130."""

from __future__ import annotations

import json
import sys

import pytest

from bot.cli import progress
from bot.cli.main import main

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


def test_bench_hangman_keeps_the_words_played(tmp_path, monkeypatch, capsys):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(["jading", "banana", "bandit", "cabins", "candid", "dacoit",
                                "zigzag", "quartz", "rhythm", "sphinx", "jumper", "puzzle"]))
    interrupt_after(monkeypatch, 5)  # the fifth word of the first strategy
    code = main(["bench", "hangman", "--strategy", "maxwin", "--dictionary", str(words),
                 "--json"])
    assert code == 130
    lines, summary = _figures(capsys)
    assert summary["words"] == 5 and summary["strategy"] == "maxwin"
    assert summary["win_rate"] == pytest.approx(summary["wins"] / 5)
    assert "paired" not in summary  # the baseline never ran
    assert summary["stopped"].startswith("interrupted")
    assert lines[0] == "strategy maxwin: 5 words, lost at miss 7"


def test_bench_hangman_with_an_unfinished_baseline_compares_nothing(tmp_path, monkeypatch,
                                                                     capsys):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(["jading", "banana", "bandit", "cabins", "candid", "dacoit"]))
    interrupt_after(monkeypatch, 8)  # 6 words of maxwin, then 2 of the greedy baseline
    code = main(["bench", "hangman", "--strategy", "maxwin", "--dictionary", str(words),
                 "--json"])
    assert code == 130
    lines, summary = _figures(capsys)
    assert summary["words"] == 6 and summary["baseline_summary"]["words"] == 2
    assert "paired" not in summary
    assert any("2 words: no word-by-word comparison" in line for line in lines)


def test_bench_minesweeper_keeps_the_games_played(monkeypatch, capsys):
    interrupt_after(monkeypatch, 2)  # after two chunks of 20 games
    code = main(["bench", "minesweeper", "--level", "beginner", "--games", "100", "--seed", "4",
                 "--json"])
    assert code == 130
    lines, summary = _figures(capsys)
    assert summary["games"] == 40
    assert summary["win_rate"] == pytest.approx(summary["wins"] / 40)
    assert summary["stopped"].startswith("interrupted")
    assert lines[0].startswith("beginner (9x9/10), safe first click, seed 4:")


def test_bench_minesweeper_first_keeps_the_cells_finished(tmp_path, monkeypatch, capsys):
    interrupt_after(monkeypatch, 3)  # the reference's 40 games (2 chunks), then a chunk more
    code = main(["bench", "minesweeper-first", "--level", "beginner", "--games", "40",
                 "--cells=0,0 1,1", "--save", str(tmp_path), "--json"])
    assert code == 130
    lines, summary = _figures(capsys)
    assert [row["cell"] for row in summary["cells"]] == [summary["reference"]]
    assert summary["cells"][0]["games"] == 40
    assert any(line.startswith("1 of 3 cells finished") for line in lines)


def test_a_calibration_plot_that_cannot_be_written_stops_before_the_games(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    code = main(["bench", "minesweeper", "--level", "beginner", "--games", "20",
                 "--calibration-plot", str(blocker / "cal.png")])
    assert code == 2
    captured = capsys.readouterr()
    assert "is not a folder" in captured.err and captured.out == ""


def _two_fixtures(tmp_path):
    """winxp expert and beginner midgames, with their labels, as a fixtures folder."""
    import shutil

    from tests.conftest import RECORDINGS

    source = RECORDINGS / "minesweeper" / "labelled"
    labels = json.loads((source / "labels.json").read_text("utf-8"))["fixtures"]
    names = ["winxp-expert-midgame.png", "winxp-beginner-midgame.png"]
    (tmp_path / "expected").mkdir()
    for name in names:
        shutil.copy(source / name, tmp_path / name)
        stem = name.rsplit(".", 1)[0] + ".txt"
        shutil.copy(source / "expected" / stem, tmp_path / "expected" / stem)
    (tmp_path / "labels.json").write_text(
        json.dumps({"fixtures": {n: labels[n] for n in names}}), "utf-8"
    )
    return tmp_path


def test_bench_vision_keeps_the_pictures_read(tmp_path, monkeypatch, capsys):
    folder = _two_fixtures(tmp_path)
    interrupt_after(monkeypatch, 3)  # 2 pictures a fixture at scale 1.5 (bilinear, nearest)
    code = main(["bench", "vision", "--fixtures", str(folder), "--scales", "1.5",
                 "--repeat", "1", "--json"])
    assert code == 130
    lines, summary = _figures(capsys)
    assert summary["pictures"] == 3 and summary["cells_exact"] <= summary["cells"]
    assert summary["locate_screens"] == 0 and summary["read_ms_by_skin"] == {}
    assert summary["stopped"].startswith("interrupted")
    assert lines[0].startswith("fixtures 2, pictures read 3")


def test_bench_vision_shows_both_passes(tmp_path, monkeypatch, capsys):
    folder = _two_fixtures(tmp_path)
    on_a_terminal(monkeypatch)
    assert main(["bench", "vision", "--fixtures", str(folder), "--scales", "1", "--repeat",
                 "1"]) == 0
    captured = capsys.readouterr()
    assert "pictures read" in captured.err and "read and locate timings" in captured.err
    assert "cells exact" in captured.out
