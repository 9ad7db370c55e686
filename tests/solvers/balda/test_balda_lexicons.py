"""Lexicons per language: alphabets, Ё folding for Russian only, and the stored trie is the
one a fresh build gives (so cached runs generate exactly the same moves)."""

import random

import pytest

from solvers.balda import BaldaState, Lexicon, generate_moves
from solvers.balda.lexicon import LONGEST
from solvers.balda.positions import random_position
from solvers.words import (
    ENGLISH_ALPHABET,
    RUSSIAN_ALPHABET,
    UKRAINIAN_ALPHABET,
    english_nouns,
    russian_nouns,
    ukrainian_nouns,
)


@pytest.mark.parametrize(
    ("lang", "alphabet", "word"),
    [
        ("ru", RUSSIAN_ALPHABET, "БАЛДА"),
        ("uk", UKRAINIAN_ALPHABET, "ЇЖАК"),
        ("en", ENGLISH_ALPHABET, "HOUSE"),
    ],
)
def test_each_language_knows_its_alphabet(lang, alphabet, word):
    lexicon = Lexicon.for_language(lang)
    assert lexicon.language == lang and lexicon.alphabet == alphabet
    assert word in lexicon
    assert all(set(w) <= set(alphabet) for w in lexicon.words)


def test_named_constructors_share_one_lexicon_per_process():
    assert Lexicon.russian() is Lexicon.for_language("ru")
    assert Lexicon.ukrainian() is Lexicon.for_language("uk")
    assert Lexicon.english() is Lexicon.for_language("en")
    assert Lexicon.russian(plural_only=True) is not Lexicon.russian()
    assert "НОЖНИЦЫ" in Lexicon.russian(plural_only=True)
    assert "НОЖИЦІ" in Lexicon.ukrainian(plural_only=True)


def test_unknown_language_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown language 'de'"):
        Lexicon.for_language("de")


def test_yo_is_folded_only_for_russian():
    assert Lexicon(["ёлка"]).words == {"ЕЛКА"}  # no language given: Ё says Russian
    assert Lexicon(["ёлка"], "ru").words == {"ЕЛКА"}
    assert Lexicon(["ёлка"], "uk").words == {"ЁЛКА"}


def test_language_is_guessed_from_the_words():
    assert Lexicon(["ЇЖАК", "КІТ"]).language == "uk"
    assert Lexicon(["HOUSE"]).language == "en"
    unnamed = Lexicon(["КОТ", "ТОК"])
    assert unnamed.language is None and unnamed.alphabet == "КОТ" and unnamed.script == "Cyrillic"


@pytest.mark.parametrize(
    ("lang", "words"), [("ru", russian_nouns), ("uk", ukrainian_nouns), ("en", english_nouns)]
)
def test_the_stored_lexicon_equals_a_fresh_build(lang, words):
    stored = Lexicon.for_language(lang)
    fresh = Lexicon(words(), lang)
    assert stored.words == fresh.words and stored.longest == fresh.longest
    assert stored.trie == fresh.trie
    assert stored.trie[LONGEST] == max(map(len, fresh.words))


def test_stored_and_fresh_lexicons_generate_the_same_moves():
    stored = Lexicon.russian()
    fresh = Lexicon(russian_nouns(), "ru")
    rng = random.Random(5)
    print("seed 5")
    for _ in range(20):
        state = random_position(stored, rng, rng.randint(0, 15))
        assert generate_moves(state, stored) == generate_moves(state, fresh), state.to_text()


def test_a_damaged_stored_lexicon_is_rebuilt(tmp_path, monkeypatch, capsys):
    from solvers.balda import lexicon as lexicon_module
    from solvers.words import cache, list_key_for

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    lexicon_module._builtin.cache_clear()
    try:
        first = Lexicon.english()
        assert "building the English word tree" in capsys.readouterr().err
        key = f"{list_key_for('en')}-t{lexicon_module.TRIE_FORMAT}"
        path = cache.cache_path("balda-lexicon-en", key)
        assert path.exists()
        path.write_bytes(path.read_bytes()[:100])
        lexicon_module._builtin.cache_clear()
        again = Lexicon.english()
        assert "building the English word tree" in capsys.readouterr().err
        assert again.trie == first.trie and again.words == first.words
        lexicon_module._builtin.cache_clear()
        Lexicon.english()
        assert capsys.readouterr().err == ""  # the rebuilt file is used
    finally:
        lexicon_module._builtin.cache_clear()


def test_a_ukrainian_game_plays_with_the_ukrainian_lexicon():
    lexicon = Lexicon.ukrainian()
    state = BaldaState.new("ҐАНОК")
    moves = generate_moves(state, lexicon)
    assert moves and all(m.word in lexicon for m in moves)
    assert all(set(m.word) <= set(UKRAINIAN_ALPHABET) for m in moves)
