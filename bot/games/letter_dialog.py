"""A wildcard's letter dialog read as text: rows of single letters, each a key to click.

Sites that draw the dialog as plain letters in small buttons (Xanado: A B C D E F / G H I ...)
have no tile glyphs to match, but OCR reads each row as a line of one-letter words. The keys
of a row are evenly spaced, so each letter's key is placed along its line; a row read with a
letter missing (its keys would shift) is left out, so a key is never guessed.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.page_steps import Line
from vision.geometry import Region

# What OCR reads for a lone capital letter that is not one.
_LOOKALIKE = {"0": "O", "|": "I", "1": "I", "l": "I", "!": "I", "5": "S", "8": "B"}


def _letters(text: str, alphabet: str) -> str | None:
    """The line's letters (OCR may glue them: ``MNOPQR``), or None for other text."""
    out = ""
    for ch in text.replace(" ", ""):
        ch = _LOOKALIKE.get(ch, ch).upper()
        if ch not in alphabet:
            return None
        out += ch
    return out or None


def _joined(a: Region, b: Region) -> Region:
    left, top = min(a.left, b.left), min(a.top, b.top)
    return Region(left, top, max(a.right, b.right) - left, max(a.bottom, b.bottom) - top)


def _rows(lines: Sequence[Line], alphabet: str) -> list[tuple[Region, str]]:
    """Lines of letters, pieces of one row (OCR splits a row at a letter it reads as a sign)
    joined, top to bottom."""
    pieces = sorted(((line.region, s) for line in lines
                     if (s := _letters(line.text, alphabet)) is not None),
                    key=lambda p: (p[0].top, p[0].left))
    rows: list[tuple[Region, str]] = []
    for region, letters in pieces:
        if rows:
            last, text = rows[-1]
            h = max(last.height, region.height)
            same_row = abs(last.center.y - region.center.y) <= 0.5 * h
            if same_row and 0 <= region.left - last.right <= 2 * h:
                rows[-1] = (_joined(last, region), text + letters)
                continue
        rows.append((region, letters))
    return [(r, s) for r, s in rows if len(s) >= 2]


def keys_from_lines(lines: Sequence[Line], alphabet: str) -> dict[str, Region]:
    """{letter: key region} for the rows of a letter dialog among ``lines`` (screen pixels).

    Rows must agree: letters in alphabetical order, every row as long as the longest except the
    last, all starting under one another; a letter read twice is dropped."""
    rows = [(r, s) for r, s in _rows(lines, alphabet)
            if all(alphabet.index(a) < alphabet.index(b)
                   for a, b in zip(s, s[1:], strict=False))]
    if not rows:
        return {}
    width = max(len(s) for _, s in rows)
    full = [(r, s) for r, s in rows if len(s) == width]
    left = sorted(r.left for r, _ in full)[len(full) // 2]
    rows = [(r, s) for r, s in rows if abs(r.left - left) <= r.height]
    full = [(r, s) for r, s in rows if len(s) == width]
    if not full:
        return {}
    pitch = sum((r.width - r.height * 0.7) / max(1, width - 1) for r, _ in full) / len(full)
    keys: dict[str, Region] = {}
    seen: set[str] = set()
    for k, (r, letters) in enumerate(rows):
        if len(letters) != width and k != len(rows) - 1:
            continue  # a row with a letter missing: its keys would shift
        first_x = r.left + r.height * 0.35
        half = max(2, int(r.height * 0.4))
        for i, ch in enumerate(letters):
            if ch in seen:
                keys.pop(ch, None)
                continue
            seen.add(ch)
            cx = round(first_x + i * pitch)
            keys[ch] = Region(cx - half, r.center.y - half, 2 * half, 2 * half)
    return keys
