"""Top-level windows as users have them: found by title, class or id, listed when none fits.

A title is matched against both ``WM_NAME`` and ``_NET_WM_NAME`` (Qt programs such as kmines set
only the second on their main window), case-insensitively, as a regular expression or plain
text. The cross-platform ``pywinctl`` lists windows where a window manager publishes them (and on
Windows and macOS); on a bare X server (Xvfb, no window manager) nothing publishes the list, so
the X window tree is walked with python-xlib (pywinctl's own dependency) instead.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass

from bot.errors import GamebotError
from vision.geometry import Region

#: Windows smaller than this on a side are toolkit helpers, never a game.
MIN_SIDE = 40


@dataclass(frozen=True)
class WindowInfo:
    """One top-level window: its id (X window id or native handle), titles, class, place."""

    id: int
    title: str
    app: str
    region: Region
    visible: bool = True

    def describe(self) -> str:
        r = self.region
        app = f", {self.app}" if self.app else ""
        return f"{self.title!r} ({self.id:#x}{app}, {r.width}x{r.height} at {r.left},{r.top})"


class WindowNotFound(GamebotError):
    """No window fits; the message says what was searched and lists the windows seen."""


def _x11_windows() -> list[WindowInfo]:
    """Every mapped window with a title, from the X window tree (no window manager needed)."""
    from Xlib import X, display, error

    try:
        d = display.Display()
    except (error.DisplayError, OSError, ValueError) as exc:
        raise GamebotError(f"cannot open the X display {os.environ.get('DISPLAY')!r}: {exc}"
                           ) from None
    try:
        root = d.screen().root
        net_name = d.intern_atom("_NET_WM_NAME")
        utf8 = d.intern_atom("UTF8_STRING")
        out: list[WindowInfo] = []
        stack = list(root.query_tree().children)
        while stack:
            w = stack.pop()
            try:
                attrs = w.get_attributes()
                wm_name = w.get_wm_name() or ""
                net = w.get_full_property(net_name, utf8)
                cls = w.get_wm_class()
                geom = w.get_geometry()
                pos = w.translate_coords(root, 0, 0)
                children = w.query_tree().children
            except error.XError:
                continue
            stack.extend(children)
            title = net.value.decode("utf-8", "replace") if net is not None else ""
            title = title or (wm_name if isinstance(wm_name, str) else wm_name.decode())
            if not title or attrs.map_state != X.IsViewable:
                continue
            out.append(WindowInfo(int(w.id), title, cls[0] if cls else "",
                                  Region(-pos.x, -pos.y, geom.width, geom.height)))
        return out
    finally:
        d.close()


def _pywinctl_windows() -> list[WindowInfo]:
    try:
        import pywinctl
    except ImportError:
        return []
    out = []
    try:
        windows = pywinctl.getAllWindows()
    except Exception:  # a platform pywinctl cannot serve: use the other path
        return []
    for w in windows:
        try:
            left, top, width, height = w.box
            out.append(WindowInfo(int(w.getHandle()), str(w.title), str(w.getAppName() or ""),
                                  Region(int(left), int(top), int(width), int(height)),
                                  bool(w.isVisible)))
        except Exception:  # a window closing while listed
            continue
    return out


def list_windows() -> list[WindowInfo]:
    """The visible top-level windows with a title."""
    found = _pywinctl_windows()
    if not found and sys.platform.startswith("linux"):
        found = _x11_windows()
    return [w for w in found if w.visible]


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
    windows = list_windows()
    found = matching(windows, title, app, window_id)
    if found:
        return found[0]
    asked = ", ".join(part for part in (
        f"titled {title!r}" if title is not None else "",
        f"of class {app!r}" if app is not None else "",
        f"with id {window_id:#x}" if window_id is not None else "") if part)
    raise WindowNotFound(f"no window {asked or 'at all'}; {seen(windows)}")


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
