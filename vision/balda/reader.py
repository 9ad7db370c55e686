"""Read a Balda grid off a web page picture: every cell empty or a letter, never a guess.

Each cell is cut into face colour and glyph ink (:mod:`vision.core.letters`); glyphs are named by
the site's :class:`~vision.core.glyph_bank.GlyphBank`. A glyph the bank cannot name for sure goes to
Tesseract (:mod:`vision.core.glyph_ocr`), once per distinct glyph in the frame; a name Tesseract is
sure of is learned into the bank and reported in ``learned``, so the caller can check it against
the game (a new letter must make a legal move) and ``forget`` it otherwise. Anything still
unnamed, or a letter outside the alphabet, is a :class:`ReadError` naming the cells.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from vision.balda.overlay import hidden_cells, see_through
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.glyph_bank import (
    ACCEPT,
    LOOKALIKES,
    MARGIN,
    GlyphBank,
    GlyphBankError,
    GlyphMatch,
    canonical_char,
    pairwise_distances,
)
from vision.core.glyph_ocr import name_glyph
from vision.core.letters import CellInk, GridLocation, grid_inks, inner_region

#: Two face colours closer than this (any channel) are one look.
FACE_TOLERANCE = 10
#: A template this near, with every other letter this much further, is named when one of
#: Tesseract's answers agrees (a letter drawn a little unlike its one sample: two witnesses).
NEAR_ACCEPT, NEAR_MARGIN = 1.5 * ACCEPT, 3 * MARGIN
#: A letter partly hidden by an overlay: nearest this near, every other letter this much
#: further (measured: a Р half under an arrow at 0.234, the next letter 0.170 further).
HIDDEN_ACCEPT, HIDDEN_MARGIN = 3 * ACCEPT, 3 * MARGIN


def agrees(near: GlyphMatch, answers: tuple[tuple[str, float], ...], alphabet: str) -> bool:
    """Whether a near-miss template and one of Tesseract's answers name the same letter."""
    if near.char is None or near.distance > NEAR_ACCEPT or near.margin < NEAR_MARGIN:
        return False
    said = {canonical_char(t, alphabet) for t, _ in answers if len(t) == 1}
    return canonical_char(near.char, alphabet) in said


@dataclass(frozen=True)
class BaldaReading:
    """A read grid: letters row by row (``""`` empty), marked cells, glyphs learned now."""

    location: GridLocation
    grid: tuple[str, ...]
    marked: tuple[bool, ...]
    learned: tuple[tuple[int, int, str], ...] = ()

    @property
    def rows(self) -> int:
        return self.location.rows

    @property
    def cols(self) -> int:
        return self.location.cols

    def row_strings(self) -> list[str]:
        n = self.cols
        return [
            "".join(ch or "." for ch in self.grid[r * n : (r + 1) * n]) for r in range(self.rows)
        ]

    def to_text(self) -> str:
        """The grid rows as Balda state text writes them ('.' for an empty cell)."""
        return "\n".join(self.row_strings()) + "\n"

    @property
    def any_marked(self) -> bool:
        return any(self.marked)

    def to_dict(self) -> dict[str, object]:
        return {
            "rows": self.rows,
            "cols": self.cols,
            "grid": self.row_strings(),
            "marked": [[int(r), int(c)] for r, c in self._marked_cells()],
            "learned": [[r, c, ch] for r, c, ch in self.learned],
            "location": self.location.to_dict(),
        }

    def _marked_cells(self) -> list[tuple[int, int]]:
        return [divmod(i, self.cols) for i, m in enumerate(self.marked) if m]


