"""Leave values: the model adds its parts, the fit recovers planted values from groups that
share an unknown offset, rollouts measure what they say, the shipped files load."""

from __future__ import annotations

import random

import pytest

from solvers.erudit.leave_fit import fit_groups, fit_with_holdout, holdout_rmse
from solvers.erudit.leave_rollouts import (
    RolloutGroup,
    group_line,
    measure_rack,
    rack_leaves,
    read_groups,
)
from solvers.erudit.leaves import LeaveModel, load_leaves, save_leaves
from solvers.erudit.lines import analyse
from solvers.erudit.movegen import raw_moves
from solvers.erudit.playout import Replier, laid
from solvers.erudit.rules import load_rules


def test_value_adds_tiles_duplicates_balance_pairs_and_table():
    model = LeaveModel({"A": 1.0, "B": 2.0}, {"A": -3.0}, {(2, 1): 0.5}, frozenset("AEIOU"),
                       pair={"AB": 4.0}, table={"AAB": 0.25})
    assert model.value("") == 0.0
    assert model.value("B") == 2.0
    assert model.value("BA") == 1 + 2 + 4.0  # (1, 1) has no balance term
    assert model.value("ABA") == 1 + 1 + 2 - 3 + 0.5 + 4.0 + 0.25


def test_a_saved_model_reads_back_the_same(tmp_path, en_rules):
    model = LeaveModel({"A": 1.5, "*": 20.0}, {"A": -3.0}, {(1, 1): 0.5},
                       frozenset(en_rules.vowels), pair={"*A": 2.0}, table={"A*B": 1.25})
    path = tmp_path / "leaves.json"
    save_leaves(model, path, {"command": "test"})
    import json

    back = LeaveModel.from_json(json.loads(path.read_text(encoding="utf-8")), en_rules.vowels)
    for leave in ("", "A", "A*", "BA*", "AAB"):
        assert back.value(leave) == pytest.approx(model.value(leave))


def _planted(leave: str) -> float:
    tiles = {"*": 25.0, "S": 8.0, "Q": -7.0, "E": 2.0, "V": -4.0}
    value = sum(tiles.get(ch, 0.0) for ch in leave)
    if "Q" in leave and "U" in leave:
        value += 9.0
    if leave.count("E") > 1:
        value -= 5.0 * (leave.count("E") - 1)
    return value


def _groups(rules, n: int, noise: float, seed: int) -> list[RolloutGroup]:
    rng = random.Random(seed)
    bag = list(rules.full_bag()) + ["Q", "U"] * 3  # enough Q-U pairs to see the synergy
    out = []
    for _ in range(n):
        rack = "".join(rng.sample(bag, 7))
        leaves = rack_leaves(rack, 6)
        offset = rng.uniform(10, 60)  # how good the board is: shared by the whole group
        values = [offset + _planted(leave) + rng.gauss(0, noise) for leave in leaves]
        out.append(RolloutGroup(rack, tuple(leaves), tuple(values)))
    return out


def test_the_fit_recovers_planted_values_whatever_each_board_adds(en_rules):
    model = fit_groups(_groups(en_rules, 400, 3.0, 4), en_rules, ridge=1.0, shrink=4.0)
    for ch, want in (("*", 25.0), ("S", 8.0), ("Q", -7.0), ("E", 2.0), ("V", -4.0)):
        assert model.tile[ch] == pytest.approx(want, abs=1.0), ch
    assert model.pair["QU"] == pytest.approx(9.0, abs=1.5)
    assert model.duplicate["E"] == pytest.approx(-5.0, abs=1.5)
    for leave in ("QU", "SE*", "EEV", "QSU"):
        assert model.value(leave) == pytest.approx(_planted(leave), abs=2.5), leave


