"""Naming a Balda glyph the bank does not know by the game's own logic, never by a guess.

Letters never change in Balda, so a known letter shown in a new look (lit while the opponent
picks it, just placed, another theme's colours) is that letter: the game followed so far names
it. The letter we just placed is the one we entered. The start word is a word of the
dictionary: the words of the grid's width that agree with the letters read and with the row's
own pattern (cells whose glyphs are alike hold one letter, cells whose glyphs are plainly
unlike hold two) are the candidates; one left names the row, and among several Tesseract
proposes (every letter any preparation of a glyph reads as, wrong ones included) and the one
word it agrees with on every cell it proposes for, or on all but one while every other word
misses two more, is the one; when several stay plausible, the cells they all name alike (and
Tesseract proposes so) are named, the rest are unknown letters. A new letter must make a legal
move (either side could have placed it, of the length the page's score grew by): when only
one letter can stand in that cell, that letter it is; when the page lists the words played,
the one listed names it; a letter another cell of the grid shows in a glyph plainly unlike
this one is ruled out; among the rest, the one the bank's templates single out (a letter never
seen is no evidence either way), or the one Tesseract names in every preparation while the
grid rules out every other, is it. Anything else stays unnamed (the frame stays unreadable, or
the cell an unknown letter to the player). Each name given is taught to the glyph bank, so the
look reads directly from then on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from solvers.balda.lexicon import Lexicon
from solvers.balda.movegen import generate_moves
from solvers.balda.moves import BaldaMove
from solvers.balda.state import BaldaState

#: The shortest word the page lists that names a new letter.
LISTED = 3
#: An unknown letter in the game followed (bot.games.balda.track.UNKNOWN): no name to give.
UNKNOWN = "?"

CLOSE = 0.25  # a template this near (the bank's own distance) supports a candidate
FAR = 0.25  # every other candidate at least this far, and at least twice as far
#: A template this near is the glyph's own look: it beats a letter the bank never saw.
SAME_LOOK = 0.05
#: Two glyphs of one picture this near are one letter (the same letter drawn twice differs by
#: about 0.005; the nearest two letters of the hardest font seen, a serif italic Н and П, 0.085).
ALIKE = 0.04
#: Two glyphs of one picture this far apart are two letters (one letter drawn twice at
#: another sub-pixel offset was seen up to 0.17 apart).
UNLIKE = 0.25

Proposals = Callable[[int], frozenset[str]]


def bank_allows(ink: Any, letter: str, bank: Any, alphabet: str) -> bool:
    """Whether the bank's templates leave ``letter`` possible for this glyph. The game names
    by our dictionary, and a site's is not ours (the start word CLEAT, a word we lack, has one
    word of ours that fits: CHEAT, which would make the L an H, 0.11 from an L template and
    0.34 from every H): a name is ruled out when a template of another letter is close
    (``CLOSE``) and the named letter's own are far (``FAR``, and twice as far); a letter the
    bank never saw is ruled out only by another letter's template in the same look
    (``SAME_LOOK``)."""
    if bank is None or ink is None or getattr(ink, "empty", True):
        return True
    nearest = bank.classify_many([ink], alphabet)[0]
    if nearest.char is None or nearest.char == letter or nearest.distance > CLOSE:
        return True
    own = bank.classify_many([ink], letter)[0]
    if own.char is None or own.distance == float("inf"):
        return nearest.distance > SAME_LOOK
    return own.distance < max(FAR, 2 * nearest.distance)


def allowed_by_bank(names: dict[int, str], inks: Sequence[Any], bank: Any, alphabet: str
                    ) -> bool:
    """Whether the bank leaves every name of ``names`` (cell -> letter) possible."""
    return all(bank_allows(inks[i] if i < len(inks) else None, ch, bank, alphabet)
               for i, ch in names.items())


def pick(
    candidates: Sequence[dict[int, str]], inks: Sequence[Any], bank: Any, hint: Any = None,
    alphabet: str | None = None,
) -> dict[int, str]:
    """The one candidate naming the game allows that the templates single out, else the one
    Tesseract's unanimous hint (``hint(cell)``) agrees with on every cell (or none).

    A candidate is singled out when, wherever it and another differ, its letter's template
    is close (``CLOSE``) and the other's is far (``FAR``, and twice as far); a letter the bank
    has no template of is no evidence either way, so a candidate differing there by a letter
    never seen wins only in the same look (``SAME_LOOK``: a font's two nearest letters, a
    serif italic И and Н, are 0.10 apart). Nor is a letter singled out where the bank has a
    letter no candidate holds nearer (BROOK and BROOM fit a start row whose last letter the
    bank finds nearest a D, 0.17 away: the site's word is BROOD, one we lack)."""
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        return {}
    if hint is not None:
        cells = sorted(set().union(*candidates))
        said = {i: hint(i) for i in cells}
        agree = [c for c in candidates if all(said[i] == ch for i, ch in c.items())]
        if len(agree) == 1:
            return agree[0]
    known: dict[tuple[int, str], float | None] = {}

    def distance(i: int, ch: str) -> float | None:
        if (i, ch) not in known:
            m = bank.classify_many([inks[i]], ch)[0]
            seen = m.char is not None and m.distance != float("inf")
            known[i, ch] = float(m.distance) if seen else None
        return known[i, ch]

    letters = alphabet if alphabet is not None else bank.alphabet
    nearest: dict[int, float] = {}

    def best(i: int) -> float:
        if i not in nearest:
            m = bank.classify_many([inks[i]], letters)[0]
            nearest[i] = float(m.distance) if m.char is not None else float("inf")
        return nearest[i]

    def beats(one: dict[int, str], other: dict[int, str]) -> bool:
        differ = [i for i in one if other.get(i) != one[i]]
        for i in differ:
            mine, theirs = distance(i, one[i]), distance(i, other[i])
            if mine is None or mine > CLOSE or mine > best(i) + 1e-9:
                return False
            if theirs is None:
                if mine > SAME_LOOK:
                    return False
            elif theirs < max(FAR, 2 * mine):
                return False
        return bool(differ)

    winners = [c for c in candidates if all(beats(c, o) for o in candidates if o is not c)]
    return winners[0] if len(winners) == 1 else {}


def partial_grid(
    frame: Any, location: Any, bank: Any, alphabet: str, doubted: frozenset[int] = frozenset()
) -> tuple[list[str | None], list[Any]]:
    """Every cell as the bank reads it alone: a letter, "" (empty), or None (not sure);
    ``doubted`` cells are None whatever the bank says (a reading the game ruled out)."""
    from vision.balda.overlay import see_through
    from vision.core.glyph_bank import canonical_char
    from vision.core.letters import grid_inks

    inks = grid_inks(see_through(frame, location), location)
    filled = [i for i, ink in enumerate(inks) if not ink.empty]
    matches = bank.classify_many([inks[i] for i in filled], alphabet) if filled else []
    grid: list[str | None] = ["" for _ in inks]
    for i, m in zip(filled, matches, strict=True):
        sure = m.accepted and m.char and i not in doubted
        grid[i] = canonical_char(m.char, alphabet) if sure else None
    return grid, inks


def row_pattern(cells: Sequence[int], inks: Sequence[Any]) -> tuple[list[tuple[int, int]],
                                                                     list[tuple[int, int]]]:
    """Pairs of positions in ``cells`` whose glyphs are alike (one letter) and plainly unlike
    (two letters), as the bank measures glyphs."""
    from vision.core.glyph_bank import pairwise_distances

    inked = [k for k, i in enumerate(cells) if inks[i] is not None and not inks[i].empty]
    if len(inked) < 2:
        return [], []
    dist = pairwise_distances([inks[cells[k]] for k in inked])
    same, apart = [], []
    for a in range(len(inked)):
        for b in range(a + 1, len(inked)):
            if dist[a, b] <= ALIKE:
                same.append((inked[a], inked[b]))
            elif dist[a, b] >= UNLIKE:
                apart.append((inked[a], inked[b]))
    return same, apart


def start_word_names(
    grid: Sequence[str | None], size: int, lexicon: Lexicon,
    inks: Sequence[Any] = (), bank: Any = None, hint: Any = None,
    shown: frozenset[str] = frozenset(), proposals: Proposals | None = None,
    fresh: bool = True, alphabet: str | None = None,
) -> dict[int, str]:
    """Names for unread cells of the start row, when one dictionary word fits what is read
    and the bank's templates rule none of its letters out (:func:`bank_allows`: the site's
    start word may be one we lack); ``fresh``: only on a board with nothing unread elsewhere
    (a game's first frame)."""
    row = (size - 1) // 2
    cells = list(range(row * size, (row + 1) * size))
    if any(grid[i] == "" for i in cells) or all(grid[i] for i in cells):
        return {}
    if fresh and any(grid[i] is None for i in range(len(grid)) if i not in cells):
        return {}  # unread cells elsewhere: not a fresh board
    same, apart = row_pattern(cells, inks) if inks else ([], [])
    fits = [
        w for w in lexicon.words
        if len(w) == size and all(grid[i] in (None, w[k]) for k, i in enumerate(cells))
        and all(w[a] == w[b] for a, b in same) and all(w[a] != w[b] for a, b in apart)
    ]
    listed = [w for w in fits if w in shown]
    if len(listed) == 1:
        fits = listed  # the page shows the start word (a line such as «Начальное слово: …»)
    named = [{i: w[k] for k, i in enumerate(cells) if grid[i] is None} for w in fits]
    if bank is not None and inks:
        letters = alphabet if alphabet is not None else bank.alphabet
        named = [c for c in named if allowed_by_bank(c, inks, bank, letters)]
    if len(named) <= 1:
        return named[0] if named else {}
    if bank is not None:
        chosen = pick(named, inks, bank, alphabet=alphabet)
        if chosen:
            return chosen
    if proposals is None:
        return {}
    return proposed(named, proposals) or agreed(named, proposals, hint)


def proposed(candidates: Sequence[dict[int, str]], proposals: Proposals) -> dict[int, str]:
    """The one candidate Tesseract's proposals agree with on every cell it proposes anything
    for (four cells at least), or on all but one while every other misses three or more."""
    cells = sorted(set().union(*candidates))
    said = {i: proposals(i) for i in cells}
    spoken = [i for i in cells if said[i]]
    n = len(spoken)
    if n < 3:
        return {}
    scored = sorted(
        ((sum(c[i] in said[i] for i in spoken if i in c), k) for k, c in enumerate(candidates)),
        reverse=True,
    )
    (best, k), (second, _) = scored[0], scored[1]
    if best == n >= 4 and second < n:
        return dict(candidates[k])
    if best == n - 1 >= 3 and second <= n - 3:
        return dict(candidates[k])
    return {}


def agreed(candidates: Sequence[dict[int, str]], proposals: Proposals, hint: Any = None
           ) -> dict[int, str]:
    """The cells every plausible candidate names alike, with a letter Tesseract proposed
    there too; the others stay unnamed (unknown letters: БОЖОК or РОЖОК, its first letter). A
    candidate is plausible when Tesseract's proposals agree with it on at most one cell fewer
    than with the best, and it has every letter Tesseract's hint (``hint(cell)``, the letter
    every preparation names) is sure of."""
    cells = sorted(set().union(*candidates))
    said = {i: proposals(i) for i in cells}
    spoken = [i for i in cells if said[i]]
    if len(spoken) < 3:
        return {}
    sure = {i: hint(i) for i in spoken} if hint is not None else {}
    candidates = [c for c in candidates
                  if all(c.get(i) == ch for i, ch in sure.items() if ch is not None)]
    if not candidates:
        return {}
    scores = [sum(c.get(i) in said[i] for i in spoken) for c in candidates]
    best = max(scores)
    if best < len(spoken) - 1:
        return {}
    group = [c for c, score in zip(candidates, scores, strict=True) if score >= best - 1]
    return {i: group[0][i] for i in cells
            if all(c.get(i) == group[0].get(i) for c in group) and group[0].get(i) in said[i]}


def followed_names(grid: Sequence[str | None], state: BaldaState) -> dict[int, str]:
    """Unread cells that hold a letter the game already placed: that letter, in a new look."""
    return {i: state.grid[i] for i, ch in enumerate(grid)
            if ch is None and state.grid[i] and state.grid[i] != UNKNOWN}


def ruled_out(cell: int, letters: Sequence[str], grid: Sequence[str | None],
              inks: Sequence[Any]) -> set[str]:
    """The letters another cell of this grid shows in a glyph plainly unlike this cell's (two
    glyphs of one picture ``UNLIKE`` apart are two letters); a bank's templates of another
    look (another theme, another font) say nothing here."""
    from vision.core.glyph_bank import pairwise_distances

    others = [i for i, ch in enumerate(grid)
              if ch and ch in letters and i != cell and inks[i] is not None and not inks[i].empty]
    if not others or inks[cell] is None or inks[cell].empty:
        return set()
    dist = pairwise_distances([inks[cell], *(inks[i] for i in others)])[0, 1:]
    seen: dict[str, float] = {}
    for i, d in zip(others, dist, strict=True):
        ch = str(grid[i])
        seen[ch] = min(seen.get(ch, float("inf")), float(d))
    return {ch for ch, d in seen.items() if d >= UNLIKE}


def letters_through(grid: Sequence[str], cell: int, lexicon: Lexicon,
                    length: int | None = None) -> set[str]:
    """The letters that, put in the empty ``cell``, make a dictionary word through it on
    ``grid`` (flat, "" empty), of ``length`` letters when given. An unknown letter
    (``UNKNOWN``) may be any letter here: the opponent's word may well run through a letter
    we could not name, and the letter it placed must not be named as if it could not."""
    from solvers.balda.lexicon import LONGEST, WORD
    from solvers.balda.rules import BaldaRules

    size = int(round(len(grid) ** 0.5))
    neighbours = BaldaRules(size=size).neighbours
    found: set[str] = set()
    seen = [False] * len(grid)

    def walk(at: int, node: Any, depth: int, new: str) -> None:
        ch = grid[at]
        if at == cell:
            steps = [(k, v) for k, v in node.items() if k not in (WORD, LONGEST)]
        elif ch == UNKNOWN:
            steps = [(k, v) for k, v in node.items() if k not in (WORD, LONGEST)]
        elif ch in node:
            steps = [(ch, node[ch])]
        else:
            return
        seen[at] = True
        for letter, child in steps:
            mine = letter if at == cell else new
            word = child.get(WORD)
            if mine and word is not None and depth + 1 >= 2 and (
                    length is None or depth + 1 == length):
                found.add(mine)
            if length is not None and depth + 1 >= length:
                continue
            for n in neighbours[at]:
                if not seen[n] and (grid[n] or n == cell):
                    walk(n, child, depth + 1, mine)
        seen[at] = False

    for start in range(len(grid)):
        if grid[start] or start == cell:
            walk(start, lexicon.trie, 0, "")
    return found


def new_letter_names(
    grid: Sequence[str | None], state: BaldaState, lexicon: Lexicon, alphabet: str,
    inks: Sequence[Any] = (), bank: Any = None, length: int | None = None,
    hint: Any = None, shown: frozenset[str] = frozenset(), ours: BaldaMove | None = None,
) -> dict[int, str]:
    """The one unread new letter (a cell empty in the game followed), when a single letter of
    the alphabet there makes a legal move (either side could have placed it); ``length`` is
    the word's length when the page's score says it. ``ours`` is the move we just entered:
    when its letter shows too, the unread one is the reply to it."""
    unread = [i for i, ch in enumerate(grid) if ch is None and not state.grid[i]]
    added = [i for i, ch in enumerate(grid) if ch and not state.grid[i]]
    if len(unread) != 1 or len(added) > 1:
        return {}
    cell = unread[0]
    base = state
    if added:  # our own letter is on the grid too: the unread one is the reply to it
        if ours is None or ours.cell is None or added != [state.index(ours.cell)] \
                or grid[added[0]] != ours.letter:
            return {}
        base = state.play(ours)
    target = base.cell(cell)
    moves = [
        m for m in generate_moves(base, lexicon)
        if m.cell == target and (length is None or len(m.word) == length)
    ]
    letters = {m.letter for m in moves} & set(alphabet)
    if UNKNOWN in base.grid:  # the word may run through a letter we could not name
        letters |= letters_through(base.grid, cell, lexicon, length) & set(alphabet)
    # a word the page lists names its letter; a short one may be OCR's reading of a picture
    # (a canvas palette read as «ил»), so only words of three letters or more count
    listed = {m.letter for m in moves if m.word in shown and len(m.word) >= LISTED} & letters
    if len(listed) == 1:
        return {cell: listed.pop()}  # the page lists the word: the letter that makes it
    if inks and bank is not None:  # our dictionary names it, unless the bank rules it out
        letters = {ch for ch in letters if bank_allows(inks[cell], ch, bank, alphabet)}
    if inks and len(letters) > 1:
        letters -= ruled_out(cell, sorted(letters), grid, inks)
    named = [{cell: ch} for ch in sorted(letters)]
    if len(named) == 1 or bank is None:
        return named[0] if len(named) == 1 else {}
    chosen = pick(named, inks, bank, alphabet=alphabet)
    if chosen or hint is None:
        return chosen
    said = hint(cell)  # Tesseract, sure in every preparation, names one letter the game allows
    if said in letters and ruled_out(cell, sorted(letters - {said}), grid, inks) == \
            letters - {said}:
        return {cell: said}  # ... and the grid shows every other one, plainly unlike it
    return {}


def name_by_logic(
    frame: Any,
    location: Any,
    bank: Any,
    alphabet: str,
    lexicon: Lexicon,
    state: BaldaState | None,
    ours: BaldaMove | None = None,
    length: int | None = None,
    lang: str = "rus",
    shown: frozenset[str] = frozenset(),
    untaught: dict[int, str] | None = None,
    doubted: frozenset[int] = frozenset(),
    asked_before: dict[bytes, tuple[frozenset[str], str | None]] | None = None,
) -> list[tuple[int, int, str]]:
    """Teach the bank the glyphs the game names; returns the (row, col, letter) taught.

    ``ours`` is the move we just entered: we know what we placed. A letter named on a cell
    partly hidden by an overlay is not taught (its ink is not the letter's): it goes into
    ``untaught`` (cell -> letter), for this frame only. ``doubted`` cells are named again
    although the bank reads them (a reading the game's rules ruled out). ``asked_before``
    keeps Tesseract's answers by glyph across frames (a glyph is asked about once).
    """
    grid, inks = partial_grid(frame, location, bank, alphabet, doubted)
    if None not in grid:
        return []
    size = location.cols
    names: dict[int, str] = {}
    if ours is not None and ours.cell is not None:
        at = ours.cell[0] * size + ours.cell[1]
        if grid[at] is None and (state is None or not state.grid[at]):
            names[at] = ours.letter

    def window(i: int) -> Any:
        from vision.core.letters import inner_region

        r, c = divmod(i, size)
        inner = inner_region(location, r, c)
        return frame.pixels[inner.top : inner.bottom, inner.left : inner.right]

    answers = asked_before if asked_before is not None else {}

    def asked(i: int) -> tuple[frozenset[str], str | None]:
        from vision.core.glyph_ocr import letter_answers

        key = inks[i].glyph.tobytes() + bytes(inks[i].face)
        if key not in answers:  # one round of questions a glyph, for both kinds of answer
            answers[key] = letter_answers(window(i), inks[i].face, alphabet, lang)
        return answers[key]

    def hint(i: int) -> str | None:
        return asked(i)[1]

    def proposals(i: int) -> frozenset[str]:
        return asked(i)[0]

    if state is None or state.size != size:
        names.update(start_word_names(grid, size, lexicon, inks, bank, hint, shown, proposals,
                                      alphabet=alphabet))
    else:
        names.update(followed_names(grid, state))
        rest = [names.get(i, ch) for i, ch in enumerate(grid)]
        names.update(new_letter_names(rest, state, lexicon, alphabet, inks, bank, length, hint,
                                      shown, ours))
    from vision.balda.overlay import hidden_cells

    hidden = hidden_cells(frame, location)  # a letter partly under an overlay is no template
    taught = []
    for i, char in names.items():
        if not bank_allows(inks[i], char, bank, alphabet):
            continue  # a letter followed or entered that the bank plainly reads as another
        if i in hidden:
            if untaught is not None:
                untaught[i] = char
        elif bank.learn(inks[i], char, "game"):
            taught.append((*divmod(i, size), char))
    return taught
