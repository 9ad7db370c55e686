"""Word lists the word games share, per language, or a user's own file.

Russian and Ukrainian common nouns (pymorphy3 dictionaries), English common nouns (WordNet
filtered by wordfreq) and the ENABLE list for Scrabble. Everything is UPPERCASE; Russian folds
Ё into Е, so a board letter and a dictionary letter compare equal without further thought.
Built lists are cached on disk (:mod:`solvers.words.cache`).
"""

from solvers.words.alphabet import (
    ENGLISH_ALPHABET,
    LANGUAGES,
    RUSSIAN_ALPHABET,
    UKRAINIAN_ALPHABET,
    alphabet_for,
    fold_yo,
    guess_language,
)
from solvers.words.english import english_nouns, english_words
from solvers.words.russian import russian_nouns
from solvers.words.ukrainian import ukrainian_nouns
from solvers.words.wordfile import WordListError, load_word_file

__all__ = [
    "ENGLISH_ALPHABET",
    "LANGUAGES",
    "RUSSIAN_ALPHABET",
    "UKRAINIAN_ALPHABET",
    "WordListError",
    "alphabet_for",
    "english_nouns",
    "english_words",
    "fold_yo",
    "guess_language",
    "list_key_for",
    "load_word_file",
    "nouns_for",
    "russian_nouns",
    "ukrainian_nouns",
]


def nouns_for(lang: str, plural_only: bool = False, yo: bool = False) -> frozenset[str]:
    """The built-in noun list of ``lang`` (``"ru"``, ``"uk"``, ``"en"``).

    ``plural_only`` adds plural-only nouns (НОЖНИЦЫ) for the two Slavic languages; English
    lemmas already include them (SCISSORS). ``yo``: Russian with Ё kept (a letter of its own).
    """
    alphabet_for(lang)  # a clear error for an unknown language
    if lang == "ru":
        return russian_nouns(plural_only, yo)
    if lang == "uk":
        return ukrainian_nouns(plural_only)
    return english_nouns()


def list_key_for(lang: str) -> str:
    """The version key of ``lang``'s built-in list: what a structure built from it depends on."""
    from solvers.words import english, russian, ukrainian

    alphabet_for(lang)
    if lang == "ru":
        return russian.list_key()
    if lang == "uk":
        return ukrainian.list_key()
    return f"{english.list_key()}-z{english.DEFAULT_MIN_ZIPF:g}"
