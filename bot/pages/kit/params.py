"""Checks for a page's URL parameters and its deterministic "not in the dictionary" refusals.

Pages send their whole query string to ``POST /api/<game>/new``; these helpers turn one value
into a choice or a number, or raise :class:`PageRequestError` naming the parameter, which the
page shows; every page uses these.
"""

from __future__ import annotations

import hashlib
from typing import TypeVar

from bot.pages.kit.server import PageRequestError


def text(payload: dict[str, object], name: str) -> str | None:
    """The parameter as trimmed lower-case text, or None when it is absent or empty."""
    value = payload.get(name)
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise PageRequestError(f"parameter {name} must be a string or a number, not {value!r}")
    return str(value).strip().lower()


def choice(payload: dict[str, object], name: str, allowed: tuple[str, ...]) -> str:
    """One of ``allowed``; the first is the default."""
    value = text(payload, name)
    if value is None:
        return allowed[0]
    if value not in allowed:
        raise PageRequestError(f"parameter {name}={value!r} is not one of: {', '.join(allowed)}")
    return value


N = TypeVar("N", int, float)


def number(payload: dict[str, object], name: str, kind: type[N], low: float, high: float
           ) -> N | None:
    """An ``int`` or ``float`` within ``low..high``, or None when absent."""
    value = text(payload, name)
    if value is None:
        return None
    try:
        found = kind(value)
    except ValueError:
        raise PageRequestError(f"parameter {name}={value!r} is not a number") from None
    if not low <= found <= high:
        raise PageRequestError(f"parameter {name}={value!r} is outside {low:g}..{high:g}")
    return found


def refused(word: str, fraction: float, salt: str) -> bool:
    """Whether a page's dictionary refuses ``word``: the same answer for a word and salt every
    time, about ``fraction`` of all words (to exercise a bot's handling of refused moves)."""
    if fraction <= 0:
        return False
    digest = hashlib.blake2b(f"{salt}:{word}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64 < fraction
