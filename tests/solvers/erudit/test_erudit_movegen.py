"""The move generator against the brute-force oracle, and the classic wildcard bugs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.erudit.board import Board
from solvers.erudit.bruteforce import brute_force_moves, generator_moves
from solvers.erudit.movegen import generate
from solvers.erudit.moves import Placement
from solvers.erudit.scoring import check_placement, score_tiles
from solvers.erudit.verify import check_positions, random_board


def _moves(board, rack, graph, rules):
    return {p.placement.to_text(): p.score for p in generate(board, rack, graph, rules)}


@pytest.mark.parametrize("which", ["en", "ru"])
def test_generator_equals_brute_force_on_random_positions(which, request):
    rules = request.getfixturevalue(f"{which}_rules")
    graph = request.getfixturevalue(f"{which}_small")
    report = check_positions(rules, graph, 12, seed=5 if which == "en" else 6)
    assert report["mismatches"] == []
    assert report["positions_identical"] == 12
    assert report["moves_checked"] > 100  # the positions are not trivially empty


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), rack=st.text(alphabet="AEIRSTNLCXQZ*", min_size=1, max_size=7))
def test_every_generated_play_is_legal_with_the_same_score(en_rules, en_small, seed, rack):
    board, _ = random_board(en_rules, en_small, random.Random(seed))
    for play in generate(board, rack, en_small, en_rules):
        score, used = check_placement(board, play.placement, rack, en_small, en_rules)
        assert score == play.score
        assert sorted(used) == sorted(play.used)


def test_first_move_must_cover_the_start_square(en_rules, tiny):
    moves = _moves(Board.empty(), "CAT", tiny, en_rules)
    # CAT across through H8 from F8, G8 or H8, and the same down; premiums: H8 is double word
    assert moves["F8 CAT across"] == 10 and moves["H8 CAT down"] == 10
    assert all("8" in m.split()[0] or m.split()[0].startswith("H") for m in moves)
    assert len(moves) == 2 * (3 + 3 + 2 + 2)  # CAT, ACT in 3 places each; AT, TA in 2


def test_bingo_with_a_wildcard_gets_the_bonus(en_rules, tiny):
    moves = _moves(Board.empty(), "RETAIN*", tiny, en_rules)
    # H8-N8: R E T A I(L8, double letter) N s(wildcard, 0) = 7, doubled on H8 = 14, +50
    assert moves["H8 RETAINs across"] == 64
    # STAINER with the wildcard as its S: s(0) T A I N(L8, x2) E R = 7 -> 64
    assert moves["H8 sTAINER across"] == 64
    seven = [m for m in generate(Board.empty(), "RETAIN*", tiny, en_rules) if len(m.used) == 7]
    assert seven and all(m.score >= 50 for m in seven)


@pytest.mark.parametrize("bonus", [0, 35])
def test_a_site_with_another_all_tiles_bonus_scores_the_bingo_its_way(en_rules, tiny, bonus):
    site = en_rules.with_options(bingo_bonus=bonus)
    assert _moves(Board.empty(), "RETAIN*", tiny, site)["H8 RETAINs across"] == 14 + bonus
    assert _moves(Board.empty(), "CAT", tiny, site)["F8 CAT across"] == 10  # no whole rack
    with pytest.raises(ValueError, match="all-tiles bonus"):
        en_rules.with_options(bingo_bonus=-1)


def test_wildcard_scores_zero_even_on_a_letter_premium(en_rules, tiny):
    # AX down from H7: X on a plain square; with X as a wildcard it scores nothing there
    board = Board.empty().place([(7 * 15 + 7, "A"), (7 * 15 + 8, "T")])  # AT across on H8
    real = _moves(board, "X", tiny, en_rules)
    blank = _moves(board, "*", tiny, en_rules)
    assert real["H8 AX down"] == 1 + 8
    assert blank["H8 Ax down"] == 1
    # letter-valued wildcards (an Erudit site option) score like the letter, premiums included
    letter = en_rules.with_options(wildcard_scoring="letter")
    assert _moves(board, "*", tiny, letter)["H8 Ax down"] == 9


def test_wildcard_on_the_board_scores_zero_in_later_words(en_rules, tiny):
    board = Board.empty().place([(7 * 15 + 7, "c"), (7 * 15 + 8, "A"), (7 * 15 + 9, "T")])
    moves = _moves(board, "S", tiny, en_rules)
    assert moves["H8 cATS across"] == 0 + 1 + 1 + 1


def test_wildcard_and_real_tile_give_two_moves(en_rules, tiny):
    moves = _moves(Board.empty(), "A*T", tiny, en_rules)
    # the A can be the real tile or the wildcard: both are moves, scored differently
    assert moves["H8 AT across"] == 4 and moves["H8 aT across"] == 2
    assert moves["H8 At across"] == 2 and "H8 at across" not in moves  # only one wildcard


def test_one_tile_forming_two_words_is_listed_once(en_rules, tiny):
    board = Board.empty().place([(7 * 15 + 7, "A"), (8 * 15 + 8, "A")])
    moves = generate(board, "T", tiny, en_rules)
    keys = [frozenset(p.placement.new_tiles(board)) for p in moves]
    assert len(keys) == len(set(keys))
    at_i8 = [p for p in moves if p.placement.new_tiles(board) == [(7 * 15 + 8, "T")]]
    assert len(at_i8) == 1
    assert at_i8[0].score == score_tiles(board, [(7 * 15 + 8, "T")], True, en_rules)


def test_cross_checks_come_from_the_whole_board(en_rules, tiny):
    # a stray letter (a misread, say) blocks squares next to it
    board = Board.empty().place([(7 * 15 + 7, "Q"), (7 * 15 + 8, "I")])
    assert _moves(board, "Z", tiny, en_rules) == {}
    moves = _moves(board, "A", tiny, en_rules)
    assert "I7 AI down" not in moves  # AI is not in the tiny list
    assert generator_moves(generate(board, "AXT", tiny, en_rules), board) == brute_force_moves(
        board, "AXT", tiny, en_rules
    )


def test_perft_counts(en_rules, ru_rules, en_small, ru_small):
    """Perft-style: counts and score sums of fixed positions agree with the brute force."""
    cases = [
        (en_rules, en_small, 3, "EARST*Q"),
        (ru_rules, ru_small, 4, "АОКТСИ*"),
    ]
    for rules, graph, seed, rack in cases:
        board, _ = random_board(rules, graph, random.Random(seed))
        fast = generator_moves(generate(board, rack, graph, rules), board)
        slow = brute_force_moves(board, rack, graph, rules)
        assert len(fast) == len(slow) > 50
        assert sum(fast.values()) == sum(slow.values())


def test_placement_checks_reject_illegal_moves(en_rules, tiny):
    from solvers.erudit.scoring import IllegalMoveError

    empty = Board.empty()
    with pytest.raises(IllegalMoveError, match="must cover H8"):
        check_placement(empty, Placement(0, 0, True, "CAT"), "CAT", tiny, en_rules)
    with pytest.raises(IllegalMoveError, match="has no 'X'"):
        check_placement(empty, Placement(7, 7, True, "AX"), "AT", tiny, en_rules)
    with pytest.raises(IllegalMoveError, match="not in the dictionary"):
        check_placement(empty, Placement(7, 7, True, "TAT"), "TAT", tiny, en_rules)


def test_wildcard_variants_with_equal_scores_are_merged(en_rules, tiny):
    from solvers.erudit.lines import analyse
    from solvers.erudit.movegen import merge_wildcard_variants, raw_moves

    raw = raw_moves(analyse(Board.empty(), tiny, en_rules), "A*", tiny, en_rules)
    words = {m[3] for m in raw if m[0] and m[2] == 7}
    assert {"At", "Ax", "Ah"} <= words  # A then a wildcard on I8: three different words
    merged = merge_wildcard_variants(raw)
    assert len(merged) < len(raw)
    groups = {rep[3]: others for rep, others in merged if rep[0] and rep[2] == 7}
    variants = [sorted([rep, *others]) for rep, others in groups.items() if rep[0] == "A"]
    assert ["Ah", "At", "Ax"] in variants
    # with letter-valued wildcards the scores differ, so nothing merges across letters
    letter = en_rules.with_options(wildcard_scoring="letter")
    raw2 = raw_moves(analyse(Board.empty(), tiny, letter), "A*", tiny, letter)
    for rep, others in merge_wildcard_variants(raw2):
        assert all(m[4] == rep[4] for m in raw2 if m[3] in others)


def test_perft_fixture_with_the_full_word_lists():
    """Stored counts (checked against the brute force with the full lists when recorded)."""
    import json
    from pathlib import Path

    from solvers.erudit.dictionary import graph_for
    from solvers.erudit.position import Position

    data = json.loads((Path(__file__).parent / "perft.json").read_text(encoding="utf-8"))
    assert len(data["cases"]) >= 5
    for case in data["cases"]:
        position = Position.from_text(case["position"])
        graph = graph_for(position.rules.dictionary)
        plays = generate(position.board, position.rack, graph, position.rules)
        assert len(plays) == case["moves"], position.rules.name
        assert sum(p.score for p in plays) == case["score_sum"]
        assert max(p.score for p in plays) == case["best_score"]
