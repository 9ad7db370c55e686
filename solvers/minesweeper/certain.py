"""Stage 1: certain moves by local reasoning, the group method of seed 002.

A group is a set of covered cells with a known number of mines in it (at first, the cells
around one number). Single-group rules: no mines left means every cell is safe; as many mines
as cells means every cell is a mine. Two groups: when one contains the other, their difference
is a new group (subtraction); when they overlap and the surplus of one equals the cells only it
has, those cells are mines and the other's own cells are safe. Rules repeat until nothing new.
This finds most certain moves cheaply; stage 2 (exact probabilities) finds the rest.
"""

from __future__ import annotations

from solvers.minesweeper.frontier import Frontier

Group = tuple[frozenset[int], int]


def certain_cells(frontier: Frontier, max_rounds: int = 4) -> tuple[set[int], set[int]]:
    """(safe cells, mine cells) that follow from the numbers by the group rules."""
    safe: set[int] = set()
    mines: set[int] = set()
    groups: dict[frozenset[int], int] = {}
    for w in frontier.witnesses:
        groups[frozenset(w.cells)] = w.need
    for _ in range(max_rounds):
        groups = _reduce(groups, safe, mines)
        found = _singles(groups, safe, mines)
        if found:
            continue
        if not _pairs(groups, safe, mines):
            break
    return safe, mines


def _reduce(
    groups: dict[frozenset[int], int], safe: set[int], mines: set[int]
) -> dict[frozenset[int], int]:
    """Take known cells out of every group."""
    out: dict[frozenset[int], int] = {}
    for cells, need in groups.items():
        known_mines = len(cells & mines)
        rest = cells - safe - mines
        if rest:
            out[rest] = need - known_mines
    return out


def _singles(groups: dict[frozenset[int], int], safe: set[int], mines: set[int]) -> bool:
    found = False
    for cells, need in groups.items():
        if need == 0:
            safe |= cells
            found = True
        elif need == len(cells):
            mines |= cells
            found = True
    return found


def _pairs(groups: dict[frozenset[int], int], safe: set[int], mines: set[int]) -> bool:
    """Subset and overlap rules over every pair of groups sharing a cell."""
    by_cell: dict[int, list[frozenset[int]]] = {}
    for cells in groups:
        for c in cells:
            by_cell.setdefault(c, []).append(cells)
    found = False
    new_groups: dict[frozenset[int], int] = {}
    seen: set[tuple[frozenset[int], frozenset[int]]] = set()
    for members in by_cell.values():
        for a in members:
            for b in members:
                if a is b or (a, b) in seen:
                    continue
                seen.add((a, b))
                na, nb = groups[a], groups[b]
                only_b = b - a
                if a < b:
                    diff = nb - na
                    if diff == 0:
                        safe |= only_b
                        found = True
                    elif diff == len(only_b):
                        mines |= only_b
                        found = True
                    elif only_b not in groups:
                        new_groups[only_b] = diff
                elif nb - na == len(only_b):
                    mines |= only_b
                    safe |= a - b
                    found = True
    groups.update(new_groups)
    return found or bool(new_groups)
