"""Every legal placement of a rack, scored: Appel-Jacobson anchors over a DAWG.

For each line and each anchor (an empty square next to a tile), a left part made only of rack
tiles is laid on the free squares before the anchor (left parts depend on the rack alone, so
they are enumerated once per rack and reused by every anchor), then the word is extended to the
right through board tiles and rack tiles allowed by the square's cross-check set. Scores are
accumulated on the way: the main word's letters and word multipliers, each crossing word in
full, premiums only under new tiles, and the bonus for laying a whole rack. No branch depends
on the game: everything comes from :class:`Rules` and the word graph.
"""

from __future__ import annotations

from collections.abc import Callable

from solvers.erudit.board import EMPTY, Board
from solvers.erudit.dictionary import END, Node, WordGraph
from solvers.erudit.lines import BoardLines, Line, analyse
from solvers.erudit.moves import Placement, Play
from solvers.erudit.rules import SIZE, WILDCARD, Rules

# (across, line index, start position, word as laid, score, tiles used)
RawMove = tuple[bool, int, int, str, int, int]


def rack_counts(rack: str) -> tuple[dict[str, int], int]:
    """Letter -> count for the real tiles, and the number of wildcards."""
    counts: dict[str, int] = {}
    blanks = 0
    for ch in rack:
        if ch == WILDCARD:
            blanks += 1
        else:
            counts[ch] = counts.get(ch, 0) + 1
    return counts, blanks


LeftPart = tuple[str, Node, frozenset[str], int, int]


def _left_parts(
    root: Node,
    counts: dict[str, int],
    blanks: list[int],
    max_len: int,
    tv: dict[str, int],
    keys_of: dict[int, frozenset[str]],
) -> list[list[LeftPart]]:
    """Prefixes of words buildable from the rack, by length.

    Each is (tiles as laid, node, letters that may follow, points without premiums, wildcards).
    """
    by_len: list[list[LeftPart]] = [[] for _ in range(max_len + 1)]

    def keys(node: Node) -> frozenset[str]:
        k = keys_of.get(id(node))
        if k is None:
            k = frozenset(ch for ch in node if ch != END)
            keys_of[id(node)] = k
        return k

    by_len[0].append(("", root, keys(root), 0, 0))

    def grow(node: Node, laid: str, depth: int, base: int, wild: int) -> None:
        group = by_len[depth + 1]
        for letter, cnt in counts.items():
            if cnt:
                child = node.get(letter)
                if child is not None:
                    counts[letter] = cnt - 1
                    more = laid + letter
                    b = base + tv[letter]
                    group.append((more, child, keys(child), b, wild))
                    if depth + 1 < max_len:
                        grow(child, more, depth + 1, b, wild)
                    counts[letter] = cnt
        if blanks[0]:
            blanks[0] -= 1
            for letter, child in node.items():
                if letter != END:
                    low = letter.lower()
                    more = laid + low
                    b = base + tv[low]
                    group.append((more, child, keys(child), b, wild + 1))
                    if depth + 1 < max_len:
                        grow(child, more, depth + 1, b, wild + 1)
            blanks[0] += 1

    if max_len > 0:
        grow(root, "", 0, 0, 0)
    return by_len


