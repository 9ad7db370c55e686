"""Exact probabilities equal brute-force enumeration; the C engine equals the Python one."""

import math
import random
from math import comb

import pytest

from solvers.minesweeper import Board, engine
from solvers.minesweeper.probability import analyse_python, probabilities
from solvers.minesweeper.state import BoardError, Cell
from tests.solvers.minesweeper.brute import brute_force
from tests.solvers.minesweeper.positions import random_position


def _same(a: list[float], b: list[float], tol: float) -> bool:
    pairs = zip(a, b, strict=True)
    return all((math.isnan(x) and math.isnan(y)) or abs(x - y) <= tol for x, y in pairs)


def small_positions(count: int, seed: int):
    """Random small positions whose layouts can all be listed quickly."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        mines = rng.randint(1, max(1, rows * cols // 4))
        pos = random_position(rng, rows, cols, mines, rng.randint(0, 3), flag_share=0.3)
        if pos is None:
            continue
        board = pos[0]
        covered = board.count(Cell.UNKNOWN, Cell.QUESTION)
        if comb(covered, mines - board.count(Cell.FLAG)) > 20_000:
            continue
        made += 1
        yield board, mines


def test_exact_probabilities_equal_brute_force_on_600_small_boards():
    checked = 0
    for board, mines in small_positions(600, seed=11):
        expected, layouts = brute_force(board, mines)
        assert layouts > 0
        got = analyse_python(board, mines)
        assert _same(got.probs, expected, 1e-12), board.to_text()
        assert math.isclose(got.log_solutions, math.log(layouts), abs_tol=1e-9)
        fast = engine.analyse(board, mines)
        assert _same(fast.probs, expected, 1e-9), board.to_text()
        assert math.isclose(fast.log_solutions, math.log(layouts), abs_tol=1e-9)
        checked += 1
    assert checked == 600


@pytest.mark.parametrize("level", [(9, 9, 10), (16, 16, 40), (16, 30, 99)])
def test_compiled_engine_matches_python_on_standard_boards(level):
    rows, cols, mines = level
    rng = random.Random(rows * cols)
    done = 0
    while done < 40:
        pos = random_position(rng, rows, cols, mines, rng.randint(0, 25), flag_share=0.2)
        if pos is None:
            continue
        board = pos[0]
        slow, fast = analyse_python(board, mines), engine.analyse(board, mines)
        assert _same(slow.probs, fast.probs, 1e-9), board.to_text()
        assert math.isclose(slow.log_solutions, fast.log_solutions, rel_tol=1e-12)
        done += 1


def test_the_c_engine_is_built():
    # the speed targets need the C engine; pip install -e . builds it (see setup.py)
    from solvers.minesweeper import _engine

    assert _engine.outcome(bytes([9] * 4), 2, 2, 1)[3] == 0
    with pytest.raises(IndexError, match="watched cell 4 is off the board"):
        _engine.outcome(bytes([9] * 4), 2, 2, 1, -1, (0, 4))


def test_probability_grid_marks_open_cells_and_flags():
    board = Board.from_text("1F##\n11##\n####\n####")
    grid = probabilities(board, 2)
    assert grid.shape == (4, 4)
    assert math.isnan(grid[0, 0]) and grid[0, 1] == 1.0
    assert grid[0, 2] == 0.0 and grid[2, 2] == 0.0  # the 1s are satisfied by the flag
    assert math.isclose(grid[3, 3], 1 / 7)  # one mine left among the seven far cells


def test_a_number_with_too_many_flags_is_named():
    with pytest.raises(BoardError, match=r"the 1 at \(1, 1\) is impossible") as err:
        probabilities(Board.from_text("F##\n#1#\n##F"), 5)
    assert err.value.cells == ((1, 1),)


def test_contradicting_numbers_are_named():
    # the 1 says one mine in the top row, the 3 says three: no layout fits both
    board = Board.from_text("###\n131\n...")
    with pytest.raises(BoardError, match=r"contradict"):
        probabilities(board, 3)


def test_impossible_mine_count_is_an_error():
    with pytest.raises(BoardError, match="no layout"):
        probabilities(Board.from_text("1#\n##"), 4)


def test_compiled_outcome_and_dead_cells_match_python():
    rng = random.Random(21)
    done = 0
    while done < 60:
        pos = random_position(rng, 16, 30, 99, rng.randint(0, 20), flag_share=0.5)
        if pos is None:
            continue
        board = pos[0]
        watch = tuple(rng.randrange(16 * 30) for _ in range(rng.randint(0, 4)))
        fast = engine.outcome(board, 99, watch=watch)
        slow = engine.outcome(board, 99, compiled=False, watch=watch)
        assert fast is not None and slow is not None
        exact = analyse_python(board, 99).probs
        assert len(fast.watched) == len(watch) == len(slow.watched)
        for cell, f, s in zip(watch, fast.watched, slow.watched, strict=True):
            assert (math.isnan(f) and math.isnan(s) and math.isnan(exact[cell])) or (
                math.isclose(f, exact[cell], abs_tol=1e-9) and s == exact[cell])
        assert math.isclose(fast.log_solutions, slow.log_solutions, rel_tol=1e-12)
        assert math.isclose(fast.best, slow.best, abs_tol=1e-9)
        assert math.isclose(fast.second, slow.second, abs_tol=1e-9)
        assert fast.safe == slow.safe
        assert set(engine.analyse(board, 99).dead) == set(analyse_python(board, 99).dead)
        done += 1


def test_a_cell_whose_number_is_decided_is_dead():
    # (0, 3) and (1, 3) hold one mine; whichever is safe will show the same number
    board = Board.from_text("..1#\n..1#")
    assert set(engine.analyse(board, 1).dead) == {3, 7}
    assert set(analyse_python(board, 1).dead) == {3, 7}


def test_which_mine_totals_fit_a_board_equals_brute_force():
    """``fits(board, n)`` is True exactly for the totals some layout allows (seed 23)."""
    from solvers.minesweeper.probability import fits

    checked = 0
    for board, mines in small_positions(150, seed=23):
        covered = board.count(Cell.UNKNOWN, Cell.QUESTION)
        flags = board.count(Cell.FLAG)
        for n in range(0, board.rows * board.cols + 1):
            if n - flags > covered or comb(covered, max(0, n - flags)) > 20_000:
                continue
            layouts = brute_force(board, n)[1] if n >= flags else 0
            assert fits(board, n) == (layouts > 0), (board.to_text(), n)
            checked += 1
        assert fits(board, mines)  # the total the position was made with
    assert checked > 1000


def test_no_total_fits_numbers_that_contradict_each_other():
    from solvers.minesweeper.probability import fits

    board = Board.from_text("1#\n3#")  # a 3 with two covered neighbours
    assert not any(fits(board, n) for n in range(5))
