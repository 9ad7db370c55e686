"""The steps of entering an Erudit/Scrabble move on a page (the loop's decisions while a move
is being laid), and what the next frame must show after each."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

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
class Dismiss:
    """A page's notice over the board (its computer passed) cleared by the profile's
    ``dismiss`` steps."""

    def to_text(self) -> str:
        return "clear the page's notice"


#: One step of entering a move, or the page's end accepted.
Step = (PlaceTile | PickLetter | Submit | Recall | OpenExchange | MarkTile | ConfirmExchange
        | PassTurn | WaitForPage | AcceptEnd | Dismiss)


class Awaits(StrEnum):
    """What the bot waits to see after a step of entering a move (or while the opponent
    thinks)."""

    TILE = "tile"  # a tile laid on its square
    LETTER = "letter"  # a wildcard's letter chosen on the page's dialog
    SUBMIT = "submit"  # the move handed in and taken
    RECALL = "recall"  # our refused tiles taken back to the rack
    EXCHANGE = "exchange"  # the exchange dialog open
    MARK = "mark"  # a tile marked for exchange
    WAIT = "wait"  # the page has not drawn what the next step needs
    SENT = "sent"  # a pass or an exchange handed in (the turn goes over)
    PASS = "pass"  # our pass taken
    REPLY = "reply"  # the opponent's move


@dataclass(frozen=True)
class Expect:
    """What the next frame must show (:class:`Awaits`); ``board`` the board it is laid on."""

    kind: Awaits
    board: tuple[str, ...]
    step: Step | None = None
    tiles: tuple[PlaceTile, ...] = ()  # TILE: tiles laid together (bot.games.erudit.batch)