def _gen_line(
    line: Line,
    counts: dict[str, int],
    blanks: list[int],
    tv: dict[str, int],
    root: Node,
    left: Callable[[int], list[list[LeftPart]]],
    rack_size: int,
    bingo: int,
    out: list[RawMove],
    shared: tuple[int, frozenset[str], frozenset[str]],
) -> None:
    letters = line.letters
    chars = line.chars
    vals = line.values
    cross = line.cross
    xs = line.cross_score
    lm = line.letter_mult
    wm = line.word_mult
    across = line.across
    k = line.index
    anchor = 0

    def record(pos: int, word: str, score: int, n: int) -> None:
        start = pos - len(word)
        if len(word) < 2:
            return
        if n == 1 and not across:
            # a lone tile with a word across as well is already listed by the across line
            for i in range(start, pos):
                if not letters[i] and cross[i] is not None:
                    return
        out.append((across, k, start, word, score + (bingo if n == rack_size else 0), n))

    def extend(pos: int, node: Node, word: str, msum: int, wmul: int, xt: int, n: int) -> None:
        if pos < SIZE:
            ch = letters[pos]
            if ch:
                child = node.get(ch)
                if child is not None:
                    extend(pos + 1, child, word + chars[pos], msum + vals[pos], wmul, xt, n)
                return
        if pos > anchor and END in node:
            record(pos, word, msum * wmul + xt, n)
        if pos == SIZE:
            return
        cc = cross[pos]
        l_m = lm[pos]
        w_m = wm[pos]
        x0 = xs[pos]
        for letter, cnt in counts.items():
            if cnt and (cc is None or letter in cc):
                child = node.get(letter)
                if child is not None:
                    counts[letter] = cnt - 1
                    v = tv[letter] * l_m
                    extend(
                        pos + 1,
                        child,
                        word + letter,
                        msum + v,
                        wmul * w_m,
                        xt if cc is None else xt + (x0 + v) * w_m,
                        n + 1,
                    )
                    counts[letter] = cnt
        if blanks[0]:
            blanks[0] -= 1
            for letter, child in node.items():
                if letter != END and (cc is None or letter in cc):
                    low = letter.lower()
                    v = tv[low] * l_m
                    extend(
                        pos + 1,
                        child,
                        word + low,
                        msum + v,
                        wmul * w_m,
                        xt if cc is None else xt + (x0 + v) * w_m,
                        n + 1,
                    )
            blanks[0] += 1

    premium_before = [0] * (SIZE + 1)  # premium squares among positions < i
    for i in range(SIZE):
        premium_before[i + 1] = premium_before[i] + (lm[i] != 1 or wm[i] != 1)
    is_anchor = [False] * SIZE
    for a in line.anchors:
        is_anchor[a] = True
    total_tiles, rack_letters, everything = shared
    for a in line.anchors:
        anchor = a
        if a > 0 and letters[a - 1]:
            j = a - 1
            while j > 0 and letters[j - 1]:
                j -= 1
            node: Node | None = root
            for i in range(j, a):
                assert node is not None  # the loop stops at the first None
                node = node.get(letters[i])
                if node is None:
                    break
            if node is not None:
                extend(a, node, "".join(chars[j:a]), sum(vals[j:a]), 1, 0, 0)
            continue
        room = 0
        i = a - 1
        while i >= 0 and not letters[i] and not is_anchor[i] and room < total_tiles - 1:
            room += 1
            i -= 1
        parts = left(room)
        cc = cross[a]
        allowed = everything if cc is None else cc
        if not blanks[0]:
            allowed = allowed & rack_letters
        # a tile right after the anchor must follow the anchor's letter: check it up front
        nxt = letters[a + 1] if a + 1 < SIZE else ""
        for length in range(room + 1):
            first = a - length
            plain = premium_before[a] == premium_before[first]
            for laid, node, keys, base, used_blanks in parts[length]:
                if keys.isdisjoint(allowed):
                    continue
                if nxt:
                    for x in keys & allowed:
                        if nxt in node[x]:
                            break
                    else:
                        continue
                if plain:
                    msum = base
                    wmul = 1
                else:
                    msum = 0
                    wmul = 1
                    for i, ch in enumerate(laid):
                        msum += tv[ch] * lm[first + i]
                        wmul *= wm[first + i]
                blanks[0] -= used_blanks
                for ch in laid:
                    if ch in counts:
                        counts[ch] -= 1
                extend(a, node, laid, msum, wmul, 0, length)
                blanks[0] += used_blanks
                for ch in laid:
                    if ch in counts:
                        counts[ch] += 1


