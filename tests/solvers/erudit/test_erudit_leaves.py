"""Leave values: the fit recovers planted values; the model reads its data file."""

from __future__ import annotations

import random

import pytest

from solvers.erudit.leaves import LeaveModel, fit_leaves, load_leaves
from solvers.erudit.rules import load_rules


def test_fit_recovers_planted_tile_values(en_rules):
    planted = {"*": 20.0, "S": 7.0, "Q": -8.0, "E": 1.0}
    rng = random.Random(4)
    bag = list(en_rules.full_bag())
    samples = []
    for _ in range(6000):
        leave = "".join(rng.sample(bag, rng.randint(0, 6)))
        target = 30 + sum(planted.get(ch, 0.0) for ch in leave) + rng.gauss(0, 3)
        samples.append((leave, target))
    model = fit_leaves(samples, en_rules, ridge=1.0)
    # values are relative to the average leave, so compare differences between tiles
    base = model.tile["E"] - planted["E"]
    for ch, v in planted.items():
        assert model.tile[ch] - base == pytest.approx(v, abs=1.0)


def test_value_adds_tiles_duplicates_and_balance():
    model = LeaveModel({"A": 1.0, "B": 2.0}, {"A": -3.0}, {(2, 1): 0.5}, frozenset("AEIOU"))
    assert model.value("") == 0.0
    assert model.value("AAB") == 1 + 1 + 2 - 3 + 0.5
    assert model.value("B") == 2.0


@pytest.mark.parametrize("name", ["erudit", "scrabble-ru", "scrabble-en"])
def test_shipped_models_load(name):
    rules = load_rules(name)
    model = load_leaves(rules)
    assert isinstance(model.value("*"), float)
