"""The dictionary as move generation needs it: a set for lookups and a forward trie for pruning.

The trie is nested dicts keyed by letter. Two extra keys hold what the search needs at a
node: ``"$"`` is the word ending there (absent if none) and ``"#"`` the length of the longest
word below, so a search for long words drops a branch as soon as it cannot beat its target.
Building it from the 67k Russian nouns takes about a second, so the built-in lexicons are
stored on disk once built (:mod:`solvers.words.cache`, marshal) and load in about 0.1 s.

A lexicon knows its language (``"ru"``, ``"uk"``, ``"en"``, or None for a list whose letters
do not say) and its alphabet, so a position in another alphabet can be refused clearly.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from solvers.words.alphabet import (
    LANGUAGE_NAMES,
    RUSSIAN_ALPHABET,
    alphabet_for,
    check_language,
    guess_language,
    normalise,
    script_of,
)

WORD = "$"
LONGEST = "#"
# Values are child nodes, except the word (str) under "$" and the length (int) under "#".
Trie = dict[str, Any]
# Bump when the trie's shape changes, so stored tries are rebuilt.
TRIE_FORMAT = 1


class Lexicon:
    """Legal words (UPPERCASE; Ё folded for Russian) plus their forward trie."""

    words: frozenset[str]
    trie: Trie
    longest: int
    language: str | None
    alphabet: str

    def __init__(
        self,
        words: Iterable[str],
        language: str | None = None,
        default_language: str | None = None,
        yo: bool = False,
    ) -> None:
        """``language`` None: guessed from the letters; if they decide nothing (only letters
        Russian and Ukrainian share), ``default_language`` when every word fits its alphabet.
        ``yo``: Ё is a letter of its own (Russian as some sites play it), not folded."""
        upper = {w.upper() for w in words if w}
        if language is None:
            letters = {ch for w in upper for ch in w}
            language = guess_language(letters)
            if language is None and default_language is not None:
                if letters <= set(alphabet_for(default_language)):
                    language = default_language
        else:
            check_language(language)
        self.words = frozenset(normalise(w, language, yo) for w in upper)
        if not self.words:
            raise ValueError("the dictionary has no words")
        self.trie = _build_trie(sorted(self.words))
        self.longest = self.trie[LONGEST]
        self.language = language
        self.alphabet = _alphabet(language, self.words, yo)

    @classmethod
    def _from_parts(
        cls, words: Iterable[str], trie: Trie, language: str | None, alphabet: str
    ) -> Lexicon:
        """A lexicon from stored parts, without rebuilding the trie."""
        lexicon = cls.__new__(cls)
        lexicon.words = frozenset(words)
        lexicon.trie = trie
        lexicon.longest = trie[LONGEST]
        lexicon.language = language
        lexicon.alphabet = alphabet
        return lexicon

    def __contains__(self, word: object) -> bool:
        return word in self.words

    def __len__(self) -> int:
        return len(self.words)

    def __repr__(self) -> str:
        return f"Lexicon({len(self.words)} words, language={self.language!r})"

    @property
    def script(self) -> str:
        """``"Cyrillic"``, ``"Latin"`` or ``"mixed"``: the writing system of the words."""
        return script_of(self.alphabet) or "mixed"

    @property
    def language_name(self) -> str:
        return LANGUAGE_NAMES.get(self.language or "", "unknown language")

    # ----- built-in lexicons -------------------------------------------------------------
    @classmethod
    def for_language(cls, lang: str, plural_only: bool = False, yo: bool = False) -> Lexicon:
        """The built-in nouns of ``lang`` (``"ru"``, ``"uk"``, ``"en"``), shared per process.

        ``plural_only`` adds plural-only nouns (НОЖНИЦЫ) for Russian and Ukrainian; ``yo``
        keeps Russian's Ё a letter of its own (УЧЁТ, not УЧЕТ).
        """
        check_language(lang)
        return _builtin(lang, plural_only and lang != "en", yo and lang == "ru")

    @classmethod
    def russian(cls, plural_only: bool = False) -> Lexicon:
        """Russian common nouns from OpenCorpora (see :func:`solvers.words.russian_nouns`)."""
        return cls.for_language("ru", plural_only)

    @classmethod
    def ukrainian(cls, plural_only: bool = False) -> Lexicon:
        """Ukrainian common nouns (see :func:`solvers.words.ukrainian_nouns`)."""
        return cls.for_language("uk", plural_only)

    @classmethod
    def english(cls) -> Lexicon:
        """Common English nouns (see :func:`solvers.words.english_nouns`)."""
        return cls.for_language("en")

    @classmethod
    def from_file(
        cls,
        path: str | Path,
        alphabet: str | None = RUSSIAN_ALPHABET,
        language: str | None = None,
        default_language: str | None = None,
    ) -> Lexicon:
        """A site's own word list (one word a line; see :func:`solvers.words.load_word_file`).

        With ``language`` the words must be letters of its alphabet; otherwise of ``alphabet``
        (None: any letters, the language guessed from them, else ``default_language``).
        """
        from solvers.words import load_word_file

        if language is not None:
            alphabet = alphabet_for(language)
        return cls(load_word_file(path, alphabet), language, default_language)


def _alphabet(language: str | None, words: Iterable[str], yo: bool = False) -> str:
    if language is not None:
        return alphabet_for(language, yo)
    return "".join(sorted({ch for w in words for ch in w}))


@functools.cache
def _builtin(lang: str, plural_only: bool, yo: bool = False) -> Lexicon:
    from solvers.words import cache, list_key_for, nouns_for

    name = (f"balda-lexicon-{lang}" + ("-with-plurals" if plural_only else "")
            + ("-yo" if yo else ""))
    key = f"{list_key_for(lang)}-t{TRIE_FORMAT}"
    stored = cache.load(name, key)
    if isinstance(stored, tuple) and len(stored) == 2:
        words, trie = stored
        return Lexicon._from_parts(words, trie, lang, alphabet_for(lang, yo))
    words_set = nouns_for(lang, plural_only, yo)
    with cache.building(f"building the {LANGUAGE_NAMES[lang]} word tree (first run, ~2 s)"):
        lexicon = Lexicon(words_set, lang, yo=yo)
    cache.store(name, key, (tuple(sorted(lexicon.words)), lexicon.trie))
    return lexicon


def _build_trie(words: Iterable[str]) -> Trie:
    root: Trie = {}
    for word in words:
        node = root
        for ch in word:
            child = node.get(ch)
            if child is None:
                child = node[ch] = {}
            node = child
        node[WORD] = word
    _mark_longest(root, 0)
    return root


def _mark_longest(root: Trie, depth: int) -> None:
    """Store under ``"#"`` the length of the longest word in each subtree (iteratively)."""
    order: list[tuple[Trie, int]] = []
    stack: list[tuple[Trie, int]] = [(root, depth)]
    while stack:
        node, level = stack.pop()
        order.append((node, level))
        for key, child in node.items():
            if key != WORD:
                stack.append((child, level + 1))
    for node, level in reversed(order):
        best = level if WORD in node else 0
        for key, child in node.items():
            if key != WORD and key != LONGEST:
                best = max(best, child[LONGEST])
        node[LONGEST] = best
