"""Per-site glyph templates for letter grids, scale-invariant, several looks per letter.

A template is a glyph's ink cut to its bounding box and fitted into a small square (see
:func:`vision.core.letters.ink_of`), plus the box's aspect and its height in cell pitches, so one
template serves every zoom near the one it was learned at. A letter may have several looks
(upper and lower case, highlighted, just placed, another theme) and each look a few samples.

A glyph is named only when its nearest template is close (``ACCEPT``) and every other letter's
nearest template is clearly further (``MARGIN``); otherwise :meth:`GlyphBank.classify` says so
and the reader asks Tesseract or reports the cell. Names outside the bank's alphabet are refused.

On disk (``folder``): ``bank.json`` (alphabet, entries, plain face colours) and one PNG sheet of
templates named in it; saving writes a new sheet, then replaces ``bank.json`` atomically.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision.core.atomic import write_atomic
from vision.core.letters import GLYPH, CellInk, ink_of

FORMAT = 1
#: Nearest template distance a glyph may have and still be named.
ACCEPT = 0.11
#: How much further the nearest template of any other letter must be.
MARGIN = 0.05
#: A new sample closer than this to a sample of the same letter and look adds nothing.
DUPLICATE = 0.02
#: Samples kept per letter and look.
SAMPLES = 12
WEIGHT_ASPECT = 0.5
WEIGHT_HEIGHT = 0.5
#: Added when two glyphs have a different number of strokes (i and l, Ї and І, Ё and Е).
WEIGHT_PARTS = 0.15
BLUR = 0.7
SHEET_COLS = 16


#: Latin and Cyrillic capitals drawn alike in most fonts (each maps to its twin).
_TWINS = dict(zip("ABCEHIKMOPTXY", "АВСЕНІКМОРТХУ", strict=True))
LOOKALIKES = {**_TWINS, **{v: k for k, v in _TWINS.items()}}


class GlyphBankError(ValueError):
    """A bank folder that cannot be read, or a letter the bank's alphabet does not have."""


def features(glyph: np.ndarray) -> np.ndarray:
    """The comparison vector of a normalised glyph: blurred ink strength 0..1."""
    g = cv2.GaussianBlur(glyph.astype(np.float32) / 255.0, (0, 0), BLUR).ravel()
    g[g < 1e-4] = 0.0  # no denormals: they make the matrix products ten times slower
    return g


@dataclass(frozen=True, eq=False)
class Template:
    char: str
    look: str
    glyph: np.ndarray
    aspect: float
    height: float
    parts: int = 1


@dataclass(frozen=True)
class GlyphMatch:
    """The nearest letter, its distance, and how much further the runner-up letter is."""

    char: str | None
    look: str
    distance: float
    runner_up: str | None
    margin: float

    @property
    def accepted(self) -> bool:
        return self.char is not None and self.distance <= ACCEPT and self.margin >= MARGIN

    def describe(self) -> str:
        if self.char is None:
            return "the glyph bank is empty"
        other = f", next {self.runner_up} (+{self.margin:.3f})" if self.runner_up else ""
        return f"nearest {self.char} at {self.distance:.3f}{other}"


def canonical_char(char: str, alphabet: str) -> str:
    """Upper case; Ё folded into Е when the alphabet has no Ё of its own."""
    up = char.upper()
    if "Ё" not in alphabet:
        up = up.replace("Ё", "Е")
    return up


