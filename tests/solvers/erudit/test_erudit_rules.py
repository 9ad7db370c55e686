"""Rules as data: tile sets, premium grids and options."""

from __future__ import annotations

import pytest

from solvers.erudit.rules import RulesError, load_rules, parse_premiums, square_index


@pytest.mark.parametrize(
    ("name", "tiles", "wildcards", "bingo"),
    [("erudit", 131, 3, 15), ("scrabble-ru", 104, 2, 50), ("scrabble-en", 100, 2, 50)],
)
def test_tile_sets(name, tiles, wildcards, bingo):
    rules = load_rules(name)
    assert len(rules.full_bag()) == tiles
    assert rules.full_bag().count("*") == wildcards
    assert rules.bingo_bonus == bingo
    assert rules.rack_size == 7
    assert rules.start == square_index("H8") == 7 * 15 + 7


def test_erudit_values_from_the_issue():
    rules = load_rules("erudit")
    assert (rules.counts["А"], rules.values["А"]) == (10, 1)
    assert (rules.counts["Ф"], rules.values["Ф"]) == (1, 10)
    assert (rules.counts["Я"], rules.values["Я"]) == (3, 3)
    assert sum(rules.counts.values()) == 128


def test_premium_grids_are_symmetric_and_standard():
    for name in ("erudit", "scrabble-en"):
        rules = load_rules(name)
        lm, wm = rules.letter_mult, rules.word_mult
        for r in range(15):
            for c in range(15):
                i, j = r * 15 + c, c * 15 + r
                assert (lm[i], wm[i]) == (lm[j], wm[j])
                assert (lm[i], wm[i]) == (lm[(14 - r) * 15 + c], wm[(14 - r) * 15 + c])
        assert wm[0] == 3 and lm[3] == 2 and lm[1 * 15 + 5] == 3 and wm[1 * 15 + 1] == 2
    assert load_rules("scrabble-en").word_mult[7 * 15 + 7] == 2


def test_wildcard_values_follow_the_option():
    rules = load_rules("erudit")
    assert rules.tile_value("ф") == 0
    assert rules.with_options(wildcard_scoring="letter").tile_value("ф") == 10
    assert rules.tile_value("Ф") == 10


def test_bad_premium_grid_names_line_and_column():
    grid = ["." * 15] * 15
    grid[3] = "." * 4 + "x" + "." * 10
    with pytest.raises(RulesError, match="line 4, column 5"):
        parse_premiums("\n".join(grid), "grid.txt")
    with pytest.raises(RulesError, match="14 lines"):
        parse_premiums("\n".join(grid[:14]), "grid.txt")


def test_unknown_rules_and_options_are_rejected():
    with pytest.raises(RulesError, match="unknown rules"):
        load_rules("monopoly")
    with pytest.raises(RulesError, match="wildcard scoring"):
        load_rules("erudit").with_options(wildcard_scoring="double")
    with pytest.raises(RulesError, match="bad square"):
        square_index("P3")
