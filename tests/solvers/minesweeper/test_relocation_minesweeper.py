"""The XP rule's probabilities model Windows XP's relocated first-click mine exactly: the Python
engine equals a brute force over the program's draws, the C engine equals the Python one, and
the solver, the look-ahead and the endgame use them."""

import math
import random
from itertools import combinations
from math import comb

import pytest

from solvers.minesweeper import LEVELS, Board, Cell, FirstClick, Level, Move, engine
from solvers.minesweeper.endgame import solve_endgame
from solvers.minesweeper.frontier import COVERED, KNOWN_MINE, neighbour_table
from solvers.minesweeper.game import Game
from solvers.minesweeper.probability import analyse_python
from solvers.minesweeper.relocation import analyse_xp_python, xp_chain
from solvers.minesweeper.solver import Solver
from tests.solvers.minesweeper.xp_brute import brute_force_xp


def _same(a: list[float], b: list[float], tol: float) -> bool:
    pairs = zip(a, b, strict=True)
    return all((math.isnan(x) and math.isnan(y)) or abs(x - y) <= tol for x, y in pairs)


def xp_positions(count: int, seed: int, sizes=((2, 6), (2, 6)), clicks=(0, 3), flags=0.25):
    """Small XP-rule games a few random safe clicks in: (board, mines, first click, seed)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        rows, cols = rng.randint(*sizes[0]), rng.randint(*sizes[1])
        mines = rng.randint(1, max(1, rows * cols // 3))
        if comb(rows * cols, mines) > 12_000:
            continue
        game_seed = rng.randrange(1 << 30)
        game = Game(Level("custom", rows, cols, mines), FirstClick.XP, seed=game_seed)
        first = (rng.randrange(rows), rng.randrange(cols))
        game.apply(Move.open(*first))
        truth = game.mines()
        for _ in range(rng.randint(*clicks)):
            r, c = rng.randrange(rows), rng.randrange(cols)
            if (r, c) not in truth:
                game.apply(Move.open(r, c))
        if game.over:
            continue
        board = game.board().with_cells({rc: Cell.FLAG for rc in truth if rng.random() < flags})
        made += 1
        yield board, mines, first[0] * cols + first[1], game_seed


def test_a_mine_next_to_the_top_left_is_twice_as_likely_after_a_click_elsewhere():
    # 2x2, one mine, the first click (1, 1) shows 1. The program drew the mine on (0, 0) or
    # on the click (then moved to (0, 0)): 2 draws; (0, 1) and (1, 0) one each.
    board = Board.from_text("##\n#1")
    got = analyse_xp_python(board, 1, 3)
    assert got.probs[:3] == [0.5, 0.25, 0.25]
    assert math.isclose(got.log_solutions, math.log(4))
    assert engine.analyse(board, 1, 3).probs[:3] == pytest.approx([0.5, 0.25, 0.25], abs=1e-12)
    assert analyse_python(board, 1).probs[:3] == pytest.approx([1 / 3] * 3)  # the safe rule


def test_a_run_of_mines_from_the_corner_weighs_one_more_for_each_mine():
    # 1x4, two mines, the first click (0, 0) shows 1: a mine on (0, 1) and one on (0, 2) or
    # (0, 3). The chain after the click is (0, 1), (0, 2), (0, 3): {1, 2} has a run of two,
    # so three draws end there ({1, 2}, {0, 1}, {0, 2}); {1, 3} a run of one, two ({1, 3}, {0, 3}).
    board = Board.from_text("1###")
    probs, total = brute_force_xp(board, 2, 0)
    assert total == 5 and probs[1:] == [1.0, 0.6, 0.4]
    got = analyse_xp_python(board, 2, 0)
    assert _same(got.probs, probs, 1e-15)
    assert _same(engine.analyse(board, 2, 0).probs, probs, 1e-12)


def test_xp_probabilities_equal_the_brute_force_over_the_programs_draws():
    checked = with_chain = 0
    for board, mines, click, seed in xp_positions(220, seed=17):
        expected, draws = brute_force_xp(board, mines, click)
        assert draws > 0, f"game seed {seed}"
        got = analyse_xp_python(board, mines, click)
        assert _same(got.probs, expected, 1e-12), f"game seed {seed}\n{board.to_text()}"
        assert math.isclose(got.log_solutions, math.log(draws), abs_tol=1e-9), f"seed {seed}"
        fast = engine.analyse(board, mines, click)
        assert _same(fast.probs, expected, 1e-9), f"game seed {seed}\n{board.to_text()}"
        assert math.isclose(fast.log_solutions, math.log(draws), abs_tol=1e-9), f"seed {seed}"
        assert fast.dead == got.dead, f"game seed {seed}"
        checked += 1
        with_chain += bool(xp_chain(board, click))
    assert checked == 220
    assert with_chain >= 120  # most positions still have covered cells the mine may be on


def test_c_engine_equals_python_on_xp_games_played_by_the_solver():
    rng = random.Random(23)
    done = with_chain = frontier_chains = 0
    for level in ("beginner", "intermediate", "expert"):
        lv = LEVELS[level]
        for _ in range(25):
            seed = rng.randrange(1 << 30)
            game = Game(lv, FirstClick.XP, seed=seed)
            solver = Solver(FirstClick.XP)
            solver.first_cell = (rng.randrange(lv.rows), rng.randrange(lv.cols))
            for _ in range(rng.randint(1, 14)):
                if game.over:
                    break
                game.apply(solver.decide(game.board(), lv.mines).move)
            if game.over:
                continue
            board = game.board()
            click = solver.xp_click(board)
            assert click is not None, f"seed {seed}"
            slow, fast = analyse_xp_python(board, lv.mines, click), engine.analyse(
                board, lv.mines, click
            )
            assert _same(slow.probs, fast.probs, 1e-9), f"seed {seed}\n{board.to_text()}"
            assert math.isclose(slow.log_solutions, fast.log_solutions, rel_tol=1e-12)
            assert slow.dead == fast.dead
            chain = xp_chain(board, click)
            with_chain += bool(chain)
            cells = board.cells
            nbrs = neighbour_table(board.rows, board.cols)
            frontier_chains += any(any(cells[j] <= 8 for j in nbrs[x]) for x in chain)
            done += 1
    assert done >= 50 and with_chain >= 30 and frontier_chains >= 5


def test_no_known_xp_click_is_the_plain_count():
    board = Board.from_text("1##\n###\n###")
    plain = analyse_python(board, 2)
    for click in (None, 4):  # 4 is covered: no first click there
        assert _same(analyse_xp_python(board, 2, click).probs, plain.probs, 0.0)
        assert _same(engine.analyse(board, 2, click).probs, engine.analyse(board, 2).probs, 0.0)
    # once the top-left cell is open the chain is empty: nothing moved past it matters
    opened = Board.from_text("1##\n1##\n###")
    assert xp_chain(opened, 3) == ()
    assert _same(engine.analyse(opened, 2, 3).probs, engine.analyse(opened, 2).probs, 0.0)


def test_contradictions_still_name_the_cells_under_the_xp_rule():
    from solvers.minesweeper.state import BoardError

    with pytest.raises(BoardError, match=r"\(0, 0\)"):
        engine.analyse(Board.from_text("4#\n##"), 3, 0)


def _weighted_oracle(board, layouts, weights, revealed):
    """Best chance to win with layouts weighted, by plain recursion (as the endgame test's)."""
    total = sum(weights[lay] for lay in layouts)
    if len(layouts) == 1:
        return 1.0
    nbrs = neighbour_table(board.rows, board.cols)
    covered = [i for i, v in enumerate(board.cells) if v in COVERED and i not in revealed]

    def after(cell):
        groups = {}
        for lay in layouts:
            if cell not in lay:
                groups.setdefault(sum(j in lay for j in nbrs[cell]), []).append(lay)
        return sum(
            sum(weights[g] for g in grp) * _weighted_oracle(board, grp, weights, revealed | {cell})
            for grp in groups.values()
        ) / total

    free = [c for c in covered if all(c not in lay for lay in layouts)]
    if free:
        return after(free[0])
    undecided = [c for c in covered if any(c in lay for lay in layouts)]
    undecided = [c for c in undecided if not all(c in lay for lay in layouts)]
    return max(after(c) for c in undecided)


def test_the_endgame_weighs_layouts_by_the_xp_relocation():
    done = differs = 0
    for board, mines, click, seed in xp_positions(400, seed=31, sizes=((2, 4), (3, 4))):
        n = board.rows * board.cols
        cells = board.cells
        nbrs = neighbour_table(board.rows, board.cols)
        flags = {i for i, v in enumerate(cells) if v in KNOWN_MINE}
        covered = [i for i, v in enumerate(cells) if v in COVERED]
        if len(covered) > 9:
            continue
        weights = {}
        for drawn in combinations(range(n), mines):
            lay = set(drawn)
            if click in lay:
                lay.discard(click)
                lay.add(next(i for i in range(n) if i not in lay and i != click))
            lay = frozenset(lay)
            if flags <= lay and all(cells[i] in COVERED or i in flags for i in lay) and all(
                sum(j in lay for j in nbrs[i]) == v for i, v in enumerate(cells) if v <= 8
            ):
                weights[lay] = weights.get(lay, 0) + 1
        if not 2 <= len(weights) <= 40:
            continue
        decision = solve_endgame(board, mines, xp_click=click)
        if decision is None:
            continue
        expected = _weighted_oracle(board, list(weights), weights, frozenset())
        assert math.isclose(decision.extra["win_chance"], expected, abs_tol=1e-12), f"{seed}"
        cell = decision.move.row * board.cols + decision.move.col
        share = sum(w for lay, w in weights.items() if cell in lay) / sum(weights.values())
        assert math.isclose(decision.probability, share, abs_tol=1e-12), f"game seed {seed}"
        plain = solve_endgame(board, mines)
        differs += plain is not None and not math.isclose(
            plain.extra["win_chance"], expected, abs_tol=1e-9
        )
        done += 1
        if done == 40:
            break
    assert done == 40 and differs >= 3  # the weights changed the answer in some of them


def test_the_solvers_guesses_carry_the_xp_probability():
    rng = random.Random(41)
    seen = 0
    while seen < 12:
        seed = rng.randrange(1 << 30)
        game = Game(LEVELS["expert"], FirstClick.XP, seed=seed)
        solver = Solver(FirstClick.XP)
        while not game.over:
            decision = solver.decide(game.board(), 99)
            if decision.stage == "guess":
                break
            game.apply(decision.move)
        if game.over:
            continue
        board = game.board()
        click = solver.xp_click(board)
        assert click == solver._clicked, f"seed {seed}"
        exact = engine.analyse(board, 99, click)
        cell = decision.move.row * 30 + decision.move.col
        assert math.isclose(decision.probability, exact.probs[cell], abs_tol=1e-9), f"{seed}"
        seen += 1


def test_other_rules_know_no_xp_click():
    board = Board.unknown(16, 30)
    for rules in (FirstClick.SAFE, FirstClick.OPENING, FirstClick.NONE):
        solver = Solver(rules)
        move = solver.decide(board, 99).move
        opened = board.with_cells({(move.row, move.col): Cell.ONE})
        assert solver.xp_click(opened) is None
    solver = Solver(FirstClick.XP)
    move = solver.decide(board, 99).move
    opened = board.with_cells({(move.row, move.col): Cell.ONE})
    assert solver.xp_click(opened) == move.row * 30 + move.col


def test_the_xp_model_predicts_how_often_the_simulator_leaves_a_mine_in_the_corner():
    """After a first click in the far corner, the top-left cell holds a mine far more often
    than the mine density: the XP model says how often, the plain count does not."""
    level = LEVELS["expert"]
    click = (level.rows - 1) * level.cols + level.cols - 1
    xp = plain = hits = used = 0
    for seed in range(1500):  # game seeds 0..1499
        game = Game(level, FirstClick.XP, seed=seed)
        game.apply(Move.open(level.rows - 1, level.cols - 1))
        board = game.board()
        if board.cells[0] not in COVERED:
            continue  # the opening reached the corner
        xp += engine.analyse(board, level.mines, click).probs[0]
        plain += engine.analyse(board, level.mines).probs[0]
        hits += (0, 0) in game.mines()
        used += 1
    freq, se = hits / used, math.sqrt(hits / used * (1 - hits / used) / used)
    assert abs(freq - xp / used) < 3.5 * se, (freq, xp / used, used)
    assert freq - plain / used > 6 * se, (freq, plain / used, used)
