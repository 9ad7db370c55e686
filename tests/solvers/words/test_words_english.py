"""English nouns: WordNet common-noun lemmas filtered by wordfreq; names, plurals, rare ones out."""

import pytest

from solvers.words import english as english_module
from solvers.words import english_nouns
from solvers.words.wordfile import WordListError

# A tiny data.noun in WordNet's layout: licence lines start with spaces; then
# offset lex_filenum ss_type w_cnt(hex) word lex_id ... | gloss
FAKE_WORDNET = """  1 This software and database is being provided to you, the LICENSEE, by
  2 Princeton University under the following license.
00001740 03 n 02 cat 0 true_cat 0 000 | a feline
00001741 03 n 01 cats 0 000 | plural lemma of another lemma
00001742 15 n 01 Paris 0 000 | a capital
00001743 03 n 01 dog 0 000 | a canine
00001744 03 n 01 zymosis 0 000 | rare
00001745 03 n 02 table 0 tables 0 000 | furniture
00001746 03 n 01 x-ray 0 000 | hyphenated
00001747 03 n 01 a 0 000 | one letter
"""


@pytest.fixture(scope="module")
def nouns() -> frozenset[str]:
    return english_nouns()


def test_default_size_is_a_few_thousand(nouns):
    # WordNet 3.0 + wordfreq 3.1 at Zipf 3.5: 6,368 (a Balda site's English list: 6,790).
    assert 5_000 <= len(nouns) <= 8_000


def test_every_word_is_uppercase_a_to_z(nouns):
    assert all(word.isascii() and word.isalpha() and word.isupper() for word in nouns)
    assert min(map(len, nouns)) >= 2


@pytest.mark.parametrize(
    "word", ["CAT", "DOG", "TABLE", "HOUSE", "WATER", "HAPPINESS", "SCISSORS", "TROUT"]
)
def test_common_nouns_are_in(nouns, word):
    assert word in nouns


@pytest.mark.parametrize(
    ("word", "why"),
    [
        ("PARIS", "a name: WordNet capitalises it"),
        ("NASA", "an acronym, capitalised"),
        ("BEAUTIFUL", "an adjective"),
        ("QUICKLY", "an adverb"),
        ("THE", "not a noun"),
        ("YEARS", "the plural of another lemma"),
        ("ZYMOSIS", "a noun, but rare"),
    ],
)
def test_non_nouns_names_plurals_and_rare_words_are_out(nouns, word, why):
    assert word not in nouns, why


def test_the_threshold_is_a_parameter():
    strict = english_nouns(4.5)
    loose = english_nouns(3.0)
    assert strict < english_nouns() < loose
    assert 1_000 <= len(strict) <= 2_500 and 9_000 <= len(loose) <= 13_000


def test_build_rules_on_a_small_wordnet(tmp_path):
    data = tmp_path / "data.noun"
    data.write_text(FAKE_WORDNET, encoding="utf-8")
    assert english_module.wordnet_common_nouns(data) == {
        "cat",
        "cats",
        "dog",
        "zymosis",
        "table",
        "tables",
        "a",
    }
    assert english_module.build_english_nouns(3.0, data) == {"CAT", "DOG", "TABLE"}
    assert english_module.build_english_nouns(0.0, data) == {"CAT", "DOG", "TABLE", "ZYMOSIS"}


def test_missing_wordnet_says_which_package(tmp_path):
    with pytest.raises(WordListError, match="wordnet-base"):
        english_module.wordnet_common_nouns(tmp_path / "absent")
