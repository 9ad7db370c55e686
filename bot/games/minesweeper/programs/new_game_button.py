"""A new-game button found by its label: "Restart", "New game", "Play again", "Новая игра"...

A program with no face above its board (or a face vision did not recognise) may still have a
button that starts a game, among others ("Level", "Hi-Scores", "Quit"). The bot never clicks
a point it guessed: a button is clicked only when Tesseract reads one of these labels on it,
word for word, outside the board. Tesseract reads the window once, word by word with each
word's box, so a row of buttons read as one line still gives each label its own place.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vision.core.frame import Frame
from vision.core.geometry import Region

logger = logging.getLogger(__name__)

#: Labels of buttons that start a game (lower case, words joined by one space).
LABELS = (
    "restart", "new game", "new", "play again", "start over", "replay", "reset",
    "новая игра", "новая", "ещё раз", "еще раз", "заново", "начать заново", "рестарт",
)
#: Words Tesseract must be this sure of (0-100).
MIN_CONFIDENCE = 50.0
_WORD = re.compile(r"[^\w:/]+")


@dataclass(frozen=True)
class Word:
    text: str  # lower case, punctuation stripped
    region: Region
    line: tuple[int, int, int]  # Tesseract's block, paragraph and line numbers
    conf: float


def words(pixels: np.ndarray, blank: Sequence[Region] = (), lang: str = "eng+rus"
          ) -> list[Word]:
    """Every word Tesseract reads on the picture, with ``blank`` regions painted over."""
    import pytesseract

    px = pixels.copy()
    for r in blank:
        px[max(r.top, 0) : max(r.bottom, 0), max(r.left, 0) : max(r.right, 0)] = 255
    grey = px if px.ndim == 2 else px[..., :3].mean(axis=2).astype(np.uint8)
    data = pytesseract.image_to_data(grey, lang=lang, config="--psm 11",
                                     output_type=pytesseract.Output.DICT)
    out = []
    for i, raw in enumerate(data["text"]):
        text = _WORD.sub("", str(raw)).lower()
        if not text:
            continue
        out.append(Word(text, Region(int(data["left"][i]), int(data["top"][i]),
                                     int(data["width"][i]), int(data["height"][i])),
                        (int(data["block_num"][i]), int(data["par_num"][i]),
                         int(data["line_num"][i])), float(data["conf"][i])))
    return out


def _close(a: Word, b: Word, letters: float = 1.2) -> bool:
    """Two words of one phrase: on one line, side by side, a gap under two letters' width."""
    gap = b.region.left - a.region.right
    near = abs(a.region.center.y - b.region.center.y) <= max(a.region.height, 4) // 2
    return a.line == b.line and near and 0 <= gap <= letters * max(a.region.height, 4)


def phrases(found: Sequence[Word], spaced: bool = False) -> list[Word]:
    """Sure words grouped into the phrases they stand in (a button's label stands alone);
    ``spaced`` keeps words a wider gap apart together (a counter's label and its number)."""
    sure = sorted((w for w in found if w.conf >= MIN_CONFIDENCE),
                  key=lambda w: (w.line, w.region.left))
    out: list[Word] = []
    for w in sure:
        last = out[-1] if out else None
        if last is not None and _close(last, w, 3.0 if spaced else 1.2):
            top = min(last.region.top, w.region.top)
            bottom = max(last.region.bottom, w.region.bottom)
            out[-1] = Word(f"{last.text} {w.text}",
                           Region(last.region.left, top, w.region.right - last.region.left,
                                  bottom - top), last.line, min(last.conf, w.conf))
        else:
            out.append(w)
    return out


def labelled_button(found: Sequence[Word]) -> Word | None:
    """The phrase that is a new-game label, word for word; None if none is."""
    for phrase in phrases(found):
        if phrase.text.strip(":/") in LABELS:
            return phrase
    return None


def find_new_game_button(pixels: np.ndarray, board: Region) -> Region | None:
    """Where a new-game button's label is on the picture (its pixels), outside ``board``."""
    try:
        found = words(pixels, (board,))
    except (ImportError, OSError, RuntimeError) as exc:  # no Tesseract: no button
        logger.info("new-game button: the window's labels not read (%s)", exc)
        return None
    hit = labelled_button(found)
    if hit is None:
        return None
    logger.info("a new-game button labelled %r at %s", hit.text, hit.region)
    return hit.region


class NewGameButtons:
    """The words of each window picture looked at, read once (the window is read again only
    when its size or the board's place changes): the labelled new-game button (screen
    pixels) and a mine counter written as text (``UXB : 40``)."""

    def __init__(self) -> None:
        self._words: dict[tuple[int, int, Region], list[Word]] = {}

    def _read(self, frame: Frame, board: Region) -> tuple[list[Word], int, int]:
        dx, dy = frame.region.left, frame.region.top
        key = (frame.width, frame.height, board.offset(-dx, -dy))
        if key not in self._words:
            try:
                self._words[key] = words(frame.pixels, (key[2],))
            except (ImportError, OSError, RuntimeError) as exc:  # no Tesseract: no words
                logger.info("the window's words not read (%s)", exc)
                self._words[key] = []
        return self._words[key], dx, dy

    def find(self, frame: Frame, board: Region) -> Region | None:
        found, dx, dy = self._read(frame, board)
        hit = labelled_button(found)
        if hit is None:
            return None
        logger.info("a new-game button labelled %r at %s", hit.text, hit.region)
        return hit.region.offset(dx, dy)

    def mine_counter(self, frame: Frame, board: Region, flags: int) -> int | None:
        """The mines left as a text counter beside the board says (None if none is there)."""
        from vision.minesweeper.labelled_counter import mines_left

        found, _, _ = self._read(frame, board)
        return mines_left([p.text for p in phrases(found, spaced=True)], flags)
