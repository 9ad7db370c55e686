"""The real desktop: mss captures, pyautogui clicks and types.

Both libraries are imported here, lazily, because pyautogui needs a display at import time.
pyautogui's fail-safe stays on (the mouse in a screen corner stops the bot) and its per-call
pause is set small on purpose: the loop waits for the screen to settle itself, so a long fixed
pause would only slow every move. Capture pixels and input coordinates may differ on HiDPI
setups; the scale between them is measured once, here, and nowhere else.
"""

from __future__ import annotations

import os
import struct
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

import cv2
import numpy as np

from bot.io.screens import windows_os
from bot.io.screens.base import Button, Reached, ScreenError
from bot.run.safety import StopRequested
from vision.core.frame import Frame
from vision.core.geometry import Point, Region

if TYPE_CHECKING:
    from mss.base import MSSBase

DEFAULT_PAUSE = 0.002  # seconds pyautogui sleeps after each call; the loop does its own waiting
DRAG_STEP = 0.15  # seconds a drag takes from one point to the next
WATCHED_GLIDE = 0.02  # a watched drag's glide from one point to the next (then held till seen)
WATCH_POLL = 0.005  # seconds between looks at a watched drag's point


def _hold(reached: Reached, i: int, most: float) -> bool:
    """Until the screen shows point ``i`` of a drag reached, at most ``most`` seconds."""
    deadline = time.monotonic() + most
    while not reached(i):
        if time.monotonic() >= deadline:
            return False
        time.sleep(WATCH_POLL)
    return True


def ensure_xauthority() -> None:
    """python-xlib (under pyautogui) refuses to connect when ``~/.Xauthority`` is missing.

    Xvfb started by us needs no cookie, so point ``XAUTHORITY`` at a private file holding one
    entry that matches no display: Xlib then connects without authentication and stays quiet.
    """
    if not sys.platform.startswith("linux") or os.environ.get("XAUTHORITY"):
        return
    home = Path(os.environ.get("HOME", "/nonexistent"))
    if (home / ".Xauthority").is_file():
        return
    path = Path(tempfile.gettempdir()) / f"gamebot-{os.getuid()}.xauth"
    if not path.is_file():

        def field(data: bytes) -> bytes:
            return struct.pack(">H", len(data)) + data

        entry = struct.pack(">H", 256) + field(b"gamebot-none") + field(b"65535")
        entry += field(b"MIT-MAGIC-COOKIE-1") + field(bytes(16))
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        tmp.write_bytes(entry)
        os.replace(tmp, path)
    os.environ["XAUTHORITY"] = str(path)



class XConnection(Protocol):
    """What is asked of an Xlib display connection here (python-xlib ships no types)."""

    def get_input_focus(self) -> object: ...
    def get_display_name(self) -> str: ...
    def close(self) -> None: ...



def _alive(display: XConnection) -> bool:
    """Does an Xlib connection still reach its server (a display number can be reused)?"""
    try:
        display.get_input_focus()
    except Exception:
        return False
    return True


def follow_display(gui: ModuleType) -> None:
    """Point pyautogui at the current ``DISPLAY``.

    pyautogui opens its X connection once, at import, and computes its fail-safe corners from
    that screen. A process that starts a second virtual display (a test session, a demo after a
    game), or a new one under the same number, would otherwise send input to the first one or
    into a dead connection. Linux only; elsewhere nothing to do.
    """
    backend = getattr(gui, "platformModule", None)
    current = getattr(backend, "_display", None)
    wanted = os.environ.get("DISPLAY")
    if current is None or not wanted:
        return
    if current.get_display_name() == wanted and _alive(current):
        return
    reconnect(gui)


def reconnect(gui: ModuleType) -> None:
    """Open pyautogui's X connection afresh and read its key map again. The key codes it read
    at import belong to the display of that moment: another display, or one whose Latin keys
    were lent to other letters then, gives code 0 for a letter, which X refuses (BadValue)."""
    import importlib

    backend = getattr(gui, "platformModule", None)
    if backend is None or not hasattr(backend, "_display"):
        return
    old = backend._display
    importlib.reload(backend)
    try:
        old.close()
    except Exception:  # a dead connection: nothing to close
        pass
    width, height = gui.size()
    gui.FAILSAFE_POINTS[:] = [(0, 0), (0, height - 1), (width - 1, 0), (width - 1, height - 1)]


