"""``best_moves``: equity ranking, exchanges, the endgame and several-word turns."""

from __future__ import annotations

from solvers.erudit.best import best_moves
from solvers.erudit.board import Board
from solvers.erudit.moves import Exchange, MultiPlacement
from solvers.erudit.position import Position


def test_empty_bag_uses_the_exact_endgame(en_rules, tiny):
    board = Board.empty().place([(7 * 15 + 7, "C"), (7 * 15 + 8, "A")])
    position = Position(en_rules, board, ("T", "Q"), (100, 90), 0, "")
    first = best_moves(position, tiny, top=3)[0]
    assert first.stage == "endgame" and first.extra["exact"] is True
    assert first.move.to_text() == "H8 CAT across" and first.equity == 5 + 2 * 10


def test_hopeless_rack_is_exchanged(en_rules, tiny):
    position = Position(en_rules, Board.empty(), ("QQVVWWU", None), (0, 0), 0, None)
    ranked = best_moves(position, tiny, top=3)
    assert ranked and isinstance(ranked[0].move, Exchange)


def test_multiword_turn_comes_first_when_allowed(en_rules, tiny):
    rules = en_rules.with_options(multiword=True)
    position = Position(rules, Board.empty(), ("CATXE", None), (0, 0), 0, None)
    first = best_moves(position, tiny, top=2)[0]
    assert first.stage == "multiword" and isinstance(first.move, MultiPlacement)
    assert first.score is not None and first.score > max(
        d.score or 0 for d in best_moves(position, tiny, top=50, greedy=True)
    )


def test_greedy_ranking_is_by_score(en_rules, tiny):
    position = Position(en_rules, Board.empty(), ("CATSAXE", None), (0, 0), 0, None)
    scores = [d.score for d in best_moves(position, tiny, top=20, greedy=True)]
    assert scores == sorted(scores, reverse=True) and len(scores) == 20


def test_time_to_think_lets_the_simulation_choose_among_the_equity_best(en_rules, en_small):
    """With ``think`` the first move is the simulating player's, one of the equity player's
    eight best, and the rest keep the equity order; without it the order is equity's."""
    board = Board.empty().place([(7 * 15 + 6 + i, ch) for i, ch in enumerate("STAINER")])
    position = Position(en_rules, board, ("AEIRSTD", None), (70, 0), 0, None)
    equity = best_moves(position, en_small, top=10)
    assert all(d.stage != "simulation" for d in equity)
    thought = best_moves(position, en_small, top=10, think=0.2, seed=2)
    first = thought[0]
    assert first.stage == "simulation" and first.extra["rounds"] >= 1
    assert first.move in [d.move for d in equity[:8]]
    rest = [d.move for d in equity if d.move != first.move]
    assert [d.move for d in thought[1:]] == rest[:9]
