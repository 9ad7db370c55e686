"""The steps of entering an Erudit/Scrabble move on a page (the loop's decisions while a move
is being laid), and what the next frame must show after each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.erudit.track import square_text
from solvers.erudit.moves import Placement
from solvers.erudit.rules import WILDCARD


@dataclass(frozen=True)
class PlaceTile:
    square: int
    char: str  # as it will read on the board (lower case for a wildcard)

    @property
    def rack_char(self) -> str:
        return WILDCARD if self.char.islower() else self.char

    def to_text(self) -> str:
        return f"place {self.char} {square_text(self.square)}"


@dataclass(frozen=True)
class PickLetter:
    square: int
    letter: str

    def to_text(self) -> str:
        return f"pick {self.letter} for the wildcard on {square_text(self.square)}"


@dataclass(frozen=True)
class Submit:
    move: Placement

    def to_text(self) -> str:
        return f"submit {self.move.to_text()}"


@dataclass(frozen=True)
class Recall:
    word: str

    def to_text(self) -> str:
        return f"recall {self.word}"


@dataclass(frozen=True)
class OpenExchange:
    tiles: str

    def to_text(self) -> str:
        return f"exchange {self.tiles}"


@dataclass(frozen=True)
class MarkTile:
    char: str

    def to_text(self) -> str:
        return f"mark {self.char}"


@dataclass(frozen=True)
class ConfirmExchange:
    tiles: str

    def to_text(self) -> str:
        return f"confirm exchange {self.tiles}"


@dataclass(frozen=True)
class PassTurn:
    def to_text(self) -> str:
        return "pass"


@dataclass(frozen=True)
class WaitForPage:
    """Nothing to do yet: the page has not drawn what the next step needs (a submit button
    that shows only once the page has taken in the last tile)."""

    what: str

    def to_text(self) -> str:
        return f"wait for {self.what}"


@dataclass(frozen=True)
class AcceptEnd:
    """The opponent went out and the page asks us to accept its last move."""

    def to_text(self) -> str:
        return "accept the last move"


@dataclass(frozen=True)
class Expect:
    """What the next frame must show: ``kind`` is tile, letter, submit, recall, exchange,
    mark, sent (a pass or exchange handed in), pass or reply; ``board`` the board it is laid
    on."""

    kind: str
    board: tuple[str, ...]
    step: Any = None