def failsafe_corners(monitors: Sequence[Region], scale: tuple[float, float] = (1.0, 1.0)
                     ) -> list[tuple[int, int]]:
    """The four corners of every monitor, in input coordinates: where the user pushes the
    mouse to stop the bot. pyautogui knows the primary monitor's only, so on a desktop with a
    monitor left of or above it the corners the user reaches there would stop nothing."""
    sx, sy = scale
    points: list[tuple[int, int]] = []
    for m in monitors:
        for x in (round(m.left * sx), round(m.right * sx) - 1):
            for y in (round(m.top * sy), round(m.bottom * sy) - 1):
                if (x, y) not in points:
                    points.append((x, y))
    return points


class DesktopScreen:
    """The screen the user sees. ``pause`` is pyautogui's sleep after each input call."""

    def __init__(self, pause: float = DEFAULT_PAUSE) -> None:
        on_x11 = sys.platform.startswith("linux") and not windows_os.on_windows()
        if on_x11 and not os.environ.get("DISPLAY"):
            raise ScreenError("no X display: set DISPLAY, or use `gamebot demo` (starts Xvfb)")
        if on_x11:
            ensure_xauthority()
        #: How the process was made DPI aware (Windows; before mss and pyautogui start).
        self.dpi_awareness = ""
        self._user32: windows_os.Dll | None = None
        if windows_os.on_windows():
            self.dpi_awareness = windows_os.ensure_dpi_aware()  # once a process, done first
            self._user32 = windows_os.windows_dlls()[0]
        try:
            import mss
            import pyautogui
        except Exception as exc:  # Xlib raises its own types when the display is unusable
            display = os.environ.get("DISPLAY")
            raise ScreenError(f"cannot open the display {display}: {exc}") from exc
        reconnect(pyautogui)  # this display, its key map as it is now
        self._gui: ModuleType = pyautogui
        pyautogui.FAILSAFE = True
        pyautogui.PAUSE = pause
        factory = getattr(mss, "MSS", None) or mss.mss
        self._mss: MSSBase = factory()
        monitors = self._mss.monitors
        every = monitors[0]
        self._bounds = Region(every["left"], every["top"], every["width"], every["height"])
        primary = monitors[1] if len(monitors) > 1 else every
        logical = pyautogui.size()
        # DPI, once: input coordinates per capture pixel (1.0 on X11 and on unscaled displays).
        self.scale = (logical[0] / primary["width"], logical[1] / primary["height"])
        pyautogui.FAILSAFE_POINTS[:] = failsafe_corners(
            [Region(m["left"], m["top"], m["width"], m["height"]) for m in monitors[1:]]
            or [self._bounds], self.scale)

    # --- capture ------------------------------------------------------------------------------
    def bounds(self) -> Region:
        return self._bounds

    def grab(self, region: Region | None = None) -> Frame:
        wanted = self._bounds if region is None else region
        inside = self._bounds.intersect(wanted)
        if inside is None or inside != wanted:
            raise ScreenError(f"region {wanted.to_dict()} is not on the screen {self._bounds}")
        box = {
            "left": wanted.left,
            "top": wanted.top,
            "width": wanted.width,
            "height": wanted.height,
        }
        stamp = time.time()
        shot = self._mss.grab(box)
        # BGRA to BGR in one vectorised pass (slicing off alpha and copying the strided view
        # took 14 ms a 1280x900 grab, 30 ms on a loaded machine; settling grabs many)
        pixels = cv2.cvtColor(np.asarray(shot), cv2.COLOR_BGRA2BGR)
        return Frame(pixels, wanted, stamp)

    # --- input --------------------------------------------------------------------------------
    def _logical(self, point: Point) -> tuple[int, int]:
        sx, sy = self.scale
        return (round(point.x * sx), round(point.y * sy))

    def _call(self, fn: Callable[..., object], *args: object, **kwargs: object) -> None:
        try:
            fn(*args, **kwargs)
        except self._gui.FailSafeException as exc:
            raise StopRequested("mouse in a screen corner: stopped (pyautogui fail-safe)") from exc

    def click(self, point: Point, button: Button = Button.LEFT) -> None:
        x, y = self._logical(point)
        self._call(self._gui.click, x, y, button=button.value)

    def move_to(self, point: Point) -> None:
        x, y = self._logical(point)
        self._call(self._gui.moveTo, x, y)

    def press(self, *keys: str) -> None:
        if len(keys) == 1:
            self._call(self._gui.press, keys[0])
        else:
            self._call(self._gui.hotkey, *keys)

    def type_text(self, text: str) -> None:
        """On Windows every letter through ``SendInput``'s Unicode packets
        (:mod:`bot.io.screens.windows_os`), ASCII too: pyautogui types by key codes looked up
        in the layout active when it was imported, so under a Russian layout an English word
        comes out in Cyrillic (or not at all). Elsewhere ASCII through pyautogui, and any other
        letter through a key code of its own on X11 (:mod:`bot.io.screens.x11_keys`)."""
        if self._user32 is not None:  # Windows: the OS's own Unicode input, any layout
            self.check_stop()
            windows_os.type_unicode(text, self._user32)
            return
        keys = None
        if self._user32 is None and sys.platform.startswith("linux"):
            from bot.io.screens import x11_keys

            keys = x11_keys.active()
        if text.isascii() and keys is None:
            self._call(self._gui.write, text)
            return
        self.check_stop()
        if keys is not None:
            keys.type(text)
            return
        if not sys.platform.startswith("linux"):
            raise ScreenError(
                f"cannot type {text!r} here: letters outside ASCII are typed on X11 and"
                " Windows only; use"
                " a site style that picks letters on the page's own palette"
            )
        from bot.io.screens import x11_keys
        from bot.io.virtual_display import is_private

        x11_keys.mapper(lend_latin=is_private(os.environ.get("DISPLAY", ""))).type(text)

    def drag(self, points: Sequence[Point], button: Button = Button.LEFT,
             step: float | None = None, reached: Reached | None = None) -> None:
        """Press at the first point, pass through every other, release at the last. Each step
        is a short glide (``step`` seconds, default ``DRAG_STEP``), so the page sees the
        pointer enter every cell on the way. With ``reached``, each point is held until the
        screen shows it reached (at most ``step``), then the glide goes on: as fast as the page
        draws, and never ahead of it (a loaded browser merges the moves of one frame, and a
        cell it never saw the pointer in is lost from the word)."""
        first, *rest = [self._logical(p) for p in points]
        self._call(self._gui.moveTo, *first)
        self._call(self._gui.mouseDown, *first, button=button.value)
        pace = DRAG_STEP if step is None else step
        try:
            here = first
            if reached is not None:
                _hold(reached, 0, pace)
                pace = min(pace, WATCHED_GLIDE)  # the glide itself; the hold does the waiting
            for i, (x, y) in enumerate(rest, start=1):
                # A glide, not a jump: pages follow a drag by the pointer's moves on the way
                # (pyautogui jumps when the duration is under its MINIMUM_DURATION, so a quick
                # glide is made here: half way, then the point, each held for a screen frame
                # or two, so a browser that merges the moves of one frame still sees it).
                if pace >= self._gui.MINIMUM_DURATION:
                    self._call(self._gui.moveTo, x, y, duration=pace)
                else:
                    self._call(self._gui.moveTo, (here[0] + x) // 2, (here[1] + y) // 2)
                    time.sleep(pace / 2)
                    self._call(self._gui.moveTo, x, y)
                    time.sleep(pace / 2)
                if reached is not None:
                    _hold(reached, i, step if step is not None else DRAG_STEP)
                here = (x, y)
        finally:
            last = rest[-1] if rest else first
            self._call(self._gui.mouseUp, *last, button=button.value)

    def pointer(self) -> Point:
        x, y = self._gui.position()
        sx, sy = self.scale
        return Point(round(x / sx), round(y / sy))

    def check_stop(self) -> None:
        self._call(self._gui.failSafeCheck)

    def close(self) -> None:
        self._mss.close()
