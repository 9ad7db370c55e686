"""Minesweeper moves as values with a text form: ``open 3 7``, ``flag 0 0``, ``chord 5 5``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class MoveKind(Enum):
    OPEN = "open"
    FLAG = "flag"
    UNFLAG = "unflag"
    CHORD = "chord"


@dataclass(frozen=True, order=True)
class Move:
    """One action on a cell; row and column count from 0 at the top-left."""

    kind: MoveKind
    row: int
    col: int

    def to_text(self) -> str:
        return f"{self.kind.value} {self.row} {self.col}"

    @classmethod
    def from_text(cls, text: str) -> Move:
        parts = text.split()
        if len(parts) != 3:
            raise ValueError(f"bad move {text!r}: expected 'KIND ROW COL', e.g. 'open 3 7'")
        try:
            kind = MoveKind(parts[0].lower())
        except ValueError:
            kinds = ", ".join(k.value for k in MoveKind)
            raise ValueError(f"bad move {text!r}: kind must be one of {kinds}") from None
        try:
            row, col = int(parts[1]), int(parts[2])
        except ValueError:
            raise ValueError(f"bad move {text!r}: row and column must be integers") from None
        if row < 0 or col < 0:
            raise ValueError(f"bad move {text!r}: row and column must not be negative")
        return cls(kind, row, col)

    def __str__(self) -> str:
        return self.to_text()

    @classmethod
    def open(cls, row: int, col: int) -> Move:
        return cls(MoveKind.OPEN, row, col)

    @classmethod
    def flag(cls, row: int, col: int) -> Move:
        return cls(MoveKind.FLAG, row, col)

    @classmethod
    def chord(cls, row: int, col: int) -> Move:
        return cls(MoveKind.CHORD, row, col)
