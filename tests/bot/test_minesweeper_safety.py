"""No point outside the calibrated regions ever reaches the input backend."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.minesweeper.gestures import MouseControls, minesweeper_gestures
from bot.io.screens.base import Button
from bot.run.safety import ClickGuard, ClickRefused, GuardedScreen
from solvers.minesweeper.moves import Move, MoveKind
from vision.core.geometry import GridGeometry, Point, Region


class Backend:
    """Records what reached it; a real backend would move the mouse."""

    def __init__(self) -> None:
        self.clicks: list[Point] = []
        self.moves: list[Point] = []

    def bounds(self) -> Region:
        return Region(-5000, -5000, 10000, 10000)

    def grab(self, region=None):
        raise NotImplementedError

    def click(self, point, button=Button.LEFT):
        self.clicks.append(point)

    def move_to(self, point):
        self.moves.append(point)

    def press(self, *keys):
        pass

    def type_text(self, text):
        pass

    def check_stop(self):
        pass

    def close(self):
        pass


def inside(p: Point, r: Region) -> bool:
    """The test's own "inside" (not Region.contains, which the guard calls): right/bottom out."""
    return r.left <= p.x <= r.left + r.width - 1 and r.top <= p.y <= r.top + r.height - 1


coords = st.integers(-3000, 3000)
sizes = st.integers(0, 400)
regions = st.builds(Region, coords, coords, sizes, sizes)
points = st.builds(Point, coords, coords)


@settings(max_examples=300, deadline=None)
@given(
    clicks=st.lists(regions, max_size=3),
    moves=st.lists(regions, max_size=2),
    attempts=st.lists(st.tuples(points, st.booleans()), max_size=40),
)
def test_only_points_inside_the_calibrated_regions_reach_the_backend(clicks, moves, attempts):
    backend = Backend()
    screen = GuardedScreen(backend, ClickGuard())
    screen.guard.allow(tuple(clicks), tuple(moves))
    refused = 0
    for point, is_click in attempts:
        try:
            (screen.click if is_click else screen.move_to)(point)
        except ClickRefused:
            refused += 1
    for p in backend.clicks:
        assert any(inside(p, r) for r in clicks)
    for p in backend.moves:
        assert any(inside(p, r) for r in (*clicks, *(moves or clicks)))
    inside_clicks = [p for p, c in attempts if c and any(inside(p, r) for r in clicks)]
    assert backend.clicks == inside_clicks
    allowed = (*clicks, *(moves or clicks))
    assert backend.moves == [p for p, c in attempts if not c and any(inside(p, r) for r in allowed)]
    assert screen.guard.refused == refused


def test_an_uncalibrated_guard_refuses_everything():
    backend = Backend()
    screen = GuardedScreen(backend)
    with pytest.raises(ClickRefused, match="not calibrated"):
        screen.click(Point(10, 10))
    assert backend.clicks == [] and screen.guard.refused == 1


geometries = st.builds(
    GridGeometry.uniform,
    st.builds(Point, coords, coords),
    st.floats(6, 60),
    st.floats(6, 60),
    st.integers(1, 30),
    st.integers(1, 30),
)


@settings(max_examples=200, deadline=None)
@given(geometry=geometries, data=st.data())
def test_every_gesture_for_a_board_move_lands_inside_the_board(geometry, data):
    r = data.draw(st.integers(0, geometry.rows - 1))
    c = data.draw(st.integers(0, geometry.cols - 1))
    kind = data.draw(st.sampled_from(list(MoveKind)))
    gestures = minesweeper_gestures(Move(kind, r, c), geometry, MouseControls())
    assert gestures
    for g in gestures:
        assert g.point is not None and inside(g.point, geometry.bounds)
        assert geometry.cell_at(g.point) == (r, c)


def test_a_move_off_the_board_cannot_be_turned_into_a_click():
    geometry = GridGeometry.uniform(Point(0, 0), 16, 16, 9, 9)
    with pytest.raises(IndexError):
        minesweeper_gestures(Move.open(9, 0), geometry, MouseControls())
