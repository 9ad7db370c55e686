"""A mine counter written as a labelled text beside the board: ``UXB : 40``, ``Mines: 10/10``,
``Мин: 40``, ``Bombs 12``.

One number after the label is the mines left (as an LED counter shows them); two, ``a/b``, are
flags and mines (or left and mines): the second is the game's total, so the mines left are it
less the flags on the board. Any other text is no counter (None), never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_LABEL = r"(?:uxbs?|mines?|bombs?|мин[ыа]?|бомб[ыа]?|mines\s+left|left)"
_COUNTER = re.compile(rf"^{_LABEL}\s*:?\s*(\d{{1,4}})(?:\s*/\s*(\d{{1,4}}))?$")


def mines_left(phrases: Iterable[str], flags: int) -> int | None:
    """The mines left that the one labelled counter among ``phrases`` shows, else None (none,
    or two that disagree)."""
    found = set()
    for phrase in phrases:
        m = _COUNTER.match(" ".join(phrase.lower().replace(" :", ":").split()))
        if m is None:
            continue
        first, second = int(m.group(1)), m.group(2)
        found.add(first if second is None else int(second) - flags)
    if len(found) != 1:
        return None
    (left,) = found
    return left
