"""Windows through the cross-platform pywinctl: Windows, macOS, and X11 under a window manager.

pywinctl is imported here only, and only once it is chosen: on Linux importing it connects to
the X display of that moment (its ewmhlib also opens every display in /tmp/.X11-unix) and stays
bound to it, so a backend loaded on one display refuses to answer for another. The client area
is pywinctl's ``getClientFrame()`` (the window less its title bar and borders) on Windows and
macOS; on X11 it is ``box``, which there already is the client window's own geometry
(``getClientFrame()`` takes the frame extents off it a second time).
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Hashable
from typing import Protocol

from bot.errors import GamebotError
from bot.io import x11
from bot.io.screens import windows_os
from bot.io.windows.info import WindowInfo
from vision.core.geometry import Region

logger = logging.getLogger(__name__)



class Rect(Protocol):
    left: int
    top: int
    right: int
    bottom: int


class PwcWindow(Protocol):
    """What is used of a pywinctl window (the library ships no types)."""

    title: str
    isVisible: bool
    isAlive: bool
    box: tuple[int, int, int, int]

    def getHandle(self) -> object: ...
    def getClientFrame(self) -> Rect: ...
    def getAppName(self) -> str: ...
    def activate(self, wait: bool = False) -> bool: ...


class Pywinctl(Protocol):
    """The pywinctl module, as used here."""

    def getAllWindows(self) -> list[PwcWindow]: ...

class PywinctlBackend:
    """pywinctl's windows as :class:`WindowInfo`; ``display`` is the X display it is bound to
    (None off X11, where ids are native handles and classes are application names)."""

    name = "pywinctl"

    def __init__(self, module: Pywinctl, display: str | None) -> None:
        self._pwc = module
        self.display = display
        self._known: dict[int, PwcWindow] = {}  # id -> pywinctl window, from the last listing
        self._ids: dict[Hashable, int] = {}  # macOS handles are (app, title): numbered here

    def windows(self) -> list[WindowInfo]:
        self._check_display()
        seen: list[tuple[int, str, Region, bool, PwcWindow]] = []
        for w in self._pwc.getAllWindows():
            try:
                wid = self._id(w.getHandle())
                title = str(w.title or "")
                region = self._client_box(w)
                visible = bool(w.isVisible)
            except Exception:  # closing while listed, or a title pywinctl cannot decode
                continue
            if title:
                seen.append((wid, title, region, visible, w))
        classes = self._x11_classes([s[0] for s in seen])
        self._known = {wid: w for wid, _, _, _, w in seen}
        return [WindowInfo(wid, title, classes.get(wid, "") if classes is not None
                           else self._app_name(w), region, visible, self.name)
                for wid, title, region, visible, w in seen]

    def client_region(self, window: int) -> Region:
        w = self._window(window)
        try:
            if not w.isAlive:
                raise x11.WindowLost(f"window {window:#x} is gone")
            return self._client_box(w)
        except x11.WindowLost:
            raise
        except Exception:  # the platform's own error for a window that went away
            raise x11.WindowLost(f"window {window:#x} is gone") from None

    def focus(self, window: int) -> None:
        w = self._window(window)
        if self.display is not None:
            x11.release_keys()  # as on the fallback path: a held key must not reach the game
        try:
            active = w.activate(wait=True)
        except Exception:
            raise x11.WindowLost(f"window {window:#x} is gone") from None
        if not active:
            logger.debug("pywinctl: window %#x did not become active", window)

    def press(self, window: int, *keys: str) -> None:
        """Focus, then type: XTest through xdotool on X11, pyautogui on Windows and macOS
        (imported here: it needs a display when it is imported)."""
        if self.display is not None:
            x11.press(window, *keys)
            return
        self.focus(window)
        import pyautogui

        pyautogui.hotkey(*keys)

    def _check_display(self) -> None:
        now = os.environ.get("DISPLAY", "")
        if self.display is not None and now != self.display:
            raise GamebotError(f"pywinctl is bound to display {self.display!r} (where it was"
                               f" first loaded), not {now!r}")

    def _id(self, handle: object) -> int:
        if isinstance(handle, int):
            return handle
        key = handle if isinstance(handle, Hashable) else repr(handle)
        return self._ids.setdefault(key, len(self._ids) + 1)

    def _client_box(self, w: PwcWindow) -> Region:
        if self.display is not None:
            left, top, width, height = w.box
        else:
            r = w.getClientFrame()
            left, top, width, height = r.left, r.top, r.right - r.left, r.bottom - r.top
        return Region(int(left), int(top), max(0, int(width)), max(0, int(height)))

    def _x11_classes(self, ids: list[int]) -> dict[int, str] | None:
        """WM_CLASS on X11 (pywinctl's app name there is the process name from ``ps``)."""
        if self.display is None:
            return None
        from bot.io.windows.x11_backend import wm_classes

        return wm_classes(ids)

    @staticmethod
    def _app_name(w: PwcWindow) -> str:
        try:
            return str(w.getAppName() or "")
        except Exception:  # the process ended while listed
            return ""

    def _window(self, window: int) -> PwcWindow:
        if window not in self._known:
            self.windows()
        try:
            return self._known[window]
        except KeyError:
            raise x11.WindowLost(f"window {window:#x} is gone") from None


_loaded: PywinctlBackend | None = None


def load() -> PywinctlBackend:
    """The pywinctl backend, importing pywinctl the first time; GamebotError saying why when
    it cannot be (not installed, or no usable display for it)."""
    global _loaded
    if _loaded is None:
        # before pywinctl is imported: its pymonctl makes an unaware process *system* DPI aware
        # on import, and awareness is set once; window areas are then physical pixels too
        windows_os.ensure_dpi_aware()
        try:
            import pywinctl
        except Exception as exc:  # ImportError, or Xlib's own error for an unusable display
            raise GamebotError(f"pywinctl cannot be loaded ({type(exc).__name__}: {exc})"
                               ) from None
        on_x11 = sys.platform.startswith("linux")
        _loaded = PywinctlBackend(pywinctl, os.environ.get("DISPLAY", "") if on_x11 else None)
    return _loaded
