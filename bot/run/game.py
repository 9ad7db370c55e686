"""What the one loop needs from a game: the adapter protocol and the values it trades in.

The loop (:mod:`bot.run.loop`) knows nothing of mines or letters. It grabs settled frames, asks the
game's adapter to read and check them, asks it for decisions when it is the bot's turn, and sends
the adapter's gestures through the click guard. Everything a game adds (a face to click, a turn
indicator, a word the site refused) stays behind these few methods, so Minesweeper, Balda and
Hangman share the same safety, statistics, recording and replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from bot.errors import GamebotError
from vision.core.geometry import Point, Region

if TYPE_CHECKING:
    from bot.io.targets.base import Target, TargetProfile
    from bot.run.act import Intent
    from solvers.decision import Decision
    from vision.core.frame import Frame


class Verdict(Enum):
    """What a settled frame is, against what the bot expects to see."""

    OK = "ok"
    STALE = "stale"  # the program has not drawn the last moves (or the opponent's) yet
    MISREAD = "misread"  # contradicts what was seen before


class ImpossibleState(GamebotError):
    """A frame read without error that no real game can show: a misread got through."""


class Turn(Enum):
    OURS = "ours"  # decide and act
    THEIRS = "theirs"  # wait for the opponent's move to show
    OVER = "over"


@dataclass(frozen=True)
class Calibration:
    """Where the bot may act, found when the board is located (all screen pixels).

    ``board`` is what the pointer parks beside; ``clicks`` every region a click may land in (the
    board and the program's own buttons); ``moves`` where the pointer may rest; ``new_game``
    the point that starts the next game when the program is clicked rather than keyed.
    """

    board: Region
    clicks: tuple[Region, ...]
    moves: tuple[Region, ...] = ()
    new_game: Point | None = None


class LearnRefused(ValueError):
    """The refused cells were not learned; the message says why (it joins the misread note)."""


@dataclass(frozen=True)
class LearnedGlyph:
    """A look named during play: one cell showing it (row, col) and its board character."""

    cell: tuple[int, int]
    char: str


L = TypeVar("L")  # where the board is in a frame (the adapter's location)
S = TypeVar("S")  # the adapter's reading of a frame (its Seen)
P = TypeVar("P")  # what the next frame must show (its Pending)
St = TypeVar("St")  # the game state inside a reading (what ``check`` compares against)


class GameAdapter(Protocol[L, S, P, St]):
    """One game on one program. ``S`` is the adapter's own reading of a frame; ``P`` what it
    expects the next frame to show (the moves just sent, or the opponent's reply).

    Queries (``outcome``, ``turn``, ``state_of``, ...) change nothing; the one step that moves
    the followed game on is :meth:`follow`, which the loop calls once on every reading it
    accepts (as Tatham's puzzles change state only in ``execute_move``)."""

    game: str

    def locate(self, frame: Frame) -> L:
        """Find the board in a frame; raises :class:`vision.core.errors.ReadError` when there is
        none."""
        ...

    def read(self, frame: Frame, location: L) -> S:
        """The frame's reading; ReadError when it cannot be read."""
        ...

    def where(self, location: L) -> object:
        """What says where the board is in its window (compared to see it moved)."""
        ...

    def calibrate(self, frame: Frame, location: L, seen: S, window: Region) -> Calibration:
        """The regions the click guard allows, once the board is located."""
        ...

    def board_region(self, location: L, frame: Frame) -> Region:
        """The part of a frame (frame pixels) compared to see the screen settle."""
        ...

    def check(self, previous: St | None, pending: P | None, seen: S) -> tuple[Verdict, str]:
        """Is ``seen`` what should follow ``previous`` once ``pending`` shows?"""
        ...

    def follow(self, seen: S) -> None:
        """Bring the followed game up to an accepted reading (the one state change)."""
        ...

    def is_fresh(self, seen: S) -> bool:
        """Does ``seen`` show a game that has just started?"""
        ...

    def outcome(self, seen: S) -> str | None:
        """"won", "lost", "drawn", or None while the game goes on."""
        ...

    def turn(self, seen: S) -> Turn:
        """Whose move the frame shows."""
        ...

    def decide(self, seen: S) -> list[Decision[Any]]:
        """The bot's decisions for a frame that shows its turn (raises ImpossibleState)."""
        ...

    def gestures(self, decisions: Sequence[Decision[Any]], seen: S) -> Sequence[Intent]:
        """How the decisions are entered on this program (a :class:`bot.run.act.Find` for a
        button that shows only after the gestures before it)."""
        ...

    def pending(self, decisions: Sequence[Decision[Any]], seen: S) -> P:
        """What the next frame must show after the decisions' gestures."""
        ...

    def awaiting(self, seen: S) -> P:
        """What to wait for when it is the opponent's turn."""
        ...

    def wait_seconds(self, pending: P | None, default: float) -> float:
        """How long a pending change may take to show."""
        ...

    def state_of(self, seen: S) -> St:
        """The game state inside a reading (what ``check`` compares against)."""
        ...

    def describe(self, seen: S) -> dict[str, object]:
        """What a recording keeps of a reading: at least ``state`` (its text form)."""
        ...

    def game_details(self, seen: S) -> dict[str, object]:
        """Per-game figures for the game log (scores, words...) from the last reading."""
        ...

    def header(self, target: Target[TargetProfile]) -> dict[str, object]:
        """Game fields of the recording's session header (rules, skin, site...)."""
        ...

    def start_steps(self, target: Target[TargetProfile]) -> list[Intent]:
        """What to do on a program just opened before its board is looked for (a page's
        menu in front of the first game); the loop performs them."""
        ...

    def new_game(self, target: Target[TargetProfile], calibration: Calibration) -> list[Intent]:
        """What asks the program for the next game; the loop performs them."""
        ...

    def learns(self) -> bool:
        """Does the adapter learn glyphs its look lacks during play?"""
        ...

    def chose(self) -> bool:
        """Did the last ``decide`` choose the move (the engine searched), rather than carry
        out one chosen before (the next tile of a word)? Only choices count in the
        session's "decide" median."""
        ...

    def look_name(self) -> str | None:
        """The name of the look being learned (for notes and recordings)."""
        ...

    def learn(self, frame: Frame, location: L, previous: St | None) -> list[LearnedGlyph]:
        """Learn the glyphs an unreadable frame shows (raises :class:`LearnRefused`)."""
        ...

    def nudge(self, pending: P | None, seen: S, waited: float) -> Sequence[Intent]:
        """A click the program let go by (a button redrawn under the pointer), to send again
        once the screen has had ``waited`` seconds to show it; [] for none."""
        ...

    def unreadable_while_waiting(self, pending: P | None) -> bool:
        """Is an unreadable frame to be waited out while ``pending`` (the opponent lighting
        its letters, a page coming up) rather than counted a misread?"""
        ...

    def overlay(self, frame: Frame, previous: St | None) -> Point | None:
        """Where to click away a message the program left over a finished game's board."""
        ...


class AdapterDefaults(Generic[L, S, P, St]):
    """What most adapters answer to the loop's optional questions: no start steps, nothing
    learned, nothing nudged, no overlay; ``follow`` has nothing to follow."""

    def follow(self, seen: S) -> None:
        return None

    def start_steps(self, target: Target[TargetProfile]) -> list[Intent]:
        return []

    def learns(self) -> bool:
        return False

    def chose(self) -> bool:
        return True

    def look_name(self) -> str | None:
        return None

    def learn(self, frame: Frame, location: L, previous: St | None) -> list[LearnedGlyph]:
        raise LearnRefused("this game learns no glyphs during play")

    def nudge(self, pending: P | None, seen: S, waited: float) -> Sequence[Intent]:
        return []

    def unreadable_while_waiting(self, pending: P | None) -> bool:
        return False

    def overlay(self, frame: Frame, previous: St | None) -> Point | None:
        return None
