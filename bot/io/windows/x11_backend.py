"""Windows on an X server read straight from it: the window tree, the window manager's sign.

The fallback backend: a bare X server (Xvfb with no window manager, as the tests run) has no
``_NET_CLIENT_LIST`` for pywinctl to read, so the tree of windows is walked with python-xlib,
and windows are measured and focused with xdotool as before (:mod:`bot.io.x11`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from Xlib.display import Display

from bot.errors import GamebotError
from bot.io import x11
from bot.io.windows.info import WindowInfo
from vision.core.geometry import Region

#: Connections a busy X server reset are tried again this many times, this far apart.
CONNECT_TRIES, CONNECT_GAP = 4, 0.5


def open_display() -> Display:
    """A python-xlib connection to ``$DISPLAY``; GamebotError naming it when there is none.
    A connection the server resets (one just started, or loaded) is tried again a few times
    before that."""
    import time

    from Xlib import display, error

    for attempt in range(CONNECT_TRIES):
        try:
            return display.Display()
        except error.ConnectionClosedError as exc:
            if attempt + 1 == CONNECT_TRIES:
                raise GamebotError(f"the X display {os.environ.get('DISPLAY')!r} closed the"
                                   f" connection {CONNECT_TRIES} times: {exc}") from None
            time.sleep(CONNECT_GAP)
        except (error.DisplayError, OSError, ValueError) as exc:
            raise GamebotError(f"cannot open the X display {os.environ.get('DISPLAY')!r}: {exc}"
                               ) from None
    raise AssertionError("unreachable")


def ewmh_manager() -> str | None:
    """The name of the EWMH window manager running on ``$DISPLAY``, or None when there is none.

    A window manager says it runs by pointing the root's ``_NET_SUPPORTING_WM_CHECK`` at a
    window that points at itself (a stale pointer left by one that died does not count)."""
    from Xlib import X, error

    d = open_display()
    try:
        root = d.screen().root
        check_atom = d.intern_atom("_NET_SUPPORTING_WM_CHECK")
        prop = root.get_full_property(check_atom, X.AnyPropertyType)
        if prop is None or not len(prop.value):
            return None
        check = d.create_resource_object("window", int(prop.value[0]))
        try:
            own = check.get_full_property(check_atom, X.AnyPropertyType)
            name = check.get_full_property(d.intern_atom("_NET_WM_NAME"), X.AnyPropertyType)
        except error.XError:
            return None
        if own is None or not len(own.value) or int(own.value[0]) != check.id:
            return None
        if name is None or not isinstance(name.value, bytes):
            return "unnamed"
        return name.value.decode("utf-8", "replace") or "unnamed"
    finally:
        d.close()


def wm_classes(ids: Iterable[int]) -> dict[int, str]:
    """The ``WM_CLASS`` instance name of each window that has one (what ``--window-class``
    matches on X11, as the window tree reports it)."""
    from Xlib import error

    d = open_display()
    try:
        out = {}
        for wid in ids:
            try:
                cls = d.create_resource_object("window", wid).get_wm_class()
            except error.XError:
                continue
            if cls:
                out[wid] = cls[0]
        return out
    finally:
        d.close()


def tree_windows() -> list[WindowInfo]:
    """Every mapped window with a title, from the X window tree (no window manager needed).
    The title is ``_NET_WM_NAME`` when set (UTF-8; Qt sets only this one), else ``WM_NAME``."""
    from Xlib import X, error

    d = open_display()
    try:
        root = d.screen().root
        net_name = d.intern_atom("_NET_WM_NAME")
        net_pid = d.intern_atom("_NET_WM_PID")
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
                pid = w.get_full_property(net_pid, X.AnyPropertyType)
                owner = w.get_wm_transient_for()
            except error.XError:
                continue
            stack.extend(children)
            title = net.value.decode("utf-8", "replace") if net is not None else ""
            title = title or (wm_name if isinstance(wm_name, str) else wm_name.decode())
            if not title or attrs.map_state != X.IsViewable:
                continue
            out.append(WindowInfo(int(w.id), title, cls[0] if cls else "",
                                  Region(-pos.x, -pos.y, geom.width, geom.height),
                                  pid=int(pid.value[0]) if pid is not None and len(pid.value)
                                  else None,
                                  transient_for=int(owner.id) if owner else None))
        return out
    finally:
        d.close()


class X11Backend:
    """The X window tree to list; xdotool to measure and focus (what gamebot always did)."""

    name = "x11"

    def windows(self) -> list[WindowInfo]:
        return tree_windows()

    def client_region(self, window: int) -> Region:
        return x11.geometry(window)

    def focus(self, window: int) -> None:
        x11.focus(window)

    def press(self, window: int, *keys: str) -> None:
        x11.press(window, *keys)
