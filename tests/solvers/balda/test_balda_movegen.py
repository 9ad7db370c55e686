"""Move generation: the trie walk finds exactly the moves the brute-force oracle finds."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.balda import BaldaRules, BaldaState, generate_moves
from solvers.balda.movegen import longest_move, state_raw_moves
from solvers.balda.oracle import brute_force_moves
from solvers.balda.positions import midgame_positions, random_position
from tests.solvers.balda.conftest import DENSE_LETTERS
from tests.solvers.balda.perft import read_fixture

LAYOUTS = [
    BaldaRules(),
    BaldaRules(),
    BaldaRules(),
    BaldaRules(diagonal=True),
    BaldaRules(size=6),
    BaldaRules(size=7, min_length=3),
    BaldaRules(size=4),
]


def check_against_oracle(state, lexicon):
    moves = state_raw_moves(state, lexicon)
    assert len(set(moves)) == len(moves), "a move was generated twice"
    assert set(moves) == brute_force_moves(state, lexicon.words), state.to_text()


def test_matches_oracle_on_300_random_positions(dense):
    # Every stage of the game, several rule sets; the dense word list keeps the oracle fast.
    rng = random.Random(11)
    for i in range(300):
        rules = LAYOUTS[i % len(LAYOUTS)]
        plies = rng.randint(0, rules.size * rules.size - rules.size)
        check_against_oracle(random_position(dense, rng, plies, rules), dense)


def test_matches_oracle_with_the_full_dictionary(russian):
    for state in midgame_positions(russian, random.Random(5), 8):
        check_against_oracle(state, russian)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_matches_oracle_on_arbitrary_grids(dense, data):
    # Grids no game would reach: scattered letters, holes, islands.
    size = data.draw(st.integers(3, 6))
    letters = st.sampled_from(sorted(DENSE_LETTERS))
    grid = data.draw(
        st.lists(st.one_of(st.just(""), letters), min_size=size * size, max_size=size * size)
    )
    rules = BaldaRules(size=size, diagonal=data.draw(st.booleans()))
    used = tuple(data.draw(st.lists(st.sampled_from(sorted(dense.words)), max_size=5)))
    check_against_oracle(BaldaState(rules=rules, grid=tuple(grid), used=used), dense)


def test_perft_fixture(russian):
    fixture = read_fixture()
    assert len(fixture) >= 10
    for state, count in fixture:
        assert len(state_raw_moves(state, russian)) == count, state.to_text()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_generated_moves_are_legal_and_score_their_length(dense, seed):
    state = random_position(dense, random.Random(seed), random.Random(seed).randint(0, 15))
    for move in generate_moves(state, dense):
        state.check_move(move, dense)
        after = state.play(move)
        assert after.scores[state.to_move] == state.scores[state.to_move] + len(move.word)


def test_generate_moves_order_and_end_of_game(dense):
    state = midgame_positions(dense, random.Random(3), 1)[0]
    moves = generate_moves(state, dense)
    keys = [(-len(m.word), m.to_text()) for m in moves]
    assert keys == sorted(keys)
    full = BaldaState.from_text("АБВ\nГДЕ\nЖЗИ\n")
    assert generate_moves(full, dense) == []


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), floor_shift=st.integers(-3, 3), goal=st.integers(2, 12))
def test_longest_move_respects_floor_and_target(dense, seed, floor_shift, goal):
    rng = random.Random(seed)
    state = random_position(dense, rng, rng.randint(0, 18))
    effects = {(m[0], m[1], m[2]) for m in state_raw_moves(state, dense)}
    best = max((len(e[2]) for e in effects), default=1)
    args = (state.grid, state.rules.neighbours, state.used_words, dense.trie)
    length, move = longest_move(*args, 1, 99)
    assert length == best
    assert (move is None) == (not effects)
    assert move is None or (move in effects and len(move[2]) == best)
    floor = max(1, best + floor_shift)
    length, move = longest_move(*args, floor, 99)
    assert (length, move is None) == ((best, False) if best > floor else (floor, True))
    length, move = longest_move(*args, 1, goal)
    if best >= goal:
        assert goal <= length <= best and move in effects and len(move[2]) == length
    else:
        assert length == best


@pytest.mark.parametrize("size", [5, 6, 7])
def test_opening_moves_extend_the_start_word(russian, size):
    state = random_position(russian, random.Random(size), 0, BaldaRules(size=size))
    moves = generate_moves(state, russian)
    assert moves, "every start word has some continuation"
    assert all(m.cell[0] in (state.rules.start_row - 1, state.rules.start_row + 1) for m in moves)
