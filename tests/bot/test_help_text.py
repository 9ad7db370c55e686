"""Help and summaries speak the user's language: no reference-document numbers ("seed 001"),
no literal "%%" in any `gamebot VERB [GAME] --help`, "95 % CI" written one way, and "stale
frames" explained once in the play summaries."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from bot.cli.main import build_parser
from bot.cli.registry import all_commands
from bot.run.results import STALE_FRAMES

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = all_commands()


def _help(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        build_parser(COMMANDS).parse_args([*argv, "--help"])
    return out.getvalue()


EVERY_HELP = [[], *[[v] for v in sorted({c.verb for c in COMMANDS})],
              *[[c.verb, c.game] for c in COMMANDS if c.game]]


@pytest.mark.parametrize("argv", EVERY_HELP, ids=lambda a: " ".join(a) or "gamebot")
def test_help_has_no_reference_numbers_and_no_literal_percent_signs(argv):
    text = _help(argv)
    assert "%%" not in text
    assert not re.search(r"seed \d{3}", text), re.search(r".*seed \d{3}.*", text)[0]
    assert "95% CI" not in text


def test_the_word_game_options_say_what_they_mean():
    assert "the greedy guesser" in _help(["solve", "hangman"])
    erudit = _help(["erudit", "best"])
    assert "several words a turn" in " ".join(erudit.split())
    assert "100-200 % scale" in " ".join(_help(["read", "minesweeper"]).split())


def test_printed_intervals_are_written_one_way():
    """Every printed "CI" in the program's code is "95 % CI"."""
    odd = []
    for path in [*ROOT.glob("bot/**/*.py"), *ROOT.glob("solvers/**/*.py"),
                 *ROOT.glob("vision/**/*.py")]:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"95\s*%?\s*CI", line) and "95 % CI" not in line:
                odd.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not odd, "\n".join(odd)


def test_stale_frames_are_explained_once_in_the_play_summary():
    from bot.games.minesweeper.session import human_lines

    summary = {
        "games": 2, "wins": 1, "win_rate": 0.5, "win_rate_ci95": [0.1, 0.9],
        "seconds_per_game_median": 1.0, "latency_ms_median": 2.0, "latency_ms_p90": 3.0,
        "read_ms_median": 1.0, "decide_ms_median": 1.0, "misreads": 0, "learned_glyphs": 0,
        "refused_clicks": 0, "stale_frames": 4, "relocations": 0, "stopped": "",
    }
    text = "\n".join(human_lines(summary))
    assert text.count("stale frames") == 1
    assert f"{STALE_FRAMES} 4" in text and "not misreads" in STALE_FRAMES
    assert "95 % CI 10.0%-90.0%" in text


def test_and_in_the_word_game_play_summary():
    from bot.web.session import human_lines

    summary = {
        "games": 1, "wins": 1, "draws": 0, "losses": 0, "win_rate": 1.0,
        "win_rate_ci95": [0.2, 1.0], "mean_margin": 3.0, "seconds_per_move_median": 1.0,
        "seconds_per_move_p90": 2.0, "read_ms_median": 5.0, "decide_ms_median": 9.0,
        "misreads": 0, "refused_clicks": 0, "rejected_words": 0, "rejected_moves": 0,
        "site_words": [],
        "stale_frames": 2, "stopped": "",
    }
    text = "\n".join(human_lines(summary))
    assert text.count("stale frames") == 1 and f"{STALE_FRAMES} 2" in text
