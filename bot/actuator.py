"""Moves become gestures (clicks, key presses, pointer moves), and gestures reach a screen.

Gestures are values with a text form that round-trips (``click left 120 340``, ``key ctrl+r``,
``move 5 200``), so a recording says exactly what the bot did with the mouse and keyboard.
How a program maps a move to buttons (which button flags, how to chord, how many right clicks
take a flag off when question marks are on) is data in :class:`MouseControls`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from bot.screens.base import Button, Screen
from solvers.minesweeper.moves import Move, MoveKind
from vision.geometry import GridGeometry, Point


class GestureKind(Enum):
    CLICK = "click"
    KEY = "key"
    MOVE = "move"


@dataclass(frozen=True)
class Gesture:
    """One input action in screen coordinates."""

    kind: GestureKind
    point: Point | None = None
    button: Button = Button.LEFT
    keys: tuple[str, ...] = ()

    @classmethod
    def click(cls, point: Point, button: Button = Button.LEFT) -> Gesture:
        return cls(GestureKind.CLICK, point, button)

    @classmethod
    def key(cls, *keys: str) -> Gesture:
        if not keys:
            raise ValueError("a key gesture needs at least one key")
        return cls(GestureKind.KEY, keys=tuple(keys))

    @classmethod
    def move(cls, point: Point) -> Gesture:
        return cls(GestureKind.MOVE, point)

    def to_text(self) -> str:
        if self.kind is GestureKind.KEY:
            return f"key {'+'.join(self.keys)}"
        assert self.point is not None
        if self.kind is GestureKind.MOVE:
            return f"move {self.point.x} {self.point.y}"
        return f"click {self.button.value} {self.point.x} {self.point.y}"

    @classmethod
    def from_text(cls, text: str) -> Gesture:
        parts = text.split()
        try:
            if parts[0] == "key" and len(parts) == 2:
                return cls.key(*parts[1].split("+"))
            if parts[0] == "move" and len(parts) == 3:
                return cls.move(Point(int(parts[1]), int(parts[2])))
            if parts[0] == "click" and len(parts) == 4:
                return cls.click(Point(int(parts[2]), int(parts[3])), Button(parts[1]))
        except (ValueError, IndexError):
            pass
        raise ValueError(
            f"bad gesture {text!r}: expected 'click BUTTON X Y', 'key K[+K...]' or 'move X Y'"
        )

    def __str__(self) -> str:
        return self.to_text()


def perform(screen: Screen, gestures: Iterable[Gesture]) -> int:
    """Send gestures in order; returns how many were sent (a refusal raises midway)."""
    sent = 0
    for gesture in gestures:
        if gesture.kind is GestureKind.KEY:
            screen.press(*gesture.keys)
        elif gesture.kind is GestureKind.MOVE:
            assert gesture.point is not None
            screen.move_to(gesture.point)
        else:
            assert gesture.point is not None
            screen.click(gesture.point, gesture.button)
        sent += 1
    return sent


@dataclass(frozen=True)
class MouseControls:
    """How one Minesweeper program takes moves from the mouse."""

    open: Button = Button.LEFT
    flag: Button = Button.RIGHT
    chord: Button = Button.MIDDLE
    unflag_clicks: int = 2  # right clicks from a flag back to covered (flag -> ? -> covered)


def minesweeper_gestures(
    move: Move, geometry: GridGeometry, controls: MouseControls
) -> list[Gesture]:
    """Clicks for one move on a board whose cells are at ``geometry`` (screen coordinates)."""
    point = geometry.cell_center(move.row, move.col)
    if move.kind is MoveKind.OPEN:
        return [Gesture.click(point, controls.open)]
    if move.kind is MoveKind.FLAG:
        return [Gesture.click(point, controls.flag)]
    if move.kind is MoveKind.UNFLAG:
        return [Gesture.click(point, controls.flag)] * controls.unflag_clicks
    return [Gesture.click(point, controls.chord)]
