"""Moves as values with a text form that round-trips.

``H8 ЭРУДИТ across`` lays a word whose first letter is on H8 (column A-O, row 1-15), reading
across or down; the word is spelt in full, letters already on the board included, and a
lowercase letter is a wildcard standing for that letter. ``exchange АБ*`` swaps tiles with the
bag, ``pass`` passes, and an Erudit several-word turn joins placements with `` + ``.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.erudit.board import COLUMNS, EMPTY, Board
from solvers.erudit.rules import SIZE, RulesError, square_index


class MoveTextError(ValueError):
    """A move text that cannot be parsed, or that does not fit the board it is played on."""


@dataclass(frozen=True, order=True, slots=True)
class Placement:
    """A word laid in one line: first square, direction, the whole word as it will read."""

    row: int
    col: int
    across: bool
    word: str

    def __post_init__(self) -> None:
        if not (0 <= self.row < SIZE and 0 <= self.col < SIZE):
            raise MoveTextError(f"square ({self.row}, {self.col}) is off the board")
        end = (self.col if self.across else self.row) + len(self.word)
        if len(self.word) < 1 or end > SIZE:
            raise MoveTextError(f"{self.to_text()}: the word runs off the board")

    def squares(self) -> list[int]:
        step = 1 if self.across else SIZE
        first = self.row * SIZE + self.col
        return [first + i * step for i in range(len(self.word))]

    def new_tiles(self, board: Board) -> list[tuple[int, str]]:
        """The ``(square, char)`` tiles this placement adds; errors if it contradicts the board."""
        out: list[tuple[int, str]] = []
        for index, ch in zip(self.squares(), self.word, strict=True):
            there = board[index]
            if there == EMPTY:
                out.append((index, ch))
            elif there.upper() != ch.upper():
                raise MoveTextError(
                    f"{self.to_text()}: square {COLUMNS[index % SIZE]}{index // SIZE + 1}"
                    f" holds {there!r}, not {ch!r}"
                )
        return out

    def to_text(self) -> str:
        direction = "across" if self.across else "down"
        return f"{COLUMNS[self.col]}{self.row + 1} {self.word} {direction}"

    def __str__(self) -> str:
        return self.to_text()


@dataclass(frozen=True, order=True, slots=True)
class Exchange:
    """Give back these tiles (``*`` for a wildcard) and draw as many."""

    tiles: str

    def to_text(self) -> str:
        return f"exchange {self.tiles}"

    def __str__(self) -> str:
        return self.to_text()


@dataclass(frozen=True, order=True, slots=True)
class Pass:
    def to_text(self) -> str:
        return "pass"

    def __str__(self) -> str:
        return self.to_text()


@dataclass(frozen=True, slots=True)
class MultiPlacement:
    """Several words laid one after another in one turn (Erudit house rule)."""

    parts: tuple[Placement, ...]

    def to_text(self) -> str:
        return " + ".join(p.to_text() for p in self.parts)

    def __str__(self) -> str:
        return self.to_text()


Move = Placement | Exchange | Pass | MultiPlacement


def parse_placement(text: str) -> Placement:
    parts = text.split()
    if len(parts) != 3 or parts[2].lower() not in ("across", "down"):
        raise MoveTextError(f"bad move {text!r}: expected e.g. 'H8 ЭРУДИТ across'")
    square, word, direction = parts
    try:
        row, col = divmod(square_index(square), SIZE)
    except RulesError:
        raise MoveTextError(f"bad move {text!r}: square must be column A-O and row 1-15") from None
    if not word.isalpha():
        raise MoveTextError(f"bad move {text!r}: the word must be letters only")
    return Placement(row, col, direction.lower() == "across", word)


def move_from_text(text: str) -> Move:
    """Parse any move text: a placement, ``A + B`` placements, ``exchange XYZ`` or ``pass``."""
    t = text.strip()
    low = t.lower()
    if low == "pass":
        return Pass()
    if low.startswith("exchange"):
        tiles = t[len("exchange") :].strip()
        if not tiles or not all(ch.isalpha() or ch == "*" for ch in tiles):
            raise MoveTextError(f"bad move {text!r}: expected e.g. 'exchange АБ*'")
        return Exchange(tiles)
    if "+" in t:
        return MultiPlacement(tuple(parse_placement(p) for p in t.split("+")))
    return parse_placement(t)


@dataclass(frozen=True, slots=True)
class Play:
    """A generated placement with its score and the rack tiles it uses (``*`` = wildcard)."""

    placement: Placement
    score: int
    used: str

    def to_text(self) -> str:
        return self.placement.to_text()
