"""Checks of a read Erudit / Scrabble position against the rules, naming squares and tiles.

A reader that misnames one glyph can still produce a board that looks fine; many misreads
break a rule instead: more wildcards than the set has, more of a letter than the set has, a
tile not joined to the others, tiles with no start square covered, a rack over its size.
Each is a :class:`~vision.core.errors.ReadError` saying which squares or tiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from solvers.erudit.board import square_name
from solvers.erudit.rules import SIZE, WILDCARD, Rules
from vision.core.errors import ReadError


def _names(indices: Sequence[int], limit: int = 8) -> str:
    names = [square_name(i) for i in indices]
    more = f" and {len(names) - limit} more" if len(names) > limit else ""
    return ", ".join(names[:limit]) + more


def _cell(index: int) -> tuple[int, int]:
    r, c = divmod(index, SIZE)
    return r, c


def check_tiles(cells: Sequence[str], rack: str, rules: Rules, counts: bool = True) -> None:
    """Wildcards and letters in play (board and rack) within the set's counts; with
    ``counts`` off only the wildcards (a site whose rules were told by its values alone: JScrab
    plays Scrabble's values with five В, not four, and a fifth В stopped the game)."""
    wild_squares = [i for i, ch in enumerate(cells) if ch != "." and ch.islower()]
    rack_wild = rack.count(WILDCARD)
    if len(wild_squares) + rack_wild > rules.wildcards:
        where = []
        if wild_squares:
            where.append(f"on the board at {_names(wild_squares)}")
        if rack_wild:
            slots = [str(k + 1) for k, ch in enumerate(rack) if ch == WILDCARD]
            where.append(f"on the rack (tile {', '.join(slots)} from the left)")
        raise ReadError(
            f"{len(wild_squares) + rack_wild} wildcards read ({' and '.join(where)}) but the"
            f" {rules.name} set has {rules.wildcards}: a tile's value or look was misread",
            cell=_cell(wild_squares[0]) if wild_squares else None,
            cells=tuple(_cell(i) for i in wild_squares),
        )
    used = Counter(ch for ch in cells if ch != "." and ch.isupper())
    used.update(ch for ch in rack if ch not in (WILDCARD, "?"))  # "?": a tile not named
    for letter, n in sorted(used.items()) if counts else ():
        have = rules.counts.get(letter, 0)
        if n > have:
            squares = [i for i, ch in enumerate(cells) if ch == letter]
            on_rack = rack.count(letter)
            rack_part = f" and {on_rack} on the rack" if on_rack else ""
            raise ReadError(
                f"{n} tiles {letter!r} read (at {_names(squares)}{rack_part}) but the"
                f" {rules.name} set has {have}",
                cell=_cell(squares[0]) if squares else None,
                cells=tuple(_cell(i) for i in squares),
            )
    if len(rack) > rules.rack_size:
        raise ReadError(f"{len(rack)} rack tiles read ({rack}); a {rules.name} rack holds"
                        f" {rules.rack_size}")


def check_board(cells: Sequence[str], rules: Rules, corners: bool = False) -> None:
    """Tiles on the board as a game leaves them: the start square covered, every tile joined
    to it through neighbours, no word of one letter. With ``corners`` a tile touching another
    corner to corner is joined too (a site whose own engine plays so: JScrab's computer)."""
    filled = [i for i, ch in enumerate(cells) if ch != "."]
    if not filled:
        return
    start = rules.start
    if cells[start] == ".":
        raise ReadError(
            f"{len(filled)} tiles on the board ({_names(filled)}) but the start square"
            f" {square_name(start)} is empty: no {rules.name} game leaves that",
            cell=_cell(start), cells=tuple(_cell(i) for i in filled),
        )
    seen = {start}
    todo = [start]
    while todo:
        i = todo.pop()
        r, c = divmod(i, SIZE)
        steps = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
        if corners:
            steps += [(r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1)]
        for rr, cc in steps:
            j = rr * SIZE + cc
            if 0 <= rr < SIZE and 0 <= cc < SIZE and j not in seen and cells[j] != ".":
                seen.add(j)
                todo.append(j)
    apart = [i for i in filled if i not in seen]
    if apart:
        raise ReadError(
            f"tiles at {_names(apart)} are not joined to the tiles through the start square"
            f" {square_name(start)}: no {rules.name} game leaves that (a square misread?)",
            cell=_cell(apart[0]), cells=tuple(_cell(i) for i in apart),
        )
    if len(filled) == 1:
        raise ReadError(
            f"one tile on the board ({square_name(filled[0])}): a word has two letters at least",
            cell=_cell(filled[0]),
        )
