"""Word lists as bsdgames reads them, and the priors over which word the setter picks."""

from __future__ import annotations

import numpy as np
import pytest

from solvers.hangman.lexicon import Lexicon
from solvers.hangman.priors import bsdgames_weights, prior_weights, wordfreq_weights
from solvers.hangman.state import State
from solvers.hangman.words import is_playable, read_words

LIST = "A\nAachen\napple's\nbanana\ncafés\nbanana\nzebras\nqi\nCherry\ncherry\nx\nwalnuts\n"


@pytest.fixture
def word_file(tmp_path):
    path = tmp_path / "words"
    path.write_text(LIST, encoding="utf-8")
    return path


def test_only_lowercase_words_long_enough_are_playable(word_file):
    assert read_words(word_file) == ["banana", "zebras", "cherry", "walnuts"]
    assert read_words(word_file, min_length=2) == ["banana", "zebras", "qi", "cherry", "walnuts"]
    assert read_words(word_file, length=7) == ["walnuts"]
    assert not is_playable("apple's") and not is_playable("cafés") and is_playable("banana")


def test_an_empty_selection_is_a_clear_error(word_file):
    with pytest.raises(ValueError, match="no playable words of 9 letters"):
        read_words(word_file, length=9)


def test_bsdgames_odds_match_its_random_seek(word_file):
    """bsdgames seeks to a random byte and takes the next whole line: count every byte."""
    data = word_file.read_bytes()
    lines = data.split(b"\n")
    starts = np.cumsum([0] + [len(line) + 1 for line in lines[:-1]])
    hits: dict[str, int] = {}
    for pos in range(len(data)):
        line = int(np.searchsorted(starts, pos, side="right")) - 1
        if line + 1 < len(lines) - 1 or (line + 1 == len(lines) - 1 and lines[-1]):
            word = lines[line + 1].decode()
            if is_playable(word):
                hits[word] = hits.get(word, 0) + 1
    words = read_words(word_file)
    weights = bsdgames_weights(words, word_file)
    assert weights.tolist() == [hits.get(w, 0) for w in words]


def test_wordfreq_prefers_common_words():
    weights = wordfreq_weights(["people", "wuzzle", "zzyzzx"])
    assert weights[0] > weights[1] > 0
    assert weights[2] > 0  # unknown to wordfreq: a small floor, never impossible


def test_unknown_prior_is_an_error():
    with pytest.raises(ValueError, match="unknown prior"):
        prior_weights("zipf", ["banana"])
    with pytest.raises(ValueError, match="needs the word list"):
        prior_weights("bsdgames", ["banana"])


def test_lexicon_candidates_follow_the_state():
    lexicon = Lexicon(["bagged", "bailed", "wagged", "walnuts"])
    wc, idx = lexicon.candidates(State.from_text("-a---d wrong=w"))
    assert [wc.words[i] for i in idx] == ["bagged", "bailed"]
    wc, idx = lexicon.candidates(State.from_text("-agg-d"))
    assert [wc.words[i] for i in idx] == ["bagged", "wagged"]


@pytest.mark.parametrize(
    ("words", "message"),
    [(["banana", "banana"], "repeats"), (["Banana"], "bad word"), ([""], "bad word")],
)
def test_bad_lexicon_words(words, message):
    with pytest.raises(ValueError, match=message):
        Lexicon(words)


def test_zero_weight_words_stay_possible():
    lexicon = Lexicon(["bagged", "wagged"], np.array([0.0, 5.0]))
    assert (lexicon.word_class(6).weights > 0).all()
