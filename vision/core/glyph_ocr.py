"""Naming a glyph no template knows with Tesseract, and only when Tesseract is sure.

One glyph is shown to Tesseract (``--psm 10``: a single character, the alphabet as whitelist)
in several preparations: the ink strength in grey at two sizes and the ink mask. The name is
taken only when every preparation gives the same letter (case folded) with high confidence;
anything else is "not sure", and the caller reports the cell instead of guessing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.core.letters import MIN_INK
from vision.core.ocr import OcrUnavailableError, tesseract_lang

#: Lowest Tesseract confidence (0-100) each preparation must reach.
MIN_CONF = 75.0
#: The slant an italic is stood up by for Tesseract's proposals (x per y; italics lean about
#: 0.15..0.25).
SLANT = 0.2


@dataclass(frozen=True)
class OcrVerdict:
    """What Tesseract said: the letter (upper case) when sure, and each preparation's answer."""

    char: str | None
    answers: tuple[tuple[str, float], ...]

    @property
    def sure(self) -> bool:
        return self.char is not None

    def describe(self) -> str:
        said = ", ".join(f"{t or '∅'} ({conf:.0f})" for t, conf in self.answers)
        return f"Tesseract said {said}" if said else "Tesseract said nothing"


def ink_distance(window: np.ndarray, face: tuple[int, int, int]) -> np.ndarray:
    diff = cv2.absdiff(window, np.full_like(window, face))
    chans = cv2.split(diff)
    return cv2.max(cv2.max(chans[0], chans[1]), chans[2])


