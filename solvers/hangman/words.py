"""Word lists as bsdgames hangman reads them: one word a line, only all-lowercase ``a``-``z``
words of at least ``min_length`` letters are playable."""

from __future__ import annotations

from pathlib import Path

from solvers.hangman.moves import ALPHABET

SYSTEM_WORDS = Path("/usr/share/dict/words")
BSD_MIN_LENGTH = 6  # bsdgames hangman: MINLEN, changed with -m
_LETTERS = frozenset(ALPHABET)


def is_playable(word: str, min_length: int = BSD_MIN_LENGTH) -> bool:
    """bsdgames' own filter: long enough, and every character a lowercase letter a-z."""
    return len(word) >= min_length and all(ch in _LETTERS for ch in word)


def read_lines(path: str | Path) -> list[str]:
    """Every line of a word list, newline removed (bytes that are not UTF-8 become U+FFFD)."""
    with open(path, encoding="utf-8", errors="replace", newline="\n") as fh:
        return [line.rstrip("\n").rstrip("\r") for line in fh]


def read_words(
    path: str | Path, min_length: int = BSD_MIN_LENGTH, length: int | None = None
) -> list[str]:
    """The playable words of a list, in file order without repeats; ``length`` keeps one size."""
    seen: set[str] = set()
    words: list[str] = []
    for word in read_lines(path):
        if not is_playable(word, min_length) or word in seen:
            continue
        if length is not None and len(word) != length:
            continue
        seen.add(word)
        words.append(word)
    if not words:
        size = f"{length} letters" if length is not None else f"at least {min_length} letters"
        raise ValueError(f"{path}: no playable words of {size} (lowercase a-z only)")
    return words
