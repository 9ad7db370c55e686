"""Naming a Balda glyph the bank does not know by the game's own logic, never by a guess.

Letters never change in Balda, so a known letter shown in a new look (lit while the opponent
picks it, just placed, another theme's colours) is that letter: the game followed so far names
it. The start word is a word of the dictionary: when the letters read leave one word that fits,
it names the rest. A new letter must make a legal move: when only one letter can stand in that
cell, that letter it is; when the page lists the words played, the one listed names it. When
the game leaves a few names, Tesseract naming one of them in
every preparation of the picture (a hint too weak to name a glyph alone) settles it, or the
bank's templates may tell them
apart: one candidate close to what is seen (``CLOSE``) in every letter the bank has a template
of, while every other is at least twice as far and far in itself (``FAR``); a letter with no
template is no evidence either way (the start word КЕНДЯ, with Я never seen, is told from
КЕНІЯ by its Д), and a candidate with no letter the bank knows is never singled out. Anything else
stays unnamed, and the frame stays unreadable (the reader's own error stands). Each name given
is taught to the glyph bank, so the look reads directly from then on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solvers.balda.lexicon import Lexicon
from solvers.balda.movegen import generate_moves
from solvers.balda.state import BaldaState

CLOSE = 0.25  # a template this near (the bank's own distance) supports a candidate
FAR = 0.25  # every other candidate at least this far, and at least twice as far
UNSEEN = 0.28  # a letter the bank has no template of: no evidence either way


def pick(
    candidates: Sequence[dict[int, str]], inks: Sequence[Any], bank: Any, hint: Any = None
) -> dict[int, str]:
    """The one candidate naming the game allows that the templates single out, else the one
    Tesseract's unanimous hint (``hint(cell)``) agrees with on every cell (or none)."""
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

    def worst(names: dict[int, str]) -> float:
        """The farthest of the candidate's letters the bank has a template of (a letter it
        has none of is no evidence either way); UNSEEN when it has none of any."""
        far = None
        for i, ch in names.items():
            m = bank.classify_many([inks[i]], ch)[0]
            if m.char is not None and m.distance != float("inf"):
                far = m.distance if far is None else max(far, m.distance)
        return UNSEEN if far is None else far

    scored = sorted((worst(c), k) for k, c in enumerate(candidates))
    best, second = scored[0], scored[1]
    if best[0] <= CLOSE and second[0] >= max(FAR, 2 * best[0]) and best[0] < UNSEEN:
        return candidates[best[1]]
    return {}


def partial_grid(
    frame: Any, location: Any, bank: Any, alphabet: str
) -> tuple[list[str | None], list[Any]]:
    """Every cell as the bank reads it alone: a letter, "" (empty), or None (not sure)."""
    from vision.balda.overlay import see_through
    from vision.core.glyph_bank import canonical_char
    from vision.core.letters import grid_inks

    inks = grid_inks(see_through(frame, location), location)
    filled = [i for i, ink in enumerate(inks) if not ink.empty]
    matches = bank.classify_many([inks[i] for i in filled], alphabet) if filled else []
    grid: list[str | None] = ["" for _ in inks]
    for i, m in zip(filled, matches, strict=True):
        grid[i] = canonical_char(m.char, alphabet) if m.accepted and m.char else None
    return grid, inks


def start_word_names(
    grid: Sequence[str | None], size: int, lexicon: Lexicon,
    inks: Sequence[Any] = (), bank: Any = None, hint: Any = None,
    shown: frozenset[str] = frozenset(),
) -> dict[int, str]:
    """Names for unread cells of the start row, when one dictionary word fits what is read."""
    row = (size - 1) // 2
    cells = list(range(row * size, (row + 1) * size))
    if any(grid[i] == "" for i in cells) or all(grid[i] for i in cells):
        return {}
    if any(grid[i] is None for i in range(len(grid)) if i not in cells):
        return {}  # unread cells elsewhere: not a fresh board
    fits = [
        w for w in lexicon.words
        if len(w) == size and all(grid[i] in (None, w[k]) for k, i in enumerate(cells))
    ]
    listed = [w for w in fits if w in shown]
    if len(listed) == 1:
        fits = listed  # the page shows the start word (a line such as «Начальное слово: …»)
    named = [{i: w[k] for k, i in enumerate(cells) if grid[i] is None} for w in fits]
    if len(named) == 1 or bank is None:
        return named[0] if len(named) == 1 else {}
    return pick(named, inks, bank, hint)


