"""Russian common nouns in the nominative singular, from OpenCorpora via ``pymorphy3-dicts-ru``.

The word games (Balda, Erudit) accept common nouns in their dictionary form; the rules are in
:mod:`solvers.words.morphology` (shared with Ukrainian). Words are UPPERCASE with Ё folded into
Е. Extraction walks the dictionary once (several seconds); the result is cached per package
version, so later loads take milliseconds. The data is OpenCorpora's, licensed CC BY-SA 3.0.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from solvers.words import cache
from solvers.words.alphabet import fold_yo
from solvers.words.morphology import data_version, extract_nouns

# Bump when the filter changes, so stale caches are rebuilt.
FILTER_VERSION = 2
_CYRILLIC_WORD = re.compile("^[а-яё]+$")
MESSAGE = "building the Russian noun list (first run, ~10 s)"


def list_key() -> str:
    """What the lists depend on: the dictionary package's version and our filter's."""
    return f"{data_version('ru')}-f{FILTER_VERSION}"


def cache_name(plural_only: bool, yo: bool = False) -> str:
    return ("russian-nouns-with-plurals" if plural_only else "russian-nouns") + (
        "-yo" if yo else "")


def extract_russian_nouns(yo: bool = False
                          ) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(singular nouns, plural-only nouns, place names) from the dictionary, uncached.

    The first two are UPPERCASE with Ё folded (kept with ``yo``: a site where Ё is a letter
    of its own); the place names (places, organisations and trademarks OpenCorpora marks)
    stay lower case with Ё, as stored, for other lists to check.
    """
    nouns = extract_nouns("ru", _CYRILLIC_WORD)
    fold = (lambda w: w) if yo else fold_yo
    singular = frozenset(fold(w).upper() for w in nouns.singular)
    plural = frozenset(fold(w).upper() for w in nouns.plural_only) - singular
    return singular, plural, nouns.places


def load_or_build(plural_only: bool, directory: Path | None = None, yo: bool = False
                  ) -> frozenset[str]:
    """The cached list, building and caching every variant on a miss."""
    found = cache.load(cache_name(plural_only, yo), list_key(), directory)
    if found is not None:
        return found
    return _build_all(directory, yo)[cache_name(plural_only, yo)]


def _build_all(directory: Path | None, yo: bool = False) -> dict[str, frozenset[str]]:
    with cache.building(MESSAGE):
        singular, plural, places = extract_russian_nouns(yo)
    lists = {
        cache_name(False, yo): singular,
        cache_name(True, yo): singular | plural,
        "russian-places": places,
    }
    for name, words in lists.items():
        cache.store(name, list_key(), words, directory)
    return lists


@functools.cache
def russian_nouns(plural_only: bool = False, yo: bool = False) -> frozenset[str]:
    """Common nouns, nominative singular (plus plural-only nouns if asked), UPPERCASE, Ё → Е
    (Ё kept with ``yo``, as the dictionary spells the word).

    About 67,000 words. Built from ``pymorphy3-dicts-ru`` on first use and cached under
    ``$XDG_CACHE_HOME/gamebot`` keyed by the package version.
    """
    return load_or_build(plural_only, yo=yo)


@functools.cache
def russian_places() -> frozenset[str]:
    """Nominatives of the places, organisations and trademarks OpenCorpora marks (lower case).

    Ukrainian's dictionary does not mark places, so its list is checked against this one.
    """
    found = cache.load("russian-places", list_key())
    if found is not None:
        return found
    return _build_all(None)["russian-places"]
