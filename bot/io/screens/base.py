"""The one protocol every screen backend speaks: grab pixels, click, press keys, park the pointer.

Nothing here knows a game. The desktop, a simulator and a recording all look the same to the
loop, so the loop can be tested without a display and a recording can be played back through it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Protocol, runtime_checkable

from bot.errors import GamebotError
from vision.core.frame import Frame
from vision.core.geometry import Point, Region


class Button(Enum):
    LEFT = "left"
    RIGHT = "right"
    MIDDLE = "middle"


#: Whether the screen shows a drag's point i reached (the page drew the cell picked).
Reached = Callable[[int], bool]


class ScreenError(GamebotError):
    """The screen cannot be used (no display, the capture failed, a recording ran out); the
    command line reports it as one line, as it is the user's to fix."""


@runtime_checkable
class Screen(Protocol):
    """A surface the bot sees and acts on. Coordinates are screen pixels (may be negative)."""

    def bounds(self) -> Region:
        """The whole area this screen can show (all monitors for a desktop)."""
        ...

    def grab(self, region: Region | None = None) -> Frame:
        """Pixels of ``region`` (default: everything) as a BGR frame stamped with the time."""
        ...

    def click(self, point: Point, button: Button = Button.LEFT) -> None:
        """Press and release one mouse button at ``point``."""
        ...

    def press(self, *keys: str) -> None:
        """Press a key or a chord of keys together (``press("ctrl", "r")``); pyautogui names."""
        ...

    def type_text(self, text: str) -> None:
        """Type literal text, character by character (any Unicode letter)."""
        ...

    def drag(self, points: Sequence[Point], button: Button = Button.LEFT,
             step: float | None = None, reached: Reached | None = None) -> None:
        """Press at the first point, move through the others in order, release at the last
        (``step``: seconds from one point to the next, else the screen's own pace; with
        ``reached``, the pointer moves on from point i as soon as ``reached(i)`` says the
        screen shows it there, ``step`` being then the most it waits)."""
        ...

    def move_to(self, point: Point) -> None:
        """Move the pointer without clicking (to park it off the board)."""
        ...

    def check_stop(self) -> None:
        """Raise :class:`bot.run.safety.StopRequested` if the user asked the bot to stop."""
        ...

    def close(self) -> None:
        """Release the backend (connections, child processes)."""
        ...
