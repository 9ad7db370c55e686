"""Common nouns in their dictionary form, walked out of a compiled pymorphy3 dictionary.

Russian (``pymorphy3-dicts-ru``, OpenCorpora) and Ukrainian (``pymorphy3-dicts-uk``, converted
from the LanguageTool/VESUM dictionary) share the rules: a word form qualifies when its tag is a
noun in the nominative singular (or plural, for plural-only nouns such as НОЖНИЦІ when asked)
and carries none of the proper-noun or abbreviation marks. The walk visits the word DAWG once
(a few seconds); callers cache the result.

Two quirks of the Ukrainian data are handled here, harmlessly for Russian: singular forms carry
no ``sing`` grammeme (only plurals are marked), and the first form of some paradigms (ЇЖАК,
АКЦІЯ) has no case at all although it is the nominative the rest of the paradigm declines.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from solvers.words.versions import package_version

if TYPE_CHECKING:
    from pymorphy3.tagset import OpencorporaTag

# Names, surnames, patronymics, places, organisations, trademarks, initials, abbreviations.
EXCLUDED_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Init", "Abbr"})
# Marks of a place, an organisation or a trademark: what :attr:`Nouns.places` collects.
PLACE_GRAMMEMES = frozenset({"Geox", "Orgn", "Trad"})
_SINGULAR, _PLURAL_ONLY, _PLACE = 1, 2, 3

# Decides from a paradigm's tags (all its forms, dictionary form first) whether to keep it.
ParadigmFilter = Callable[[Sequence["OpencorporaTag"]], bool]


@dataclass(frozen=True)
class Nouns:
    """The lists one walk yields, lower case as the dictionary stores them."""

    singular: frozenset[str]
    plural_only: frozenset[str]
    # Nominative forms of place, organisation and trademark names (empty if none are marked).
    places: frozenset[str]


def data_version(lang: str) -> str:
    """The installed version of ``pymorphy3-dicts-<lang>`` (``"unknown"`` if absent)."""
    return package_version(f"pymorphy3_dicts_{lang}", f"pymorphy3-dicts-{lang}")


def _kind(tag: OpencorporaTag, first_form: bool) -> int:
    """What a form with this tag is: a singular or plural-only common noun's dictionary form,
    a place's nominative, or 0 (nothing we keep)."""
    if tag.POS != "NOUN":
        return 0
    case = tag.case
    if case != "nomn" and not (case is None and first_form):
        return 0
    if tag.grammemes & EXCLUDED_GRAMMEMES:
        return _PLACE if tag.grammemes & PLACE_GRAMMEMES else 0
    if tag.number == "plur":
        return _PLURAL_ONLY if "Pltm" in tag.grammemes else 0
    return _SINGULAR


def extract_nouns(
    lang: str, word: re.Pattern[str], keep_paradigm: ParadigmFilter | None = None
) -> Nouns:
    """The nouns of ``lang``'s dictionary (see the module docstring), uncached.

    ``word`` is matched against each form (lower case, as the dictionary stores it); forms it
    rejects (hyphens, apostrophes, dots, foreign letters) are left out. ``keep_paradigm``, if
    given, drops whole paradigms (a language's own extra rule).
    """
    import pymorphy3

    dictionary = pymorphy3.MorphAnalyzer(lang=lang).dictionary
    tags = dictionary.gramtab
    kinds = [(_kind(tag, False), _kind(tag, True)) for tag in tags]
    # A form is (paradigm id, index in paradigm); a paradigm stores suffixes, tags, prefixes
    # as three equal runs, so the tag of form i is paradigm[n + i].
    form_kind: dict[tuple[int, int], int] = {}
    for para_id, paradigm in enumerate(dictionary.paradigms):
        n = len(paradigm) // 3
        found = [(index, kinds[paradigm[n + index]][index == 0]) for index in range(n)]
        found = [(index, value) for index, value in found if value]
        if not found:
            continue
        if keep_paradigm is not None and not keep_paradigm(
            [tags[paradigm[n + index]] for index in range(n)]
        ):
            continue
        for index, value in found:
            form_kind[(para_id, index)] = value
    lists: dict[int, set[str]] = {_SINGULAR: set(), _PLURAL_ONLY: set(), _PLACE: set()}
    get = form_kind.get
    match = word.match
    for text, form in dictionary.words.iteritems():
        value = get(form)
        if value and match(text):
            lists[value].add(text)
    return Nouns(
        singular=frozenset(lists[_SINGULAR]),
        plural_only=frozenset(lists[_PLURAL_ONLY]),
        places=frozenset(lists[_PLACE]),
    )