def preparations(window: np.ndarray, face: tuple[int, int, int]) -> list[np.ndarray]:
    """Black-on-white pictures of the glyph in ``window`` (a cell's inner part, BGR)."""
    dist = ink_distance(window, face)
    otsu, _ = cv2.threshold(dist, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    thresh = max(float(otsu), MIN_INK * 0.6)
    mask = dist > thresh
    ys, xs = np.nonzero(mask)
    if not len(ys):
        return []
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    out = []
    for height, soft in ((96, True), (64, True), (96, False)):
        crop = dist[y0:y1, x0:x1].astype(np.float32)
        if soft:
            ink = np.clip((crop - thresh * 0.5) / max(1.0, float(crop.max()) - thresh * 0.5), 0, 1)
        else:
            ink = (crop > thresh).astype(np.float32)
        scale = height / max(1, y1 - y0)
        size = (max(1, round((x1 - x0) * scale)), height)
        big = cv2.resize(ink, size, interpolation=cv2.INTER_CUBIC if soft else cv2.INTER_LINEAR)
        picture = np.clip(255 - big * 255, 0, 255).astype(np.uint8)
        if not soft:
            picture = np.where(picture < 128, 0, 255).astype(np.uint8)
        pad = height // 2
        out.append(cv2.copyMakeBorder(picture, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255))
    return out


def _ask(picture: np.ndarray, lang: str, whitelist: str) -> tuple[str, float]:
    try:
        import pytesseract
    except ImportError as exc:  # pragma: no cover - a broken install
        raise OcrUnavailableError("pytesseract is not installed (pip install pytesseract)") from exc
    config = f"--psm 10 -c tessedit_char_whitelist={whitelist}"
    try:
        data = pytesseract.image_to_data(
            picture, lang=lang, config=config, output_type=pytesseract.Output.DICT
        )
    except pytesseract.TesseractNotFoundError as exc:
        raise OcrUnavailableError(
            "Tesseract is not installed (Debian: apt install tesseract-ocr tesseract-ocr-rus"
            " tesseract-ocr-ukr)"
        ) from exc
    except pytesseract.TesseractError as exc:
        raise OcrUnavailableError(f"Tesseract failed for language {lang!r}: {exc}") from exc
    words = [(t.strip(), float(c)) for t, c in zip(data["text"], data["conf"], strict=True)
             if t.strip()]
    if len(words) != 1:
        return ("".join(t for t, _ in words), min((c for _, c in words), default=0.0))
    return words[0]


def whitelist_for(alphabet: str) -> str:
    letters = alphabet.upper() + alphabet.lower()
    if "Е" in alphabet and "Ё" not in alphabet and "Є" not in alphabet:
        letters += "Ёё"  # Russian pages may draw Ё; it folds into Е
    return "".join(dict.fromkeys(letters))


def canonical(text: str, alphabet: str) -> str:
    """Upper case, Ё folded into Е when the alphabet has no Ё."""
    up = text.upper()
    if "Ё" not in alphabet:
        up = up.replace("Ё", "Е")
    return up


def name_glyph(
    windows: Sequence[tuple[np.ndarray, tuple[int, int, int]]], alphabet: str, lang: str,
    blanks: int = 0,
) -> OcrVerdict:
    """Ask Tesseract about one glyph, seen in one or more cells (window, face colour).

    Sure only when every preparation of every cell names the same letter of ``alphabet`` at
    confidence ``MIN_CONF`` or more. With ``blanks`` that many preparations may say nothing at
    all (Tesseract at ``--psm 10`` drops a clean letter at some sizes), as long as two answer;
    a caller whose rules check the name (a tile's value) may allow it.
    """
    code = tesseract_lang(lang)
    whitelist = whitelist_for(alphabet)
    answers: list[tuple[str, float]] = []
    silent = 0
    for window, face in windows:
        for picture in preparations(window, face):
            text, conf = _ask(picture, code, whitelist)
            answers.append((text, conf))
            if not text and silent < blanks:
                silent += 1
                continue
            if len(text) != 1 or conf < MIN_CONF:
                return OcrVerdict(None, tuple(answers))
    if len(answers) - silent < 2 and silent:
        return OcrVerdict(None, tuple(answers))
    names = {canonical(t, alphabet) for t, _ in answers if t}
    if len(names) != 1:
        return OcrVerdict(None, tuple(answers))
    (name,) = names
    if name not in alphabet:
        return OcrVerdict(None, tuple(answers))
    return OcrVerdict(name, tuple(answers))


def letter_hint(
    window: np.ndarray, face: tuple[int, int, int], alphabet: str, lang: str,
    floor: float = 50.0,
) -> str | None:
    """Tesseract's letter for a glyph when every preparation names that one letter at
    ``floor`` confidence or more: a hint, weaker than :func:`name_glyph`'s sure name, for a
    caller whose own logic leaves only a few letters possible."""
    code = tesseract_lang(lang)
    whitelist = whitelist_for(alphabet)
    names = set()
    for picture in preparations(window, face):
        text, conf = _ask(picture, code, whitelist)
        if len(text) != 1 or conf < floor:
            return None
        names.add(canonical(text, alphabet))
    if len(names) != 1:
        return None
    (name,) = names
    return name if name in alphabet else None


def upright(picture: np.ndarray, slant: float = SLANT) -> np.ndarray:
    """A black-on-white glyph picture sheared back by ``slant`` (an italic letter stood up:
    Tesseract reads an italic serif О, Р as nothing at all, upright as themselves)."""
    height, width = picture.shape[:2]
    shear = np.array([[1, -slant, slant * height / 2], [0, 1, 0]], np.float32)
    return cv2.warpAffine(picture, shear, (width, height), flags=cv2.INTER_LINEAR,
                          borderValue=255)


def letter_proposals(
    window: np.ndarray, face: tuple[int, int, int], alphabet: str, lang: str,
    floor: float = 40.0,
) -> frozenset[str]:
    """Every letter of ``alphabet`` some preparation of the glyph, as it is or stood up
    (:func:`upright`), reads as at ``floor`` confidence or more: Tesseract's proposals, for a
    caller whose rules choose among them (they may hold a wrong letter, or miss the right
    one)."""
    return letter_answers(window, face, alphabet, lang, floor)[0]


def letter_answers(
    window: np.ndarray, face: tuple[int, int, int], alphabet: str, lang: str,
    floor: float = 40.0, hint_floor: float = 50.0,
) -> tuple[frozenset[str], str | None]:
    """Tesseract's proposals (:func:`letter_proposals`) and its hint (:func:`letter_hint`:
    the one letter every preparation as it is names at ``hint_floor`` or more, else None),
    from one round of questions."""
    code = tesseract_lang(lang)
    whitelist = whitelist_for(alphabet)
    said = set()
    plain: list[tuple[str, float]] = []
    for picture in preparations(window, face):
        for k, shown in enumerate((picture, upright(picture))):
            text, conf = _ask(shown, code, whitelist)
            if k == 0:
                plain.append((text, conf))
            if len(text) == 1 and conf >= floor:
                said.add(canonical(text, alphabet))
    names = {canonical(t, alphabet) for t, c in plain if len(t) == 1 and c >= hint_floor}
    whole = len(names) == 1 and all(len(t) == 1 and c >= hint_floor for t, c in plain)
    hint = next(iter(names)) if whole and plain else None
    return (frozenset(ch for ch in said if ch in alphabet),
            hint if hint is not None and hint in alphabet else None)
