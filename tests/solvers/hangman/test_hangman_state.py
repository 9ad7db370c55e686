"""Hangman states, guesses and the simulator: text round-trips, clear errors, the rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solvers.hangman import Game, Guess, State, StateTextError, Status
from solvers.hangman.moves import ALPHABET

words = st.text(alphabet=ALPHABET, min_size=1, max_size=12)


@st.composite
def states(draw: st.DrawFn) -> State:
    """A state some word and guesses lead to (so it is always a real position)."""
    word = draw(words)
    letters = draw(st.lists(st.sampled_from(ALPHABET), unique=True, max_size=26))
    state = State.start(len(word))
    for letter in letters:
        state = state.after(letter, word)
    return state


@given(states())
def test_state_text_round_trips(state):
    text = state.to_text()
    assert State.from_text(text) == state
    assert State.from_text(text).to_text() == text


@given(words, st.lists(st.sampled_from(ALPHABET), unique=True, max_size=26))
def test_the_hidden_word_always_fits_what_its_guesses_show(word, letters):
    state = State.start(len(word))
    for letter in letters:
        before = state
        state = state.after(letter, word)
        assert state.misses == before.misses + (letter not in word)
        assert state.guessed == before.guessed | {letter}
    assert state.matches(word)
    assert state.solved == (set(word) <= set(letters))


def test_state_text_examples():
    state = State.from_text("-----e-e- wrong=zxq")
    assert state.pattern == "-----e-e-"
    assert state.wrong == frozenset("qxz")
    assert state.to_text() == "-----e-e- wrong=qxz"
    assert State.from_text("___e__").to_text() == "---e--"
    assert State.start(6).to_text() == "------"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected 'PATTERN"),
        ("ab1--", "character 3 is '1'"),
        ("-a-- wrong=a", "both in the pattern"),
        ("---- wrong=xx", "repeated"),
        ("---- right=x", "wrong=LETTERS"),
        ("---- wrong=X", "one letter a-z"),
        ("-- wrong=a b", "expected 'PATTERN"),
    ],
)
def test_bad_state_text_names_the_problem(text, message):
    with pytest.raises(StateTextError, match=message):
        State.from_text(text)


def test_state_errors_are_value_errors():
    assert issubclass(StateTextError, ValueError)


def test_matches_rejects_hidden_guessed_letters_and_wrong_letters():
    state = State.from_text("-a--e- wrong=s")
    assert state.matches("bailed")
    assert not state.matches("sailed")  # s is wrong
    assert not state.matches("baaled")  # a guessed, so every a would show
    assert not state.matches("bailee")  # every e would show, not just the one at 4
    assert not state.matches("bailedx")


@given(st.sampled_from(ALPHABET))
def test_guess_text_round_trips(letter):
    guess = Guess(letter)
    assert Guess.from_text(guess.to_text()) == guess
    assert guess.to_text() == f"guess {letter}"


@pytest.mark.parametrize("text", ["guess", "guess ab", "open e", "guess 1", ""])
def test_bad_guess_text(text):
    with pytest.raises(ValueError, match="guess"):
        Guess.from_text(text)


def test_game_is_lost_on_the_seventh_miss_like_bsdgames():
    game = Game("wagged")
    for letter in "bcfhijk":
        assert game.status is Status.PLAYING
        assert game.play(Guess(letter)) is False
    assert game.state.misses == 7
    assert game.status is Status.LOST
    with pytest.raises(ValueError, match="over"):
        game.play(Guess("w"))


def test_game_is_won_when_every_letter_shows():
    game = Game("wagged", max_misses=7)
    for letter in "zwagd":
        game.play(Guess(letter))
    assert game.state.to_text() == "wagg-d wrong=z"
    assert game.status is Status.PLAYING
    game.play(Guess("e"))
    assert game.status is Status.WON
    assert [g.letter for g in game.history] == list("zwagde")


def test_repeated_guess_is_an_error():
    state = State.start(6).after("e", "wagged")
    with pytest.raises(ValueError, match="already guessed"):
        state.after("e", "wagged")
