"""Moves become gestures (clicks, key presses, pointer moves), and gestures reach a screen.

Gestures are values with a text form that round-trips (``click left 120 340``, ``key ctrl+r``,
``move 5 200``, ``drag left 10 10 10 60 60 60``, ``type ЖУК``, ``settle``), so a recording says
exactly what the bot did with the mouse and keyboard.
How a program maps a move to buttons (which button flags, how to chord, how many right clicks
take a flag off when question marks are on) is data in :class:`MouseControls`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from bot.io.screens.base import Button, Screen
from solvers.minesweeper.moves import Move, MoveKind
from vision.core.geometry import GridGeometry, Point


class GestureKind(Enum):
    CLICK = "click"
    KEY = "key"
    MOVE = "move"
    DRAG = "drag"  # press at the first point, move through the others, release at the last
    TYPE = "type"  # literal text, any Unicode letter
    SETTLE = "settle"  # wait until the screen stops changing (run by the loop, not the screen)


@dataclass(frozen=True)
class Gesture:
    """One input action in screen coordinates."""

    kind: GestureKind
    point: Point | None = None
    button: Button = Button.LEFT
    keys: tuple[str, ...] = ()
    path: tuple[Point, ...] = ()  # a drag's points
    text: str = ""  # what a type gesture types

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

    @classmethod
    def drag(cls, points: Iterable[Point], button: Button = Button.LEFT) -> Gesture:
        path = tuple(points)
        if len(path) < 2:
            raise ValueError("a drag needs at least two points")
        return cls(GestureKind.DRAG, path[0], button, path=path)

    @classmethod
    def type(cls, text: str) -> Gesture:
        if not text or any(ch.isspace() for ch in text):
            raise ValueError(f"a type gesture needs text without spaces, not {text!r}")
        return cls(GestureKind.TYPE, text=text)

    @classmethod
    def settle(cls) -> Gesture:
        return cls(GestureKind.SETTLE)

    def to_text(self) -> str:
        if self.kind is GestureKind.KEY:
            return f"key {'+'.join(self.keys)}"
        if self.kind is GestureKind.TYPE:
            return f"type {self.text}"
        if self.kind is GestureKind.SETTLE:
            return "settle"
        if self.kind is GestureKind.DRAG:
            points = " ".join(f"{p.x} {p.y}" for p in self.path)
            return f"drag {self.button.value} {points}"
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
            if parts[0] == "type" and len(parts) == 2:
                return cls.type(parts[1])
            if parts == ["settle"]:
                return cls.settle()
            if parts[0] == "drag" and len(parts) >= 6 and len(parts) % 2 == 0:
                xy = [int(v) for v in parts[2:]]
                points = [Point(x, y) for x, y in zip(xy[::2], xy[1::2], strict=True)]
                return cls.drag(points, Button(parts[1]))
        except (ValueError, IndexError):
            pass
        raise ValueError(
            f"bad gesture {text!r}: expected 'click BUTTON X Y', 'key K[+K...]', 'move X Y',"
            " 'drag BUTTON X Y X Y...', 'type TEXT' or 'settle'"
        )

    def __str__(self) -> str:
        return self.to_text()


def perform(screen: Screen, gestures: Iterable[Gesture]) -> int:
    """Send gestures in order; returns how many were sent (a refusal raises midway)."""
    sent = 0
    for gesture in gestures:
        if gesture.kind is GestureKind.KEY:
            screen.press(*gesture.keys)
        elif gesture.kind is GestureKind.TYPE:
            screen.type_text(gesture.text)
        elif gesture.kind is GestureKind.DRAG:
            screen.drag(gesture.path, gesture.button)
        elif gesture.kind is GestureKind.SETTLE:
            pass  # only the loop can see the screen settle; elsewhere it is a no-op
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
