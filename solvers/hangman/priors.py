"""How likely the setter is to pick each word: the solver's prior over candidate words.

``uniform``: every word alike (the bench counts every word once, so this is its measure).
``wordfreq``: how common the word is in English (the ``wordfreq`` package's offline data).
``bsdgames``: the exact odds of bsdgames hangman, which seeks to a random byte of the list and
takes the line after the one it lands in, so a word's chance is the length of the line before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from solvers.hangman.words import BSD_MIN_LENGTH, is_playable

PRIORS = ("uniform", "wordfreq", "bsdgames")


def uniform_weights(words: Sequence[str]) -> np.ndarray:
    return np.ones(len(words), dtype=np.float64)


def wordfreq_weights(words: Sequence[str]) -> np.ndarray:
    """English word frequencies; words the data lacks get half the rarest listed frequency."""
    from wordfreq import get_frequency_dict  # data ships in the PyPI package; nothing downloads

    freqs = get_frequency_dict("en", "large")
    floor = min(freqs.values()) / 2
    return np.array([freqs.get(w, 0.0) or floor for w in words], dtype=np.float64)


def bsdgames_weights(
    words: Sequence[str], path: str | Path, min_length: int = BSD_MIN_LENGTH
) -> np.ndarray:
    """bsdgames' odds for ``words`` read from the list at ``path`` (bytes of the line before)."""
    lines = Path(path).read_bytes().split(b"\n")
    chance: dict[str, float] = {}
    for before, raw in zip(lines, lines[1:], strict=False):
        word = raw.decode("utf-8", errors="replace")
        if is_playable(word, min_length):
            chance[word] = chance.get(word, 0.0) + len(before) + 1
    return np.array([chance.get(w, 0.0) for w in words], dtype=np.float64)


def prior_weights(
    name: str,
    words: Sequence[str],
    path: str | Path | None = None,
    min_length: int = BSD_MIN_LENGTH,
) -> np.ndarray:
    """Weights of ``words`` under the prior called ``name`` (one of ``PRIORS``)."""
    if name == "uniform":
        return uniform_weights(words)
    if name == "wordfreq":
        return wordfreq_weights(words)
    if name == "bsdgames":
        if path is None:
            raise ValueError("the bsdgames prior needs the word list file it reads")
        return bsdgames_weights(words, path, min_length)
    raise ValueError(f"unknown prior {name!r}: choose one of {', '.join(PRIORS)}")
