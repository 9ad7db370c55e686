"""Command-line pieces several commands share, so they read and fail the same way everywhere.

Number types that reject nonsense at parse time (argparse then names the option), the ``--json``
switch, and reading a position or board from a file or standard input with errors that name it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.errors import GamebotError

JSON_HELP = "end with one JSON object as the last stdout line"
STDIN = "-"


def positive_int(text: str) -> int:
    """An argparse type: a whole number of 1 or more."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {text}")
    return value


def count(text: str) -> int:
    """An argparse type: a whole number of 0 or more."""
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {text}")
    return value


def non_negative_float(text: str) -> float:
    """An argparse type: a number of 0 or more (a pause, in seconds)."""
    value = float(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {text}")
    return value


def positive_float(text: str) -> float:
    """An argparse type: a number above 0 (seconds, for instance)."""
    value = float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
    return value


def add_json(parser: argparse.ArgumentParser) -> None:
    """``--json``: the figures as one JSON object on the last stdout line (see bot.cli.report)."""
    parser.add_argument("--json", action="store_true", help=JSON_HELP)


def input_name(name: str) -> str:
    return "standard input" if name == STDIN else name


def read_input(name: str) -> str:
    """The UTF-8 text of file ``name``, or of standard input for ``-``; errors name the file."""
    if name == STDIN:
        return sys.stdin.read()
    try:
        return Path(name).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise GamebotError(f"{name}: not UTF-8 text (byte {exc.start + 1})") from None


@contextmanager
def named_input(name: str) -> Iterator[None]:
    """Parse inside this block: a ``ValueError`` comes out as one line naming the input."""
    try:
        yield
    except ValueError as exc:
        raise GamebotError(f"{input_name(name)}: {exc}") from None


def add_recording_options(p: argparse.ArgumentParser) -> None:
    """--record-frames and --record-max-gb: what a recording keeps, sized for a night."""
    p.add_argument(
        "--record-frames",
        choices=("all", "problems", "none"),
        default="all",
        help="with --record: keep every frame that changed (stored as the part that changed;"
        " default), only the frames of problems, or none (the events are always kept)",
    )
    p.add_argument(
        "--record-max-gb",
        type=positive_float,
        default=2.0,
        metavar="GB",
        help="with --record: disk budget for frames; the oldest games' frames are dropped"
        " first, every game's events stay (default 2)",
    )


def add_plot_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--plot",
        metavar="OUT.png",
        help="at the end, draw the win rate game by game with its 95 %% interval (for long"
        " --hours runs)",
    )
