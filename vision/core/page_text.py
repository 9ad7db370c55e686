"""Text on a page outside the board: turn line, scores, messages, banners and button labels.

Tesseract on a whole page takes about a second, and a game page barely changes between frames.
So text lines are found with OpenCV (stroke edges, minus the long straight edges of buttons and
grid lines, joined into lines), each line's pixels are hashed, and only lines not seen before go
to Tesseract, all of them in one call (stacked into one picture at one text height). A page
that barely changes reads in milliseconds after its first frames.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.core.ocr import OcrUnavailableError, tesseract_lang

#: Height every line is scaled to for Tesseract, and the white gap between stacked lines.
LINE_HEIGHT = 40
GAP = 24
MIN_HEIGHT = 6
MAX_HEIGHT = 140
CACHE_SIZE = 4000
#: A line word read short of the phrase's last word stands for it from this many letters on
#: (a shorter one is a word of its own: «обмен» in the Erudit page's list of moves is no cut
#: «Обменять»); a line word running on past the phrase's last word, from this many letters of
#: the phrase word on.
CUT_LETTERS = 6
RUN_ON_LETTERS = 4
_WORD = re.compile(r"\w+")
_NUMBER = re.compile(r"\d+")
# Latin and Cyrillic letters that look alike (OCR mixes them up), folded the same way on both
# sides of a comparison, so Russian, Ukrainian and English phrases all compare fairly.
_LOOKALIKES = str.maketrans("aeopcxykmthbiі", "аеорсхукмтнвii")


@dataclass(frozen=True)
class TextLine:
    """One line of text read off a frame, or off the screen (a page's steps and adapters move
    it to screen pixels); ``conf`` Tesseract's 0-100."""

    text: str
    region: Region
    conf: float = 0.0


def fold(text: str) -> str:
    """What OCR and a page's words agree on: lower case, Ё as Е, look-alike Latin letters as
    Cyrillic, words only (punctuation and extra spaces gone)."""
    folded = text.casefold().replace("ё", "е").translate(_LOOKALIKES)
    return " ".join(_WORD.findall(folded))


def _word_like(a: str, b: str) -> bool:
    """One word read against one expected: equal, or an OCR slip in a word of 4+ letters."""
    if a == b:
        return True
    if min(len(a), len(b)) < 4:
        return False
    return difflib.SequenceMatcher(None, a, b).ratio() >= 0.8


def last_word_like(seen: str, want: str) -> bool:
    """A line's word read against a phrase's last word: like it (an OCR slip, or a word read a
    letter or two short or long), or cut short at the edge of its crop (``CUT_LETTERS`` kept),
    or running on past it: a longer word of the page, junk glued on, or the phrase written as
    a stem («нет в словар»), from ``RUN_ON_LETTERS`` letters of the phrase word on."""
    if _word_like(seen, want):
        return True
    if len(want) >= RUN_ON_LETTERS and seen.startswith(want):
        return True
    return len(seen) >= CUT_LETTERS and want.startswith(seen)


def phrase_in(text: str, phrase: str) -> bool:
    """Does ``phrase`` occur in ``text``, word for word, in order (case-insensitive, an OCR
    slip allowed in a long word, the last word cut short or running on: :func:`last_word_like`)?

    Whole words are compared, so «Ходит компьютер» never passes for «Победил компьютер» however
    much of it is alike. ``@>You`` is a line holding a marker (a turn arrow OCR reads as ``>``)
    and the word, even glued to an icon read as a letter (``> BYou``): :func:`marked`.
    """
    if phrase.startswith("@") and len(phrase) > 2:
        return marked(text, phrase[1], phrase[2:])
    t, p = fold(text).split(), fold(phrase).split()
    if not p or len(t) < len(p):
        return False
    for start in range(len(t) - len(p) + 1):
        if all(_word_like(t[start + i], w) for i, w in enumerate(p[:-1])):
            if last_word_like(t[start + len(p) - 1], p[-1]):
                return True
    return False


def marked(text: str, marker: str, word: str) -> bool:
    """A line that holds ``marker`` and ``word``, spaces aside (``> BYou`` holds ``>``, ``you``)."""
    return marker in text and fold(word).replace(" ", "") in fold(text).replace(" ", "")


