"""The click guard on the exact edges of its regions, with its own definition of "inside".

A region is left/top inclusive, right/bottom exclusive. These tests never ask ``Region`` whether
a point is inside (that is what the guard calls): ``inside`` below says it with plain integer
comparisons on the region's four numbers, so a bug in either ``Region.contains`` or the guard
shows here. Every edge and corner is tried, one pixel in and one pixel out, on negative
(multi-monitor) coordinates too, and after the region moved.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.io.screens.base import Button
from bot.run.safety import ClickGuard, ClickRefused, GuardedScreen
from vision.core.geometry import Point, Region


def inside(x: int, y: int, left: int, top: int, width: int, height: int) -> bool:
    """The test's own oracle: left <= x <= left + width - 1 and top <= y <= top + height - 1."""
    return left <= x and x <= left + width - 1 and top <= y and y <= top + height - 1


class Backend:
    """Records what reached it."""

    def __init__(self) -> None:
        self.clicks: list[Point] = []
        self.moves: list[Point] = []
        self.drags: list[tuple[list[Point], Button]] = []
        self.calls: list[tuple] = []

    def bounds(self) -> Region:
        return Region(-10_000, -10_000, 20_000, 20_000)

    def grab(self, region=None):
        self.calls.append(("grab", region))
        return "frame"

    def click(self, point, button=Button.LEFT):
        self.clicks.append(point)

    def move_to(self, point):
        self.moves.append(point)

    def drag(self, points, button=Button.LEFT):
        self.drags.append((list(points), button))

    def press(self, *keys):
        self.calls.append(("press", keys))

    def type_text(self, text):
        self.calls.append(("type_text", text))

    def check_stop(self):
        self.calls.append(("check_stop",))

    def close(self):
        self.calls.append(("close",))


def guarded(clicks: tuple[Region, ...], moves: tuple[Region, ...] = ()) -> GuardedScreen:
    screen = GuardedScreen(Backend(), ClickGuard())
    screen.guard.allow(clicks, moves)
    return screen


def clicked(screen: GuardedScreen, x: int, y: int) -> bool:
    """Click (x, y); True if it reached the backend, False if the guard refused it."""
    before = len(screen.inner.clicks)
    refused = screen.guard.refused
    try:
        screen.click(Point(x, y))
    except ClickRefused:
        assert screen.guard.refused == refused + 1
        assert len(screen.inner.clicks) == before
        return False
    assert screen.guard.refused == refused
    assert screen.inner.clicks[before:] == [Point(x, y)]
    return True


def moved(screen: GuardedScreen, x: int, y: int) -> bool:
    before = len(screen.inner.moves)
    try:
        screen.move_to(Point(x, y))
    except ClickRefused:
        assert len(screen.inner.moves) == before
        return False
    assert screen.inner.moves[before:] == [Point(x, y)]
    return True


# (left, top, width, height): on the primary monitor, left of and above it, across the origin,
# one pixel, and one row.
BOXES = [
    (100, 200, 50, 30),
    (-1920, -1080, 64, 48),
    (-1600, 300, 200, 100),
    (-20, -10, 40, 30),
    (7, -3, 1, 1),
    (0, 0, 9, 1),
]
IDS = ["primary", "left-above", "left-monitor", "across-origin", "one-pixel", "one-row"]


def edge_points(left: int, top: int, width: int, height: int) -> dict[str, tuple[int, int]]:
    """Named points one pixel in and one pixel out of each edge and corner."""
    right, bottom = left + width - 1, top + height - 1  # last pixel inside
    mid_x, mid_y = left + width // 2, top + height // 2
    return {
        "top-left corner": (left, top),
        "top-right corner": (right, top),
        "bottom-left corner": (left, bottom),
        "bottom-right corner": (right, bottom),
        "left edge": (left, mid_y),
        "right edge": (right, mid_y),
        "top edge": (mid_x, top),
        "bottom edge": (mid_x, bottom),
        "left of the left edge": (left - 1, mid_y),
        "right of the right edge": (right + 1, mid_y),
        "above the top edge": (mid_x, top - 1),
        "below the bottom edge": (mid_x, bottom + 1),
        "outside top-left": (left - 1, top - 1),
        "outside top-right": (right + 1, top - 1),
        "outside bottom-left": (left - 1, bottom + 1),
        "outside bottom-right": (right + 1, bottom + 1),
        "right of the top-right corner": (right + 1, top),
        "below the bottom-right corner": (right, bottom + 1),
        "left of the bottom-left corner": (left - 1, bottom),
        "above the top-left corner": (left, top - 1),
    }


