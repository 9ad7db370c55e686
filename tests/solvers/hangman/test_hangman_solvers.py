"""The Hangman solvers against slow oracles, and the guarantees they are built on.

- greedy plays exactly seed 001's rule (its own doctest table, then random word lists);
- the vectorised greedy play-out and the rollout agree with word-by-word greedy play;
- the exact searches equal plain recursion over every letter;
- the look-ahead solvers never do worse than greedy under their prior: fewer expected misses
  (``expected``) and more wins (``maxwin``) on every word list (policy improvement).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.hangman.evaluate import play_dictionary
from solvers.hangman.exact import ExactSearch
from solvers.hangman.greedy import greedy_misses
from solvers.hangman.lexicon import Lexicon
from solvers.hangman.moves import ALPHABET
from solvers.hangman.rollout import rollout_misses
from solvers.hangman.state import State
from solvers.hangman.strategies import ExpectedSolver, MaxWinSolver, make_solver
from tests.solvers.hangman.hangman_oracle import (
    best_expected,
    best_win,
    greedy_play,
    word_pool,
)

word_lists = st.lists(st.sampled_from(word_pool()), min_size=2, max_size=40, unique=True)
small_sets = st.lists(st.sampled_from(word_pool()), min_size=2, max_size=7, unique=True)


def test_greedy_reproduces_the_seed_table():
    lexicon = Lexicon("deed even eyes heel mere peep star".split())
    out = play_dictionary(make_solver("greedy", lexicon))
    table = sorted(zip(out.misses, map(len, out.guesses), out.words, out.guesses, strict=True))
    assert table == [
        (0, 1, "mere", "e"),
        (0, 2, "deed", "ed"),
        (0, 2, "even", "en"),
        (1, 1, "star", "e"),
        (1, 2, "eyes", "en"),
        (1, 3, "heel", "edh"),
        (2, 3, "peep", "edh"),
    ]


@settings(max_examples=40, deadline=None)
@given(word_lists)
def test_greedy_plays_every_word_as_the_seed_would(words):
    out = play_dictionary(make_solver("greedy", Lexicon(words)))
    for word, misses, guesses in zip(out.words, out.misses, out.guesses, strict=True):
        assert (misses, guesses) == greedy_play(words, word)


@settings(max_examples=40, deadline=None)
@given(word_lists)
def test_vectorised_greedy_counts_the_same_misses(words):
    wc = Lexicon(words).word_class(6)
    misses = greedy_misses(
        wc, np.arange(wc.size), np.zeros(wc.size, dtype=np.int64), np.zeros((1, 26), dtype=bool)
    )
    for i, word in enumerate(wc.words):
        assert misses[i] == greedy_play(words, word)[0], word


@settings(max_examples=30, deadline=None)
@given(word_lists, st.data())
def test_rollout_is_one_guess_then_greedy(words, data):
    wc = Lexicon(words).word_class(6)
    letters = np.array(
        sorted(data.draw(st.sets(st.sampled_from(range(26)), min_size=1, max_size=4)))
    )
    misses = rollout_misses(wc, np.arange(wc.size), np.zeros(26, dtype=bool), letters)
    for r, c in enumerate(letters):
        for i, word in enumerate(wc.words):
            expected, _ = greedy_play(words, word, ALPHABET[c])
            assert misses[r, i] == expected, (ALPHABET[c], word)


@settings(max_examples=60, deadline=None)
@given(small_sets, st.integers(min_value=1, max_value=5))
def test_exact_search_equals_brute_force(words, lives):
    wc = Lexicon(words).word_class(6)
    search = ExactSearch(wc)
    s = tuple(range(wc.size))
    ordered = tuple(wc.words)
    value, letter = search.expected(s)
    assert value == pytest.approx(best_expected(ordered), abs=1e-9)
    win, _, _ = search.max_win(s, lives)
    assert win == pytest.approx(best_win(ordered, lives), abs=1e-9)
    assert 0 <= letter < 26


@settings(max_examples=25, deadline=None)
@given(word_lists, st.sampled_from([1, 3, 8]))
def test_expected_never_needs_more_misses_than_greedy(words, exact_size):
    lexicon = Lexicon(words)
    greedy = play_dictionary(make_solver("greedy", lexicon)).miss_array()
    solver = ExpectedSolver(lexicon, exact_size=exact_size)
    better = play_dictionary(solver).miss_array()
    assert better.mean() <= greedy.mean() + 1e-9


@settings(max_examples=25, deadline=None)
@given(word_lists, st.sampled_from([1, 3, 8]), st.integers(min_value=1, max_value=4))
def test_maxwin_never_wins_fewer_words_than_greedy(words, exact_size, limit):
    lexicon = Lexicon(words)
    greedy = play_dictionary(make_solver("greedy", lexicon, limit)).won(limit)
    solver = MaxWinSolver(lexicon, limit, exact_size=exact_size)
    assert play_dictionary(solver).won(limit).sum() >= greedy.sum()


@settings(max_examples=20, deadline=None)
@given(word_lists, st.sampled_from(["greedy", "expected", "maxwin"]))
def test_decide_plays_the_same_game_as_the_dictionary_walk(words, name):
    """``decide`` (from a state, as the bot uses it) and the bench walk agree word for word."""
    lexicon = Lexicon(words)
    walk = play_dictionary(make_solver(name, lexicon)).by_word()
    solver = make_solver(name, lexicon)
    for word in words:
        state, guesses = State.start(6), ""
        while len([w for w in words if state.matches(w)]) > 1:
            decision = solver.decide(state)
            letter = decision.move.letter
            assert letter not in state.guessed
            guesses += letter
            state = state.after(letter, word)
        assert (state.misses, guesses) == walk[word]


def test_free_letters_come_first_and_a_known_word_costs_nothing():
    solver = make_solver("maxwin", Lexicon(["bashes", "sashes", "wagged"]))
    # 's' is in both -as-es words but at different places: free, and it tells them apart.
    free = solver.decide(State.from_text("-a--e- wrong=g"))
    assert (free.stage, free.move.letter, free.probability) == ("free", "s", 0.0)
    known = solver.decide(State.from_text("-a---- wrong=s"))
    assert known.stage == "known"
    assert known.move.letter in "wagged" and known.probability == 0.0


def test_no_fitting_word_is_a_clear_error():
    solver = make_solver("expected", Lexicon(["bagged", "bailed"]))
    with pytest.raises(ValueError, match="no word of the dictionary fits"):
        solver.decide(State.from_text("x----- "))
    with pytest.raises(ValueError, match="no word of 4 letters"):
        solver.decide(State.start(4))


@settings(max_examples=25, deadline=None)
@given(word_lists, st.data())
def test_lookahead_beats_greedy_under_any_prior(words, data):
    """With unequal word weights the guarantees hold for the weighted figures."""
    weights = np.array(
        data.draw(st.lists(st.integers(1, 50), min_size=len(words), max_size=len(words))),
        dtype=float,
    )
    lexicon = Lexicon(words, weights)
    w = dict(zip(words, weights, strict=True))

    def weighted(values: np.ndarray, order: list[str]) -> float:
        return float(sum(w[word] * v for word, v in zip(order, values, strict=True)))

    greedy = play_dictionary(make_solver("greedy", lexicon, 3))
    expected = play_dictionary(ExpectedSolver(lexicon, 3, exact_size=3))
    maxwin = play_dictionary(MaxWinSolver(lexicon, 3, exact_size=3))
    assert (
        weighted(expected.miss_array(), expected.words)
        <= weighted(greedy.miss_array(), greedy.words) + 1e-6
    )
    assert weighted(maxwin.won(3), maxwin.words) >= weighted(greedy.won(3), greedy.words) - 1e-6
