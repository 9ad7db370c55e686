"""Ukrainian common nouns in the nominative singular, from PyPI ``pymorphy3-dicts-uk``.

The rules are Russian's (:mod:`solvers.words.morphology`): nouns in their dictionary form, no
names, surnames, patronymics or abbreviations, letters of the 33-letter alphabet only (words
with an apostrophe, such as М'ЯСО, cannot be played and are left out). Ё is not folded: the
alphabet has no Ё.

This dictionary (converted from LanguageTool/VESUM) lost the marks of places and organisations,
so three extra rules stand in for them, each dropping what the marks would have:

* a word needs a vowel (unmarked abbreviations such as ДТП, ВНЗ have none);
* an indeclinable inanimate noun with no plural goes (БАКУ, БАТУМІ, АДІДАС, БЕНГАЛІ: foreign
  places, brands, clubs, languages; АВТО, КАФЕ, ВІСКІ have plurals and stay);
* a word spelled exactly like a place, organisation or trademark that the Russian dictionary
  marks, and that is no Russian common noun, goes (РУАНДА, АМСТЕРДАМ, ГАЗПРОМ).

Ukrainian-only place names (КИЇВ, ХАРКІВ) are not caught by any of them and stay in; a site
rejecting one costs the bot one cancelled move. About 118,000 words; the data is LGPL/CC BY-SA
(LanguageTool/VESUM, via pymorphy3-dicts-uk).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from solvers.words import cache
from solvers.words.alphabet import UKRAINIAN_ALPHABET
from solvers.words.morphology import data_version, extract_nouns

if TYPE_CHECKING:
    from pymorphy3.tagset import OpencorporaTag

# Bump when the filter changes, so stale caches are rebuilt.
FILTER_VERSION = 1
_UKRAINIAN_WORD = re.compile(f"^[{UKRAINIAN_ALPHABET.lower()}]+$")
_VOWELS = frozenset("АЕЄИІЇОУЮЯ")
MESSAGE = "building the Ukrainian noun list (first run, ~10 s)"


def list_key() -> str:
    """What the lists depend on: both dictionary packages' versions and our filter's."""
    from solvers.words.russian import list_key as russian_key

    return f"{data_version('uk')}-f{FILTER_VERSION}-ru{russian_key()}"


def cache_name(plural_only: bool) -> str:
    return "ukrainian-nouns-with-plurals" if plural_only else "ukrainian-nouns"


def _keep_paradigm(tags: Sequence[OpencorporaTag]) -> bool:
    """False for an indeclinable inanimate noun with no plural (see the module docstring)."""
    first = tags[0].grammemes
    if "Fixd" not in first or "inan" not in first:
        return True
    return any(tag.number == "plur" for tag in tags)


def extract_ukrainian_nouns() -> tuple[frozenset[str], frozenset[str]]:
    """(singular nouns, plural-only nouns), UPPERCASE, uncached."""
    from solvers.words.russian import russian_nouns, russian_places

    nouns = extract_nouns("uk", _UKRAINIAN_WORD, _keep_paradigm)
    russian_common = russian_nouns(plural_only=True)
    places = {w.upper() for w in russian_places()} - russian_common

    def keep(words: frozenset[str]) -> set[str]:
        upper = {w.upper() for w in words}
        return {w for w in upper if not _VOWELS.isdisjoint(w) and w not in places}

    singular = keep(nouns.singular)
    return frozenset(singular), frozenset(keep(nouns.plural_only) - singular)


def load_or_build(plural_only: bool, directory: Path | None = None) -> frozenset[str]:
    """The cached list, building and caching both variants on a miss."""
    found = cache.load(cache_name(plural_only), list_key(), directory)
    if found is not None:
        return found
    from solvers.words.russian import russian_nouns, russian_places

    russian_nouns(plural_only=True), russian_places()  # built first: one progress line each
    with cache.building(MESSAGE):
        singular, plural = extract_ukrainian_nouns()
    cache.store(cache_name(False), list_key(), singular, directory)
    cache.store(cache_name(True), list_key(), singular | plural, directory)
    return singular | plural if plural_only else singular


@functools.cache
def ukrainian_nouns(plural_only: bool = False) -> frozenset[str]:
    """Common nouns, nominative singular (plus plural-only nouns if asked), UPPERCASE.

    Built from ``pymorphy3-dicts-uk`` on first use and cached under ``$XDG_CACHE_HOME/gamebot``
    keyed by the package versions.
    """
    return load_or_build(plural_only)
