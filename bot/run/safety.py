"""Safety rules that sit between the bot and the input backend.

A click reaches the backend only inside a calibrated region (the board, and the program's own
new-game button when its profile needs one); pointer moves stay inside the game's window. Every
refusal is counted, so a run summary can show ``refused_clicks``. The user stops the bot by
pushing the mouse into a screen corner (pyautogui's fail-safe), which surfaces here as
:class:`StopRequested`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.errors import GamebotError
from bot.io.screens.base import Button, Reached, Screen
from vision.core.frame import Frame
from vision.core.geometry import Point, Region


class StopRequested(GamebotError):
    """The user asked the bot to stop (mouse in a screen corner, or Ctrl+C)."""


class ClickRefused(ValueError):
    """A click outside every calibrated region; it never reached the input backend."""

    def __init__(self, point: Point, allowed: tuple[Region, ...]) -> None:
        where = ", ".join(str(r.to_dict()) for r in allowed) or "nothing (not calibrated)"
        super().__init__(f"click at ({point.x}, {point.y}) refused: allowed regions are {where}")
        self.point = point


@dataclass
class ClickGuard:
    """The regions where clicks are allowed, and where the pointer may be parked."""

    clicks: tuple[Region, ...] = ()
    moves: tuple[Region, ...] = ()
    refused: int = 0
    refused_points: list[Point] = field(default_factory=list)

    def allow(self, clicks: tuple[Region, ...], moves: tuple[Region, ...] = ()) -> None:
        """Re-calibrate (the board was located, or re-located after the window moved)."""
        self.clicks = tuple(clicks)
        self.moves = tuple(moves) or tuple(clicks)

    def allows_click(self, point: Point) -> bool:
        return any(region.contains(point) for region in self.clicks)

    def allows_move(self, point: Point) -> bool:
        return any(region.contains(point) for region in (*self.moves, *self.clicks))

    def refuse(self, point: Point) -> ClickRefused:
        self.refused += 1
        if len(self.refused_points) < 100:
            self.refused_points.append(point)
        return ClickRefused(point, self.clicks)


class GuardedScreen:
    """Wraps any screen; clicks and moves outside the guard's regions raise ClickRefused."""

    def __init__(self, inner: Screen, guard: ClickGuard | None = None) -> None:
        self.inner = inner
        self.guard = guard if guard is not None else ClickGuard()

    def bounds(self) -> Region:
        return self.inner.bounds()

    def grab(self, region: Region | None = None) -> Frame:
        return self.inner.grab(region)

    def click(self, point: Point, button: Button = Button.LEFT) -> None:
        if not self.guard.allows_click(point):
            raise self.guard.refuse(point)
        self.inner.click(point, button)

    def move_to(self, point: Point) -> None:
        if not self.guard.allows_move(point):
            raise self.guard.refuse(point)
        self.inner.move_to(point)

    def drag(self, points: Sequence[Point], button: Button = Button.LEFT,
             step: float | None = None, reached: Reached | None = None) -> None:
        """Every point of a drag must be a place a click is allowed: the pointer is held down
        along the whole path, so any point outside could select or drop something there."""
        for point in points:
            if not self.guard.allows_click(point):
                raise self.guard.refuse(point)
        if reached is not None:
            self.inner.drag(points, button, step=step, reached=reached)
        elif step is None:
            self.inner.drag(points, button)
        else:
            self.inner.drag(points, button, step=step)

    def press(self, *keys: str) -> None:
        self.inner.press(*keys)

    def type_text(self, text: str) -> None:
        self.inner.type_text(text)

    def check_stop(self) -> None:
        self.inner.check_stop()

    def close(self) -> None:
        self.inner.close()