def followed_names(grid: Sequence[str | None], state: BaldaState) -> dict[int, str]:
    """Unread cells that hold a letter the game already placed: that letter, in a new look."""
    return {i: state.grid[i] for i, ch in enumerate(grid) if ch is None and state.grid[i]}


def new_letter_names(
    grid: Sequence[str | None], state: BaldaState, lexicon: Lexicon, alphabet: str,
    inks: Sequence[Any] = (), bank: Any = None, length: int | None = None,
    hint: Any = None, shown: frozenset[str] = frozenset(),
) -> dict[int, str]:
    """The one unread new letter (a cell empty in the game followed), when a single letter of
    the alphabet there makes a legal move (either side could have placed it); ``length`` is
    the word's length when the page's score says it."""
    unread = [i for i, ch in enumerate(grid) if ch is None and not state.grid[i]]
    added = [i for i, ch in enumerate(grid) if ch and not state.grid[i]]
    if len(unread) != 1 or len(added) > 1:
        return {}
    cell = unread[0]
    base = state
    if added:  # our own letter is on the grid too: the unread one is the reply to it
        return {}
    target = base.cell(cell)
    moves = [
        m for m in generate_moves(base, lexicon)
        if m.cell == target and (length is None or len(m.word) == length)
    ]
    letters = {m.letter for m in moves} & set(alphabet)
    listed = {m.letter for m in moves if m.word in shown} & letters
    if len(listed) == 1:
        return {cell: listed.pop()}  # the page lists the word: the letter that makes it
    named = [{cell: ch} for ch in sorted(letters)]
    if len(named) == 1 or bank is None:
        return named[0] if len(named) == 1 else {}
    return pick(named, inks, bank, hint)


def name_by_logic(
    frame: Any,
    location: Any,
    bank: Any,
    alphabet: str,
    lexicon: Lexicon,
    state: BaldaState | None,
    ours: dict[int, str] | None = None,
    length: int | None = None,
    lang: str = "rus",
    shown: frozenset[str] = frozenset(),
    untaught: dict[int, str] | None = None,
) -> list[tuple[int, int, str]]:
    """Teach the bank the glyphs the game names; returns the (row, col, letter) taught.

    ``ours`` is the letter we just entered (cell -> letter): we know what we typed. A letter
    named on a cell partly hidden by an overlay is not taught (its ink is not the letter's):
    it goes into ``untaught`` (cell -> letter), for this frame only.
    """
    grid, inks = partial_grid(frame, location, bank, alphabet)
    if None not in grid:
        return []
    size = location.cols
    names: dict[int, str] = {i: ch for i, ch in (ours or {}).items() if grid[i] is None}

    def hint(i: int) -> str | None:
        from vision.core.glyph_ocr import letter_hint
        from vision.core.letters import inner_region

        r, c = divmod(i, size)
        inner = inner_region(location, r, c)
        window = frame.pixels[inner.top : inner.bottom, inner.left : inner.right]
        return letter_hint(window, inks[i].face, alphabet, lang)

    if state is None or state.size != size:
        names.update(start_word_names(grid, size, lexicon, inks, bank, hint, shown))
    else:
        names.update(followed_names(grid, state))
        rest = [names.get(i, ch) for i, ch in enumerate(grid)]
        names.update(
            new_letter_names(rest, state, lexicon, alphabet, inks, bank, length, hint, shown)
        )
    from vision.balda.overlay import hidden_cells

    hidden = hidden_cells(frame, location)  # a letter partly under an overlay is no template
    taught = []
    for i, char in names.items():
        if i in hidden:
            if untaught is not None:
                untaught[i] = char
        elif bank.learn(inks[i], char, "game"):
            taught.append((*divmod(i, size), char))
    return taught
