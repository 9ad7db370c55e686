"""Top-level windows as users have them: found by title, class or id, listed when none fits;
then measured (the client area on the screen) and focused. One interface for every platform.

A title is matched against both ``WM_NAME`` and ``_NET_WM_NAME`` on X11 (Qt programs such as
kmines set only the second on their main window), case-insensitively, as a regular expression
or plain text. Which backend lists the windows (pywinctl on Windows, macOS and under an X11
window manager; the X window tree on a bare X server) is decided in
:mod:`bot.io.windows.choice`; each window remembers the backend that found it, so the same
one measures and focuses it, and a target's description names it.
"""

from __future__ import annotations

import re

from bot.errors import GamebotError
from bot.io.windows.choice import backend_named, survey
from bot.io.windows.info import WindowInfo
from vision.core.geometry import Region

__all__ = ["MIN_SIDE", "WindowInfo", "WindowNotFound", "client_region", "dialogs_over",
           "find_window", "find_windows", "first", "focus", "list_windows", "matching",
           "parse_id", "press", "seen"]

#: Windows smaller than this on a side are toolkit helpers, never a game.
MIN_SIDE = 40


class WindowNotFound(GamebotError):
    """No window fits; the message says what was searched and lists the windows seen."""


def list_windows() -> list[WindowInfo]:
    """The visible top-level windows with a title."""
    return [w for w in survey().windows if w.visible]


def find_windows(title: str | None = None, app: str | None = None,
                 window_id: int | None = None) -> list[WindowInfo]:
    """The visible windows that fit (see :func:`matching`), biggest first."""
    return matching(list_windows(), title, app, window_id)


def first(title: str | None = None, app: str | None = None,
          window_id: int | None = None) -> WindowInfo | None:
    """The biggest visible window that fits, or None: what a target's finder returns."""
    found = find_windows(title, app, window_id)
    return found[0] if found else None


def client_region(window: int, backend: str = "x11") -> Region:
    """Where a window's client area is on the screen now, measured by the backend that found
    it; :class:`bot.io.x11.WindowLost` when it is gone."""
    return backend_named(backend).client_region(window)


def focus(window: int, backend: str = "x11") -> None:
    """Give a window the keyboard focus, through the backend that found it."""
    backend_named(backend).focus(window)


def press(window: int, keys: tuple[str, ...], backend: str = "x11") -> None:
    """Keys typed into a window (focused first), through the backend that found it."""
    backend_named(backend).press(window, *keys)


def dialogs_over(main: int, app: str, area: Region, backend: str = "x11") -> list[WindowInfo]:
    """The program's own other windows: message boxes it opened (a high-score table, "you
    won", "play again?"). A window that says it is a dialog of the main one (transient for
    it) counts wherever it is and whatever its size, even off the board where no window
    manager put it; else one smaller than the main window, of the same process or, when
    that is not known, of the same class, overlapping ``area`` (the main window's region on
    the screen).
    Never another program's window; none when neither process nor class is known."""
    listed = backend_named(backend).windows()
    pid = next((w.pid for w in listed if w.id == main), None)
    out = []
    for w in listed:
        if w.id == main or not w.visible:
            continue
        r = w.region
        if min(r.width, r.height) < MIN_SIDE:
            continue
        if w.transient_for == main and (pid is None or w.pid in (None, pid)):
            out.append(w)  # a dialog by its own word, whatever its size (a small board's)
            continue
        if r.width * r.height >= area.width * area.height:
            continue
        ours = w.pid == pid if pid is not None and w.pid is not None else bool(app) and (
            w.app == app)
        if ours and r.left < area.right and area.left < r.right and r.top < area.bottom and (
                area.top < r.bottom):
            out.append(w)
    return out


def _matcher(text: str) -> re.Pattern[str]:
    try:
        return re.compile(text, re.IGNORECASE)
    except re.error:
        return re.compile(re.escape(text), re.IGNORECASE)


def matching(windows: list[WindowInfo], title: str | None = None, app: str | None = None,
             window_id: int | None = None) -> list[WindowInfo]:
    """The windows that fit every criterion given (title and class as regular expressions,
    or as plain text when they are not valid ones), biggest first; helpers are left out."""
    out = []
    for w in windows:
        if min(w.region.width, w.region.height) < MIN_SIDE:
            continue
        if window_id is not None and w.id != window_id:
            continue
        if title is not None and not _matcher(title).search(w.title):
            continue
        if app is not None and not _matcher(app).search(w.app):
            continue
        out.append(w)
    out.sort(key=lambda w: -w.region.width * w.region.height)
    return out


def find_window(title: str | None = None, app: str | None = None,
                window_id: int | None = None) -> WindowInfo:
    """The biggest visible window that fits, or :class:`WindowNotFound` listing what is there."""
    listing = survey()
    windows = [w for w in listing.windows if w.visible]
    found = matching(windows, title, app, window_id)
    if found:
        return found[0]
    asked = ", ".join(part for part in (
        f"titled {title!r}" if title is not None else "",
        f"of class {app!r}" if app is not None else "",
        f"with id {window_id:#x}" if window_id is not None else "") if part)
    raise WindowNotFound(f"no window {asked or 'at all'} ({listing.describe()});"
                         f" {seen(windows)}")


def seen(windows: list[WindowInfo]) -> str:
    """The windows there are, for a message a user can act on."""
    shown = [w for w in windows if min(w.region.width, w.region.height) >= MIN_SIDE]
    if not shown:
        return "no window is open on this display"
    shown.sort(key=lambda w: -w.region.width * w.region.height)
    listed = "; ".join(w.describe() for w in shown[:12])
    more = f" and {len(shown) - 12} more" if len(shown) > 12 else ""
    return f"windows seen: {listed}{more} (match by --title TEXT, --window-class or --window-id)"


def parse_id(text: str) -> int:
    """A window id as users write it: decimal or 0x hex."""
    try:
        return int(text, 0)
    except ValueError:
        raise GamebotError(f"window id {text!r}: expected a number such as 0x2a00007") from None