@pytest.mark.parametrize("box", BOXES, ids=IDS)
def test_every_edge_and_corner_one_pixel_in_and_out(box):
    screen = guarded((Region(*box),))
    for name, (x, y) in edge_points(*box).items():
        want = not (name.startswith(("left of", "right of", "above", "below", "outside")))
        assert inside(x, y, *box) == want, name  # the oracle agrees with the names
        assert clicked(screen, x, y) == want, f"{name} ({x}, {y}) of {box}"
        assert moved(screen, x, y) == want, f"move to {name} ({x}, {y}) of {box}"


@pytest.mark.parametrize("box", BOXES, ids=IDS)
def test_every_pixel_around_a_region_is_judged_like_the_oracle(box):
    left, top, width, height = box
    screen = guarded((Region(*box),))
    for y in range(top - 2, top + height + 2):
        for x in range(left - 2, left + width + 2):
            assert clicked(screen, x, y) == inside(x, y, *box), f"({x}, {y}) of {box}"
    outside = (width + 4) * (height + 4) - width * height
    assert screen.guard.refused == outside
    assert len(screen.inner.clicks) == width * height


def test_an_empty_region_allows_nothing():
    screen = guarded((Region(10, 10, 0, 5), Region(-5, -5, 5, 0)))
    for x in range(-7, 13):
        for y in range(-7, 17):
            assert not clicked(screen, x, y)


def test_a_region_that_moved_refuses_its_old_place():
    old = (100, 100, 40, 30)
    new = (-700, 60, 40, 30)  # the window was dragged onto the left monitor
    screen = guarded((Region(*old),))
    assert clicked(screen, 100, 100) and clicked(screen, 139, 129)
    screen.guard.allow((Region(*old).offset(-800, -40),))
    for box, want in ((old, False), (new, True)):
        for name, (x, y) in edge_points(*box).items():
            expect = want and inside(x, y, *box)
            assert clicked(screen, x, y) == expect, f"{name} ({x}, {y}) of {box}"


def test_moves_may_use_the_window_but_clicks_only_the_board():
    board = (50, 80, 20, 10)
    window = (40, 40, 40, 60)
    screen = guarded((Region(*board),), (Region(*window),))
    for y in range(30, 110):
        for x in range(30, 90):
            assert clicked(screen, x, y) == inside(x, y, *board), (x, y)
            assert moved(screen, x, y) == (inside(x, y, *window) or inside(x, y, *board)), (x, y)


def test_without_move_regions_moves_follow_the_click_regions():
    box = (-30, -30, 5, 5)
    screen = guarded((Region(*box),))
    for y in range(-32, -23):
        for x in range(-32, -23):
            assert moved(screen, x, y) == inside(x, y, *box), (x, y)


coords = st.integers(-3000, 3000)
sizes = st.integers(0, 60)
boxes = st.tuples(coords, coords, sizes, sizes)


@st.composite
def near_an_edge(draw, box_list):
    """A point on, or one pixel either side of, some region's edge (where bugs live)."""
    if not box_list:
        return draw(coords), draw(coords)
    left, top, width, height = draw(st.sampled_from(box_list))
    xs = [left - 1, left, left + 1, left + width - 1, left + width, left + width + 1]
    ys = [top - 1, top, top + 1, top + height - 1, top + height, top + height + 1]
    return draw(st.sampled_from(xs)), draw(st.sampled_from(ys))


