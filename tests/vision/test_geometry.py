"""Grid geometry maps cells to rectangles and back, on uneven pitches too."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vision.core.geometry import GridGeometry, Point, Region


@given(st.lists(st.integers(1, 50), min_size=1, max_size=30),
       st.lists(st.integers(1, 50), min_size=1, max_size=20),
       st.integers(-3000, 3000), st.integers(-3000, 3000))
def test_cell_at_inverts_cell_rect(widths, heights, x0, y0):
    cols = [x0]
    for w in widths:
        cols.append(cols[-1] + w)
    rows = [y0]
    for h in heights:
        rows.append(rows[-1] + h)
    grid = GridGeometry(tuple(cols), tuple(rows))
    for r in range(grid.rows):
        for c in range(grid.cols):
            rect = grid.cell_rect(r, c)
            assert grid.cell_at(Point(rect.left, rect.top)) == (r, c)
            assert grid.cell_at(Point(rect.right - 1, rect.bottom - 1)) == (r, c)
            assert grid.bounds.contains_region(rect)


def test_uniform_grid_and_outside_points():
    grid = GridGeometry.uniform(Point(10, 20), 16, 16, 16, 30)
    assert (grid.rows, grid.cols) == (16, 30)
    assert grid.bounds == Region(10, 20, 480, 256)
    assert grid.cell_center(0, 0) == Point(18, 28)
    assert grid.cell_at(Point(9, 20)) is None
    assert grid.cell_at(Point(490, 20)) is None


# Region.contains on its own edges: left/top inclusive, right/bottom exclusive. The expected
# answers are plain comparisons written here, never Region's own right/bottom.
@given(st.integers(-3000, 3000), st.integers(-3000, 3000), st.integers(0, 50),
       st.integers(0, 50), st.integers(-2, 2), st.integers(-2, 2),
       st.sampled_from(["left", "right"]), st.sampled_from(["top", "bottom"]))
def test_contains_on_and_around_every_edge(left, top, width, height, dx, dy, side_x, side_y):
    region = Region(left, top, width, height)
    x = (left if side_x == "left" else left + width) + dx
    y = (top if side_y == "top" else top + height) + dy
    want = left <= x <= left + width - 1 and top <= y <= top + height - 1
    assert region.contains(Point(x, y)) == want


def test_contains_corners_of_a_region_left_of_and_above_the_primary_monitor():
    region = Region(-1920, -1080, 1920, 1080)
    assert region.contains(Point(-1920, -1080)) and region.contains(Point(-1, -1))
    assert region.contains(Point(-1, -1080)) and region.contains(Point(-1920, -1))
    for x, y in [(0, -1), (-1, 0), (0, 0), (-1921, -1080), (-1920, -1081), (0, -1080)]:
        assert not region.contains(Point(x, y)), (x, y)
    assert region.right == 0 and region.bottom == 0
    assert not Region(5, 5, 0, 3).contains(Point(5, 5))


def test_contains_region_and_intersect_at_the_edges():
    outer = Region(-10, -10, 20, 20)
    assert outer.contains_region(Region(-10, -10, 20, 20))
    assert not outer.contains_region(Region(-10, -10, 21, 20))
    assert not outer.contains_region(Region(-11, -10, 20, 20))
    assert not outer.contains_region(Region(-10, -10, 20, 21))
    assert not outer.contains_region(Region(-10, -9, 20, 20))
    assert outer.intersect(Region(10, -10, 5, 5)) is None  # touching at x == right only
    assert outer.intersect(Region(-10, 10, 5, 5)) is None
    assert outer.intersect(Region(9, 9, 5, 5)) == Region(9, 9, 1, 1)
    assert outer.intersect(Region(-15, -12, 7, 3)) == Region(-10, -10, 2, 1)
    assert outer.offset(-5, 7) == Region(-15, -3, 20, 20)
    assert Point(3, -4).offset(-5, 6) == Point(-2, 2)
    assert Region(3, 4, 5, 7).center == Point(5, 7)
    assert Region(1, 2, 3, 4).to_dict() == {"left": 1, "top": 2, "width": 3, "height": 4}
    with pytest.raises(ValueError, match="negative size"):
        Region(0, 0, -1, 2)


def test_cell_at_on_the_grid_edges():
    grid = GridGeometry((-50, -40, -25, 0), (-10, 5, 30))  # uneven columns across the origin
    assert grid.cell_at(Point(-50, -10)) == (0, 0)
    assert grid.cell_at(Point(-41, 4)) == (0, 0)
    assert grid.cell_at(Point(-40, 5)) == (1, 1)
    assert grid.cell_at(Point(-1, 29)) == (1, 2)
    for x, y in [(0, 0), (-51, 0), (-20, -11), (-20, 30), (0, 29)]:
        assert grid.cell_at(Point(x, y)) is None, (x, y)
    assert grid.pitch == (50 / 3, 20.0)
    assert grid.offset(50, 10) == GridGeometry((0, 10, 25, 50), (0, 15, 40))
    assert grid.to_dict() == {
        "rows": 2,
        "cols": 3,
        "col_edges": [-50, -40, -25, 0],
        "row_edges": [-10, 5, 30],
    }
    assert GridGeometry.from_dict(grid.to_dict()) == grid
    wrong_rows = {"col_edges": [0, 1], "row_edges": "0 1"}
    wrong_cols = {"col_edges": (0, 1), "row_edges": [0, 1]}
    for bad in (wrong_rows, wrong_cols):
        with pytest.raises(ValueError, match="^grid geometry needs col_edges and row_edges lists$"):
            GridGeometry.from_dict(bad)
    for r, c in [(2, 0), (0, 3), (-1, 0), (0, -1)]:
        with pytest.raises(IndexError, match=rf"cell \({r}, {c}\) is outside the 2x3 grid"):
            grid.cell_rect(r, c)
    with pytest.raises(ValueError, match="^col_edges must increase strictly"):
        GridGeometry((0, 5, 5), (0, 1))
    with pytest.raises(ValueError, match="^row_edges must increase strictly"):
        GridGeometry((0, 1), (3, 2))
    with pytest.raises(ValueError, match="^col_edges needs at least two edges$"):
        GridGeometry((0,), (0, 1))
    with pytest.raises(ValueError, match="^row_edges needs at least two edges$"):
        GridGeometry((0, 1), ())
