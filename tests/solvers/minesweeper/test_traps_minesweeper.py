"""Would-be 50/50s: their shares against brute force, and pseudo 50/50s against best play."""

import math
import random

import pytest

from solvers.minesweeper import Board, engine
from solvers.minesweeper.frontier import COVERED
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.traps import (
    BLOCK,
    ROW,
    TrapCredit,
    find_traps,
    hotspots,
    influence,
    pseudo_fifties,
    shapes,
    survival,
)
from tests.solvers.minesweeper.game_tree import best_value, click_value, layouts
from tests.solvers.minesweeper.positions import random_position


def _positions(seed: int, wanted: int, max_layouts: int = 10**9):
    """Random small positions, most true mines flagged (so traps are common)."""
    rng = random.Random(seed)
    done = 0
    while done < wanted:
        pos = random_position(rng, rng.randint(3, 5), rng.randint(3, 6), rng.randint(3, 8),
                              rng.randint(1, 4), flag_share=0.7)
        if pos is None:
            continue
        board, truth = pos
        if not any(v in COVERED for v in board.cells):
            continue
        every = layouts(board, len(truth))
        if not every or len(every) > max_layouts:
            continue
        done += 1
        yield board, len(truth), every


def _springs(lay: frozenset[int], trap, cell: int | None = None) -> bool:
    """Does ``lay`` spring ``trap`` (with ``cell`` among its mines: the mirror if need be)?"""
    n = len(trap.mines)
    mines, safes = trap.cells[:n], trap.cells[n:]
    if cell is not None and cell in safes:
        mines, safes = safes, mines
    return set(trap.enablers + mines) <= lay and not set(safes) & lay


def test_trap_shares_are_the_share_of_layouts_that_spring_them():
    seen = 0
    for board, mines, every in _positions(31, 300):
        analysis = engine.analyse(board, mines)
        for trap in find_traps(board, mines, analysis):
            expected = sum(_springs(lay, trap) for lay in every) / len(every)
            assert trap.share == pytest.approx(expected, rel=1e-9)
            other = trap.cells[len(trap.mines)]  # the mirror: the other cell / diagonal
            flipped = sum(_springs(lay, trap, other) for lay in every)
            assert flipped == round(expected * len(every))  # no number tells them apart
            seen += 1
    assert seen > 100


def test_pseudo_fifties_are_cells_whose_every_mine_springs_a_trap():
    seen = 0
    for board, mines, every in _positions(32, 300):
        analysis = engine.analyse(board, mines)
        traps = find_traps(board, mines, analysis)
        for cell in pseudo_fifties(traps, analysis):
            with_mine = [lay for lay in every if cell in lay]
            assert with_mine and len(with_mine) < len(every)
            assert all(any(cell in t.cells and _springs(lay, t, cell) for t in traps)
                       for lay in with_mine)
            seen += 1
    assert seen > 20


def test_the_best_pseudo_fifty_clicked_first_loses_nothing_against_best_play():
    """The game tree over every layout: the best pseudo 50/50 opened now is as good as the
    best first click (the coin flip it may be comes up later whatever is played). Not every
    pseudo 50/50 is: the two cells of a trap show different numbers when safe, so the guess
    stage still chooses among them."""
    seen = 0
    for board, mines, every in _positions(33, 10**5, max_layouts=24):
        covered = [i for i, v in enumerate(board.cells) if v in COVERED]
        if len(covered) > 9 or len(every) < 2:
            continue
        if any(all(c not in lay for lay in every) for c in covered):
            continue  # a certainly safe cell: no guess to make
        analysis = engine.analyse(board, mines)
        pseudo = [c for c in pseudo_fifties(find_traps(board, mines, analysis), analysis)
                  if c not in analysis.dead]
        if not pseudo:
            continue
        best = best_value(board, every, frozenset())
        values = [click_value(board, every, frozenset(), cell) for cell in pseudo]
        assert math.isclose(max(values), best, abs_tol=1e-12)
        seen += 1
        if seen == 40:
            break
    assert seen == 40


def test_credit_never_exceeds_the_mine_or_the_safe_chance():
    wide = 0
    for board, mines, every in _positions(34, 200):
        analysis = engine.analyse(board, mines)
        for cell, share in influence(find_traps(board, mines, analysis), analysis).items():
            p = analysis.probs[cell]
            assert 0 <= share <= min(p, 1 - p) + 1e-12
        credit = TrapCredit(board, mines, analysis)
        for cell, v in enumerate(board.cells):
            if v in COVERED and 0 < analysis.probs[cell] < 1:
                p = analysis.probs[cell]
                own = credit.of(cell)
                assert 0 <= own <= min(p, 1 - p) + 1e-12
                # a trap with up to three enablers holding the cell: its share, by brute force
                for trap in find_traps(board, mines, analysis, None, 3, 3, near=cell):
                    assert trap.share == pytest.approx(
                        sum(_springs(lay, trap) for lay in every) / len(every), rel=1e-9)
                    wide += len(trap.enablers) > 1
    assert wide > 10


def test_shapes_cover_every_pair_and_block_with_their_sources():
    found = list(shapes(3, 4))
    pairs = [s for s in found if s[0] != BLOCK]
    assert len(pairs) == 3 * 3 + 2 * 4 and len(found) - len(pairs) == 2 * 3
    # the row pair (1,1)-(1,2) of a 3x4 board: told apart by columns 0 and 3
    assert (ROW, (5, 6), (0, 4, 8, 3, 7, 11)) in found


def test_the_solver_takes_the_better_cell_of_a_pseudo_fifty():
    # (1,1)/(1,2) hold a mine only as a 50/50 (with (0,0)); (1,2) safe shows the more telling
    # number: best play wins 3/4 opening it, 5/8 opening (1,1) (test_..._best_play's oracle)
    board = Board.from_text("##1\nF##\nF#1\n###")
    solver = Solver()
    solver.pseudo = True
    solver.endgame_layouts = 0  # the exhaustive endgame would settle it first
    decision = solver.decide(board, 5)
    assert decision.stage == "pseudo-fifty" and str(decision.move) == "open 1 2"
    assert decision.probability == pytest.approx(1 / 8)
    every = layouts(board, 5)
    assert click_value(board, every, frozenset(), 5) == best_value(board, every, frozenset())


def test_hotspots_are_coin_flip_pairs_with_one_enabler():
    found = 0
    for board, mines, every in _positions(35, 600):
        analysis = engine.analyse(board, mines)
        traps = find_traps(board, mines, analysis)
        spots = hotspots(traps, analysis)
        for spot in spots:
            pair = sorted(spot.exempt - {spot.enabler})
            assert len(pair) == 2 and spot.enabler not in pair
            for cell in pair:  # a coin flip now, by brute force
                assert sum(cell in lay for lay in every) * 2 == len(every)
            enabler_safe = sum(spot.enabler not in lay for lay in every) / len(every)
            assert enabler_safe < 0.9
            found += 1
        probs = [analysis.probs[s.enabler] for s in spots]
        whole = math.prod((2 - p) / 2 for p in probs)
        assert survival(spots, probs) == pytest.approx(whole)
        for spot in spots:  # a cell of a hotspot leaves that hotspot out
            cell = min(spot.exempt)
            kept = [p for s, p in zip(spots, probs, strict=True) if cell not in s.exempt]
            expected = math.prod((2 - p) / 2 for p in kept)
            assert survival(spots, probs, cell) == pytest.approx(expected)
    assert found > 5
