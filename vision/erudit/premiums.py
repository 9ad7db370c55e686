"""The premium squares a board shows, against the rules' grid and the two known layouts.

Erudit and Scrabble share one layout but for the centre (Erudit's is plain, Scrabble's a double
word), so a layout is named by the grids every visible empty square agrees with; squares under
tiles cannot tell.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from solvers.erudit.board import square_name
from solvers.erudit.rules import SIZE, Rules, load_rules

#: Known layouts by name, from the rules that use them.
LAYOUTS = {"erudit": "erudit", "scrabble": "scrabble-en", "wwf": "wwf"}
UNKNOWN = "?"


@cache
def layout_grid(name: str) -> str:
    """The 225 premium characters of a known layout, row by row."""
    return _flat(load_rules(LAYOUTS[name]).premium_text)


def _flat(text: str) -> str:
    return "".join(line.strip() for line in text.strip().splitlines() if line.strip())


def compare_layout(
    seen: Sequence[str], rules: Rules
) -> tuple[str, bool, list[tuple[str, str, str]]]:
    """(layout name, matches the rules' grid, squares that differ from it as (square, seen,
    rules')). ``seen`` holds 225 premium characters, ``?`` where a tile hides the square.

    The name is ``erudit``, ``scrabble``, ``erudit or scrabble`` (the centre is covered) or
    ``a different layout``.
    """
    if len(seen) != SIZE * SIZE:
        raise ValueError(f"{len(seen)} squares, expected {SIZE * SIZE}")
    want = _flat(rules.premium_text)
    diffs = [(square_name(i), s, want[i]) for i, s in enumerate(seen)
             if s != UNKNOWN and s != want[i]]
    names = [name for name in LAYOUTS
             if all(s == UNKNOWN or s == layout_grid(name)[i] for i, s in enumerate(seen))]
    layout = " or ".join(names) if names else "a different layout"
    return layout, not diffs, diffs
