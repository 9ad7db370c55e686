"""Alphabets of the word games per language, and the Ё → Е folding Russian word lists go through.

A language is named by its ISO 639-1 code: ``"ru"``, ``"uk"`` or ``"en"``. Only Russian folds
Ё into Е (its games count them as one letter); Ukrainian has no Ё, and English is plain A–Z.
"""

from __future__ import annotations

from collections.abc import Iterable

# Ё is not listed: word games treat it as Е, and every Russian list here is folded before use.
RUSSIAN_ALPHABET = "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
# The 33 letters of Ukrainian; the apostrophe is not a letter, so words with one are unplayable.
UKRAINIAN_ALPHABET = "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ"
ENGLISH_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: Russian as some sites play it: Ё a letter of its own, after Е (УЧЁТ is not УЧЕТ there).
RUSSIAN_YO_ALPHABET = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"

ALPHABETS: dict[str, str] = {
    "ru": RUSSIAN_ALPHABET,
    "uk": UKRAINIAN_ALPHABET,
    "en": ENGLISH_ALPHABET,
}
LANGUAGES = tuple(ALPHABETS)
LANGUAGE_NAMES = {"ru": "Russian", "uk": "Ukrainian", "en": "English"}
DEFAULT_LANGUAGE = "ru"

_YO = str.maketrans({"Ё": "Е", "ё": "е"})
# Letters only one of the two Cyrillic alphabets has (Ё counts as Russian before folding).
_ONLY_UKRAINIAN = frozenset("ҐЄІЇ")
_ONLY_RUSSIAN = frozenset("ЁЪЫЭ")
_LATIN = frozenset(ENGLISH_ALPHABET)


def fold_yo(word: str) -> str:
    """``ЁЖ`` → ``ЕЖ``: games count ё and е as one letter, so lists and boards fold it."""
    return word.translate(_YO)


def check_language(lang: str) -> str:
    """``lang`` itself if known; else a ValueError listing the known ones."""
    if lang not in ALPHABETS:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    return lang


def alphabet_for(lang: str, yo: bool = False) -> str:
    """The letters of ``lang`` (``"ru"``, ``"uk"``, ``"en"``) in upper case; ``yo``: Russian
    with Ё a letter of its own."""
    check_language(lang)
    return RUSSIAN_YO_ALPHABET if yo and lang == "ru" else ALPHABETS[lang]


def normalise(word: str, lang: str | None, yo: bool = False) -> str:
    """Upper case, with Ё folded into Е for Russian (and when the language is unknown),
    unless ``yo`` (a site where Ё is a letter of its own)."""
    word = word.upper()
    return word if lang in ("uk", "en") or yo else fold_yo(word)


def script_of(letters: Iterable[str]) -> str | None:
    """``"Latin"``, ``"Cyrillic"``, ``"mixed"``, or None when there is no letter at all."""
    latin = cyrillic = False
    for ch in letters:
        if not ch.isalpha():
            continue
        if ch.upper() in _LATIN:
            latin = True
        elif "\u0400" <= ch <= "\u04ff":
            cyrillic = True
        else:
            return "mixed"
    if latin and cyrillic:
        return "mixed"
    return "Latin" if latin else "Cyrillic" if cyrillic else None


def guess_language(letters: Iterable[str]) -> str | None:
    """The language whose alphabet the letters point to, or None if they decide nothing.

    Latin letters mean English; Ґ Є І Ї mean Ukrainian; Ё Ъ Ы Э mean Russian; Cyrillic letters
    both alphabets share (a grid of БАЛДА) decide nothing, and neither does a mix of scripts.
    """
    seen = {ch.upper() for ch in letters if ch.isalpha()}
    if not seen:
        return None
    if seen <= _LATIN:
        return "en"
    ukrainian, russian = bool(seen & _ONLY_UKRAINIAN), bool(seen & _ONLY_RUSSIAN)
    if ukrainian != russian and seen.isdisjoint(_LATIN):
        return "uk" if ukrainian else "ru"
    return None
