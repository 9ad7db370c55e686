"""Scores and tiles left, read off the page's text with :mod:`vision.core.page_text`.

The site's look names the words beside the two scores (ours first) and the phrases of the
tiles-left line, per language; a number is taken only from a line holding those words (or the
number-only line nearest to them), never from anywhere else on the page.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.core.page_text import PageText, TextLine, fold, number_near, phrase_in
from vision.erudit.look import EruditSite

_NUMBER = re.compile(r"\d+")
_BRACKETED = re.compile(r"\(\s*\d+\s*\)")


def bag_count(
    lines: Sequence[TextLine], phrases: Sequence[str], empty: Sequence[str] = ()
) -> int | None:
    """The number on the first line holding one of ``phrases`` (``76 tiles left``,
    ``В мешке: 112``), or 0 for a line holding one of ``empty`` (``The letter bag is
    empty``)."""
    for phrase in empty:
        if any(phrase_in(line.text, phrase) for line in lines):
            return 0
    for phrase in phrases:
        for line in lines:
            if phrase_in(line.text, phrase):
                found = _NUMBER.findall(line.text)
                if len(found) == 1:
                    return int(found[0])
    return None


def _same_word(seen: str, want: str) -> bool:
    """A word as OCR gave it: the same, an icon read as a character or two stuck in front
    ("2you"), or for a long word one slip."""
    if seen == want or (seen.endswith(want) and len(seen) - len(want) <= 2):
        return True
    return len(want) >= 5 and difflib.SequenceMatcher(None, seen, want).ratio() >= 0.85


def label_at(words: Sequence[str], want: Sequence[str]) -> int | None:
    """Where the label's words end among ``words`` (folded), or None."""
    for start in range(len(words) - len(want) + 1):
        if all(_same_word(words[start + k], w) for k, w in enumerate(want)):
            return start + len(want) - 1
    return None


def score_near(lines: Sequence[TextLine], label: str) -> int | None:
    """The score beside ``label``: a number after it on its line, else on the same row to its
    right (``Computer ● 112``, the bullet read as a letter), else the number-only line nearest
    it (a big number under a label)."""
    want = fold(label).split()
    if not want:
        return None
    # The label's own line first (a score panel's), before longer lines that happen to hold
    # the word (a banner "Победил компьютер 359 : 440", a log line "Your turn").
    labelled = sorted(((line, at) for line in lines
                       if (at := label_at(fold(line.text).split(), want)) is not None),
                      key=lambda la: len(fold(la[0].text).split()))
    for line, _ in labelled:
        # "You (5) ● 344": a count in brackets beside the label is the player's tiles
        words = fold(_BRACKETED.sub(" ", line.text)).split()
        at = label_at(words, want)
        if at is not None:
            after = [w for w in words[at + 1 :] if w.isdigit()]
            if after:  # the last: "Computer (6) ● 274" holds the tiles on the rack first
                return int(after[-1])
        cy, h = line.region.center.y, line.region.height
        row = sorted((o for o in lines if o is not line
                      and abs(o.region.center.y - cy) <= 0.6 * max(h, o.region.height)
                      and line.region.right - 2 <= o.region.left
                      <= line.region.right + 5 * max(h, 8)),
                     key=lambda o: o.region.left)
        for other in row:
            # the last number standing alone: a bullet before the score may be read as a 0
            # ("0 36"); one glued to it ("e385" for "● 85") may have eaten a digit: not read
            found = [w for w in _BRACKETED.sub(" ", other.text).split() if w.isdigit()]
            if found:
                return int(found[-1])
        digits = [o for o in lines if o.text.strip().isdigit()]
        return number_near([line, *digits], label, extra_words=None)
    return None


def read_scores(
    frame: Frame, text: PageText, site: EruditSite, lang: str, exclude: Sequence[Region] = ()
) -> tuple[tuple[int, int] | None, int | None]:
    """((our score, theirs) or None, tiles left or None) as the page shows them."""
    labels = site.look.score_labels(lang)
    phrases = site.look.bag_phrases(lang)
    empty = site.look.texts.get(lang, {}).get("bag_empty", [])
    if not labels and not phrases:
        return None, None
    lines = text.lines(frame, exclude)
    scores = None
    if len(labels) == 2:
        found = [score_near(lines, label) for label in labels]
        if found[0] is not None and found[1] is not None:
            scores = (found[0], found[1])
    return scores, bag_count(lines, phrases, empty) if phrases or empty else None
