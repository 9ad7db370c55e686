"""Self-play games: tiles are conserved, scores add up, the end rules apply."""

from __future__ import annotations

import random

from solvers.erudit.game import play_game, rack_value
from solvers.erudit.leaves import LeaveModel
from solvers.erudit.player import EquityPlayer, greedy
from solvers.erudit.selfplay import play_match


def test_a_game_adds_up(en_rules, en_small):
    equity = EquityPlayer(LeaveModel.zero(en_rules), endgame_budget=200)
    record = play_game((equity, greedy), en_rules, en_small, random.Random(3))
    assert record.turns
    for p in (0, 1):
        laid = sum(t.points for t in record.turns if t.player == p)
        # the final score is the points laid plus or minus rack values at the end
        assert abs(record.scores[p] - laid) <= 2 * sum(en_rules.values.values())
    board = record.turns[-1].board_before
    assert len(board.tiles()) <= 100


def test_end_of_game_bonuses(en_rules, en_small):
    ends = set()
    for seed in range(6):
        record = play_game((greedy, greedy), en_rules, en_small, random.Random(seed))
        last = record.turns[-1]
        laid = [sum(t.points for t in record.turns if t.player == p) for p in (0, 1)]
        change = [record.scores[p] - laid[p] for p in (0, 1)]
        if last.kept == "" and last.bag_after == 0:
            # the last player went out: they gain exactly what the other loses
            assert change[last.player] == -change[1 - last.player] >= 0
            ends.add("out")
        else:
            # six scoreless turns (or two passes with an empty bag): each loses its own rack
            assert change[0] <= 0 and change[1] <= 0
            assert last.points == 0
            ends.add("scoreless")
    assert rack_value("QZ", en_rules) == 20
    assert ends


def test_match_counts_and_alternates(en_rules, en_small):
    """Games alternate who starts (A starts the even ones), turns alternate inside each game,
    and the match's counts add up to its games' records."""
    records = []
    result = play_match(
        greedy, greedy, en_rules, en_small, 4, seed=2, keep_boards=3,
        on_game=lambda i, record, _result: records.append((i, record)),
    )
    assert [i for i, _ in records] == [0, 1, 2, 3]
    for i, record in records:
        players = [t.player for t in record.turns]
        assert players[0] == i % 2, f"game {i} started by player {players[0]}"
        assert players == [(i + k) % 2 for k in range(len(players))], f"game {i}: {players}"
    assert result.games == 4 == result.wins + result.losses + result.ties
    assert result.wins == sum(r.scores[0] > r.scores[1] for _, r in records)
    assert result.losses == sum(r.scores[0] < r.scores[1] for _, r in records)
    for p in (0, 1):
        assert result.turns[p] == sum(len(r.points(p)) for _, r in records) > 0
        assert result.points[p] == sum(sum(r.points(p)) for _, r in records)
        assert result.final[p] == sum(r.scores[p] for _, r in records)
    assert len(result.boards) == 3
