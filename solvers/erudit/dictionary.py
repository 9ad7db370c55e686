"""The word list as a minimal DAWG of plain dicts, the shape the move generator walks fastest.

A node is a ``dict`` from a one-letter string to the child node; the key ``""`` marks a node
where a word ends. Equal sub-trees are shared (Daciuk's incremental construction over sorted
words), so ENABLE's 172,820 words need about 55 k nodes instead of 390 k.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

Node = dict[str, Any]  # letter -> child node, and END -> True where a word ends

END = ""


class WordGraph:
    """A set of UPPERCASE words with prefix walks; build once per word list and share it."""

    def __init__(self, words: Iterable[str]) -> None:
        ordered = sorted({w for w in words if w})
        self.root: Node = _build(ordered)
        self.size = len(ordered)
        self.alphabet = "".join(sorted({ch for w in ordered for ch in w}))

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


@cache
def graph_for(source: str) -> WordGraph:
    """The shared graph of a named list (``russian-nouns``, ``english-enable``) or a file path."""
    if source == "russian-nouns":
        from solvers.words import russian_nouns

        return WordGraph(russian_nouns())
    if source == "english-enable":
        from solvers.words import english_words

        return WordGraph(english_words())
    from solvers.words import load_word_file

    return WordGraph(load_word_file(Path(source)))
