"""The Ukrainian noun list: nouns in, names/places/abbreviations/other forms out, cache works."""

import pytest

from solvers.words import UKRAINIAN_ALPHABET, ukrainian_nouns
from solvers.words import ukrainian as ukrainian_module
from solvers.words.cache import cache_path


@pytest.fixture(scope="module")
def nouns() -> frozenset[str]:
    return ukrainian_nouns()


def test_count_is_in_the_expected_range(nouns):
    # pymorphy3-dicts-uk 2.4.1.1: about 121,000 (a Ukrainian Balda site lists 103,000).
    assert 100_000 <= len(nouns) <= 140_000


def test_every_word_is_uppercase_ukrainian(nouns):
    letters = set(UKRAINIAN_ALPHABET)
    assert all(word and set(word) <= letters for word in nouns)
    assert not any("Ё" in w or "Ы" in w or "Э" in w or "Ъ" in w for w in nouns)


@pytest.mark.parametrize(
    "word",
    ["СТІЛ", "ЇЖАК", "ҐАНОК", "ПІСНЯ", "КІТ", "ЄНОТ", "ВОДА", "ЛЮБОВ", "АКЦІЯ", "АВТО", "КАФЕ"],
)
def test_ordinary_nouns_are_in(nouns, word):
    # ЇЖАК and АКЦІЯ: their paradigms' first form has no case in the data, yet is the noun.
    # ЛЮБОВ is also a Russian surname: the Russian place check must not drop it.
    assert word in nouns


@pytest.mark.parametrize(
    ("word", "why"),
    [
        ("ІВАН", "first name"),
        ("ПЕТРОВИЧ", "patronymic"),
        ("РУАНДА", "place (the Russian dictionary marks it)"),
        ("АМСТЕРДАМ", "place (the Russian dictionary marks it)"),
        ("ГАЗПРОМ", "organisation (the Russian dictionary marks it)"),
        ("БАКУ", "indeclinable place with no plural"),
        ("ДТП", "abbreviation with no vowel"),
        ("ОУН", "marked abbreviation"),
        ("МЯСО", "М'ЯСО has an apostrophe and is unplayable; the bare letters are no word"),
    ],
)
def test_names_places_and_abbreviations_are_out(nouns, word, why):
    assert word not in nouns, why


def test_other_forms_and_other_parts_of_speech_are_out(nouns):
    for word in ["СТОЛУ", "СТОЛИ", "ЗЕЛЕНИЙ", "БІГТИ", "ШВИДКО", "ВІН"]:
        assert word not in nouns, word


def test_plural_only_nouns_only_when_asked(nouns):
    with_plurals = ukrainian_nouns(plural_only=True)
    for word in ["НОЖИЦІ", "ШТАНИ", "ДВЕРІ"]:
        assert word not in nouns
        assert word in with_plurals
    assert nouns < with_plurals


def test_cache_is_built_once_then_reused(tmp_path, nouns, monkeypatch):
    assert ukrainian_module.load_or_build(False, tmp_path) == nouns
    names = sorted(p.name for p in tmp_path.iterdir())
    key = ukrainian_module.list_key()
    assert names == sorted(
        cache_path(ukrainian_module.cache_name(plural), key, tmp_path).name
        for plural in (False, True)
    )

    def no_extraction():
        raise AssertionError("the cache should have been used")

    monkeypatch.setattr(ukrainian_module, "extract_ukrainian_nouns", no_extraction)
    assert ukrainian_module.load_or_build(True, tmp_path) == ukrainian_nouns(plural_only=True)


def test_cache_key_follows_both_dictionaries_and_the_filter(monkeypatch):
    from solvers.words import russian

    before = ukrainian_module.list_key()
    monkeypatch.setattr(ukrainian_module, "FILTER_VERSION", ukrainian_module.FILTER_VERSION + 1)
    changed = ukrainian_module.list_key()
    monkeypatch.setattr(russian, "FILTER_VERSION", russian.FILTER_VERSION + 1)
    assert len({before, changed, ukrainian_module.list_key()}) == 3
