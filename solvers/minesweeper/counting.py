"""Exact solution counting for one frontier component, memoised over the live boundary.

Witnesses are taken one at a time, each next to what is already placed. A partial solution is
a mine count per box; once every witness around a box has been taken, the box leaves the key,
so partial solutions that agree on the boxes still in play (and on the mine total) merge into
one entry carrying their summed weight and per-box mine tallies. The key stays as small as the
boundary between taken and untaken witnesses, which is what keeps long frontiers fast.

Weights are exact Python integers: this module is also the reference the C engine is checked
against.
"""

from __future__ import annotations

from math import comb

from solvers.minesweeper.frontier import Component, Frontier

# mine total -> (number of layouts, per-box sum over layouts of that box's mines)
Counts = dict[int, tuple[int, list[int]]]


def witness_order(frontier: Frontier, comp: Component) -> list[int]:
    """Witnesses so each next one touches the boxes already placed and adds the fewest new."""
    todo = set(comp.witnesses)
    placed: set[int] = set()
    order: list[int] = []
    boxes_of = _boxes_of_witness(frontier, comp)
    while todo:
        best, best_new = -1, 1 << 30
        for w in todo:
            new = sum(1 for b in boxes_of[w] if b not in placed)
            touches = len(boxes_of[w]) > new or not order
            key = new if touches else new + 1000
            if key < best_new or (key == best_new and w < best):
                best, best_new = w, key
        order.append(best)
        todo.discard(best)
        placed.update(boxes_of[best])
    return order


def _boxes_of_witness(frontier: Frontier, comp: Component) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {w: [] for w in comp.witnesses}
    for b in comp.boxes:
        for w in frontier.boxes[b].witnesses:
            out[w].append(b)
    return out


def count_component(frontier: Frontier, comp: Component) -> Counts:
    """Layouts of the component's boxes satisfying all its witnesses, by mine total."""
    boxes = frontier.boxes
    local = {b: k for k, b in enumerate(comp.boxes)}
    sizes = [len(boxes[b].cells) for b in comp.boxes]
    boxes_of = _boxes_of_witness(frontier, comp)
    order = witness_order(frontier, comp)
    remaining_witnesses = [len(boxes[b].witnesses) for b in comp.boxes]
    n = len(comp.boxes)
    placed = [False] * n
    # state key: (mines, alloc of live boxes) -> [weight, tallies, alloc]
    states: dict[tuple, list] = {(0,): [1, [0] * n, [0] * n]}
    live: list[int] = []
    for w in order:
        need = frontier.witnesses[w].need
        old = [local[b] for b in boxes_of[w] if placed[local[b]]]
        new = [local[b] for b in boxes_of[w] if not placed[local[b]]]
        nxt: dict[tuple, list] = {}
        for k in new:
            placed[k] = True
        for k in old + new:
            remaining_witnesses[k] -= 1
        live = [k for k in range(n) if placed[k] and remaining_witnesses[k] > 0]
        for (mines, *_), (weight, tallies, alloc) in states.items():
            missing = need - sum(alloc[k] for k in old)
            if missing < 0:
                continue
            for extra, factor, choice in _spread(missing, new, sizes):
                a = alloc[:]
                for k, m in choice:
                    a[k] = m
                key = (mines + extra, *(a[k] for k in live))
                wt = weight * factor
                t = [x * factor for x in tallies]
                for k, m in choice:
                    t[k] = m * wt
                entry = nxt.get(key)
                if entry is None:
                    nxt[key] = [wt, t, a]
                else:
                    entry[0] += wt
                    et = entry[1]
                    for k in range(n):
                        et[k] += t[k]
        states = nxt
    out: Counts = {}
    for (mines, *_), (weight, tallies, _alloc) in states.items():
        if mines in out:
            w0, t0 = out[mines]
            out[mines] = (w0 + weight, [x + y for x, y in zip(t0, tallies, strict=True)])
        else:
            out[mines] = (weight, tallies)
    return out


def _spread(
    missing: int, new: list[int], sizes: list[int]
) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """Every way to put exactly ``missing`` mines into the new boxes: (mines, ways, choice)."""
    if not new:
        return [(0, 1, [])] if missing == 0 else []
    out: list[tuple[int, int, list[tuple[int, int]]]] = []

    def rec(i: int, left: int, ways: int, choice: list[tuple[int, int]]) -> None:
        k = new[i]
        if i == len(new) - 1:
            if left <= sizes[k]:
                out.append((missing, ways * comb(sizes[k], left), [*choice, (k, left)]))
            return
        cap = min(left, sizes[k])
        rest = sum(sizes[j] for j in new[i + 1 :])
        for m in range(max(0, left - rest), cap + 1):
            rec(i + 1, left - m, ways * comb(sizes[k], m), [*choice, (k, m)])

    rec(0, missing, 1, [])
    return out
