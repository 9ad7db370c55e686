"""A per-user cache of derived word lists, so a list built once loads in milliseconds.

Files live under ``$XDG_CACHE_HOME/gamebot`` (default ``~/.cache/gamebot``), one word a line;
their names carry the version of the data they came from, so an upgrade rebuilds them.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "gamebot"


def read_cached(name: str, directory: Path | None = None) -> frozenset[str] | None:
    """The cached list ``name``, or None when it was never built (or cannot be read)."""
    path = (directory or cache_dir()) / name
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return frozenset(text.split())


def write_cached(name: str, words: Iterable[str], directory: Path | None = None) -> Path | None:
    """Store a list atomically (a half-written file is never seen); None if it cannot be saved.

    A read-only home only costs the rebuild next time, so failing to write is not an error.
    """
    folder = directory or cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write("\n".join(sorted(words)))
            out.write("\n")
        os.chmod(tmp, 0o644)
        os.replace(tmp, folder / name)
    except OSError:
        return None
    return folder / name