#: Per-line moves kept between calls: (line's content, rack) -> that line's moves.
LineCache = dict[tuple[object, ...], list[RawMove]]


def line_key(line: Line, rack: str) -> tuple[object, ...]:
    """What a line's moves depend on besides the rules: its tiles, cross-checks and anchors."""
    return (line.across, line.index, rack, tuple(line.chars), tuple(line.cross),
            tuple(line.cross_score), tuple(line.anchors))


def raw_moves(
    bl: BoardLines, rack: str, graph: WordGraph, rules: Rules, line_cache: LineCache | None = None
) -> list[RawMove]:
    """All placements as compact tuples (the fast path used by search and self-play).

    ``line_cache`` (one word graph and rules per cache) reuses the moves of every line a
    previous call saw unchanged with the same rack: a playout's boards differ from one another
    in a few lines only.
    """
    counts, nblanks = rack_counts(rack)
    blanks = [nblanks]
    cache: dict[int, list[list[LeftPart]]] = {}
    total = len(rack)
    tv = rules.tile_values

    def left(room: int) -> list[list[LeftPart]]:
        if not cache:
            keys_of = graph.__dict__.setdefault("_keys_of", {})
            cache[0] = _left_parts(graph.root, counts, blanks, max(0, total - 1), tv, keys_of)
        return cache[0]

    out: list[RawMove] = []
    if not rack:
        return out
    rack_letters = frozenset(counts)
    shared = (total, rack_letters, _graph_letters(graph) | rack_letters)
    for line in bl.lines:
        if not line.anchors:
            continue
        if line_cache is None:
            _gen_line(line, counts, blanks, tv, graph.root, left, rules.rack_size,
                      rules.bingo_bonus, out, shared)
            continue
        key = line_key(line, rack)
        hit = line_cache.get(key)
        if hit is None:
            hit = []
            _gen_line(line, counts, blanks, tv, graph.root, left, rules.rack_size,
                      rules.bingo_bonus, hit, shared)
            line_cache[key] = hit
        out.extend(hit)
    return out


def _graph_letters(graph: WordGraph) -> frozenset[str]:
    letters = graph.__dict__.get("_letters")
    if letters is None:
        letters = frozenset(graph.alphabet)
        graph.__dict__["_letters"] = letters
    return letters


def to_play(raw: RawMove, board: Board) -> Play:
    across, k, start, word, score, _n = raw
    row, col = (k, start) if across else (start, k)
    placement = Placement(row, col, across, word)
    used = "".join(
        WILDCARD if ch.islower() else ch
        for s, ch in zip(placement.squares(), word, strict=True)
        if board[s] == EMPTY
    )
    return Play(placement, score, used)


def generate(
    board: Board, rack: str, graph: WordGraph, rules: Rules, lines: BoardLines | None = None
) -> list[Play]:
    """Every legal placement of ``rack`` on ``board`` with its score (no duplicates)."""
    bl = lines if lines is not None else analyse(board, graph, rules)
    return [to_play(m, board) for m in raw_moves(bl, rack, graph, rules)]


def merge_wildcard_variants(moves: list[RawMove]) -> list[tuple[RawMove, list[str]]]:
    """Group moves that differ only in the letters wildcards stand for and score the same.

    Such moves lay the same tiles on the same squares, so they score alike (with zero-valued
    wildcards) and leave the same rack: one representative is enough for choosing a move.
    Returns (representative, the other words) pairs, in first-seen order.
    """
    groups: dict[tuple, tuple[RawMove, list[str]]] = {}
    for m in moves:
        word = m[3]
        if word.isupper():
            groups[m[:3] + (word, m[4])] = (m, [])
            continue
        key = m[:3] + ("".join("*" if ch.islower() else ch for ch in word), m[4])
        hit = groups.get(key)
        if hit is None:
            groups[key] = (m, [])
        else:
            hit[1].append(word)
    return list(groups.values())
