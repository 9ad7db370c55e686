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
from typing import TYPE_CHECKING, Any, Protocol

from bot.errors import GamebotError
from vision.core.geometry import Point, Region

if TYPE_CHECKING:
    from bot.io.screens.base import Screen
    from bot.io.targets.base import Target
    from bot.run.act import Gesture
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


class GameAdapter(Protocol):
    """One game on one program. ``Seen`` is the adapter's own reading of a frame; ``Pending`` is
    what it expects the next frame to show (the moves just sent, or the opponent's reply)."""

    game: str
    learning: Any  # None when the adapter does not learn glyphs during play

    def locate(self, frame: Frame) -> Any:
        """Find the board in a frame; raises :class:`vision.core.errors.ReadError` when there is
        none."""
        ...

    def read(self, frame: Frame, location: Any) -> Any:
        """The frame's reading (the adapter's Seen); ReadError when it cannot be read."""
        ...

    def calibrate(self, frame: Frame, location: Any, seen: Any, window: Region) -> Calibration:
        """The regions the click guard allows, once the board is located."""
        ...

    def board_region(self, location: Any, frame: Frame) -> Region:
        """The part of a frame (frame pixels) compared to see the screen settle."""
        ...

    def check(self, previous: Any, pending: Any, seen: Any) -> tuple[Verdict, str]:
        """Is ``seen`` what should follow ``previous`` once ``pending`` shows?"""
        ...

    def is_fresh(self, seen: Any) -> bool:
        """Does ``seen`` show a game that has just started?"""
        ...

    def outcome(self, seen: Any) -> str | None:
        """"won", "lost", "drawn", or None while the game goes on."""
        ...

    def turn(self, seen: Any) -> Turn:
        """Whose move the frame shows."""
        ...

    def decide(self, seen: Any) -> list[Decision[Any]]:
        """The bot's decisions for a frame that shows its turn (raises ImpossibleState)."""
        ...

    def gestures(self, decisions: Sequence[Decision[Any]], seen: Any) -> list[Gesture]:
        """How the decisions are entered on this program."""
        ...

    def pending(self, decisions: Sequence[Decision[Any]], seen: Any) -> Any:
        """What the next frame must show after the decisions' gestures."""
        ...

    def awaiting(self, seen: Any) -> Any:
        """What to wait for when it is the opponent's turn."""
        ...

    def wait_seconds(self, pending: Any, default: float) -> float:
        """How long a pending change may take to show."""
        ...

    def state_of(self, seen: Any) -> Any:
        """The game state inside a reading (what ``check`` compares against)."""
        ...

    def describe(self, seen: Any) -> dict[str, object]:
        """What a recording keeps of a reading: at least ``state`` (its text form)."""
        ...

    def game_details(self, seen: Any) -> dict[str, object]:
        """Per-game figures for the game log (scores, words...) from the last reading."""
        ...

    def header(self, target: Target) -> dict[str, object]:
        """Game fields of the recording's session header (rules, skin, site...)."""
        ...

    def new_game(self, screen: Screen, target: Target, calibration: Calibration) -> None:
        """Start the next game the program's way."""
        ...

    def learn(self, frame: Frame, location: Any, previous: Any) -> list[Any]:
        """Learn the glyphs an unreadable frame shows (raises
        bot.games.minesweeper.learning.LearnRefused)."""
        ...
