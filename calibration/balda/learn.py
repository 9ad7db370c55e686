"""Learn a site's glyph bank from screenshots (``gamebot calibrate balda``).

With the grid each screenshot shows (``expected`` rows, '.' for empty) every glyph is learned
under its label, after checking that empty and filled cells agree with the picture. Without it
the glyphs are named by the game (:mod:`calibration.balda.shots`): a palette of the whole
alphabet by its order, the middle row as the start word that fits, a letter Tesseract is sure
of when a dictionary word runs through it, and the looks learned so far; the shots are gone
through again until nothing more is named, so their order does not matter. The others are
reported as not learned. The site's plain face colours (what an unmarked empty or filled cell
looks like) are the colours most cells have in most screenshots; selection and highlights are
the rest.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from solvers.balda.lexicon import Lexicon
from vision.balda.reader import FACE_TOLERANCE, cell_verdicts, marked_cells
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.glyph_bank import GlyphBank
from vision.core.letters import CellInk, GridLocation, grid_inks, locate_letter_grid


@dataclass
class LearnReport:
    """What calibration saw: grids found, glyphs learned, cells it could not name."""

    grids: list[GridLocation] = field(default_factory=list)
    learned: Counter[str] = field(default_factory=Counter)
    unnamed: list[str] = field(default_factory=list)

    def lines(self, bank: GlyphBank) -> list[str]:
        out = []
        for k, g in enumerate(self.grids, 1):
            b = g.geometry.bounds
            out.append(f"shot {k}: {g.rows}x{g.cols} grid at x={b.left} y={b.top},"
                       f" {b.width}x{b.height} px, pitch {g.pitch:.1f}")
        have = bank.chars
        out.append(f"letters known: {len(have)} of {len(bank.alphabet)}: {have or '-'}")
        missing = "".join(ch for ch in bank.alphabet if ch not in have)
        if missing:
            out.append(f"not seen yet (learned when they appear): {missing}")
        out.extend(self.unnamed)
        return out


def _parse_rows(text: str, rows: int, cols: int, where: str) -> list[str]:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and ":" not in ln]
    if len(lines) != rows or any(len(ln) != cols for ln in lines):
        raise ValueError(f"{where}: expected {rows} rows of {cols} cells, got {lines}")
    return lines


def _close(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= FACE_TOLERANCE


def plain_faces(all_inks: Sequence[Sequence[CellInk]]) -> list[tuple[int, int, int]]:
    """Face colours that are the most common empty (or filled) look in most screenshots."""
    votes: Counter[tuple[int, int, int]] = Counter()
    for inks in all_inks:
        for want_empty in (True, False):
            faces = Counter(i.face for i in inks if i.empty == want_empty)
            if not faces:
                continue
            top = faces.most_common(1)[0][0]
            match = next((v for v in votes if _close(v, top)), top)
            votes[match] += 1
    need = max(1, len(all_inks) // 3)
    return [face for face, n in votes.items() if n >= need]


def learn_bank(
    shots: Sequence[tuple[Frame, str | None, str]],
    alphabet: str,
    lang: str,
    site: str = "",
    bank: GlyphBank | None = None,
    sizes: Sequence[int] = (5, 6, 7),
    lexicon: Lexicon | None = None,
) -> tuple[GlyphBank, LearnReport]:
    """A bank grown from ``shots`` (frame, expected grid text or None, name for messages);
    with ``lexicon`` the unlabelled ones are named by the game, else by Tesseract alone."""
    bank = bank.copy() if bank is not None else GlyphBank(alphabet, site)
    bank.widen(alphabet)
    report = LearnReport()
    located = []
    for frame, expected, name in shots:
        try:
            location = locate_letter_grid(frame, sizes)
        except ReadError as exc:
            raise ReadError(f"{name}: {exc}") from None
        report.grids.append(location)
        located.append((frame, expected, name, location, grid_inks(frame, location)))
    for face in plain_faces([inks for *_, inks in located]):
        bank.add_plain_face(face)
    for _frame, expected, name, location, inks in located:
        if expected is None:
            continue
        marked = marked_cells(inks, bank)
        rows = _parse_rows(expected, location.rows, location.cols, name)
        for i, ink in enumerate(inks):
            r, c = divmod(i, location.cols)
            want = rows[r][c]
            if (want == ".") != ink.empty:
                what = "empty" if ink.empty else "a glyph"
                raise ReadError(
                    f"{name}: row {r + 1} col {c + 1} is labelled {want!r} but the picture"
                    f" shows {what} there", cell=(r, c),
                )
            if want != ".":
                look = ("dark" if ink.dark else "light") + ("-marked" if marked[i] else "")
                if bank.learn(ink, want, look):
                    report.learned[bank.check_char(want)] += 1
    unlabelled = [(frame, name, location, inks) for frame, expected, name, location, inks
                  in located if expected is None]
    if lexicon is not None and unlabelled:
        from calibration.balda.shots import name_shots

        report.learned.update(name_shots([(f, n, loc) for f, n, loc, _ in unlabelled], bank,
                                         alphabet, lang, lexicon, report.unnamed))
        return bank, report
    for frame, name, location, inks in unlabelled:
        # Keep what Tesseract is sure of even when other cells stay unnamed.
        marked = marked_cells(inks, bank)
        v = cell_verdicts(frame, location, bank, alphabet, lang)
        for i, ch in v.to_learn:
            look = ("dark" if inks[i].dark else "light") + ("-marked" if marked[i] else "")
            if bank.learn(inks[i], ch, look):
                report.learned[bank.check_char(ch)] += 1
        if v.problems:
            where = ", ".join(f"row {i // location.cols + 1} col {i % location.cols + 1}"
                              for i in sorted(v.problems)[:8])
            report.unnamed.append(f"{name}: not named for sure (learned when the game"
                                  f" shows them again, or label the shot): {where}")
    return bank, report
