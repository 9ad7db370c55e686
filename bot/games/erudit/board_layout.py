"""The premium squares a page really draws, when they are not the rules' own.

A site may put its own layout under the usual tiles (a Words-With-Friends grid under Scrabble
rules, JScrab's grid under Erudit's); scoring on the rules' grid then expects points the page
never gives. The reader names every empty square's premium by its look; when what it saw
differs from the rules' grid, and the difference is a layout (symmetric, as every board is,
not one square misread under a pointer or a flying tile), play goes on with the board's grid.
"""

from __future__ import annotations

from solvers.erudit.rules import SIZE

UNSEEN = "?"
#: Squares that must differ before a grid counts as another layout, not a misread.
MIN_DIFFERENT = 4


def _flat(text: str) -> str:
    return "".join(line.strip() for line in text.strip().splitlines() if line.strip())


def _mirrors(i: int) -> set[int]:
    r, c = divmod(i, SIZE)
    last = SIZE - 1
    return {r * SIZE + c, r * SIZE + last - c, (last - r) * SIZE + c,
            (last - r) * SIZE + last - c}


def board_layout(seen_rows: tuple[str, ...] | list[str], rules_text: str) -> str | None:
    """The board's premium grid as 15 lines (squares under tiles taken from ``rules_text``),
    or None when it is the rules' own, too close to it to be another layout, or not
    symmetric (a square read wrong)."""
    seen = "".join(seen_rows)
    want = _flat(rules_text)
    if len(seen) != SIZE * SIZE or len(want) != SIZE * SIZE:
        raise ValueError(f"a premium grid has {SIZE * SIZE} squares: got {len(seen)}, "
                         f"{len(want)}")
    differ = [i for i, s in enumerate(seen) if s != UNSEEN and s != want[i]]
    if len(differ) < MIN_DIFFERENT:
        return None
    for i, s in enumerate(seen):
        if s == UNSEEN:
            continue
        if any(seen[j] not in (UNSEEN, s) for j in _mirrors(i)):
            return None  # a board's layout is the same turned or mirrored: a misread square
    cells = [s if s != UNSEEN else want[i] for i, s in enumerate(seen)]
    return "\n".join("".join(cells[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)) + "\n"
