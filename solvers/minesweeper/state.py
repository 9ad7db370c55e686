"""The visible Minesweeper board as an immutable value with a text form that round-trips.

Text form, one row a line: ``#`` unknown, ``F`` flag, ``?`` question mark, ``.`` empty (``0`` is
read as ``.``), ``1``-``8`` numbers, ``*`` mine, ``X`` exploded mine, ``x`` wrong flag, ``_`` opened
with a number not read yet (a look the bot has not named: safe, constraining no neighbour).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import IntEnum

import numpy as np


class Cell(IntEnum):
    """What a cell shows. Numbers are their own values so ``int(cell)`` is the count."""

    ZERO = 0
    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    UNKNOWN = 9
    FLAG = 10
    QUESTION = 11
    MINE = 12
    EXPLODED = 13
    WRONG_FLAG = 14
    OPENED = 15  # opened, number not known yet: never a mine, constrains nothing

    @property
    def char(self) -> str:
        return CELL_CHARS[self]

    @property
    def is_number(self) -> bool:
        return self <= Cell.EIGHT

    @property
    def is_covered(self) -> bool:
        """Not yet opened: unknown, flagged or question-marked."""
        return self in (Cell.UNKNOWN, Cell.FLAG, Cell.QUESTION)


CELL_CHARS = ".12345678#F?*Xx_"
_CHAR_TO_CELL = {ch: Cell(i) for i, ch in enumerate(CELL_CHARS)}
_CHAR_TO_CELL["0"] = Cell.ZERO


class BoardTextError(ValueError):
    """A board text that cannot be parsed; the message names the line and column."""


class BoardError(ValueError):
    """A board that parses but cannot be a real position (e.g. contradictory numbers)."""

    def __init__(self, message: str, cells: tuple[tuple[int, int], ...] = ()) -> None:
        super().__init__(message)
        self.cells = cells


@dataclass(frozen=True)
class Board:
    """Rows x cols cells, row-major, as small ints (see :class:`Cell`)."""

    rows: int
    cols: int
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError("a board needs at least one row and one column")
        if len(self.cells) != self.rows * self.cols:
            raise ValueError(
                f"{len(self.cells)} cells do not make a {self.rows}x{self.cols} board"
            )

    # --- construction -------------------------------------------------------------------------
    @classmethod
    def unknown(cls, rows: int, cols: int) -> Board:
        """A fresh board, every cell covered."""
        return cls(rows, cols, (int(Cell.UNKNOWN),) * (rows * cols))

    @classmethod
    def from_text(cls, text: str) -> Board:
        """Parse the text form; blank lines around the board and trailing spaces are ignored."""
        lines = [line.rstrip() for line in text.strip("\n").splitlines()]
        while lines and not lines[-1]:
            lines.pop()
        if not lines:
            raise BoardTextError("empty board text")
        cols = len(lines[0])
        cells: list[int] = []
        for r, line in enumerate(lines):
            if len(line) != cols:
                raise BoardTextError(
                    f"line {r + 1}: {len(line)} cells, expected {cols} like line 1"
                )
            for c, ch in enumerate(line):
                cell = _CHAR_TO_CELL.get(ch)
                if cell is None:
                    raise BoardTextError(
                        f"line {r + 1}, column {c + 1}: unknown cell character {ch!r}"
                        f" (expected one of {CELL_CHARS!r} or '0')"
                    )
                cells.append(int(cell))
        return cls(len(lines), cols, tuple(cells))

    @classmethod
    def from_array(cls, array: np.ndarray) -> Board:
        """From a rows x cols integer array of :class:`Cell` values."""
        if array.ndim != 2:
            raise ValueError(f"expected a 2-D array, got shape {array.shape}")
        flat = [int(v) for v in array.reshape(-1)]
        bad = [v for v in flat if not 0 <= v <= max(Cell)]
        if bad:
            raise ValueError(f"cell value {bad[0]} is not a Cell")
        return cls(int(array.shape[0]), int(array.shape[1]), tuple(flat))

    # --- views --------------------------------------------------------------------------------
    def to_text(self) -> str:
        """One row a line, no trailing newline."""
        return "\n".join(
            "".join(CELL_CHARS[v] for v in self.cells[r * self.cols : (r + 1) * self.cols])
            for r in range(self.rows)
        )

    def __str__(self) -> str:
        return self.to_text()

    def to_array(self) -> np.ndarray:
        return np.array(self.cells, dtype=np.int8).reshape(self.rows, self.cols)

    def __getitem__(self, rc: tuple[int, int]) -> Cell:
        r, c = rc
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise IndexError(f"cell ({r}, {c}) is outside the {self.rows}x{self.cols} board")
        return Cell(self.cells[r * self.cols + c])

    def positions(self) -> Iterator[tuple[int, int]]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield r, c

    def neighbors(self, r: int, c: int) -> Iterator[tuple[int, int]]:
        """The up to eight cells around (r, c)."""
        for rr in range(max(0, r - 1), min(self.rows, r + 2)):
            for cc in range(max(0, c - 1), min(self.cols, c + 2)):
                if rr != r or cc != c:
                    yield rr, cc

    def count(self, *kinds: Cell) -> int:
        wanted = {int(k) for k in kinds}
        return sum(1 for v in self.cells if v in wanted)

    @property
    def is_lost(self) -> bool:
        return int(Cell.EXPLODED) in self.cells

    # --- edits --------------------------------------------------------------------------------
    def with_cells(self, changes: dict[tuple[int, int], Cell]) -> Board:
        """A copy with some cells replaced."""
        cells = list(self.cells)
        for (r, c), value in changes.items():
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                raise IndexError(f"cell ({r}, {c}) is outside the {self.rows}x{self.cols} board")
            cells[r * self.cols + c] = int(value)
        return Board(self.rows, self.cols, tuple(cells))