@dataclass
class GlyphBank:
    """Templates of one site's glyphs for one alphabet."""

    alphabet: str
    site: str = ""
    templates: list[Template] = field(default_factory=list)
    plain_faces: list[tuple[int, int, int]] = field(default_factory=list)
    _matrix: _Table | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.alphabet = "".join(dict.fromkeys(self.alphabet.upper()))
        if not self.alphabet or not all(ch.isalpha() for ch in self.alphabet):
            raise GlyphBankError(f"alphabet {self.alphabet!r} must be letters")

    # ----- contents ---------------------------------------------------------------------
    @property
    def chars(self) -> str:
        """Letters with at least one template, in alphabet order."""
        have = {t.char for t in self.templates}
        return "".join(ch for ch in self.alphabet if ch in have)

    @property
    def looks(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for t in self.templates:
            if t.look not in out.setdefault(t.char, []):
                out[t.char].append(t.look)
        return out

    def __len__(self) -> int:
        return len(self.templates)

    def check_char(self, char: str) -> str:
        """The letter as the bank keeps it; GlyphBankError if the alphabet lacks it."""
        name = canonical_char(char, self.alphabet)
        if len(name) != 1 or name not in self.alphabet:
            raise GlyphBankError(
                f"{char!r} is not a letter of the bank's alphabet {self.alphabet}"
            )
        return name

    def copy(self) -> GlyphBank:
        return GlyphBank(self.alphabet, self.site, list(self.templates), list(self.plain_faces))

    def without(self, chars: Iterable[str]) -> GlyphBank:
        """A copy with no template of ``chars`` (hold-out tests)."""
        drop = {canonical_char(c, self.alphabet) for c in chars}
        keep = [t for t in self.templates if t.char not in drop]
        return GlyphBank(self.alphabet, self.site, keep, list(self.plain_faces))

    def _changed(self) -> None:
        self._matrix = None  # templates were added or dropped: rebuild the arrays

    # ----- learning ---------------------------------------------------------------------
    def learn(
        self, item: CellInk | np.ndarray, char: str, look: str = "", pitch: float | None = None
    ) -> bool:
        """Add one sample of ``char`` in ``look``; returns False when it adds nothing new.

        ``item`` is a cell's :class:`CellInk` or the BGR pixels of a cell's inner part (then
        ``pitch``, the cell pitch in pixels, defaults to the crop's height).
        """
        name = self.check_char(char)
        ink = item if isinstance(item, CellInk) else ink_of(item, pitch or item.shape[0])
        if ink.glyph is None:
            raise GlyphBankError(f"no glyph to learn as {name!r}: the cell looks empty")
        vec = features(ink.glyph)
        same = [t for t in self.templates if t.char == name and t.look == look]
        for t in same:
            if self._distance(vec, ink, t) < DUPLICATE:
                return False
        if len(same) >= SAMPLES:  # keep the newest: drop this look's oldest sample
            oldest = same[0]
            self.templates = [t for t in self.templates if t is not oldest]
        self.templates.append(
            Template(name, look, ink.glyph.copy(), ink.aspect, ink.height, ink.parts)
        )
        self._changed()
        return True

    def forget(self, char: str, look: str | None = None) -> int:
        """Drop every template of ``char`` (only of ``look`` if given); returns how many."""
        name = self.check_char(char)
        before = len(self.templates)
        self.templates = [
            t for t in self.templates
            if not (t.char == name and (look is None or t.look == look))
        ]
        self._changed()
        return before - len(self.templates)

    def forget_newest(self, char: str) -> bool:
        """Drop the newest template of ``char`` (one just learned that proved wrong); False
        when there is none."""
        name = self.check_char(char)
        for k in range(len(self.templates) - 1, -1, -1):
            if self.templates[k].char == name:
                del self.templates[k]
                self._changed()
                return True
        return False

    def add_plain_face(self, colour: Sequence[int]) -> None:
        c = (int(colour[0]), int(colour[1]), int(colour[2]))
        if all(max(abs(a - b) for a, b in zip(c, f, strict=True)) > 6 for f in self.plain_faces):
            self.plain_faces.append(c)

    def is_plain(self, colour: Sequence[int], tolerance: int = 10) -> bool | None:
        """Whether a face colour is one of the site's plain (unmarked) ones; None if unknown."""
        if not self.plain_faces:
            return None
        return any(
            max(abs(int(a) - b) for a, b in zip(colour, f, strict=True)) <= tolerance
            for f in self.plain_faces
        )

    # ----- matching ---------------------------------------------------------------------
    @staticmethod
    def _distance(vec: np.ndarray, ink: CellInk, t: Template) -> float:
        g = float(np.sqrt(np.mean((features(t.glyph) - vec) ** 2)))
        return g + _shape_penalty(ink, t)

    def _table(self) -> _Table:
        if self._matrix is None or len(self._matrix.chars) != len(self.templates):
            self._matrix = _Table.of(
                [features(t.glyph) for t in self.templates],
                [t.aspect for t in self.templates],
                [t.height for t in self.templates],
                [t.parts for t in self.templates],
                [t.char for t in self.templates],
            )
        return self._matrix

    def distances(self, inks: Sequence[CellInk]) -> np.ndarray:
        """Distance of every glyph (rows) to every template (columns)."""
        return self._table().distances(inks)

    def widen(self, alphabet: str) -> None:
        """Allow the letters of ``alphabet`` too (one site, several languages)."""
        self.alphabet = "".join(dict.fromkeys(self.alphabet + alphabet.upper()))

    def classify_many(
        self, inks: Sequence[CellInk], alphabet: str | None = None,
        dist: np.ndarray | None = None,
    ) -> list[GlyphMatch]:
        """The best letter for each glyph (``inks`` must all hold a glyph); with ``alphabet``
        only its letters compete (a bank holding Cyrillic А and Latin A reads either).
        ``dist`` is :meth:`distances` of ``inks`` when the caller has it already."""
        if not inks:
            return []
        chars = self._table().chars
        allowed = np.ones(len(chars), bool)
        if alphabet is not None and len(chars):
            allowed = np.isin(chars, list(alphabet.upper()))
        if not allowed.any():
            return [GlyphMatch(None, "", float("inf"), None, 0.0) for _ in inks]
        full = self.distances(inks) if dist is None else dist
        dist = np.where(allowed[None, :], full, np.inf)
        out = []
        for row in dist:
            best = int(np.argmin(row))
            char = str(chars[best])
            others = row[(chars != char) & allowed]
            if others.size:
                second = int(np.argmin(np.where(chars != char, row, np.inf)))
                runner, margin = str(chars[second]), float(row[second] - row[best])
            else:
                runner, margin = None, float("inf")
            out.append(GlyphMatch(char, self.templates[best].look, float(row[best]), runner,
                                  margin))
        return out

    def classify(
        self, item: CellInk | np.ndarray, pitch: float | None = None, alphabet: str | None = None
    ) -> GlyphMatch:
        """The best letter for one glyph (a :class:`CellInk`, or a cell's inner BGR pixels)."""
        ink = item if isinstance(item, CellInk) else ink_of(item, pitch or item.shape[0])
        if ink.glyph is None:
            raise GlyphBankError("the cell looks empty: there is no glyph to classify")
        return self.classify_many([ink], alphabet)[0]

    # ----- files ------------------------------------------------------------------------
    def save(self, folder: str | Path) -> Path:
        """Write the bank into ``folder``: a new template sheet, then bank.json atomically."""
        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        sheet = _sheet(self.templates)
        ok, png = cv2.imencode(".png", sheet)
        if not ok:
            raise OSError(f"{out}: could not encode the template sheet")
        data = png.tobytes()
        name = f"templates-{hashlib.sha256(data).hexdigest()[:12]}.png"
        write_atomic(out / name, data)
        meta = {
            "format": FORMAT,
            "about": "glyph templates of one site (gamebot calibrate balda); see"
            " vision/core/glyph_bank.py",
            "site": self.site,
            "alphabet": self.alphabet,
            "glyph_size": GLYPH,
            "sheet": name,
            "plain_faces": [list(c) for c in self.plain_faces],
            "templates": [
                {"char": t.char, "look": t.look, "aspect": round(t.aspect, 5),
                 "height": round(t.height, 5), "parts": t.parts}
                for t in self.templates
            ],
        }
        text = json.dumps(meta, ensure_ascii=False, indent=1) + "\n"
        write_atomic(out / "bank.json", text.encode("utf-8"))
        for old in out.glob("templates-*.png"):
            if old.name != name:
                old.unlink(missing_ok=True)
        return out

    @classmethod
    def load(cls, folder: str | Path) -> GlyphBank:
        root = Path(folder)
        index = root / "bank.json"
        if not index.is_file():
            raise GlyphBankError(f"{root}: no glyph bank here (bank.json missing)")
        try:
            meta = json.loads(index.read_text("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise GlyphBankError(f"{index}: not valid JSON ({exc})") from None
        if meta.get("format") != FORMAT or meta.get("glyph_size") != GLYPH:
            raise GlyphBankError(
                f"{index}: format {meta.get('format')} / glyph size {meta.get('glyph_size')};"
                f" this gamebot reads format {FORMAT} with {GLYPH} px glyphs (re-calibrate)"
            )
        entries = meta.get("templates", [])
        bank = cls(str(meta.get("alphabet", "")), str(meta.get("site", "")))
        bank.plain_faces = [(int(b), int(g), int(r)) for b, g, r in meta.get("plain_faces", [])]
        if entries:
            sheet_path = root / str(meta.get("sheet", ""))
            sheet = cv2.imread(str(sheet_path), cv2.IMREAD_GRAYSCALE)
            if sheet is None:
                raise GlyphBankError(f"{sheet_path}: template sheet missing or unreadable")
            cols = SHEET_COLS
            need = ((len(entries) + cols - 1) // cols * GLYPH, min(len(entries), cols) * GLYPH)
            if sheet.shape[0] < need[0] or sheet.shape[1] < need[1]:
                raise GlyphBankError(f"{sheet_path}: sheet too small for {len(entries)} glyphs")
            for k, e in enumerate(entries):
                char = str(e.get("char", ""))
                try:
                    bank.check_char(char)
                except GlyphBankError as exc:
                    raise GlyphBankError(f"{index}: template {k + 1}: {exc}") from None
                r, c = divmod(k, cols)
                glyph = sheet[r * GLYPH : (r + 1) * GLYPH, c * GLYPH : (c + 1) * GLYPH].copy()
                bank.templates.append(Template(char, str(e.get("look", "")), glyph,
                                               float(e["aspect"]), float(e["height"]),
                                               int(e.get("parts", 1))))
        return bank


@dataclass(frozen=True)
class _Table:
    """Templates as arrays, for comparing many glyphs at once."""

    matrix: np.ndarray
    aspects: np.ndarray
    heights: np.ndarray
    parts: np.ndarray
    chars: np.ndarray

    @classmethod
    def of(cls, vecs: Sequence[np.ndarray], aspects: Sequence[float],
           heights: Sequence[float], parts: Sequence[int], chars: Sequence[str]) -> _Table:
        matrix = np.stack(vecs) if vecs else np.zeros((0, GLYPH * GLYPH), np.float32)
        return cls(matrix, np.log(np.array(aspects, np.float64)),
                   np.log(np.array(heights, np.float64)), np.array(parts, np.int64),
                   np.array(list(chars), dtype=str))

    def distances(self, inks: Sequence[CellInk]) -> np.ndarray:
        if not inks or not len(self.matrix):
            return np.zeros((len(inks), len(self.matrix)), np.float64)
        vecs = np.stack([features(i.glyph) for i in inks if i.glyph is not None])
        sq = (
            np.sum(vecs**2, axis=1)[:, None]
            + np.sum(self.matrix**2, axis=1)[None, :]
            - 2.0 * np.einsum("ik,jk->ij", vecs, self.matrix)  # no BLAS: its threads spin
        )
        rms = np.sqrt(np.maximum(sq, 0.0) / self.matrix.shape[1])
        a = np.log(np.array([i.aspect for i in inks]))[:, None]
        h = np.log(np.array([i.height for i in inks]))[:, None]
        p = np.array([i.parts for i in inks])[:, None]
        penalty = WEIGHT_ASPECT * np.abs(a - self.aspects[None, :])
        penalty += WEIGHT_HEIGHT * np.minimum(np.abs(h - self.heights[None, :]), 0.5)
        penalty += WEIGHT_PARTS * (p != self.parts[None, :])
        return rms + penalty


def pairwise_distances(inks: Sequence[CellInk]) -> np.ndarray:
    """Distances between glyphs (all must hold one), as :meth:`GlyphBank.distances` measures."""
    table = _Table.of([features(i.glyph) for i in inks if i.glyph is not None],
                      [i.aspect for i in inks], [i.height for i in inks],
                      [i.parts for i in inks], ["?"] * len(inks))
    return table.distances(inks)


def _shape_penalty(ink: CellInk, t: Template) -> float:
    a = abs(np.log(ink.aspect) - np.log(t.aspect))
    h = min(abs(np.log(ink.height) - np.log(t.height)), 0.5)
    return float(WEIGHT_ASPECT * a + WEIGHT_HEIGHT * h + WEIGHT_PARTS * (ink.parts != t.parts))


def _sheet(templates: Sequence[Template]) -> np.ndarray:
    cols = SHEET_COLS
    rows = max(1, (len(templates) + cols - 1) // cols)
    sheet = np.zeros((rows * GLYPH, cols * GLYPH), np.uint8)
    for k, t in enumerate(templates):
        r, c = divmod(k, cols)
        sheet[r * GLYPH : (r + 1) * GLYPH, c * GLYPH : (c + 1) * GLYPH] = t.glyph
    return sheet
