"""Several words a turn (Erudit house rule): memoised search against plain enumeration."""

from __future__ import annotations

import random

from solvers.erudit.board import Board
from solvers.erudit.game import apply_placements
from solvers.erudit.movegen import generate
from solvers.erudit.multiword import best_multiword
from solvers.erudit.verify import random_board


def _plain_best(board, rack, graph, rules, full):
    """Every sequence of placements, no memo: the best total (bonus once for a whole rack)."""
    best = 0
    for play in generate(board, rack, graph, rules):
        left = list(rack)
        for ch in play.used:
            left.remove(ch)
        points = play.score - (rules.bingo_bonus if len(play.used) == rules.rack_size else 0)
        after = board.place(play.placement.new_tiles(board))
        rest = "".join(left)
        more = _plain_best(after, rest, graph, rules, full) if rest else 0
        total = points + more
        if full and not rest and more == 0:
            total += rules.bingo_bonus
        best = max(best, total)
    return best


def test_memoised_search_finds_the_best_turn(ru_rules, ru_small):
    rules = ru_rules.with_options(multiword=True)
    rng = random.Random(21)
    checked = 0
    for _ in range(6):
        board, bag = random_board(rules, ru_small, rng)
        letters = [c for c in bag if c != "*"]
        rack = "".join(rng.sample(letters, 4))
        found = best_multiword(board, rack, ru_small, rules)
        want = _plain_best(board, rack, ru_small, rules, full=False)
        if found is None:
            assert want == 0
            continue
        checked += 1
        assert found.score == want
        # the turn it returns really scores that when laid one word after another
        _, _, points = apply_placements(board, rack, list(found.parts), ru_small, rules)
        assert points == found.score
    assert checked >= 3


def test_two_words_beat_one(en_rules, tiny):
    rules = en_rules.with_options(multiword=True)
    board = Board.empty()
    found = best_multiword(board, "CATXE", tiny, rules)
    single = max(p.score for p in generate(board, "CATXE", tiny, rules))
    assert found is not None and len(found.parts) >= 2
    assert found.score > single
