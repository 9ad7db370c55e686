"""Templates of the small marks on tiles: value numbers (``1``, ``10``, ``0``) and the site's
wildcard mark (our page's ``*``). A :class:`~vision.core.glyph_bank.GlyphBank` holds letters only,
so these live in a bank of their own, compared the same way (a whole number such as ``10`` is
one template: its width tells it from ``1``).

A mark is named only when its nearest template is close and every other label's nearest one is
clearly further (or, a little further off, when all others are much further); otherwise the
reader reports the square. On disk: ``marks.json`` and one PNG
sheet of templates, like a glyph bank.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision.core.atomic import write_atomic
from vision.core.glyph_bank import features
from vision.core.letters import GLYPH, CellInk

FORMAT = 1
ACCEPT = 0.12
MARGIN = 0.04
#: ...or, further off (a letter's stroke touching the number adds a few pixels), when every
#: other label is this much further still.
LOOSE_ACCEPT, LOOSE_MARGIN = 0.22, 0.10
DUPLICATE = 0.02
SAMPLES = 40
#: Marks are a few pixels tall: their box's shape, which a pixel more or less changes a lot,
#: weighs less than a letter's.
WEIGHT_ASPECT = 0.1
WEIGHT_HEIGHT = 0.1
WEIGHT_PARTS = 0.2
#: ...while the holes of a digit (8 has two, 0, 4 and 6 one, 5 none) survive any size.
WEIGHT_HOLES = 0.08
SHEET_COLS = 16


class MarkBankError(ValueError):
    """A marks folder that cannot be read."""


@dataclass(frozen=True)
class Mark:
    label: str
    glyph: np.ndarray
    aspect: float
    height: float
    parts: int
    vec: np.ndarray = field(init=False, repr=False, compare=False)
    holes: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "vec", features(self.glyph))
        object.__setattr__(self, "holes", holes(self.glyph))


def holes(glyph: np.ndarray) -> int:
    """How many holes the normalised glyph's ink encloses (counted at half strength)."""
    ink = (glyph >= 128).astype(np.uint8)
    ink = cv2.copyMakeBorder(ink, 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    count, _ = cv2.connectedComponents(1 - ink, connectivity=4)
    return max(0, count - 2)  # minus the label of the ink and the outside


@dataclass(frozen=True)
class MarkMatch:
    label: str | None
    distance: float
    runner_up: str | None
    margin: float

    @property
    def accepted(self) -> bool:
        if self.label is None:
            return False
        close = self.distance <= ACCEPT and self.margin >= MARGIN
        return close or (self.distance <= LOOSE_ACCEPT and self.margin >= LOOSE_MARGIN)

    def describe(self) -> str:
        if self.label is None:
            return "no mark templates"
        other = f", next {self.runner_up} (+{self.margin:.3f})" if self.runner_up else ""
        return f"nearest {self.label} at {self.distance:.3f}{other}"


@dataclass(frozen=True)
class _Table:
    """Marks as arrays, for comparing an ink with all of them at once."""

    vecs: np.ndarray
    log_aspects: np.ndarray
    log_heights: np.ndarray
    parts: np.ndarray
    holes: np.ndarray

    @classmethod
    def of(cls, marks: list[Mark]) -> _Table:
        return cls(np.stack([m.vec for m in marks]), np.log([m.aspect for m in marks]),
                   np.log([m.height for m in marks]), np.array([m.parts for m in marks]),
                   np.array([m.holes for m in marks]))


def _distances(ink: CellInk, marks: list[Mark], table: _Table | None = None) -> np.ndarray:
    """Distance of one ink to each mark: blurred-ink RMS plus shape penalties."""
    assert ink.glyph is not None
    t = table or _Table.of(marks)
    vec = features(ink.glyph)
    g = np.sqrt(np.mean((t.vecs - vec[None, :]) ** 2, axis=1))
    a = np.abs(np.log(ink.aspect) - t.log_aspects)
    h = np.minimum(np.abs(np.log(ink.height) - t.log_heights), 0.5)
    p = t.parts != ink.parts
    o = np.abs(t.holes - holes(ink.glyph))
    return g + WEIGHT_ASPECT * a + WEIGHT_HEIGHT * h + WEIGHT_PARTS * p + WEIGHT_HOLES * o


@dataclass
class MarkBank:
    """Templates of value numbers and wildcard marks for one site."""

    marks: list[Mark] = field(default_factory=list)
    _tables: dict[tuple[str, ...] | None, tuple[list[Mark], _Table]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.marks)

    @property
    def labels(self) -> list[str]:
        return sorted({m.label for m in self.marks}, key=lambda s: (not s.isdigit(), len(s), s))

    def learn(self, ink: CellInk, label: str) -> bool:
        """Add a sample of ``label``; False when a near-identical one is already kept."""
        if ink.glyph is None:
            raise MarkBankError(f"no ink to learn as {label!r}")
        same = [m for m in self.marks if m.label == label]
        if same and float(_distances(ink, same).min()) < DUPLICATE:
            return False
        if len(same) >= SAMPLES:
            self.marks.remove(same[0])
        self.marks.append(Mark(label, ink.glyph.copy(), ink.aspect, ink.height, ink.parts))
        self._tables.clear()
        return True

    def classify(self, ink: CellInk, allowed: Iterable[str] | None = None) -> MarkMatch:
        """The nearest label (only ``allowed`` ones compete when given)."""
        key = None if allowed is None else tuple(sorted(set(allowed)))
        if key not in self._tables:
            pool = self.marks if key is None else [m for m in self.marks if m.label in key]
            self._tables[key] = (pool, _Table.of(pool) if pool else None)  # type: ignore[assignment]
        pool, table = self._tables[key]
        if not pool or ink.glyph is None:
            return MarkMatch(None, float("inf"), None, 0.0)
        best: dict[str, float] = {}
        for m, d in zip(pool, _distances(ink, pool, table).tolist(), strict=True):
            if d < best.get(m.label, float("inf")):
                best[m.label] = d
        ranked = sorted(best.items(), key=lambda kv: kv[1])
        label, dist = ranked[0]
        if len(ranked) > 1:
            return MarkMatch(label, dist, ranked[1][0], ranked[1][1] - dist)
        return MarkMatch(label, dist, None, float("inf"))

    # ----- files ------------------------------------------------------------------------
    def save(self, folder: str | Path) -> Path:
        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        rows = max(1, (len(self.marks) + SHEET_COLS - 1) // SHEET_COLS)
        sheet = np.zeros((rows * GLYPH, SHEET_COLS * GLYPH), np.uint8)
        for k, m in enumerate(self.marks):
            r, c = divmod(k, SHEET_COLS)
            sheet[r * GLYPH : (r + 1) * GLYPH, c * GLYPH : (c + 1) * GLYPH] = m.glyph
        ok, png = cv2.imencode(".png", sheet)
        if not ok:
            raise OSError(f"{out}: could not encode the marks sheet")
        data = png.tobytes()
        name = f"marks-{hashlib.sha256(data).hexdigest()[:12]}.png"
        write_atomic(out / name, data)
        meta = {
            "format": FORMAT,
            "about": "value numbers and wildcard marks of one site's tiles (gamebot calibrate"
            " erudit); see vision/erudit/value_digits.py",
            "glyph_size": GLYPH,
            "sheet": name,
            "marks": [
                {"label": m.label, "aspect": round(m.aspect, 5), "height": round(m.height, 5),
                 "parts": m.parts}
                for m in self.marks
            ],
        }
        text = json.dumps(meta, ensure_ascii=False, indent=1) + "\n"
        write_atomic(out / "marks.json", text.encode("utf-8"))
        for old in out.glob("marks-*.png"):
            if old.name != name:
                old.unlink(missing_ok=True)
        return out

    @classmethod
    def load(cls, folder: str | Path) -> MarkBank:
        root = Path(folder)
        index = root / "marks.json"
        if not index.is_file():
            raise MarkBankError(f"{root}: no marks bank here (marks.json missing)")
        try:
            meta = json.loads(index.read_text("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise MarkBankError(f"{index}: not valid JSON ({exc})") from None
        if meta.get("format") != FORMAT or meta.get("glyph_size") != GLYPH:
            raise MarkBankError(f"{index}: format {meta.get('format')}, glyph size"
                                f" {meta.get('glyph_size')}: re-calibrate")
        entries = meta.get("marks", [])
        bank = cls()
        if not entries:
            return bank
        sheet = cv2.imread(str(root / str(meta.get("sheet", ""))), cv2.IMREAD_GRAYSCALE)
        rows = (len(entries) + SHEET_COLS - 1) // SHEET_COLS
        if sheet is None or sheet.shape[0] < rows * GLYPH:
            raise MarkBankError(f"{root}: marks sheet missing, unreadable or too small")
        for k, e in enumerate(entries):
            r, c = divmod(k, SHEET_COLS)
            glyph = sheet[r * GLYPH : (r + 1) * GLYPH, c * GLYPH : (c + 1) * GLYPH].copy()
            bank.marks.append(Mark(str(e["label"]), glyph, float(e["aspect"]),
                                   float(e["height"]), int(e.get("parts", 1))))
        return bank


#: The confidence one of several agreeing answers must reach when the others are less sure.
SURE_ONE = 90.0


#: What Tesseract said of value-number pictures already asked, by their pixels: a board's
#: tiles stay as they are frame after frame, and each asked again cost 8 Tesseract runs (a
#: cold site's "1" in a look its marks never accepted: 57-108 runs a frame, 30-110 s a read on
#: a loaded machine while playing scrabble-wordgame).
_SAID: OrderedDict[bytes, int | None] = OrderedDict()
SAID_SIZE = 4000


def ocr_number(window: np.ndarray, face: tuple[int, int, int]) -> int | None:
    """:func:`_ocr_number`, remembered for the same pixels and face."""
    key = hashlib.blake2b(np.ascontiguousarray(window).tobytes()
                          + repr((window.shape, tuple(face))).encode(), digest_size=16).digest()
    if key in _SAID:
        _SAID.move_to_end(key)
        return _SAID[key]
    said = _ocr_number(window, face)
    _SAID[key] = said
    while len(_SAID) > SAID_SIZE:
        _SAID.popitem(last=False)
    return said


def _ocr_number(window: np.ndarray, face: tuple[int, int, int]) -> int | None:
    """A value number read by Tesseract (digits only), when every preparation of the ink
    that reads anything says the same, two at least at high confidence; None when not sure or
    Tesseract is missing. A word's reading (``--psm 8``) is asked first, then a line's
    (``--psm 7``): a lone thin "1" reads surely only as a line. (A preparation that reads
    nothing, or the same digit unsure, is no other opinion: wordgame's "5", read 5 at 92 and
    93 %, came out at 39 % hard-thresholded, and its V stayed unnamed.)"""
    from vision.core.glyph_ocr import MIN_CONF, preparations

    try:
        import pytesseract
    except ImportError:  # pragma: no cover - a broken install
        return None
    pictures = preparations(window, face)
    heard: list[tuple[str, float]] = []  # every single answer, for the last resort below
    for psm in (8, 7):
        said: set[str] = set()
        answers = 0
        for picture in pictures:
            try:
                data = pytesseract.image_to_data(
                    picture, config=f"--psm {psm} -c tessedit_char_whitelist=0123456789",
                    output_type=pytesseract.Output.DICT)
            except (pytesseract.TesseractNotFoundError, pytesseract.TesseractError):
                return None
            words = [(t.strip(), float(c)) for t, c in
                     zip(data["text"], data["conf"], strict=True) if t.strip()]
            heard += words[:1] if len(words) == 1 else [("?", 0.0)] * len(words)
            if not words:
                continue  # nothing read: no opinion
            if len(words) != 1 or not words[0][0].isdigit():
                break
            said.add(words[0][0])
            answers += words[0][1] >= MIN_CONF  # an unsure answer alike is no other opinion
        else:
            if len(said) == 1 and answers >= min(2, len(pictures)):
                return int(said.pop())
    # Every answer the same number, one of them very sure (Xanado's 8 read 81, 78, 65, 50
    # and 96 by the preparations): that number, never a split
    texts = {t for t, _ in heard}
    if len(heard) >= 3 and len(texts) == 1 and heard[0][0].isdigit() \
            and max(c for _, c in heard) >= SURE_ONE:
        return int(heard[0][0])
    return None
