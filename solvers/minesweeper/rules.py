"""Board sizes and first-click rules, as data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class FirstClick(Enum):
    """What the program guarantees about the first cell opened.

    SAFE: no mine under the first click; every other layout equally likely (the model used by
    published win rates). XP: Windows XP's way of keeping it safe, moving a mine under the first
    click to the first free cell from the top-left corner. OPENING: no mine in the 3x3 block
    around the first click (Windows 7 and later). NONE: the first click may hit a mine.
    """

    SAFE = "safe"
    XP = "xp"
    OPENING = "opening"
    NONE = "none"


@dataclass(frozen=True)
class Level:
    """A board size and mine count."""

    name: str
    rows: int
    cols: int
    mines: int

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"level {self.name!r}: rows and cols must be positive")
        if not 0 <= self.mines < self.rows * self.cols:
            raise ValueError(
                f"level {self.name!r}: {self.mines} mines do not fit"
                f" a {self.rows}x{self.cols} board"
            )

    @classmethod
    def parse(cls, text: str) -> Level:
        """``beginner``, ``intermediate``, ``expert`` or ``ROWSxCOLS/MINES`` (e.g. ``16x30/99``)."""
        key = text.strip().lower()
        if key in LEVELS:
            return LEVELS[key]
        try:
            size, mines = key.split("/")
            rows, cols = size.split("x")
            numbers = int(rows), int(cols), int(mines)
        except ValueError:
            raise ValueError(
                f"unknown level {text!r}: use beginner, intermediate, expert or ROWSxCOLS/MINES"
            ) from None
        rows_n, cols_n, mines_n = numbers
        if rows_n < 1 or cols_n < 1:
            raise ValueError(f"level {text!r}: rows and columns must be 1 or more")
        if not 0 <= mines_n < rows_n * cols_n:
            raise ValueError(
                f"level {text!r}: {mines_n} mines do not fit a {rows_n}x{cols_n} board"
                f" (0 to {rows_n * cols_n - 1})"
            )
        return cls("custom", rows_n, cols_n, mines_n)


LEVELS: dict[str, Level] = {
    "beginner": Level("beginner", 9, 9, 10),
    "intermediate": Level("intermediate", 16, 16, 40),
    "expert": Level("expert", 16, 30, 99),
}


def standard_mines(rows: int, cols: int) -> int | None:
    """Mine count of the standard level with this size, if there is one."""
    for level in LEVELS.values():
        if (level.rows, level.cols) == (rows, cols):
            return level.mines
    return None
