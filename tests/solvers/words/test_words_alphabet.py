"""Alphabets per language, Ё folding for Russian only, and guessing a language from letters."""

import pytest

from solvers.words import (
    ENGLISH_ALPHABET,
    LANGUAGES,
    RUSSIAN_ALPHABET,
    UKRAINIAN_ALPHABET,
    alphabet_for,
    guess_language,
)
from solvers.words.alphabet import normalise, script_of


def test_the_three_alphabets():
    assert LANGUAGES == ("ru", "uk", "en")
    assert len(RUSSIAN_ALPHABET) == 32 and "Ё" not in RUSSIAN_ALPHABET
    assert len(UKRAINIAN_ALPHABET) == 33
    assert set("ҐЄІЇ") <= set(UKRAINIAN_ALPHABET)
    assert not set("ЁЪЫЭ") & set(UKRAINIAN_ALPHABET)
    assert "'" not in UKRAINIAN_ALPHABET and "\u02bc" not in UKRAINIAN_ALPHABET
    assert ENGLISH_ALPHABET == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    for alphabet in (RUSSIAN_ALPHABET, UKRAINIAN_ALPHABET, ENGLISH_ALPHABET):
        assert len(set(alphabet)) == len(alphabet) and alphabet.isupper()


def test_alphabet_for_each_language_and_a_clear_error_otherwise():
    assert alphabet_for("ru") == RUSSIAN_ALPHABET
    assert alphabet_for("uk") == UKRAINIAN_ALPHABET
    assert alphabet_for("en") == ENGLISH_ALPHABET
    with pytest.raises(ValueError, match=r"unknown language 'de'; known: ru, uk, en"):
        alphabet_for("de")


def test_yo_is_folded_for_russian_only():
    assert normalise("ёлка", "ru") == "ЕЛКА"
    assert normalise("ёлка", None) == "ЕЛКА"
    assert normalise("ёлка", "uk") == "ЁЛКА"
    assert normalise("їжак", "uk") == "ЇЖАК"
    assert normalise("house", "en") == "HOUSE"


@pytest.mark.parametrize(
    ("letters", "expected"),
    [
        ("HOUSE", "en"),
        ("house", "en"),
        ("ЇЖАК", "uk"),
        ("ҐАНОК", "uk"),
        ("СЪЕЗД", "ru"),
        ("ЁЖ", "ru"),
        ("БАЛДА", None),  # letters both Cyrillic alphabets share decide nothing
        ("БАЛDА", None),  # a mix of scripts decides nothing
        ("ЇЫ", None),  # Ukrainian-only and Russian-only letters together
        ("..", None),
    ],
)
def test_guess_language(letters, expected):
    assert guess_language(letters) == expected


def test_script_of():
    assert script_of("HOUSE") == "Latin"
    assert script_of("БАЛДА") == "Cyrillic"
    assert script_of("БАЛDА") == "mixed"
    assert script_of("ΑΒΓ") == "mixed"  # Greek is neither
    assert script_of("") is None
