"""Gestures have a text form that round-trips, and each program's controls map moves right."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.minesweeper.gestures import MouseControls, minesweeper_gestures
from bot.io.screens.base import Button
from bot.run.act import Gesture, GestureKind, perform
from solvers.minesweeper.moves import Move
from vision.core.geometry import GridGeometry, Point

points = st.builds(Point, st.integers(-5000, 5000), st.integers(-5000, 5000))
keys = st.lists(
    st.sampled_from(["ctrl", "shift", "f2", "r", "escape", "return"]), min_size=1, max_size=3
)
gestures = st.one_of(
    st.builds(Gesture.click, points, st.sampled_from(list(Button))),
    st.builds(Gesture.move, points),
    keys.map(lambda k: Gesture.key(*k)),
)


@given(gestures)
def test_gesture_text_round_trips(gesture):
    assert Gesture.from_text(gesture.to_text()) == gesture


@pytest.mark.parametrize(
    "text", ["", "click", "click up 1 2", "click left x 2", "key", "move 1", "wave 1 2"]
)
def test_bad_gesture_text_is_named(text):
    with pytest.raises(ValueError, match="bad gesture"):
        Gesture.from_text(text)


GRID = GridGeometry.uniform(Point(100, 50), 16, 16, 9, 9)


def test_xdemineur_style_controls():
    controls = MouseControls(chord=Button.MIDDLE, unflag_clicks=2)
    centre = GRID.cell_center(2, 3)
    assert minesweeper_gestures(Move.open(2, 3), GRID, controls) == [Gesture.click(centre)]
    assert minesweeper_gestures(Move.flag(2, 3), GRID, controls) == [
        Gesture.click(centre, Button.RIGHT)
    ]
    assert (
        minesweeper_gestures(Move.from_text("unflag 2 3"), GRID, controls)
        == [Gesture.click(centre, Button.RIGHT)] * 2
    )
    assert minesweeper_gestures(Move.chord(2, 3), GRID, controls) == [
        Gesture.click(centre, Button.MIDDLE)
    ]


def test_gnome_mines_style_chord_is_a_left_click():
    controls = MouseControls(chord=Button.LEFT, unflag_clicks=1)
    (g,) = minesweeper_gestures(Move.chord(0, 0), GRID, controls)
    assert g.button is Button.LEFT and g.kind is GestureKind.CLICK


def test_perform_sends_in_order():
    sent = []

    class Recorder:
        def click(self, p, b):
            sent.append(("click", p, b))

        def move_to(self, p):
            sent.append(("move", p))

        def press(self, *k):
            sent.append(("key", k))

    seq = [Gesture.click(Point(1, 2)), Gesture.key("ctrl", "r"), Gesture.move(Point(3, 4))]
    assert perform(Recorder(), seq) == 3
    assert sent == [
        ("click", Point(1, 2), Button.LEFT),
        ("key", ("ctrl", "r")),
        ("move", Point(3, 4)),
    ]
