"""The alpha-beta endgame against plain full minimax."""

from __future__ import annotations

from solvers.erudit.board import Board
from solvers.erudit.endgame import EndgameSolver, exhaustive_value
from solvers.erudit.moves import Pass
from solvers.erudit.verify import check_endgames


def test_alpha_beta_equals_exhaustive_search_on_random_endgames(en_rules, en_small):
    report = check_endgames(en_rules, en_small, 15, seed=3)
    assert report["endgame_mismatches"] == []
    assert report["endgames_exact"] == 15


def test_russian_endgames_too(ru_rules, ru_small):
    report = check_endgames(ru_rules, ru_small, 8, seed=4)
    assert report["endgame_mismatches"] == []


def test_going_out_earns_twice_the_opponent_rack(en_rules, tiny):
    board = Board.empty().place([(7 * 15 + 7, "C"), (7 * 15 + 8, "A")])  # CA on H8-I8
    # T makes CAT and empties the rack: 3+1+1 (no premium under the T on J8) + 2 x Q(10)
    result = EndgameSolver(tiny, en_rules).solve(board, "T", "Q")
    assert result.exact and result.value == 5 + 20
    assert result.move.to_text() == "H8 CAT across"
    assert exhaustive_value(board, "T", "Q", tiny, en_rules) == 25


def test_passing_is_right_when_every_play_helps_the_opponent_out(en_rules, tiny):
    # no placement exists for Q: the only move is to pass, and two passes end the game
    board = Board.empty().place([(7 * 15 + 7, "Z"), (7 * 15 + 8, "A")])
    result = EndgameSolver(tiny, en_rules).solve(board, "Q", "V", passes=1)
    assert result.move == Pass() and result.exact
    assert result.value == 4 - 10


def test_budget_exhaustion_is_reported_inexact(en_rules, en_small):
    from random import Random

    from solvers.erudit.movegen import generate
    from solvers.erudit.verify import random_board

    seed = 0
    while True:  # a position where both racks have a few plays
        board, bag = random_board(en_rules, en_small, Random(seed))
        letters = [c for c in bag if c != "*"]
        me, opp = "".join(letters[:7]), "".join(letters[7:14])
        if min(len(generate(board, r, en_small, en_rules)) for r in (me, opp)) >= 3:
            break
        seed += 1
    result = EndgameSolver(en_small, en_rules, node_budget=5).solve(board, me, opp)
    assert not result.exact and result.nodes > 5
