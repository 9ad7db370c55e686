"""The 15x15 board as an immutable value: 225 characters, ``.`` empty, lowercase = wildcard.

Squares are named like ``H8``: column letter A-O from the left, row 1-15 from the top.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from solvers.erudit.rules import SIZE
from solvers.words.alphabet import fold_yo

EMPTY = "."
COLUMNS = "ABCDEFGHIJKLMNO"


class BoardTextError(ValueError):
    """Board text that cannot be parsed; the message names the line and column."""


def square_name(index: int) -> str:
    """Row-major index -> ``H8``."""
    row, col = divmod(index, SIZE)
    return f"{COLUMNS[col]}{row + 1}"


@dataclass(frozen=True)
class Board:
    """``cells`` holds 225 one-character strings, row-major."""

    cells: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != SIZE * SIZE:
            raise ValueError(f"a board has {SIZE * SIZE} cells, got {len(self.cells)}")

    @classmethod
    def empty(cls) -> Board:
        return cls((EMPTY,) * (SIZE * SIZE))

    @classmethod
    def from_rows(cls, rows: Iterable[str], alphabet: str | None = None) -> Board:
        """Parse 15 lines of 15 characters; ``alphabet`` (uppercase) limits the letters."""
        lines = list(rows)
        if len(lines) != SIZE:
            raise BoardTextError(f"board has {len(lines)} rows, expected {SIZE}")
        cells: list[str] = []
        for r, line in enumerate(lines):
            line = line.strip()
            if len(line) != SIZE:
                raise BoardTextError(
                    f"board row {r + 1}: {len(line)} cells, expected {SIZE}: {line!r}"
                )
            for c, ch in enumerate(line):
                if ch != EMPTY:
                    ok = ch.isalpha() and (alphabet is None or ch.upper() in alphabet)
                    if not ok:
                        raise BoardTextError(
                            f"board row {r + 1}, column {COLUMNS[c]}: unknown letter {ch!r}"
                        )
                    ch = fold_yo(ch)
                cells.append(ch)
        return cls(tuple(cells))

    def rows(self) -> list[str]:
        return ["".join(self.cells[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)]

    def to_text(self) -> str:
        return "\n".join(self.rows())

    @classmethod
    def from_text(cls, text: str, alphabet: str | None = None) -> Board:
        return cls.from_rows([ln for ln in text.strip("\n").splitlines() if ln.strip()], alphabet)

    def __getitem__(self, index: int) -> str:
        return self.cells[index]

    @property
    def is_empty(self) -> bool:
        return all(ch == EMPTY for ch in self.cells)

    def tiles(self) -> str:
        """Tiles on the board as they count against the bag (wildcards as ``*``)."""
        return "".join("*" if ch.islower() else ch for ch in self.cells if ch != EMPTY)

    def place(self, tiles: Iterable[tuple[int, str]]) -> Board:
        """A new board with ``(index, char)`` tiles laid on empty squares."""
        cells = list(self.cells)
        for index, ch in tiles:
            if cells[index] != EMPTY:
                raise ValueError(f"square {square_name(index)} is already taken")
            cells[index] = ch
        return Board(tuple(cells))
