"""The Russian noun list: the right words in, proper nouns and abbreviations out, cache works."""

import pytest

from solvers.words import RUSSIAN_ALPHABET, fold_yo, russian_nouns
from solvers.words import russian as russian_module
from solvers.words.cache import cache_path


@pytest.fixture(scope="module")
def nouns() -> frozenset[str]:
    return russian_nouns()


def test_count_is_in_the_expected_range(nouns):
    assert 60_000 <= len(nouns) <= 75_000


def test_every_word_is_uppercase_russian_without_yo(nouns):
    letters = set(RUSSIAN_ALPHABET)
    assert all(word and set(word) <= letters for word in nouns)


@pytest.mark.parametrize(
    "word", ["СТОЛ", "ЕЖ", "ЕЛКА", "ПАЛЬТО", "КОФЕ", "СТОЛОВАЯ", "ЛЕВ", "РОЗА"]
)
def test_ordinary_nouns_are_in(nouns, word):
    # ЛЕВ and РОЗА are also first names; the common noun must keep them in.
    assert word in nouns


@pytest.mark.parametrize(
    ("word", "why"),
    [
        ("ИВАН", "first name"),
        ("СМИРНОВ", "surname"),
        ("ИВАНОВИЧ", "patronymic"),
        ("МОСКВА", "place"),
        ("ПАРИЖ", "place"),
        ("ГАЗПРОМ", "organisation"),
        ("ВУЗ", "abbreviation"),
        ("КПД", "abbreviation"),
    ],
)
def test_proper_nouns_and_abbreviations_are_out(nouns, word, why):
    assert word not in nouns, why


def test_other_forms_and_other_parts_of_speech_are_out(nouns):
    for word in ["СТОЛА", "СТОЛЫ", "ЗЕЛЕНОВАТЫЙ", "БЕЖАТЬ", "БЫСТРО", "ОН"]:
        assert word not in nouns, word


def test_plural_only_nouns_only_when_asked(nouns):
    with_plurals = russian_nouns(plural_only=True)
    for word in ["НОЖНИЦЫ", "САНИ", "БРЮКИ"]:
        assert word not in nouns
        assert word in with_plurals
    assert nouns < with_plurals
    assert 100 < len(with_plurals - nouns) < 2_000


def test_fold_yo():
    assert fold_yo("ЁЛКА ёж") == "ЕЛКА еж"
    assert fold_yo("STOL") == "STOL"


def test_cache_is_built_once_then_reused(tmp_path, nouns, monkeypatch):
    built = russian_module.load_or_build(False, tmp_path)
    assert built == nouns
    files = sorted(p.name for p in tmp_path.iterdir())
    expected = [
        cache_path(name, russian_module.list_key(), tmp_path).name
        for name in (
            russian_module.cache_name(False),
            russian_module.cache_name(True),
            "russian-places",
        )
    ]
    assert files == sorted(expected)

    def no_extraction():
        raise AssertionError("the cache should have been used")

    monkeypatch.setattr(russian_module, "extract_russian_nouns", no_extraction)
    assert russian_module.load_or_build(False, tmp_path) == nouns
    assert russian_module.load_or_build(True, tmp_path) == russian_nouns(plural_only=True)


def test_cache_key_changes_with_the_filter_version(monkeypatch):
    before = russian_module.list_key()
    monkeypatch.setattr(russian_module, "FILTER_VERSION", russian_module.FILTER_VERSION + 1)
    assert russian_module.list_key() != before
