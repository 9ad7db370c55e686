"""What a Balda frame read says, and what the next frame must show (the loop's pending)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.web.steps import Line
from solvers.balda.moves import BaldaMove
from vision.core.geometry import GridGeometry


@dataclass(frozen=True)
class BaldaSeen:
    """One frame read: the grid (row by row, "" empty), its cells on the screen, the page's
    meaningful phrases (``ours``, ``theirs``, ``rejected``, ``won``, ``lost``, ``drawn``) and
    every text line (screen pixels) for finding buttons."""

    grid: tuple[str, ...]
    geometry: GridGeometry  # screen pixels
    kinds: frozenset[str]
    lines: tuple[Line, ...] = ()
    t: float = 0.0  # when the frame was grabbed (time.time())
    scores: tuple[int, int] | None = None  # (ours, theirs) as the page shows them
    followed: bool = False  # the grid is the followed game's (faded under the end banner)
    known: tuple[str, ...] = ()  # the followed letters it was read with (never re-read)
    marked: tuple[bool, ...] = ()  # cells in a look that is not the plain face (lit, picked)

    @property
    def size(self) -> int:
        return self.geometry.rows

    def to_text(self) -> str:
        n = self.size
        return "\n".join(
            "".join(ch or "." for ch in self.grid[r * n : (r + 1) * n]) for r in range(n)
        ) + "\n"


class Awaits(StrEnum):
    """What the bot waits to see after it acted (or while the opponent thinks)."""

    MOVE = "move"  # our move entered, shown as played
    REPLY = "reply"  # the opponent's letter
    CANCEL = "cancel"  # our refused input cleared
    PASS = "pass"  # our pass taken


@dataclass(frozen=True)
class Expect:
    """What the next frame must show (:class:`Awaits`); ``grid`` is the grid before it."""

    kind: Awaits
    grid: tuple[str, ...]
    move: BaldaMove | None = None
    sent: float = 0.0  # time.monotonic() when it was entered

@dataclass(frozen=True)
class Cancel:
    """Not a game move: clear a refused word from the page."""

    word: str

    def to_text(self) -> str:
        return f"cancel {self.word}"


@dataclass(frozen=True)
class Confirm:
    """Not a game move: answer the page's question about our word (add it anyway), so that
    the move already entered is taken."""

    word: str

    def to_text(self) -> str:
        return f"confirm {self.word}"
