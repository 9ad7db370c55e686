"""Parts of one board found apart are joined; lattices that only look alike are not."""

from __future__ import annotations

import numpy as np

from vision.core.geometry import GridGeometry, Point
from vision.core.lattice import MERGE_GAP, Lattice, find_lattices, merge_lattices


def part(left: int, top: int, rows: int, cols: int, pitch: int = 20, support: int = 10
         ) -> Lattice:
    return Lattice(GridGeometry.uniform(Point(left, top), pitch, pitch, rows, cols), support)


def test_two_parts_on_the_same_lines_become_one_board():
    upper, lower = part(100, 100, 3, 9, support=27), part(100, 100 + 6 * 20, 3, 9, support=20)
    (joined,) = merge_lattices([lower, upper])
    g = joined.geometry
    assert (g.rows, g.cols) == (9, 9)
    assert (g.col_edges[0], g.row_edges[0], g.row_edges[-1]) == (100, 100, 100 + 9 * 20)
    assert joined.support == 47


def test_parts_off_the_lines_another_pitch_or_far_apart_stay_apart():
    board = part(100, 100, 4, 4, support=16)
    off_lines = part(100 + 4 * 20 + 10, 100, 4, 4)  # half a cell off
    other_pitch = part(100, 100 + 4 * 20, 4, 4, pitch=26)
    far = part(100 + int((4 + MERGE_GAP + 1) * 20), 100, 4, 4)
    for other in (off_lines, other_pitch, far):
        assert len(merge_lattices([board, other])) == 2, other


def test_cells_parted_by_non_flat_cells_are_found_as_one_lattice():
    """A mostly open board: flat opened cells only at the two ends of each row, the middle
    columns all numbers (not flat): chained in two groups, one lattice in the end."""
    pitch, rows, cols = 16, 6, 9
    img = np.full((rows * pitch + 40, cols * pitch + 40, 3), 90, np.uint8)
    rng = np.random.default_rng(7)
    for r in range(rows):
        for c in range(cols):
            y, x = 20 + r * pitch, 20 + c * pitch
            img[y : y + pitch, x : x + pitch] = 200
            img[y, x : x + pitch] = img[y : y + pitch, x] = 170  # grid lines
            if 3 <= c <= 5:  # a "number": noisy ink over the middle of the cell
                img[y + 3 : y + 13, x + 3 : x + 13] = rng.integers(0, 255, (10, 10, 3))
    found = find_lattices(img)
    assert found, "no lattice"
    g = found[0].geometry
    assert (g.rows, g.cols) == (rows, cols)