def text_boxes(pixels: np.ndarray, exclude: Sequence[Region] = ()) -> list[Region]:
    """Boxes of text lines: stroke edges without long straight lines, joined along lines."""
    grey = cv2.cvtColor(pixels, cv2.COLOR_BGR2GRAY)
    grad = cv2.morphologyEx(grey, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    strokes = cv2.threshold(grad, 48, 255, cv2.THRESH_BINARY)[1]
    # Frames (button and panel outlines, grid lines) are big, hollow components: drop their
    # rims; strokes inside a frame that touch it (a label close to its box) are kept.
    count, labels, stats, _ = cv2.connectedComponentsWithStats(strokes, connectivity=8)
    w, h, area = stats[:, 2], stats[:, 3], stats[:, 4]
    hollow = (w >= 30) & (h >= 18) & (area < 0.3 * w * h)
    hollow[0] = False
    for k in np.nonzero(hollow)[0]:
        x, y, ww, hh = (int(v) for v in stats[k, :4])
        m = max(3, int(0.15 * min(ww, hh)))
        box = strokes[y : y + hh, x : x + ww]
        rim = labels[y : y + hh, x : x + ww] == k
        rim[m:-m, m:-m] = False
        box[rim] = 0
    # Lines are long and thin: bold text at a small size makes long runs too, but thick ones
    # (a run that survives a short opening across it is a stroke, not a rule).
    long_h = cv2.morphologyEx(strokes, cv2.MORPH_OPEN, np.ones((1, 45), np.uint8))
    long_h &= ~cv2.morphologyEx(long_h, cv2.MORPH_OPEN, np.ones((7, 1), np.uint8))
    long_v = cv2.morphologyEx(strokes, cv2.MORPH_OPEN, np.ones((45, 1), np.uint8))
    long_v &= ~cv2.morphologyEx(long_v, cv2.MORPH_OPEN, np.ones((1, 7), np.uint8))
    strokes = cv2.bitwise_and(strokes, cv2.bitwise_not(cv2.bitwise_or(long_h, long_v)))
    for r in exclude:
        strokes[max(0, r.top) : max(0, r.bottom), max(0, r.left) : max(0, r.right)] = 0
    count, _, stats, _ = cv2.connectedComponentsWithStats(strokes, connectivity=8)
    boxes = []
    for i in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[i])
        if MIN_HEIGHT // 2 <= h <= MAX_HEIGHT and w <= 12 * h + 4 and area >= 3:
            boxes.append([x, y, x + w, y + h])
    return [Region(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in _join(boxes)
            if MIN_HEIGHT <= y1 - y0 <= MAX_HEIGHT and x1 - x0 >= MIN_HEIGHT]


def _join(boxes: list[list[int]]) -> list[list[int]]:
    """Merge character boxes that sit on one line, close together, until nothing changes."""
    boxes = sorted(boxes)
    changed = True
    while changed:
        changed = False
        out: list[list[int]] = []
        for b in boxes:
            for o in out:
                h = max(b[3] - b[1], o[3] - o[1])
                overlap = min(b[3], o[3]) - max(b[1], o[1])
                gap = max(b[0] - o[2], o[0] - b[2])
                small = min(b[3] - b[1], o[3] - o[1])
                if overlap >= 0.4 * small and gap <= 0.9 * h:
                    o[0], o[1] = min(o[0], b[0]), min(o[1], b[1])
                    o[2], o[3] = max(o[2], b[2]), max(o[3], b[3])
                    changed = True
                    break
            else:
                out.append(list(b))
        boxes = out
    return boxes


def _prepare(crop: np.ndarray) -> np.ndarray:
    """Dark text on white at LINE_HEIGHT, whatever the page's colours."""
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    border = np.concatenate([grey[0], grey[-1], grey[:, 0], grey[:, -1]])
    background = float(np.median(border))
    if background < float(np.mean(grey)) - 1 or background < 110:
        grey = 255 - grey  # light text on a dark button or page
        background = 255 - background
    grey = cv2.normalize(grey, None, 0, 255, cv2.NORM_MINMAX)
    scale = LINE_HEIGHT / grey.shape[0]
    size = (max(1, round(grey.shape[1] * scale)), LINE_HEIGHT)
    return cv2.resize(grey, size, interpolation=cv2.INTER_CUBIC if scale > 1 else cv2.INTER_AREA)


class PageText:
    """Reads the text lines of page frames for one language, remembering lines already read."""

    def __init__(self, lang: str = "rus") -> None:
        self.lang = tesseract_lang(lang)
        self._cache: OrderedDict[bytes, tuple[str, float]] = OrderedDict()
        self._last: tuple[np.ndarray, tuple[Region, ...], list[TextLine]] | None = None
        self.ocr_calls = 0

    def _ocr(self, pictures: list[np.ndarray]) -> list[tuple[str, float]]:
        """Read several line pictures with one Tesseract call (stacked, one line each)."""
        try:
            import pytesseract
        except ImportError as exc:  # pragma: no cover - a broken install
            raise OcrUnavailableError("pytesseract is not installed") from exc
        width = max(p.shape[1] for p in pictures) + 2 * GAP
        rows = []
        for p in pictures:
            row = np.full((LINE_HEIGHT + GAP, width), 255, np.uint8)
            row[GAP // 2 : GAP // 2 + LINE_HEIGHT, GAP : GAP + p.shape[1]] = p
            rows.append(row)
        sheet = np.vstack(rows)
        self.ocr_calls += 1
        try:
            data = pytesseract.image_to_data(
                sheet, lang=self.lang, config="--psm 6", output_type=pytesseract.Output.DICT
            )
        except pytesseract.TesseractNotFoundError as exc:
            raise OcrUnavailableError("Tesseract is not installed") from exc
        words: list[list[tuple[int, str, float]]] = [[] for _ in pictures]
        for text, conf, top, height, left in zip(
            data["text"], data["conf"], data["top"], data["height"], data["left"], strict=True
        ):
            if not text.strip():
                continue
            k = int((top + height / 2) // (LINE_HEIGHT + GAP))
            if 0 <= k < len(words):
                words[k].append((int(left), text.strip(), float(conf)))
        out = []
        for ws in words:
            ws.sort()
            text = " ".join(t for _, t, _ in ws)
            out.append((text, min((c for *_, c in ws), default=0.0)))
        return out

    def lines(self, frame: Frame, exclude: Sequence[Region] = ()) -> list[TextLine]:
        """Every text line on the frame outside ``exclude``, top to bottom, left to right."""
        px = frame.pixels
        last = self._last
        if last is not None and last[1] == tuple(exclude) and np.array_equal(last[0], px):
            return list(last[2])  # the very same picture: nothing to look at again
        boxes = text_boxes(px, exclude)
        keys, pictures, todo = [], [], []
        for box in boxes:
            pad = max(2, box.height // 4)
            region = Region(0, 0, frame.width, frame.height).intersect(
                Region(box.left - pad, box.top - pad, box.width + 2 * pad, box.height + 2 * pad)
            )
            assert region is not None
            crop = px[region.top : region.bottom, region.left : region.right]
            key = hashlib.blake2b(crop.tobytes() + bytes(str(crop.shape), "ascii"),
                                  digest_size=16).digest()
            keys.append(key)
            if key not in self._cache:
                todo.append(key)
                pictures.append(_prepare(crop))
        if todo:
            for key, result in zip(todo, self._ocr(pictures), strict=True):
                self._cache[key] = result
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        out = []
        for box, key in zip(boxes, keys, strict=True):
            text, conf = self._cache[key]
            self._cache.move_to_end(key)
            if text and _WORD.search(text):
                out.append(TextLine(text, box, conf))
        out.sort(key=lambda t: (t.region.top // max(1, t.region.height), t.region.left))
        self._last = (px.copy(), tuple(exclude), out)
        return list(out)

    def find(
        self, frame: Frame, phrases: Sequence[str], exclude: Sequence[Region] = ()
    ) -> TextLine | None:
        """The first line holding one of ``phrases`` (fuzzy, case-insensitive)."""
        found = self.lines(frame, exclude)
        for phrase in phrases:
            for line in found:
                if phrase_in(line.text, phrase):
                    return line
        return None

    def number_near(
        self, frame: Frame, label: str, exclude: Sequence[Region] = ()
    ) -> int | None:
        """The number shown beside ``label`` (a score) on the frame: :func:`number_near`, with
        any line holding the label taken as the label's."""
        return number_near(self.lines(frame, exclude), label, extra_words=None)


def number_near(
    lines: Sequence[TextLine], label: str, *, extra_words: int | None = 1
) -> int | None:
    """The score shown beside ``label`` (``"Вы|You"``: either, tried in order): the nearest line
    holding only a number at least as tall as the label's (scores are shown big; word lists
    beside them small), within a dozen label heights; else the last number on the label's own
    line, the label's words aside (``Гравець 1 28``: 28).

    The label's line is one holding the label and at most ``extra_words`` other words («Вы»,
    «Вы 12»), none of them a word of three letters or more (a banner «Победил компьютер» is no
    score label: its 57 : 58 once gave the computer our 57); ``None``: any line holding it.
    """
    for one in label.split("|"):
        want = len(fold(one).split())
        for line in lines:
            if not phrase_in(line.text, one):
                continue
            words = fold(line.text).split()
            mine = fold(one).split()
            others = [w for w in words
                      if not any(_word_like(w, m) or last_word_like(w, m) for m in mine)]
            if extra_words is not None and (len(words) > want + extra_words or any(
                    len(w) >= 3 and w.isalpha() for w in others)):
                continue
            here = line.region.center
            reach = 12.0 * max(line.region.height, 8)
            best: tuple[float, int] | None = None
            for other in lines:
                text = other.text.strip()
                if other is line or not text.isdigit() or other.region.height < line.region.height:
                    continue
                there = other.region.center
                d = float(np.hypot(there.x - here.x, there.y - here.y))
                if d <= reach and (best is None or d < best[0]):
                    best = (d, int(text))
            if best is not None:
                return best[1]
            found = _NUMBER.findall(fold(line.text).replace(fold(one), " "))
            if found:
                return int(found[-1])
    return None


def number_beside(lines: Sequence[TextLine], label: str) -> int | None:
    """The score on the label's own row, a number standing alone right of it within a few
    label heights (JScrab's panel: «Ваш общий балл:» then, right-aligned, a bold **180**
    shorter than the label), else :func:`number_near`. The nearest taller number-only line
    was the word list's round info icons, read "9": every JScrab score read 9."""
    for one in label.split("|"):
        for line in sorted((x for x in lines if phrase_in(x.text, one)), key=lambda x: len(x.text)):
            here, h = line.region, max(line.region.height, 8)
            row = [o for o in lines if o is not line and o.text.strip().isdigit()
                   and abs(o.region.center.y - here.center.y) <= 0.6 * max(h, o.region.height)
                   and here.right - 2 <= o.region.left <= here.right + 5 * h]
            if row:
                return int(min(row, key=lambda o: o.region.left).text.strip())
    return number_near(lines, label)