def _close(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= FACE_TOLERANCE


def marked_cells(inks: list[CellInk], bank: GlyphBank) -> tuple[bool, ...]:
    """Cells whose face is not a plain look: the bank's plain faces when it knows them, else
    the frame's most common face (a site never calibrated)."""
    known = bank.is_plain(inks[0].face) is not None
    if known:
        return tuple(not bank.is_plain(i.face, FACE_TOLERANCE) for i in inks)
    counts = Counter(i.face for i in inks)
    common = counts.most_common(1)[0][0]
    plain = [common]
    filled = Counter(i.face for i in inks if not i.empty)
    if filled and not any(_close(filled.most_common(1)[0][0], p) for p in plain):
        face, n = filled.most_common(1)[0]
        if n >= 3:
            plain.append(face)
    return tuple(not any(_close(i.face, p) for p in plain) for i in inks)


def _look(ink: CellInk, marked: bool) -> str:
    return ("dark" if ink.dark else "light") + ("-marked" if marked else "")


def _groups(cells: list[int], inks: list[CellInk]) -> list[list[int]]:
    """Cells whose glyphs are alike (one Tesseract question per distinct glyph)."""
    dist = pairwise_distances([inks[i] for i in cells])
    groups: list[list[int]] = []
    heads: list[int] = []
    for k, i in enumerate(cells):
        near = [g for g, h in enumerate(heads) if dist[k, h] <= ACCEPT / 2]
        if near:
            groups[near[0]].append(i)
        else:
            heads.append(k)
            groups.append([i])
    return groups


@dataclass
class CellVerdicts:
    """Every cell's name or the reason it has none (``problems``), before anything is raised
    or learned; benchmarks count cells from it."""

    grid: list[str]
    marked: tuple[bool, ...]
    problems: dict[int, str]
    to_learn: list[tuple[int, str]]
    inks: list[CellInk]


def cell_verdicts(
    frame: Frame,
    location: GridLocation,
    bank: GlyphBank,
    alphabet: str,
    lang: str = "rus",
    ocr: bool = True,
    known: Mapping[int, str] | None = None,
) -> CellVerdicts:
    """Name every cell with the bank, then Tesseract (once per distinct glyph) for the rest.

    An overlay the page draws over letters (arrows along the last word) is seen through
    (:mod:`vision.balda.overlay`). ``known`` are letters the game already placed (a Balda
    letter never changes): a cell of them that shows ink keeps its letter unread, one that
    shows none reads empty (the grid's checks then call it a misread)."""
    alphabet = alphabet.upper()
    hidden = hidden_cells(frame, location)
    if hidden:
        frame = see_through(frame, location)
    inks = grid_inks(frame, location)
    marked = marked_cells(inks, bank)
    n = location.cols
    known = {i: ch for i, ch in (known or {}).items() if 0 <= i < len(inks) and ch}
    glyph_cells = [i for i, ink in enumerate(inks)
                   if not ink.empty and ink.steady and i not in known]
    glyphs = [inks[i] for i in glyph_cells]
    dist = bank.distances(glyphs)
    matches: dict[int, GlyphMatch] = dict(
        zip(glyph_cells, bank.classify_many(glyphs, alphabet, dist), strict=True)
    )
    anywhere = dict(zip(glyph_cells, bank.classify_many(glyphs, None, dist), strict=True))
    grid = [""] * len(inks)
    problems: dict[int, str] = {
        i: f"a faint mark (contrast {ink.contrast}): neither clearly empty nor a letter"
        " (a letter fading in or out?)"
        for i, ink in enumerate(inks) if ink.faint
    }
    problems.update({
        i: "the tile is moving or covered (its rim is not its face colour): not read"
        for i, ink in enumerate(inks) if not ink.steady and i not in known
    })
    for i, ch in known.items():
        if not inks[i].empty:
            grid[i] = ch
            problems.pop(i, None)
    unnamed: list[int] = []
    for i in glyph_cells:
        m, wide = matches[i], anywhere[i]
        if m.accepted and m.char is not None:
            grid[i] = m.char
        elif i in hidden and _clear_through(m):
            grid[i] = m.char or ""  # partly hidden: the nearest by far; never learned
        elif (
            wide.char is not None
            and wide.char not in alphabet
            and LOOKALIKES.get(wide.char, wide.char) not in alphabet
            and wide.distance <= ACCEPT
            and m.distance - wide.distance >= MARGIN
        ):
            # clearly a letter the bank knows, but of another alphabet; a Latin A on a
            # Cyrillic page may be an А the bank has not seen yet, so that one goes to OCR
            problems[i] = f"letter {wide.char} is not in the alphabet {alphabet}"
        else:
            unnamed.append(i)
    to_learn: list[tuple[int, str]] = []
    for i in [i for i in unnamed if i in hidden]:  # the same with or without ``ocr``: replay
        unnamed.remove(i)
        r, c = divmod(i, n)
        inner = inner_region(location, r, c)
        win = frame.pixels[inner.top : inner.bottom, inner.left : inner.right]
        verdict = name_glyph([(win, inks[i].face)], alphabet, lang)
        m = matches[i]
        if _seen_through(m, verdict.answers):
            grid[i] = m.char or ""  # never learned: the letter is partly hidden
        else:
            problems[i] = (f"partly hidden by something drawn over it: {m.describe()};"
                           f" {verdict.describe()}")
    if unnamed and ocr:
        for group in _groups(unnamed, inks):
            windows = []
            for i in group[:2]:
                r, c = divmod(i, n)
                inner = inner_region(location, r, c)
                win = frame.pixels[inner.top : inner.bottom, inner.left : inner.right]
                windows.append((win, inks[i].face))
            verdict = name_glyph(windows, alphabet, lang)
            name = verdict.char
            near = matches[group[0]]
            if name is not None and near.char not in (None, name) and near.distance <= ACCEPT:
                # Tesseract and a close template disagree: neither is sure enough.
                problems.update({i: f"{verdict.describe()}, but the bank's {near.describe()}"
                                 for i in group})
                continue
            if name is None and agrees(near, verdict.answers, alphabet):
                name = near.char
            if name is None:
                problems.update({i: f"{near.describe()}; {verdict.describe()}" for i in group})
                continue
            for i in group:
                grid[i] = name
                to_learn.append((i, name))
    elif unnamed:
        problems.update({i: matches[i].describe() for i in unnamed})
    to_learn = [(i, name) for i, name in to_learn if i not in hidden]  # an overlay is no glyph
    return CellVerdicts(grid, marked, problems, to_learn, inks)


def _seen_through(m: GlyphMatch, answers: tuple[tuple[str, float], ...]) -> bool:
    """A partly hidden letter: the nearest template, a little further than a clear reading
    allows, named by one of Tesseract's answers too (two witnesses)."""
    return (m.char is not None and m.distance <= HIDDEN_ACCEPT and m.margin >= MARGIN
            and any(a.upper() == m.char for a, _ in answers))


def _clear_through(m: GlyphMatch) -> bool:
    """A letter partly hidden by an overlay (its strokes under the arrow lost) is taken when
    it is still by far the nearest."""
    return m.char is not None and m.distance <= HIDDEN_ACCEPT and m.margin >= HIDDEN_MARGIN


def read_balda(
    frame: Frame,
    location: GridLocation,
    bank: GlyphBank,
    alphabet: str,
    lang: str = "rus",
    ocr: bool = True,
    known: Mapping[int, str] | None = None,
) -> BaldaReading:
    """Every cell of the located grid, empty or an upper-case letter of ``alphabet``.

    ``bank`` is updated in place with glyphs Tesseract named for sure (only when the whole
    grid reads). Raises :class:`ReadError` listing the cells that could not be named.
    """
    alphabet = alphabet.upper()
    v = cell_verdicts(frame, location, bank, alphabet, lang, ocr, known)
    n = location.cols
    if v.problems:
        cells = tuple(divmod(i, n) for i in sorted(v.problems))
        first = min(v.problems)
        r, c = divmod(first, n)
        where = ", ".join(f"row {rr + 1} col {cc + 1}" for rr, cc in cells[:6])
        more = f" and {len(cells) - 6} more" if len(cells) > 6 else ""
        inner = inner_region(location, r, c)
        crop = frame.pixels[inner.top : inner.bottom, inner.left : inner.right].copy()
        raise ReadError(
            f"cannot read the cell at {where}{more} (rows and cols from 1):"
            f" row {r + 1} col {c + 1}: {v.problems[first]}",
            cell=(r, c), crop=crop, cells=cells,
        )
    learned: list[tuple[int, int, str]] = []
    if v.to_learn:
        bank.widen(alphabet)
    for i, name in v.to_learn:
        try:
            bank.learn(v.inks[i], name, _look(v.inks[i], v.marked[i]))
        except GlyphBankError:
            continue
        r, c = divmod(i, n)
        learned.append((r, c, name))
    grid = [canonical_char(ch, alphabet) if ch else "" for ch in v.grid]
    return BaldaReading(location, tuple(grid), v.marked, tuple(learned))
