"""A wildcard's letter dialog read as text: rows of single letters, each a key to click.

Sites that draw the dialog as plain letters in small buttons (Xanado: A B C D E F / G H I ...)
have no tile glyphs to match, but OCR reads each row as a line of one-letter words. The keys
of a row are evenly spaced, so each letter's key is placed along its line; a row read with a
letter missing (its keys would shift) is left out, so a key is never guessed.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.web.steps import Line
from vision.core.geometry import Region

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


def _subsequence(want: str, got: str) -> bool:
    it = iter(got)
    return all(ch in it for ch in want)


def keys_from_lines(lines: Sequence[Line], alphabet: str) -> dict[str, Region]:
    """{letter: key region} for a letter dialog among ``lines`` (screen pixels).

    The dialog is the alphabet in reading order, ``w`` keys a row: the rows OCR reads exactly
    fix ``w``, where the rows are and the spacing of keys; a row is used when its line holds
    its letters in order (OCR may add a stray sign, read a key's outline as ``|``), or when it
    lies between rows read so (three at least, two of them exactly); any other row with a
    letter missing is left out."""
    rows = _rows(lines, alphabet)
    best: tuple[int, int, list[tuple[int, Region]]] | None = None
    for w in range(3, 11):
        runs = [alphabet[k : k + w] for k in range(0, len(alphabet), w)]
        exact = [(runs.index(t), r) for r, t in rows if t in runs]
        if len(exact) >= 2 and (best is None or len(exact) > best[1]):
            best = (w, len(exact), exact)
    if best is None:
        return {}
    w, _, exact = best
    runs = [alphabet[k : k + w] for k in range(0, len(alphabet), w)]
    exact.sort(key=lambda kr: kr[0])
    (k0, r0), (k1, r1) = exact[0], exact[-1]
    if k1 == k0:
        return {}
    dy = (r1.center.y - r0.center.y) / (k1 - k0)
    full = [r for k, r in exact if len(runs[k]) == w]
    if dy <= 0 or not full:
        return {}
    h = r0.height
    pitch = sum((r.width - r.height * 0.7) / max(1, w - 1) for r in full) / len(full)
    first_x = sum(r.left + r.height * 0.35 for r in full) / len(full)
    keys: dict[str, Region] = {}

    def read(k: int) -> bool:
        y = r0.center.y + (k - k0) * dy
        line = min(rows, key=lambda rt: abs(rt[0].center.y - y), default=None)
        return line is not None and abs(line[0].center.y - y) <= 0.5 * h \
            and _subsequence(runs[k], line[1])

    found = [k for k in range(len(runs)) if read(k)]
    for k, run in enumerate(runs):
        y = r0.center.y + (k - k0) * dy
        # A row OCR did not read (joined to a tile beside the dialog, or lost) lies on the
        # lattice the exact rows fix: placed only between two rows read, three read at least.
        between = len(found) >= 3 and found[0] < k < found[-1]
        if not (k in found or between):
            continue
        half = max(2, int(h * 0.4))
        for i, ch in enumerate(run):
            cx = round(first_x + i * pitch)
            keys[ch] = Region(cx - half, round(y) - half, 2 * half, 2 * half)
    return keys


#: Rows of one dialog are spaced alike to this fraction.
SAME_PITCH = 0.08


def keys_from_lone_letters(lines: Sequence[Line], alphabet: str) -> dict[str, Region]:
    """{letter: key region} for a dialog whose keys stand too far apart for OCR to read a row
    as one line (scrabble-wordgame's blank pop-up: every key a line of its own letter, a key's
    width apart). A row is three lone letters at least, on one height, in the alphabet's
    order and evenly spaced (a letter OCR lost between two read ones, the only letter of the
    alphabet between them, is placed half way; letters of the board beside it are left
    out); two rows at least, with the same spacing. A letter is clicked where OCR saw it."""
    rows: list[list[tuple[Region, str]]] = []
    for line in lines:
        ch = _letters(line.text, alphabet)
        if ch is None or len(set(ch)) != 1 or len(ch) > 2:
            continue  # (one letter, or one read twice as its two cases: "Ww", "Pp")
        ch = ch[0]
        y = line.region.center.y
        row = next((r for r in rows if abs(r[0][0].center.y - y) <= 0.5 * line.region.height),
                   None)
        if row is None:
            rows.append([(line.region, ch)])
        else:
            row.append((line.region, ch))
    found: list[tuple[float, dict[str, Region]]] = []
    for row in rows:
        row.sort(key=lambda p: p[0].left)
        best: tuple[float, dict[str, Region]] | None = None
        for start in range(len(row)):
            for end in range(len(row), start + 2, -1):
                spaced = _evenly_spaced(row[start:end], alphabet)
                if spaced is not None and (best is None or len(spaced[1]) > len(best[1])):
                    best = spaced
                    break
        if best is not None:
            found.append(best)
    # The dialog: the most rows of one spacing (the board's column letters A B C ... beside
    # it are a row too, 34 px apart where the keys stand 39)
    block: list[tuple[float, dict[str, Region]]] = []
    for p, _ in found:
        alike_rows = [(q, keys) for q, keys in found if abs(q - p) <= SAME_PITCH * p]
        if (len(alike_rows), sum(len(k) for _, k in alike_rows)) > (
                len(block), sum(len(k) for _, k in block)):
            block = alike_rows
    if len(block) < 2:
        return {}
    pitch = sorted(q for q, _ in block)[len(block) // 2]
    alike = [keys for _, keys in block]
    out: dict[str, Region] = {}
    for keys in alike:
        out.update(keys)
    _first_keys(alike, out, pitch, alphabet)
    return out


def _first_keys(rows: list[dict[str, Region]], out: dict[str, Region], pitch: float,
                alphabet: str) -> None:
    """A row's first key OCR lost ('12)' for an O): placed when exactly one letter is missing
    between the row above's last letter and this row's first, and another row has a key in
    the column just left of it."""
    rows = sorted(rows, key=lambda keys: next(iter(keys.values())).center.y)
    lefts = [r.center.x for keys in rows for r in keys.values()]
    for above, row in zip(rows, rows[1:], strict=False):
        last = max(alphabet.index(ch) for ch in above)
        first = min(alphabet.index(ch) for ch in row)
        if first - last != 2 or alphabet[last + 1] in out:
            continue
        head = row[alphabet[first]]
        x = head.center.x - pitch
        if any(abs(cx - x) <= 0.15 * pitch for cx in lefts):
            out[alphabet[last + 1]] = Region(round(head.left - pitch), head.top, head.width,
                                             head.height)


def _evenly_spaced(row: Sequence[tuple[Region, str]], alphabet: str
                   ) -> tuple[float, dict[str, Region]] | None:
    """A row's spacing and its keys, when it is a run of the alphabet evenly spaced."""
    if len(row) < 3:
        return None
    order = [alphabet.index(ch) for _, ch in row]
    xs = [r.center.x for r, _ in row]
    gaps = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    pitch = min(gaps)
    if pitch <= 0:
        return None
    keys = {ch: region for region, ch in row}
    for k, gap in enumerate(gaps):
        steps = round(gap / pitch)
        if steps not in (1, 2) or abs(gap - steps * pitch) > 0.15 * pitch \
                or order[k + 1] - order[k] != steps:
            return None
        if steps == 2:  # one key between, unread: the one letter between the two
            a, b = row[k][0], row[k + 1][0]
            keys[alphabet[order[k] + 1]] = Region(
                round((a.left + b.left) / 2), round((a.top + b.top) / 2),
                round((a.width + b.width) / 2), round((a.height + b.height) / 2))
    return pitch, keys


