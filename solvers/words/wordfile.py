"""A user's own word list (a site's dictionary decides what is legal), read strictly.

Format: UTF-8 text (a leading byte-order mark is allowed), one word per line. Surrounding
whitespace is ignored, blank lines are skipped, and a line whose first non-blank character is
``#`` is a comment. Every other line must be a single word: letters only (or, when an alphabet is
given, only letters of that alphabet). Words are upper-cased and Ё is folded into Е before the
check, so ``ёж`` and ``ЕЖ`` are the same entry. Anything else stops the load with a
:class:`WordListError` naming the file, the line and the offending characters.
"""

from __future__ import annotations

from pathlib import Path

from solvers.words.alphabet import fold_yo


class WordListError(ValueError):
    """A word list that cannot be used; the message names the file, line and characters."""


def _describe(chars: list[str]) -> str:
    return ", ".join(
        repr(ch) if ch.isprintable() and ch != " " else f"U+{ord(ch):04X}" for ch in chars
    )


def load_word_file(path: str | Path, alphabet: str | None = None) -> frozenset[str]:
    """The words of ``path``, UPPERCASE with Ё folded; see the module docstring for the format."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise WordListError(f"{path}: cannot read word list: {exc.strerror or exc}") from exc
    allowed = None if alphabet is None else frozenset(fold_yo(alphabet.upper()))
    words: set[str] = set()
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError as exc:
            raise WordListError(
                f"{path}:{number}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at column "
                f"{exc.start + 1})"
            ) from exc
        if not line or line.startswith("#"):
            continue
        word = fold_yo(line.upper())
        if allowed is None:
            bad = [ch for ch in word if not ch.isalpha()]
        else:
            bad = [ch for ch in word if ch not in allowed]
        if bad:
            where = "letters" if allowed is None else f"letters of {alphabet!r}"
            raise WordListError(
                f"{path}:{number}: {line!r} has characters that are not {where}: "
                f"{_describe(list(dict.fromkeys(bad)))}"
            )
        words.add(word)
    if not words:
        raise WordListError(f"{path}: no words (only blank lines or comments)")
    return frozenset(words)
