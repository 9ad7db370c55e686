"""What a page's text lines say, for a drafted profile: its language, its buttons (by the
common labels of :mod:`calibration.profile.vocabulary`), the turn line and the score labels.

Pure: it works on text lines already read (:class:`vision.core.page_text.TextLine`), so it is
tested on saved frames without a display.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from calibration.profile.vocabulary import BUTTONS, PHRASES, SCORE_LABELS, SEEN_AT_START
from vision.core.page_text import TextLine, fold, phrase_in

UK_ONLY = set("іїєґ")
RU_ONLY = set("ыэъё")
#: A button's line holds its label and at most this many other words (a message line that
#: happens to hold the word «Pass» is no button).
EXTRA_WORDS = 1
#: How alike a button's line and its label must read (difflib's ratio).
SAME = 0.75
#: A turn line's letters are this much taller than the page's median line.
PROMINENT = 1.3


@dataclass(frozen=True)
class Found:
    """A label or phrase of the vocabulary read on the page, and the line it was read on."""

    key: str
    label: str
    line: TextLine
    #: where a button only the box reader sees is, in cells from the grid's top-left cell's
    #: centre (the bot's page reader would not find its label: it is clicked there)
    cell: tuple[float, float] | None = None


def language_of(lines: Sequence[TextLine]) -> str:
    """``ru``, ``uk`` or ``en``: the script most letters are in, and for Cyrillic the letters
    only one of the two languages has (Ukrainian і ї є ґ, Russian ы э ъ ё)."""
    text = " ".join(line.text for line in lines if line.conf >= 50).casefold()
    cyrillic = sum("а" <= ch <= "я" or ch in "ёіїєґ" for ch in text)
    latin = sum("a" <= ch <= "z" for ch in text)
    if latin > cyrillic:
        return "en"
    uk = sum(ch in UK_ONLY for ch in text)
    ru = sum(ch in RU_ONLY for ch in text)
    return "uk" if uk > ru else "ru"


def _short(line: TextLine, label: str) -> bool:
    """The line is the label, give or take an OCR slip and a short mark beside it (an icon
    read as a letter or two): «Game started» is no «Start» button."""
    words = [w for w in fold(line.text).split() if len(w) > 2 or w in fold(label).split()]
    if len(words) > len(fold(label).split()) + EXTRA_WORDS:
        return False
    return difflib.SequenceMatcher(None, " ".join(words), fold(label)).ratio() >= SAME


def prominent(line: TextLine, lines: Sequence[TextLine]) -> bool:
    """A line in bigger letters than most of the page's (a turn banner, not a log entry)."""
    heights = sorted(x.region.height for x in lines)
    return bool(heights) and line.region.height >= PROMINENT * heights[len(heights) // 2]


def find_labels(
    lines: Sequence[TextLine], vocabulary: dict[str, dict[str, tuple[str, ...]]], lang: str,
    keys: Sequence[str] | None = None, taken: set[int] | None = None,
) -> dict[str, Found]:
    """For each key of ``vocabulary`` (in order), the first of its labels in ``lang`` that a
    short line of the page holds; a line serves one key only."""
    taken = set() if taken is None else taken
    found: dict[str, Found] = {}
    for key in keys or list(vocabulary):
        for label in vocabulary[key].get(lang, ()):
            line = next((x for i, x in enumerate(lines) if i not in taken
                         and phrase_in(x.text, label) and _short(x, label)), None)
            if line is not None:
                taken.add(lines.index(line))
                found[key] = Found(key, label, line)
                break
    return found


def find_buttons(lines: Sequence[TextLine], lang: str) -> dict[str, Found]:
    """The move's and the game's buttons shown (submit, cancel, pass, new game, exchange)."""
    return find_labels(lines, BUTTONS, lang)


def find_turn_phrases(lines: Sequence[TextLine], lang: str) -> dict[str, Found]:
    """The turn line a fresh page shows («Ваш ход»), in letters bigger than most of the
    page's (a log's small «Computer's turn» is history, not the turn)."""
    big = [x for x in lines if prominent(x, lines)]
    return find_labels(big, PHRASES, lang, SEEN_AT_START)


#: Characters a page marks whose turn it is with, beside a player's name (OCR reads an arrow
#: as one of these).
MARKERS = ">»►➤"
#: A score label's line holds at most this many words (the label, its score, an icon's junk).
SCORE_LINE_WORDS = 3


def _label_line(lines: Sequence[TextLine], label: str) -> TextLine | None:
    """A short line holding ``label`` as a word of its own, or glued to an icon read as a
    letter or two (Xanado's «> BYou»)."""
    want = fold(label)
    for x in lines:
        words = fold(x.text).split()
        if len(words) > SCORE_LINE_WORDS:
            continue
        if phrase_in(x.text, label) and _short(x, label):
            return x
        if " " not in want and any(w.endswith(want) and len(w) - len(want) <= 2 for w in words):
            return x
    return None


def score_labels(lines: Sequence[TextLine], lang: str) -> tuple[str, str] | None:
    """The labels beside our score and theirs, when both are on the page."""
    ours, theirs = SCORE_LABELS.get(lang, ((), ()))

    def first(labels: tuple[str, ...]) -> str | None:
        return next((label for label in labels if _label_line(lines, label)), None)

    a, b = first(ours), first(theirs)
    return (a, b) if a and b else None


def turn_marker(lines: Sequence[TextLine], scores: tuple[str, str] | None) -> str:
    """The marker a page puts beside the name of whoever moves (``>``), when our name's line
    shows one and theirs does not (it is our turn on a fresh page): "" otherwise."""
    if scores is None:
        return ""
    ours, theirs = (_label_line(lines, label) for label in scores)
    if ours is None or theirs is None:
        return ""
    mark = next((m for m in MARKERS if m in ours.text), "")
    return mark if mark and mark not in theirs.text else ""
