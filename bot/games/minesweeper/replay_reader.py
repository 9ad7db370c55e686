"""Minesweeper frames of a recording read again: the board, cell for cell, as recorded."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.run.recorder import RecordingError
from bot.run.replay import TextReader
from solvers.minesweeper.state import Board, Cell
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.minesweeper.reader import BoardLocation
from vision.minesweeper.skin import Skin


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

    def __init__(self, skin: str | Skin | None) -> None:
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


def agrees(recorded: Board, read: Board) -> bool:
    """A board read today agrees with the recorded one cell for cell, where a cell recorded
    as opened with its number not yet named (``_``: the session was still learning that look)
    agrees with a blank or any number read today."""
    if (recorded.rows, recorded.cols) != (read.rows, read.cols):
        return False
    return all(a == b or (a == Cell.OPENED and b <= Cell.EIGHT)
               for a, b in zip(recorded.cells, read.cells, strict=True))


def board_reader(read: Callable[[Frame], Board]) -> TextReader:
    """Frames read into boards by ``read``, compared with the recorded ``state``."""

    def same(got: str, want: str) -> bool:
        return agrees(Board.from_text(want), Board.from_text(got))

    def differ(got: str, want: str) -> str:
        return diff(Board.from_text(want), Board.from_text(got))

    return TextReader(lambda frame: read(frame).to_text(), "state", agree=same, differ=differ)


def recorded_skin(header: dict[str, object], directory: Path) -> str | Skin | None:
    """The look a recording was read with: the last skin the session learned and kept in the
    recording (:mod:`bot.games.minesweeper.skin_copies`), else the skin its header names
    (None: every skin gamebot knows). A cold start that kept no look cannot be read again."""
    from bot.games.minesweeper.looks import COLD
    from bot.games.minesweeper.skin_copies import latest_copy
    from vision.minesweeper.skin import load_skin_folder

    copy = latest_copy(directory)
    if copy is not None:
        return load_skin_folder(copy)
    skin = header.get("skin")
    if skin == COLD:
        raise RecordingError(
            f"{directory}: recorded from a cold start (--skin {COLD}) but holds no learned look"
            " (skins/ is missing: recorded by an older gamebot, or nothing was learned);"
            " replay it with --skin NAME|FOLDER")
    return None if skin is None else str(skin)


def vision_reader(skin: str | Skin | None) -> TextReader:
    """Today's Minesweeper vision with ``skin`` (None: every skin it knows)."""
    return board_reader(VisionReader(skin))