def test_the_table_corrects_what_the_parts_cannot_say(en_rules):
    def odd(leave: str) -> float:  # one leave worth far more than its parts
        return 30.0 if leave == "ER" else 0.0

    rng = random.Random(2)
    groups = []
    for _ in range(300):
        rack = "".join(rng.sample("EERRSTTAAINOL", 7))
        leaves = rack_leaves(rack, 6)
        groups.append(RolloutGroup(rack, tuple(leaves),
                                   tuple(odd(x) + rng.gauss(0, 1) for x in leaves)))
    plain = fit_groups(groups, en_rules, ridge=1.0, shrink=1e9)  # no table to speak of
    model = fit_groups(groups, en_rules, ridge=1.0, shrink=2.0)
    assert abs(model.value("ER") - 30.0) < abs(plain.value("ER") - 30.0)
    assert model.value("ER") == pytest.approx(30.0, abs=4.0)
    assert "ER" in model.table


def test_holdout_prefers_the_fit_to_no_values(en_rules):
    groups = _groups(en_rules, 200, 6.0, 9)
    model, report, chosen = fit_with_holdout(groups, en_rules, LeaveModel.zero(en_rules))
    assert report.rmse < report.rmse_zero == report.rmse_before
    assert report.groups == 200 and report.holdout_groups == 40
    assert chosen["ridge"] > 0 and chosen["shrink"] > 0
    assert holdout_rmse(model, groups) < report.rmse_zero


def test_rack_leaves_are_every_distinct_subset_up_to_the_size():
    leaves = rack_leaves("AAB", 2)
    assert leaves == ["", "A", "B", "AA", "AB"]
    assert len(rack_leaves("ABCDEFG", 6)) == 2**7 - 1


def _best_equity(view_lines, board, rack, graph, rules, leaves, exchange):
    best = 0.0
    for m in raw_moves(view_lines, rack, graph, rules):
        _tiles, used = laid(m, board)
        kept = list(rack)
        for ch in used:
            kept.remove(ch)
        best = max(best, m[4] + leaves.value("".join(kept)))
    if exchange:
        from itertools import combinations

        best = max([best] + [leaves.value("".join(k)) for n in range(len(rack))
                             for k in combinations(rack, n)])
    return best


def test_a_rollout_is_the_mean_best_equity_of_each_leave_over_shared_draws(en_rules, en_small):
    from solvers.erudit.board import Board
    from solvers.erudit.game import play_game
    from solvers.erudit.player import greedy

    leaves = load_leaves(en_rules)
    record = play_game((greedy, greedy), en_rules, en_small, random.Random(6))
    turn = next(t for t in record.turns if len(t.board_before.tiles()) >= 12)
    board: Board = turn.board_before
    pool = list(en_rules.full_bag())
    for ch in board.tiles():
        pool.remove(ch)
    pool_text = "".join(pool)
    rack = "AEINRST"
    group = measure_rack(board, pool_text, rack, 2, random.Random(1),
                         Replier(leaves, en_small, en_rules, reuse_lines=False))
    again = measure_rack(board, pool_text, rack, 2, random.Random(1),
                         Replier(leaves, en_small, en_rules, reuse_lines=False))
    assert group == again
    assert group.leaves[0] == "" and set(group.leaves) == set(rack_leaves(rack, 6))
    # the draws: the same two shuffles of the tiles left once the rack is taken out
    rng = random.Random(1)
    rest = list(pool_text)
    for ch in rack:
        rest.remove(ch)
    shuffles = [rng.sample(rest, 7) for _ in range(2)]
    lines = analyse(board, en_small, en_rules)
    for leave, value in list(zip(group.leaves, group.values, strict=True))[::9]:
        need = 7 - len(leave)
        want = sum(_best_equity(lines, board, leave + "".join(s[:need]), en_small, en_rules,
                                leaves, True) for s in shuffles) / 2
        assert value == pytest.approx(want), leave


def test_groups_read_back_and_a_bad_line_is_named(tmp_path):
    group = RolloutGroup("AB", ("", "A", "B"), (1.0, 2.5, -0.25))
    path = tmp_path / "groups.jsonl"
    path.write_text(group_line(group) + "\n\n" + group_line(group) + "\n", encoding="utf-8")
    assert read_groups(path) == [group, group]
    path.write_text(group_line(group) + '\n{"rack": "A", "leaves": [""]}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="line 2"):
        read_groups(path)


@pytest.mark.parametrize("name", ["erudit", "scrabble-ru", "scrabble-en"])
def test_shipped_models_load(name):
    rules = load_rules(name)
    model = load_leaves(rules)
    assert isinstance(model.value("*"), float)
