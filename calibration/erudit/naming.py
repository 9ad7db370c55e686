"""Naming an Erudit tile's glyph the site's bank does not know, by the game, never by a guess.

A tile already on the board keeps its letter: shown in a new look (the opponent's last move
lit, a wildcard's italics on another colour) it is the letter the game followed. A new tile of
the opponent's move must be a letter worth the value the tile shows (a wildcard shows none:
any letter, in lower case), and the move's words must be words: when exactly one naming of the
unknown tiles makes every word formed a word of our dictionary, that naming it is. The names are
passed back to the reader as ``known`` squares, which it accepts only where the value agrees,
and learns.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from solvers.erudit.board import EMPTY, Board
from solvers.erudit.dictionary import END, WordGraph
from solvers.erudit.rules import SIZE, Rules
from solvers.erudit.scoring import words_formed

UNKNOWN = "?"
MAX_NAMINGS = 20000  # candidate namings tried before giving up (a refusal, not a guess)


def square_value(values: Sequence[tuple[str, int | None]], square: int) -> int | None:
    """The value number read on a board square's tile (``values`` as the reading gives it)."""
    name = f"{'ABCDEFGHIJKLMNO'[square % SIZE]}{square // SIZE + 1}"
    for where, value in values:
        if where == name:
            return value
    return None


#: A tile's value number that shows but could not be read (see vision.erudit.reader.UNREAD).
UNREAD = -1


def letters_worth(value: int | None, rules: Rules) -> list[str]:
    """The letters a tile showing ``value`` may carry (a wildcard, lower case, when none; any
    letter when its number shows but could not be read)."""
    if value == UNREAD:
        return list(rules.alphabet)
    if not value:
        return [ch.lower() for ch in rules.alphabet]
    return [ch for ch in rules.alphabet if rules.values.get(ch) == value]


def names_by_logic(
    partial: Sequence[str],
    followed: Sequence[str] | None,
    values: Sequence[tuple[str, int | None]],
    graph: WordGraph,
    rules: Rules,
    shown: frozenset[str] = frozenset(),
) -> dict[int, str]:
    """Names for the ``?`` squares of ``partial`` (225 squares) the game allows one way only.

    ``shown``: words the page shows (its list of moves, «Компьютер: БЫК +17»); of several
    namings that make words, the only one whose words the page names is the move played."""
    unknown = [i for i, ch in enumerate(partial) if ch == UNKNOWN]
    if not unknown:
        return {}
    names: dict[int, str] = {}
    if followed is not None:
        for i in unknown:
            if followed[i] != EMPTY:
                names[i] = followed[i]  # a tile already played, in a new look
    new = [i for i in unknown if i not in names]
    if not new or followed is None:
        return names
    board = Board(tuple(followed))
    added = [(i, ch) for i, ch in enumerate(partial) if followed[i] == EMPTY and ch != EMPTY]
    options = [letters_worth(square_value(values, i), rules) for i in new]
    total = 1
    for o in options:
        total *= len(o)
    if total > MAX_NAMINGS:
        # Too many to try one by one: only the namings that make the move's main word a word
        # (found by walking the word graph with each square's possible letters).
        choices = _main_word_namings(board, added, dict(zip(new, options, strict=True)), graph)
        if choices is None:
            return names
    else:
        choices = [dict(zip(new, choice, strict=True))
                   for choice in itertools.product(*options)]
    fits: list[tuple[dict[int, str], list[str]]] = []
    for named in choices:
        tiles = [(i, named.get(i, ch)) for i, ch in added]
        words = _all_words(board, tiles, graph, shown)
        if words is not None:
            fits.append((named, words))
            if len(fits) > 1 and not shown:
                return names  # two namings make words: neither is proven
    if len(fits) > 1:  # the page's own words tell which move it was, if only one fits them
        every = [(n, w) for n, w in fits if all(word in shown for word in w)]
        fits = every if every else [(n, w) for n, w in fits if any(word in shown for word in w)]
    if len(fits) == 1:
        names.update(fits[0][0])
    return names


def _main_word_namings(
    board: Board, added: list[tuple[int, str]], options: dict[int, list[str]], graph: WordGraph
) -> list[dict[int, str]] | None:
    """The namings of the unknown squares whose main word (the line of the new tiles, with the
    board's tiles it runs through) is a word; None when the new tiles are not on one line or
    too many words fit."""
    squares = sorted(i for i, _ in added)
    rows = {i // SIZE for i in squares}
    cols = {i % SIZE for i in squares}
    if len(rows) == 1:
        step = 1
    elif len(cols) == 1:
        step = SIZE
    else:
        return None
    new = dict(added)

    def filled(i: int) -> bool:
        return i in new or board[i] != EMPTY

    def inside(i: int) -> bool:
        return 0 <= i < SIZE * SIZE and (step == SIZE or i // SIZE == squares[0] // SIZE)

    first, last = squares[0], squares[-1]
    while inside(first - step) and filled(first - step):
        first -= step
    while inside(last + step) and filled(last + step):
        last += step
    line = list(range(first, last + 1, step))
    if any(not filled(i) for i in line):
        return None  # a gap: not one word
    slots = []
    for i in line:
        if i in options:
            slots.append({ch.upper(): ch for ch in options[i]})
        else:
            ch = new.get(i, board[i])
            slots.append({ch.upper(): ch})
    found: list[dict[int, str]] = []

    def walk(node: dict[str, object], k: int, named: dict[int, str]) -> bool:
        if k == len(line):
            if END in node:
                found.append(dict(named))
            return len(found) <= MAX_NAMINGS
        for upper, ch in slots[k].items():
            nxt = node.get(upper)
            if not isinstance(nxt, dict):
                continue
            if line[k] in options:
                named[line[k]] = ch
            if not walk(nxt, k + 1, named):
                return False
            named.pop(line[k], None)
        return True

    if not walk(graph.root, 0, {}):
        return None
    return found


def _all_words(board: Board, tiles: list[tuple[int, str]], graph: WordGraph,
               shown: frozenset[str] = frozenset()) -> list[str] | None:
    """The words the tiles form, upper case, when every one is a word (of our list, or one
    the page names: its word list is not ours, and scrabble-wordgame's computer played PLEX,
    a word we lack, with a white X worth an 8 never seen: no naming fitted, the bot waited 60
    s and stopped); else None."""
    squares = sorted(s for s, _ in tiles)
    rows = {s // SIZE for s in squares}
    across = len(rows) == 1 and len(squares) > 1 or (
        len(squares) == 1 and _side_neighbour(board, squares[0])
    )
    laid = board.place(tiles)
    formed = words_formed(board, tiles, across)
    if not formed:
        return None
    words = ["".join(laid[s] for s in w).upper() for w in formed]
    return words if all(w in graph or w in shown for w in words) else None


def _side_neighbour(board: Board, square: int) -> bool:
    c = square % SIZE
    return (c > 0 and board[square - 1] != EMPTY) or (c < SIZE - 1 and board[square + 1] != EMPTY)