def fill_between(keys: dict[str, Region], alphabet: str) -> dict[str, Region]:
    """``keys`` with each missing letter whose alphabet neighbours both show in one row, two
    key spacings apart (the row's usual spacing, within a quarter), put between them: the
    readers missed one key of a row of letter tiles (wordgame's blank dialog: every key but
    S read, and the game stopped on "the wildcard dialog shows no key 'S'"). Keys are compared
    by their centres: one reader gives a key's tile, another the letter's text box."""
    out = dict(keys)

    def same_row(a: Region, b: Region) -> bool:
        return abs(a.center.y - b.center.y) <= max(a.height, b.height) / 2

    steps = []
    for a, b in zip(alphabet, alphabet[1:], strict=False):
        ka, kb = keys.get(a), keys.get(b)
        if ka is not None and kb is not None and same_row(ka, kb) and kb.center.x > ka.center.x:
            steps.append(kb.center.x - ka.center.x)
    if not steps:
        return out
    step = sorted(steps)[len(steps) // 2]
    for i in range(1, len(alphabet) - 1):
        ch, before, after = alphabet[i], keys.get(alphabet[i - 1]), keys.get(alphabet[i + 1])
        if ch in out or before is None or after is None or not same_row(before, after):
            continue
        if abs(after.center.x - before.center.x - 2 * step) <= step / 4:
            size = max((before, after), key=lambda r: r.width * r.height)
            x = (before.center.x + after.center.x) / 2
            y = (before.center.y + after.center.y) / 2
            out[ch] = Region(round(x - size.width / 2), round(y - size.height / 2), size.width,
                             size.height)
    return out
