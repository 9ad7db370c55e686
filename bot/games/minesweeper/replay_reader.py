"""Minesweeper frames of a recording read again: the board, cell for cell, as recorded."""

from __future__ import annotations

from collections.abc import Callable

from bot.run.replay import TextReader
from solvers.minesweeper.state import Board
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.minesweeper.reader import BoardLocation


def diff(expected: Board, got: Board, limit: int = 5) -> str:
    """Which cells differ, as ``(r, c) '#'->'1'`` (at most ``limit`` of them)."""
    if (expected.rows, expected.cols) != (got.rows, got.cols):
        return f"size {got.rows}x{got.cols}, recorded {expected.rows}x{expected.cols}"
    cells = [
        f"({i // got.cols}, {i % got.cols}) {expected.to_text().replace(chr(10), '')[i]!r}"
        f"->{got.to_text().replace(chr(10), '')[i]!r}"
        for i, (a, b) in enumerate(zip(expected.cells, got.cells, strict=True))
        if a != b
    ]
    more = f" and {len(cells) - limit} more" if len(cells) > limit else ""
    return f"{len(cells)} cells differ: " + ", ".join(cells[:limit]) + more


class VisionReader:
    """Today's vision on recorded frames: the board is located once and again only when a frame
    does not read at the last location (the window moved, or another program's frames)."""

    def __init__(self, skin: str | None) -> None:
        self.skin = skin
        self.locations = 0
        self._location: BoardLocation | None = None
        self._shape: tuple[int, ...] = ()

    def __call__(self, frame: Frame) -> Board:
        from vision.minesweeper.reader import locate_minesweeper, read_minesweeper

        if self._location is not None and frame.pixels.shape == self._shape:
            try:
                return read_minesweeper(frame, self.skin, self._location).board
            except ReadError:
                pass
        self._location = locate_minesweeper(frame, self.skin)
        self._shape = frame.pixels.shape
        self.locations += 1
        return read_minesweeper(frame, self.skin, self._location).board


def board_reader(read: Callable[[Frame], Board]) -> TextReader:
    """Frames read into boards by ``read``, compared with the recorded ``state``."""

    def same(got: str, want: str) -> bool:
        return Board.from_text(got) == Board.from_text(want)

    def differ(got: str, want: str) -> str:
        return diff(Board.from_text(want), Board.from_text(got))

    return TextReader(lambda frame: read(frame).to_text(), "state", agree=same, differ=differ)


def vision_reader(skin: str | None) -> TextReader:
    """Today's Minesweeper vision with ``skin`` (None: every skin it knows)."""
    return board_reader(VisionReader(skin))
