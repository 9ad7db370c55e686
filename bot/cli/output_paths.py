"""Where a command will write, checked before it starts work, each with a clear error.

A long run should not play for an hour and then fail to save (a file where a folder should
be, a folder that cannot be written). Nothing is created here: the nearest folder that exists
must be a writable folder, and the path itself must not be the wrong kind of thing.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from bot.errors import GamebotError


def _nearest_folder(path: Path, option: str) -> Path:
    """The closest existing ancestor of ``path``; an error when a file stands in the way."""
    for parent in path.absolute().parents:
        if parent.exists():
            if not parent.is_dir():
                raise GamebotError(f"{option} {path}: {parent} is a file, not a folder")
            if not os.access(parent, os.W_OK | os.X_OK):
                raise GamebotError(f"{option} {path}: the folder {parent} is not writable")
            return parent
    raise GamebotError(f"{option} {path}: no folder of it exists")  # pragma: no cover


def check_file(path: str | Path, option: str, suffixes: Sequence[str] = ()) -> Path:
    """A file the command will write (``suffixes``: the endings it may have)."""
    out = Path(path)
    if suffixes and out.suffix.lower() not in suffixes:
        raise GamebotError(f"{option} {out}: the file must end in {' or '.join(suffixes)}")
    if out.is_dir():
        raise GamebotError(f"{option} {out}: is a folder; give a file name")
    if out.exists() and not os.access(out, os.W_OK):
        raise GamebotError(f"{option} {out}: the file is not writable")
    _nearest_folder(out, option)
    return out


def check_folder(path: str | Path, option: str) -> Path:
    """A folder the command will write into (made when it does not exist yet)."""
    out = Path(path)
    if out.exists():
        if not out.is_dir():
            raise GamebotError(f"{option} {out}: is a file, not a folder")
        if not os.access(out, os.W_OK | os.X_OK):
            raise GamebotError(f"{option} {out}: the folder is not writable")
        return out
    _nearest_folder(out, option)
    return out
