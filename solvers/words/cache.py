"""A per-user cache of built word lists and tries, so what took seconds to build loads in ~0.1 s.

Files live under ``$XDG_CACHE_HOME/gamebot`` (default ``~/.cache/gamebot``), one value a file,
in Python's :mod:`marshal` format. Why marshal and not a trie library: the move generators walk
plain nested dicts, the fastest structure CPython has for a letter-by-letter walk; marshal stores
exactly those (dicts, strings, ints, frozensets, with shared sub-trees kept shared), loads them
several times faster than rebuilding, and needs no dependency. ``marisa-trie``/DAWG would mean
walking through C calls per letter, slower in the inner loop and a second code path.

marshal's format may change between Python versions, so a file's key carries the caller's data
version, this module's ``FORMAT_VERSION``, the Python version and ``marshal.version``; a file
with another key, a bad checksum or a short read is rebuilt. Files are written atomically (a
temporary file renamed into place), so a reader never sees half a file.
"""

from __future__ import annotations

import contextlib
import gc
import marshal
import os
import re
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

# Bump when the file layout below changes.
FORMAT_VERSION = 1
MAGIC = b"gamebot-cache\n"
T = TypeVar("T")
_UNSAFE = re.compile(r"[^A-Za-z0-9._+-]")


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "gamebot"


def full_key(key: str) -> str:
    """``key`` plus everything else a stored file depends on."""
    py = f"{sys.version_info[0]}{sys.version_info[1]}"
    return f"{key}-c{FORMAT_VERSION}-py{py}-m{marshal.version}"


def _safe(text: str) -> str:
    return _UNSAFE.sub("_", text)


def cache_path(name: str, key: str, directory: Path | None = None) -> Path:
    """``<dir>/<name>@<full key>.marshal``: every version of one value shares the prefix."""
    return (directory or cache_dir()) / f"{_safe(name)}@{_safe(full_key(key))}.marshal"


def load(name: str, key: str, directory: Path | None = None) -> Any | None:
    """The value stored under (name, key), or None when absent, stale or damaged."""
    path = cache_path(name, key, directory)
    try:
        data = path.read_bytes()
    except OSError:
        return None
    expected = full_key(key).encode()
    head = len(MAGIC) + 2 + len(expected) + 12
    if len(data) < head or not data.startswith(MAGIC):
        return None
    at = len(MAGIC)
    size = int.from_bytes(data[at : at + 2], "big")
    if data[at + 2 : at + 2 + size] != expected:
        return None
    at += 2 + size
    length = int.from_bytes(data[at : at + 8], "big")
    crc = int.from_bytes(data[at + 8 : at + 12], "big")
    payload = memoryview(data)[at + 12 :]
    if len(payload) != length or zlib.crc32(payload) != crc:
        return None
    # Building hundreds of thousands of dicts triggers the cyclic collector again and again,
    # and the first allocation after it would scan them all once more; none of them can be
    # garbage, so that only costs time (3x the load itself). So the collector is off during
    # the load and the result is frozen out of its view (a trie has no cycles: reference
    # counting still frees it when the last reference goes).
    enabled = gc.isenabled()
    gc.disable()
    try:
        value = marshal.loads(payload)
        gc.freeze()
        return value
    except (EOFError, ValueError, TypeError):
        return None
    finally:
        if enabled:
            gc.enable()


def store(name: str, key: str, value: Any, directory: Path | None = None) -> Path | None:
    """Store ``value`` atomically, removing older versions of ``name``; None if it cannot be.

    A read-only home only costs the rebuild next time, so failing to write is not an error.
    """
    path = cache_path(name, key, directory)
    payload = marshal.dumps(value)
    expected = full_key(key).encode()
    header = (
        MAGIC
        + len(expected).to_bytes(2, "big")
        + expected
        + len(payload).to_bytes(8, "big")
        + zlib.crc32(payload).to_bytes(4, "big")
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(header)
                out.write(payload)
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return None
    for old in path.parent.glob(f"{_safe(name)}@*.marshal"):
        if old != path:
            old.unlink(missing_ok=True)
    return path


@contextlib.contextmanager
def building(message: str | None) -> Iterator[None]:
    """Show ``message…`` on standard error while the block runs, then the seconds it took.

    One line, so a person waiting on a first run knows why (e.g. "building the Russian noun
    list (first run, ~10 s)… 8.1 s"). ``None`` shows nothing.
    """
    if not message:
        yield
        return
    start = time.perf_counter()
    print(f"{message}…", end="", file=sys.stderr, flush=True)
    try:
        yield
    finally:
        print(f" {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)


def cached(
    name: str,
    key: str,
    build: Callable[[], T],
    message: str | None = None,
    directory: Path | None = None,
) -> T:
    """The stored value of (name, key), or ``build()`` stored for next time.

    ``message`` (e.g. "building the Russian noun list (first run, ~10 s)") is shown on
    standard error before a build, with the time it took after.
    """
    value = load(name, key, directory)
    if value is not None:
        return value
    with building(message):
        value = build()
    store(name, key, value, directory)
    return value
