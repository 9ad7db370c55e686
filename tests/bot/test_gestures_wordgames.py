"""The gestures word games need (drag along a path, type any letter, wait for the screen to
settle) have text forms that round-trip, and a drag is guarded at every point."""

from __future__ import annotations

import pytest

from bot.io.screens.base import Button
from bot.run.act import Gesture, GestureKind, perform
from bot.run.safety import ClickGuard, ClickRefused, GuardedScreen
from vision.core.geometry import Point, Region


class Recording:
    def __init__(self):
        self.calls = []

    def drag(self, points, button=Button.LEFT):
        self.calls.append(("drag", tuple(points), button))

    def type_text(self, text):
        self.calls.append(("type", text))

    def click(self, point, button=Button.LEFT):
        self.calls.append(("click", point, button))

    def press(self, *keys):
        self.calls.append(("press", keys))

    def move_to(self, point):
        self.calls.append(("move", point))


@pytest.mark.parametrize(
    "text",
    ["drag left 10 10 10 60 60 60", "drag right -5 3 7 9", "type ЖУК", "type ґанок", "settle"],
)
def test_new_gestures_round_trip(text):
    assert Gesture.from_text(text).to_text() == text


@pytest.mark.parametrize(
    "bad", ["drag left 1 2", "drag left 1 2 3", "type", "type a b", "settle 1"]
)
def test_bad_gesture_text_is_refused_with_the_forms_named(bad):
    with pytest.raises(ValueError, match="drag BUTTON"):
        Gesture.from_text(bad)


def test_perform_sends_drags_and_unicode_text_in_order():
    screen = Recording()
    path = [Point(1, 1), Point(1, 50), Point(50, 50)]
    sent = perform(screen, [Gesture.drag(path), Gesture.type("Ї"), Gesture.settle()])
    assert sent == 3
    assert screen.calls == [("drag", tuple(path), Button.LEFT), ("type", "Ї")]


def test_a_drag_leaving_the_region_at_any_point_never_reaches_the_screen():
    inner = Recording()
    guard = ClickGuard()
    guard.allow((Region(0, 0, 100, 100),))
    screen = GuardedScreen(inner, guard)
    screen.drag([Point(0, 0), Point(99, 99)])
    assert len(inner.calls) == 1
    for outside in (Point(100, 50), Point(50, 100), Point(-1, 0)):
        with pytest.raises(ClickRefused):
            screen.drag([Point(10, 10), outside, Point(20, 20)])
    assert len(inner.calls) == 1
    assert guard.refused == 3


def test_drag_kind_keeps_its_first_point_and_button():
    g = Gesture.drag([Point(3, 4), Point(5, 6)], Button.RIGHT)
    assert g.kind is GestureKind.DRAG and g.point == Point(3, 4) and g.button is Button.RIGHT
