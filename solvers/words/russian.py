"""Russian common nouns in the nominative singular, from OpenCorpora via ``pymorphy3-dicts-ru``.

The word games (Balda, Erudit) accept common nouns in their dictionary form. pymorphy3's compiled
dictionary lists every word form with a paradigm and a tag; a form qualifies when its tag is a
noun in the nominative singular (or plural, for plural-only nouns such as НОЖНИЦЫ when asked)
and carries none of the proper-noun or abbreviation marks. Extraction walks the word DAWG once
(a few seconds); the result is cached per package version, so later loads take milliseconds.
The data is OpenCorpora's, licensed CC BY-SA 3.0.
"""

from __future__ import annotations

import functools
import importlib.metadata
import re
from pathlib import Path
from typing import TYPE_CHECKING

from solvers.words.alphabet import fold_yo
from solvers.words.cache import read_cached, write_cached

if TYPE_CHECKING:
    from pymorphy3.tagset import OpencorporaTag

# Names, surnames, patronymics, places, organisations, trademarks, initials, abbreviations.
EXCLUDED_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Init", "Abbr"})
# Bump when the filter changes, so stale caches are rebuilt.
FILTER_VERSION = 1
_CYRILLIC_WORD = re.compile("^[а-яё]+$")


def _data_version() -> str:
    try:
        return importlib.metadata.version("pymorphy3-dicts-ru")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def cache_name(plural_only: bool) -> str:
    kind = "with-plurals" if plural_only else "singular"
    return f"russian-nouns-{_data_version()}-f{FILTER_VERSION}-{kind}.txt"


def extract_russian_nouns() -> tuple[frozenset[str], frozenset[str]]:
    """(singular nouns, plural-only nouns) straight from the pymorphy3 dictionary, uncached."""
    import pymorphy3

    dictionary = pymorphy3.MorphAnalyzer(lang="ru").dictionary
    tags = dictionary.gramtab

    def kind(tag: OpencorporaTag) -> int:
        """1 = nominative singular common noun, 2 = plural-only nominative, 0 = neither."""
        if tag.POS != "NOUN" or tag.case != "nomn" or tag.grammemes & EXCLUDED_GRAMMEMES:
            return 0
        if tag.number == "sing":
            return 1
        return 2 if tag.number == "plur" and "Pltm" in tag.grammemes else 0

    tag_kind = [kind(tag) for tag in tags]
    # A form is (paradigm id, index in paradigm); a paradigm stores suffixes, tags, prefixes
    # as three equal runs, so the tag of form i is paradigm[n + i].
    form_kind: dict[tuple[int, int], int] = {}
    for para_id, paradigm in enumerate(dictionary.paradigms):
        n = len(paradigm) // 3
        for index in range(n):
            value = tag_kind[paradigm[n + index]]
            if value:
                form_kind[(para_id, index)] = value
    singular: set[str] = set()
    plural: set[str] = set()
    get = form_kind.get
    for word, form in dictionary.words.iteritems():
        value = get(form)
        if value and _CYRILLIC_WORD.match(word):
            (singular if value == 1 else plural).add(fold_yo(word).upper())
    return frozenset(singular), frozenset(plural - singular)


def load_or_build(plural_only: bool, directory: Path | None = None) -> frozenset[str]:
    """The cached list, building and caching both variants on a miss."""
    cached = read_cached(cache_name(plural_only), directory)
    if cached:
        return cached
    singular, plural = extract_russian_nouns()
    write_cached(cache_name(False), singular, directory)
    write_cached(cache_name(True), singular | plural, directory)
    return singular | plural if plural_only else singular


@functools.cache
def russian_nouns(plural_only: bool = False) -> frozenset[str]:
    """Common nouns, nominative singular (plus plural-only nouns if asked), UPPERCASE, Ё → Е.

    About 67,000 words. Built from ``pymorphy3-dicts-ru`` on first use and cached under
    ``$XDG_CACHE_HOME/gamebot`` keyed by the package version.
    """
    return load_or_build(plural_only)
