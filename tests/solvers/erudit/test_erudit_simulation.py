"""The simulating player: reproducible with a seed and a round limit, within its time, the
static choice without time, the exact endgame with the bag empty; its fast replies are the
equity player's best; cached per-line moves are the moves."""

from __future__ import annotations

import random

import pytest

from solvers.erudit.game import TurnView, play_game
from solvers.erudit.leaves import load_leaves
from solvers.erudit.lines import analyse
from solvers.erudit.movegen import raw_moves
from solvers.erudit.player import EquityPlayer, greedy
from solvers.erudit.playout import Replier, laid
from solvers.erudit.simulation import SimulationPlayer
from solvers.erudit.verify import random_endgame


def _views(rules, graph, seed: int) -> list[TurnView]:
    seen: list[TurnView] = []

    def watch(view: TurnView):
        seen.append(view)
        return greedy(view)

    play_game((watch, watch), rules, graph, random.Random(seed))
    return seen


@pytest.fixture(scope="module")
def views(en_rules, en_small):
    return _views(en_rules, en_small, 21)


def _midgame(views, rules):
    return [v for v in views if v.bag_count >= rules.rack_size and len(v.board.tiles()) >= 10]


def test_the_same_seed_and_rounds_choose_the_same(views, en_rules):
    leaves = load_leaves(en_rules)
    for view in _midgame(views, en_rules)[:3]:
        a = SimulationPlayer(leaves, think=60, seed=3, max_rounds=4)(view)
        b = SimulationPlayer(leaves, think=60, seed=3, max_rounds=4)(view)
        assert a == b
        assert a.stage == "simulation" and a.extra["rounds"] == 4
        assert 1 <= a.extra["static_rank"] <= a.extra["candidates"]


def static_end(leaves, view):
    return EquityPlayer(leaves, endgame_budget=5000)(view)


def test_no_time_is_the_static_choice_and_an_empty_bag_the_endgame(views, en_rules, en_small):
    leaves = load_leaves(en_rules)
    static = EquityPlayer(leaves)
    view = _midgame(views, en_rules)[0]
    assert SimulationPlayer(leaves, think=0)(view) == static(view)
    board, me, opp = random_endgame(en_rules, en_small, random.Random(4))
    end = TurnView(en_rules, en_small, board, analyse(board, en_small, en_rules), me, 0, opp,
                   (100, 100))
    decision = SimulationPlayer(leaves, think=60, endgame_budget=5000)(end)
    assert decision == static_end(leaves, end)
    assert decision.stage == "endgame"


def test_only_whole_rounds_inside_the_budget_count(views, en_rules):
    ticks = iter(range(10**6))
    player = SimulationPlayer(load_leaves(en_rules), think=20, candidates=4,
                              clock=lambda: float(next(ticks)))
    view = _midgame(views, en_rules)[1]
    player.z = None  # every candidate every round
    ranked = player.static.ranked(view, top=4)
    result = player.simulate(view, ranked)
    # one tick at the start, one after each playout: 20 ticks cover 4 rounds of 4 playouts,
    # the fifth round is cut short and left out
    assert result.total == 4 and result.rounds == [4] * 4 and len(result.means) == len(ranked)


def test_playout_replies_are_the_best_by_equity(views, en_rules, en_small):
    leaves = load_leaves(en_rules)
    replier = Replier(leaves, en_small, en_rules)
    rng = random.Random(5)
    tried = 0
    for view in _midgame(views, en_rules)[:8]:
        rack = "".join(rng.sample(view.unseen, 7))
        reply = replier.best(view.lines, view.board, rack, 1.0)
        moves = raw_moves(view.lines, rack, en_small, en_rules)
        if not moves:
            assert reply.passed and reply.kept == rack and reply.board == view.board
            continue
        tried += 1
        best = -1e9
        for m in moves:
            _tiles, used = laid(m, view.board)
            kept = list(rack)
            for ch in used:
                kept.remove(ch)
            best = max(best, m[4] + leaves.value("".join(kept)))
        assert reply.score + leaves.value(reply.kept) == pytest.approx(best)
        assert len(reply.board.tiles()) > len(view.board.tiles())
    assert tried >= 3


def test_cached_lines_give_the_same_moves(views, en_rules, en_small):
    cache: dict = {}
    rng = random.Random(8)
    racks = ["".join(rng.sample(views[5].unseen, 7)) for _ in range(2)]
    for view in views[::3]:
        lines = analyse(view.board, en_small, en_rules)
        for rack in racks:
            plain = raw_moves(lines, rack, en_small, en_rules)
            cached = raw_moves(lines, rack, en_small, en_rules, cache)
            again = raw_moves(lines, rack, en_small, en_rules, cache)
            assert sorted(plain) == sorted(cached) == sorted(again)
    assert cache


def test_bad_settings_are_refused(en_rules):
    with pytest.raises(ValueError, match="1 or 2 plies"):
        SimulationPlayer(load_leaves(en_rules), plies=3)


def test_an_exchange_is_played_out_like_a_placement(views, en_rules):
    from solvers.erudit.moves import Exchange

    view = _midgame(views, en_rules)[0]
    bad = TurnView(en_rules, view.graph, view.board, view.lines, "UUVVWWQ", view.bag_count,
                   view.unseen, view.scores)
    player = SimulationPlayer(load_leaves(en_rules), think=60, seed=1, max_rounds=3)
    ranked = player.static.ranked(bad, top=8)
    assert any(isinstance(d.move, Exchange) for d in ranked)
    result = player.simulate(bad, ranked)
    assert result.total == 3 and all(abs(m) < 1000 for m in result.means)
    assert player(bad).move in [d.move for d in ranked]


def test_racing_drops_candidates_clearly_behind_and_stops_early(views, en_rules):
    leaves = load_leaves(en_rules)
    dropped = decided = 0
    for view in _midgame(views, en_rules)[:4]:
        player = SimulationPlayer(leaves, think=600, seed=2, max_rounds=60, candidates=6)
        ranked = player.static.ranked(view, top=6)
        result = player.simulate(view, ranked)
        assert result.total >= player.min_rounds
        assert set(result.alive) <= set(range(len(ranked)))
        for i, n in enumerate(result.rounds):
            if i in result.alive:
                assert n == result.total
            else:
                dropped += 1
                assert player.min_rounds <= n <= result.total
        decided += len(result.alive) == 1 and result.total < 60
        plain = SimulationPlayer(leaves, think=600, seed=2, max_rounds=8, candidates=6, z=None)
        every = plain.simulate(view, ranked)
        assert every.rounds == [8] * len(ranked) and every.alive == list(range(len(ranked)))
    assert dropped and decided


def test_a_playout_to_the_end_scores_going_out_and_two_passes(en_rules, tiny):
    from solvers.erudit.board import Board
    from solvers.erudit.playout import play_to_end

    board = Board.empty().place([(7 * 15 + 7 + i, ch) for i, ch in enumerate("CAT")])
    lines = analyse(board, tiny, en_rules)
    replier = Replier(load_leaves(en_rules), tiny, en_rules)
    # S makes CATS and goes out: its points plus twice the other rack (Q 10 + X 8)
    cats = max(m[4] for m in raw_moves(lines, "S", tiny, en_rules))
    assert play_to_end(replier, lines, board, "S", "QX", []) == cats + 2 * 18
    # nothing fits V: two passes end the game, each side losing its own rack
    assert play_to_end(replier, lines, board, "V", "VV", []) == -4 + 8
