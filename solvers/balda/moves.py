"""A Balda move as a value with a text form: ``Ж@2,3 path 2,1-2,2-2,3 word ЖУК`` or ``pass``.

Coordinates are ``row,col`` counted from 0. The path lists the cells the word is traced
through, in reading order; it contains the new cell exactly once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from solvers.words.alphabet import fold_yo

Cell = tuple[int, int]

_MOVE = re.compile(
    r"^\s*(?P<letter>\w)@(?P<cell>\d+,\d+)\s+path\s+(?P<path>\d+,\d+(?:-\d+,\d+)*)"
    r"\s+word\s+(?P<word>\w+)\s*$"
)


class BaldaMoveError(ValueError):
    """Move text that cannot be parsed, or a move the position does not allow."""


def _cell(text: str) -> Cell:
    row, col = text.split(",")
    return (int(row), int(col))


def _cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


@dataclass(frozen=True)
class BaldaMove:
    """Put ``letter`` at ``cell`` and claim ``word`` along ``path``; ``BaldaMove.passing()``
    is the pass (every other field empty)."""

    cell: Cell | None
    letter: str
    path: tuple[Cell, ...]
    word: str

    @classmethod
    def passing(cls) -> BaldaMove:
        return cls(None, "", (), "")

    @property
    def is_pass(self) -> bool:
        return self.cell is None

    @property
    def score(self) -> int:
        """Points the move earns: one per letter of the word."""
        return len(self.word)

    def to_text(self) -> str:
        if self.cell is None:
            return "pass"
        path = "-".join(_cell_text(c) for c in self.path)
        return f"{self.letter}@{_cell_text(self.cell)} path {path} word {self.word}"

    @classmethod
    def from_text(cls, text: str) -> BaldaMove:
        if text.strip().lower() == "pass":
            return cls.passing()
        match = _MOVE.match(text)
        if match is None:
            raise BaldaMoveError(
                f"cannot read move {text!r}: expected 'Ж@2,3 path 2,1-2,2-2,3 word ЖУК' or 'pass'"
            )
        move = cls(
            cell=_cell(match["cell"]),
            letter=fold_yo(match["letter"].upper()),
            path=tuple(_cell(c) for c in match["path"].split("-")),
            word=fold_yo(match["word"].upper()),
        )
        move.check_shape()
        return move

    def check_shape(self) -> None:
        """Consistency that needs no board: the path spells the word once through the cell."""
        if self.cell is None:
            return
        if len(self.path) != len(self.word):
            raise BaldaMoveError(
                f"move {self.to_text()!r}: path has {len(self.path)} cells but the word "
                f"{self.word} has {len(self.word)} letters"
            )
        if self.path.count(self.cell) != 1:
            raise BaldaMoveError(
                f"move {self.to_text()!r}: the path must pass the new cell "
                f"{_cell_text(self.cell)} exactly once"
            )
        if self.word[self.path.index(self.cell)] != self.letter:
            raise BaldaMoveError(
                f"move {self.to_text()!r}: the word has no {self.letter} at the new cell"
            )

    def __str__(self) -> str:
        return self.to_text()
