"""Moves become gestures (clicks, key presses, pointer moves), and gestures reach a screen.

The one action model: an adapter or a page profile returns *intents*, either a :class:`Gesture`
(a click at a point, keys, a drag, a letter typed) or a :class:`Find` (a click on something the
screen must show first: a page's button found by its label). The loop performs them and waits,
by one rule (:class:`Waiter`), until the screen shows each one, as Playwright's actions wait
until their target is there and still.

Gestures are values with a text form that round-trips (``click left 120 340``, ``key ctrl+r``,
``move 5 200``, ``drag left 10 10 10 60 60 60``, ``type ЖУК``, ``settle``), so a recording says
exactly what the bot did with the mouse and keyboard.
How a game maps its moves to gestures lives in the game's package (Minesweeper's buttons:
:mod:`bot.games.minesweeper.gestures`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum

import numpy as np

from bot.io.screens.base import Button, Screen
from bot.run.game import ImpossibleState
from vision.core.frame import Frame
from vision.core.geometry import Point, Region


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
    step: float | None = None  # a drag's seconds from one point to the next (None: the screen's)
    #: a drag's watch: half the side of the square around each point that must change on
    #: screen (the page drew the cell picked) before the pointer moves on; 0: timed steps only
    watch: int = 0

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
    def drag(cls, points: Iterable[Point], button: Button = Button.LEFT,
             step: float | None = None, watch: int = 0) -> Gesture:
        path = tuple(points)
        if len(path) < 2:
            raise ValueError("a drag needs at least two points")
        return cls(GestureKind.DRAG, path[0], button, path=path, step=step, watch=watch)

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
            if gesture.step is None:
                screen.drag(gesture.path, gesture.button)
            else:
                screen.drag(gesture.path, gesture.button, step=gesture.step)
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


def watched_drag(screen: Screen, gesture: Gesture, window: Region) -> None:
    """A drag whose pointer moves on from each point as soon as the screen shows it there
    (the square of ``gesture.watch`` pixels around the point differs from before the press),
    each hold at most the drag's step: as fast as the page draws, never ahead of it."""
    before = screen.grab(window)
    boxes = [_watch_box(p, gesture.watch, window) for p in gesture.path]

    def reached(i: int) -> bool:
        box = boxes[i]
        if box is None:
            return False  # nothing to look at: held the whole step, as a timed drag
        then = before.pixels[box.top - window.top : box.bottom - window.top,
                             box.left - window.left : box.right - window.left]
        return not np.array_equal(then, screen.grab(box).pixels)

    screen.drag(gesture.path, gesture.button, step=gesture.step, reached=reached)


def _watch_box(point: Point, half: int, window: Region) -> Region | None:
    """The square around ``point`` inside ``window`` (None when it is outside)."""
    return window.intersect(Region(point.x - half, point.y - half, 2 * half + 1, 2 * half + 1))


class ActionFailed(ImpossibleState):
    """An intent could not be done (its button never showed); names it and what was seen."""


#: What a :class:`Find` sees on a settled frame: the point to click (None: not shown yet) and
#: what the frame shows instead, for the message when it never comes.
Sighting = tuple[Point | None, str]


@dataclass(frozen=True)
class Find:
    """A click on something a settled frame must show first (a page's button found by its
    label), waited for up to ``timeout`` seconds; an optional one is skipped when it does not
    show by then."""

    what: str  # how it is named in messages and recordings: "button 'Новая игра'"
    look: Callable[[Frame], Sighting] = field(compare=False)
    optional: bool = False
    timeout: float = 10.0

    def to_text(self) -> str:
        return f"find {self.what}" + (" (optional)" if self.optional else "")


Intent = Gesture | Find

#: A frame's part that settling and change checks compare (the board, or the whole frame).
View = Callable[[Frame], np.ndarray]


def whole(frame: Frame) -> np.ndarray:
    return frame.pixels


class Waiter:
    """Waiting until the screen shows what was done and stops changing: the one rule every
    action follows (moves, a page's steps, a new game). ``last_grab`` is the
    ``time.perf_counter()`` of the newest capture (the frame-to-click latency starts there)."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.last_grab = 0.0
        self.last_change: Frame | None = None  # the capture that showed the last change

    def grab(self, region: Region) -> Frame:
        frame = self.screen.grab(region)
        self.last_grab = time.perf_counter()
        return frame

    def settled(self, region: Region, view: View = whole, gap: float = 0.05,
                tries: int | None = None, timeout: float | None = None,
                first: Frame | None = None) -> tuple[Frame, bool]:
        """Grab until two captures agree in ``view`` (at most ``tries`` more grabs, or until
        ``timeout`` seconds), starting from ``first`` when given (a capture just taken): the
        last frame, and whether it settled."""
        deadline = None if timeout is None else time.monotonic() + timeout
        a = first if first is not None else self.screen.grab(region)
        done = 0
        while tries is None or done < tries:
            time.sleep(gap)
            b = self.grab(region)
            done += 1
            if np.array_equal(view(a), view(b)):
                return b, True
            if deadline is not None and time.monotonic() > deadline:
                return b, False
            a = b
        return a, False

    def changed(self, region: Region, before: Frame, view: View = whole, gap: float = 0.01,
                timeout: float = 1.0) -> bool:
        """Until a capture differs from ``before`` in ``view`` (the screen shows what was
        done), at most ``timeout`` seconds; whether it did (that capture is then
        ``last_change``, for settling to start from)."""
        deadline = time.monotonic() + timeout
        self.last_change = None
        while time.monotonic() < deadline:
            now = self.screen.grab(region)
            if not np.array_equal(view(before), view(now)):
                self.last_change = now
                return True
            time.sleep(gap)
        return False
