"""Naming the glyphs of unlabelled Balda screenshots by the game (``calibrate balda --from``).

A screenshot is a position with no history, but the game still says a lot about it: a palette
of exactly the alphabet's size is the alphabet in order (:func:`vision.core.palette.read_palette`);
the middle row is the start word, a dictionary word of the grid's width, named as in play
(:func:`calibration.balda.naming.start_word_names`: the row's own pattern of alike and unlike
glyphs, Tesseract's proposals, the dictionary deciding); every other letter was placed by a
move, so some dictionary word runs through it on the grid shown, and a name Tesseract is sure
of is kept only then; and a glyph alike to one named anywhere is read by the bank from then
on. Each shot is gone through again while any of them still teaches the bank something, so the
order of the shots does not matter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from solvers.balda.lexicon import LONGEST, WORD, Lexicon, Trie
from solvers.balda.rules import BaldaRules
from vision.core.frame import Frame
from vision.core.glyph_bank import GlyphBank, GlyphBankError
from vision.core.letters import GridLocation

#: A cell nothing names yet, on a grid being named (blocks words, like an unknown letter).
UNREAD = "?"
PASSES = 8


def word_through(grid: Sequence[str], cell: int, letter: str, lexicon: Lexicon) -> bool:
    """Whether some dictionary word runs through ``cell`` holding ``letter`` on ``grid`` (flat,
    "" empty, ``UNREAD`` a letter not named yet, which may be any): the word that placed a
    letter ran over filled cells only, and they are all still there."""
    size = int(round(len(grid) ** 0.5))
    neighbours = BaldaRules(size=size).neighbours
    flat = list(grid)
    flat[cell] = letter
    seen = [False] * len(flat)

    def walk(at: int, node: Trie, through: bool) -> bool:
        ch = flat[at]
        nexts = [v for k, v in node.items() if k not in (WORD, LONGEST)] if ch == UNREAD \
            else [node[ch]] if ch in node else []
        seen[at] = True
        try:
            for child in nexts:
                here = through or at == cell
                word = child.get(WORD)
                if here and word is not None and len(word) >= 2:
                    return True
                if any(walk(n, child, here) for n in neighbours[at] if flat[n] and not seen[n]):
                    return True
            return False
        finally:
            seen[at] = False

    return any(walk(start, lexicon.trie, False) for start in range(len(flat)) if flat[start])


class _Shot:
    """One screenshot being named: its cells, and what Tesseract said (asked once a cell)."""

    def __init__(self, frame: Frame, name: str, location: GridLocation) -> None:
        from vision.balda.overlay import hidden_cells, see_through
        from vision.core.letters import grid_inks

        self.frame, self.name, self.location = frame, name, location
        self.clear = see_through(frame, location)
        self.inks = grid_inks(self.clear, location)
        self.hidden = hidden_cells(frame, location)  # under an overlay: never a template
        self.said: dict[int, str | None] = {}
        self.proposed: dict[int, frozenset[str]] = {}

    def window(self, i: int) -> Any:
        from vision.core.letters import inner_region

        r, c = divmod(i, self.location.cols)
        inner = inner_region(self.location, r, c)
        return self.clear.pixels[inner.top : inner.bottom, inner.left : inner.right]

    def sure(self, i: int, alphabet: str, lang: str) -> str | None:
        from vision.core.glyph_ocr import name_glyph

        if i not in self.said:
            self.said[i] = name_glyph([(self.window(i), self.inks[i].face)], alphabet, lang).char
        return self.said[i]

    def proposals(self, i: int, alphabet: str, lang: str) -> frozenset[str]:
        from vision.core.glyph_ocr import letter_proposals

        if i not in self.proposed:
            self.proposed[i] = letter_proposals(self.window(i), self.inks[i].face, alphabet,
                                                lang)
        return self.proposed[i]


def read_cells(shot: _Shot, bank: GlyphBank, alphabet: str) -> list[str]:
    """Every cell as the bank reads it: a letter, "" empty, ``UNREAD`` not sure."""
    from vision.balda.reader import cell_verdicts

    v = cell_verdicts(shot.frame, shot.location, bank, alphabet, ocr=False)
    return [UNREAD if i in v.problems or (not ch and not shot.inks[i].empty) else ch
            for i, ch in enumerate(v.grid)]


def name_shot(shot: _Shot, bank: GlyphBank, alphabet: str, lang: str, lexicon: Lexicon
              ) -> dict[int, str]:
    """The names the game gives this shot's unread cells now."""
    from calibration.balda.naming import start_word_names

    grid = read_cells(shot, bank, alphabet)
    if UNREAD not in grid:
        return {}
    n = shot.location.cols
    row = (n - 1) // 2
    partial: list[str | None] = [None if ch == UNREAD else ch for ch in grid]
    names = start_word_names(partial, n, lexicon, shot.inks, bank, None, frozenset(),
                             lambda i: shot.proposals(i, alphabet, lang), fresh=False)
    named = [names.get(i, ch) for i, ch in enumerate(grid)]
    for i, ch in enumerate(grid):
        if ch != UNREAD or i in names or i // n == row or i in shot.hidden:
            continue
        said = shot.sure(i, alphabet, lang)
        if said is not None and word_through(named, i, said, lexicon):
            names[i] = said
            named[i] = said
    return {i: ch for i, ch in names.items() if i not in shot.hidden}


def name_shots(
    shots: Sequence[tuple[Frame, str, GridLocation]],
    bank: GlyphBank,
    alphabet: str,
    lang: str,
    lexicon: Lexicon,
    unnamed: list[str],
) -> Counter[str]:
    """Teach ``bank`` every glyph of ``shots`` the game names (in place); the letters learned
    (samples a letter) are returned, and a line for each shot with cells left unnamed is
    added to ``unnamed``."""
    from vision.core.palette import read_palette

    learned: Counter[str] = Counter()
    todo = [_Shot(frame, name, location) for frame, name, location in shots]
    for shot in todo:
        before = Counter(t.char for t in bank.templates)
        read_palette(shot.frame, shot.location.geometry.bounds, shot.location.pitch, bank,
                     alphabet, lang, teach=True)
        learned.update(Counter(t.char for t in bank.templates) - before)
    for _ in range(PASSES):
        grown = False
        for shot in todo:
            for i, char in name_shot(shot, bank, alphabet, lang, lexicon).items():
                try:
                    if bank.learn(shot.inks[i], char, "game"):
                        learned[bank.check_char(char)] += 1
                        grown = True
                except GlyphBankError:
                    continue
        if not grown:
            break
    for shot in todo:
        left = [i for i, ch in enumerate(read_cells(shot, bank, alphabet)) if ch == UNREAD]
        if left:
            n = shot.location.cols
            where = ", ".join(f"row {i // n + 1} col {i % n + 1}" for i in left[:8])
            unnamed.append(f"{shot.name}: not named by the game (learned when play shows"
                           f" them again, or label the shot): {where}")
    return learned
