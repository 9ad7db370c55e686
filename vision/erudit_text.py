"""Scores and tiles left, read off the page's text with :mod:`vision.page_text`.

The site's look names the words beside the two scores (ours first) and the phrases of the
tiles-left line, per language; a number is taken only from a line holding those words (or the
number-only line nearest to them), never from anywhere else on the page.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vision.erudit_look import EruditSite
from vision.frame import Frame
from vision.geometry import Region
from vision.page_text import PageText, TextLine, number_near, phrase_in

_NUMBER = re.compile(r"\d+")


def bag_count(lines: Sequence[TextLine], phrases: Sequence[str]) -> int | None:
    """The number on the first line holding one of ``phrases`` (``76 tiles left``,
    ``В мешке: 112``)."""
    for phrase in phrases:
        for line in lines:
            if phrase_in(line.text, phrase):
                found = _NUMBER.findall(line.text)
                if len(found) == 1:
                    return int(found[0])
    return None


def read_scores(
    frame: Frame, text: PageText, site: EruditSite, lang: str, exclude: Sequence[Region] = ()
) -> tuple[tuple[int, int] | None, int | None]:
    """((our score, theirs) or None, tiles left or None) as the page shows them."""
    labels = site.look.score_labels(lang)
    phrases = site.look.bag_phrases(lang)
    if not labels and not phrases:
        return None, None
    lines = text.lines(frame, exclude)
    scores = None
    if len(labels) == 2:
        found = [number_near(lines, label) for label in labels]
        if found[0] is not None and found[1] is not None:
            scores = (found[0], found[1])
    return scores, bag_count(lines, phrases) if phrases else None
