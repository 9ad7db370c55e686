"""The dictionary as move generation needs it: a set for lookups and a forward trie for pruning.

The trie is nested dicts keyed by letter. Two extra keys hold what the search needs at a
node: ``"$"`` is the word ending there (absent if none) and ``"#"`` the length of the longest
word below, so a search for long words drops a branch as soon as it cannot beat its target.
Building it from the 67k Russian nouns takes about a third of a second.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from solvers.words.alphabet import RUSSIAN_ALPHABET, fold_yo

WORD = "$"
LONGEST = "#"
# Values are child nodes, except the word (str) under "$" and the length (int) under "#".
Trie = dict[str, Any]


class Lexicon:
    """Legal words (UPPERCASE, Ё folded) plus their forward trie."""

    def __init__(self, words: Iterable[str]) -> None:
        self.words: frozenset[str] = frozenset(fold_yo(w.upper()) for w in words if w)
        if not self.words:
            raise ValueError("the dictionary has no words")
        self.trie: Trie = _build_trie(self.words)
        self.longest = max(map(len, self.words))

    def __contains__(self, word: object) -> bool:
        return word in self.words

    def __len__(self) -> int:
        return len(self.words)

    @classmethod
    def russian(cls, plural_only: bool = False) -> Lexicon:
        """Russian common nouns from OpenCorpora (see :func:`solvers.words.russian_nouns`)."""
        return _russian(plural_only)

    @classmethod
    def from_file(cls, path: str | Path, alphabet: str | None = RUSSIAN_ALPHABET) -> Lexicon:
        """A site's own word list (one word a line; see :func:`solvers.words.load_word_file`)."""
        from solvers.words import load_word_file

        return cls(load_word_file(path, alphabet))


@functools.cache
def _russian(plural_only: bool) -> Lexicon:
    from solvers.words import russian_nouns

    return Lexicon(russian_nouns(plural_only))


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
