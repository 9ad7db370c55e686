"""gnome-mines' text counters: found beside the board, read exactly, and never guessed.

Exact reads of every labelled gnome-mines picture (100-200 %) are in the fixture tests; these
check the parts on their own.
"""

from __future__ import annotations

from pathlib import Path

from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.minesweeper.reader import locate_minesweeper
from vision.minesweeper.text_counter import (
    find_text_counters,
    read_text,
    read_text_counter,
    read_text_timer,
)

LABELLED = Path(__file__).resolve().parents[2] / "recordings" / "minesweeper" / "labelled"


def _marks() -> tuple[Frame, Region, Region]:
    frame = Frame.from_file(LABELLED / "gnome-mines-live-marks.png")
    location = locate_minesweeper(frame)
    counter, timer = location.panel.counter, location.panel.timer
    assert counter is not None and timer is not None
    return frame, counter, timer


def test_lines_are_found_beside_the_board_counter_above_timer():
    frame, counter, timer = _marks()
    board = locate_minesweeper(frame).geometry.bounds
    assert counter.left > board.right and timer.left > board.right
    assert counter.bottom < timer.top < board.bottom
    assert read_text(frame.pixels, counter) == "3/99"  # flags placed / mines
    assert read_text_counter(frame.pixels, counter) == 96  # mines left, as other counters
    assert read_text_timer(frame.pixels, timer) == 17


def test_a_line_of_the_wrong_kind_or_no_text_reads_as_none():
    frame, counter, timer = _marks()
    assert read_text_counter(frame.pixels, timer) is None  # "00:17" is no flags/mines line
    assert read_text_timer(frame.pixels, counter) is None
    blank = Region(counter.left, counter.bottom + 2, counter.width, 6)  # background only
    assert read_text_counter(frame.pixels, blank) is None
    outside = Region(frame.width - 5, 0, 40, 20)  # reaches past the picture
    assert read_text(frame.pixels, outside) == ""


def test_no_side_panel_no_counters():
    frame = Frame.from_file(LABELLED / "gnome-mines-live-marks.png")
    geometry = locate_minesweeper(frame).geometry
    board_only = frame.pixels[:, : geometry.bounds.right + 10]
    assert find_text_counters(board_only, geometry) == (None, None)
