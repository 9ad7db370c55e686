"""Grid geometry maps cells to rectangles and back, on uneven pitches too."""

from hypothesis import given
from hypothesis import strategies as st

from vision.geometry import GridGeometry, Point, Region


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
