"""Playing Balda moves: each broken rule is named, and scores, turns and passes add up."""

from dataclasses import replace

import pytest

from solvers.balda import BaldaMove, BaldaMoveError, BaldaRules, BaldaState

WORDS = {"КБ", "КБА", "БАЛДАК"}


@pytest.fixture
def start() -> BaldaState:
    return BaldaState.new("БАЛДА")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("Б@2,0 path 2,0-2,1 word БА", "cell 2,0 is taken"),
        ("К@0,0 path 0,0-0,1 word КО", "touches no letter"),
        ("К@1,0 path 1,0-2,1 word КА", "are not adjacent"),
        ("К@1,0 path 1,0-2,0-2,1-2,0 word КБАБ", "visits a cell twice"),
        ("К@1,0 path 1,0-2,0 word КА", "cell 2,0 is Б, not А"),
        ("К@1,0 path 1,0-0,0 word КА", "cell 0,0 is empty, not А"),
        ("К@1,0 path 1,0-2,0-2,1-2,2 word КБАЛ", "not in the dictionary"),
        ("К@7,0 path 7,0-2,0 word КБ", "outside the 5x5 grid"),
    ],
)
def test_each_broken_rule_is_named(start, text, problem):
    with pytest.raises(BaldaMoveError, match=problem):
        start.check_move(BaldaMove.from_text(text), WORDS)


def test_minimum_length_and_used_words(start):
    move = BaldaMove.from_text("К@1,0 path 1,0-2,0 word КБ")
    start.check_move(move, WORDS)
    strict = replace(start, rules=BaldaRules(min_length=3))
    with pytest.raises(BaldaMoveError, match="at least 3 letters"):
        strict.check_move(move, WORDS)
    after = start.play(move, WORDS)
    with pytest.raises(BaldaMoveError, match="КБ was already used"):
        after.check_move(BaldaMove.from_text("К@3,0 path 3,0-2,0 word КБ"), WORDS)


def test_diagonal_rules_allow_diagonal_steps(start):
    diagonal = replace(start, rules=BaldaRules(diagonal=True))
    move = BaldaMove.from_text("К@1,0 path 1,0-2,1 word КА")
    diagonal.check_move(move)
    with pytest.raises(BaldaMoveError, match="not adjacent"):
        start.check_move(move)


def test_without_a_dictionary_only_the_board_is_checked(start):
    start.check_move(BaldaMove.from_text("К@1,0 path 1,0-2,0-2,1-2,2 word КБАЛ"))


def test_play_scores_turns_and_used_words(start):
    first = start.play(BaldaMove.from_text("К@1,0 path 1,0-2,0-2,1 word КБА"), WORDS)
    assert first.scores == (3, 0) and first.to_move == 1
    assert first.used == ("БАЛДА", "КБА") and first.letter((1, 0)) == "К"
    assert first.empty_count == start.empty_count - 1
    assert first.score_difference == -3
    move = BaldaMove.from_text("К@3,4 path 2,0-2,1-2,2-2,3-2,4-3,4 word БАЛДАК")
    second = first.play(move, WORDS)
    assert second.scores == (3, 6) and second.to_move == 0 and second.score_difference == -3
    assert BaldaState.from_text(second.to_text()) == second


def test_passes_end_the_game(start):
    once = start.play(BaldaMove.passing())
    assert once.passes == 1 and once.to_move == 1 and not once.is_over
    reset = once.play(BaldaMove.from_text("К@1,0 path 1,0-2,0 word КБ"), WORDS)
    assert reset.passes == 0
    twice = once.play(BaldaMove.passing())
    assert twice.is_over
    with pytest.raises(BaldaMoveError, match="game is over"):
        twice.check_move(BaldaMove.passing())


def test_full_grid_is_over():
    state = BaldaState.from_text("АБВ\nГДЕ\nЖЗИ\n")
    assert state.empty_count == 0 and state.is_over