@settings(max_examples=300, deadline=None)
@given(box_list=st.lists(boxes, max_size=3), data=st.data())
def test_random_points_near_edges_of_several_regions(box_list, data):
    screen = guarded(tuple(Region(*b) for b in box_list))
    for _ in range(20):
        x, y = data.draw(near_an_edge(box_list))
        want = any(inside(x, y, *b) for b in box_list)
        assert clicked(screen, x, y) == want, (x, y, box_list)


def test_a_drag_goes_through_only_if_every_point_is_clickable():
    box = (-400, 100, 30, 20)
    screen = guarded((Region(*box),))
    inside_path = [Point(-400, 100), Point(-385, 110), Point(-371, 119)]  # last: both edges - 1
    screen.drag(inside_path, Button.RIGHT)
    assert screen.inner.drags == [(inside_path, Button.RIGHT)]
    for outside in (Point(-370, 110), Point(-401, 110), Point(-385, 99), Point(-385, 120)):
        with pytest.raises(ClickRefused):
            screen.drag([Point(-399, 101), outside, Point(-390, 105)])
    assert len(screen.inner.drags) == 1 and screen.guard.refused == 4
    assert screen.guard.refused_points[-1] == Point(-385, 120)


def test_the_guard_passes_everything_else_through():
    screen = guarded((Region(0, 0, 10, 10),))
    assert screen.grab(Region(1, 2, 3, 4)) == "frame"
    screen.press("ctrl", "n")
    screen.type_text("ёж")
    screen.check_stop()
    screen.close()
    assert screen.inner.calls == [
        ("grab", Region(1, 2, 3, 4)),
        ("press", ("ctrl", "n")),
        ("type_text", "ёж"),
        ("check_stop",),
        ("close",),
    ]
    assert screen.bounds() == Region(-10_000, -10_000, 20_000, 20_000)
    assert screen.guard.refused == 0


def test_a_refusal_names_the_point_and_the_allowed_regions():
    screen = guarded((Region(5, 6, 7, 8),))
    with pytest.raises(ClickRefused, match=r"click at \(12, 6\) refused: allowed regions are "
                       r"\{'left': 5, 'top': 6, 'width': 7, 'height': 8\}") as exc:
        screen.click(Point(12, 6))
    assert exc.value.point == Point(12, 6)
    assert screen.guard.refused_points == [Point(12, 6)]


def test_refusals_are_all_counted_but_only_the_first_hundred_points_kept():
    screen = guarded(())
    for x in range(150):
        with pytest.raises(ClickRefused, match="not calibrated"):
            screen.click(Point(x, -x))
    assert screen.guard.refused == 150
    assert screen.guard.refused_points == [Point(x, -x) for x in range(100)]


def test_the_refusal_message_lists_every_region_or_says_not_calibrated():
    two = guarded((Region(0, 0, 2, 2), Region(-9, 4, 3, 1)))
    with pytest.raises(ClickRefused) as exc:
        two.click(Point(2, 0))
    assert str(exc.value) == (
        "click at (2, 0) refused: allowed regions are "
        "{'left': 0, 'top': 0, 'width': 2, 'height': 2}, "
        "{'left': -9, 'top': 4, 'width': 3, 'height': 1}"
    )
    with pytest.raises(ClickRefused) as exc:
        guarded(()).click(Point(0, 0))
    assert str(exc.value) == "click at (0, 0) refused: allowed regions are nothing (not calibrated)"


def test_the_guard_given_is_the_guard_used_and_buttons_pass_through():
    guard = ClickGuard()
    guard.allow((Region(10, 10, 5, 5),))
    screen = GuardedScreen(Backend(), guard)
    assert screen.guard is guard
    seen = []
    screen.inner.click = lambda point, button=Button.LEFT: seen.append((point, button))
    screen.click(Point(12, 12), Button.RIGHT)
    screen.click(Point(10, 14))
    assert seen == [(Point(12, 12), Button.RIGHT), (Point(10, 14), Button.LEFT)]
    with pytest.raises(ClickRefused):
        screen.click(Point(15, 12))
    assert guard.refused == 1
