"""X11 plumbing for target programs: xdotool searches, geometry, focus and keys, and launching.

Targets find, measure and focus their windows through :mod:`bot.io.windows.finder`, whose fallback
on a bare X server measures and focuses with the xdotool calls here; X-only programs' dialogs
(gnome-mines, kmines) and the Hangman terminal use them directly. Uses the ``xdotool`` command
(Debian package xdotool). Programs we start run in their own process group and are stopped by
their own pid when the target closes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

from bot.errors import GamebotError
from bot.io.processes import stop_process
from vision.core.geometry import Region

GAME_DIRS = ("/usr/games", "/usr/local/games")

FoundT = TypeVar("FoundT")  # what a finder returns: a WindowInfo, or an X window id


class WindowLost(GamebotError):
    """The game's window is gone (closed, crashed) or cannot be queried."""


def find_program(name: str) -> str:
    """Full path of a program, also looking in /usr/games (not on every PATH)."""
    path = os.pathsep.join([os.environ.get("PATH", ""), *GAME_DIRS])
    found = shutil.which(name, path=path)
    if found is None:
        raise GamebotError(f"{name} is not installed (Debian: apt install {name})")
    return found


def _xdotool(*args: str, timeout: float = 5.0) -> str:
    exe = shutil.which("xdotool")
    if exe is None:
        raise GamebotError("xdotool is not installed (Debian: apt install xdotool)")
    try:
        done = subprocess.run(
            [exe, *args], capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired as exc:
        raise WindowLost(f"xdotool {' '.join(args)} timed out") from exc
    return done.stdout if done.returncode == 0 else ""


def search(*, name: str | None = None, class_name: str | None = None) -> list[int]:
    """Visible windows whose title (``name``) or class matches a regular expression."""
    args = ["search", "--onlyvisible"]
    if name is not None:
        args += ["--name", name]
    if class_name is not None:
        args += ["--class", class_name]
    return [int(w) for w in _xdotool(*args).split()]


def geometry(window: int) -> Region:
    """Where a window is on the screen, from the X server."""
    out = _xdotool("getwindowgeometry", "--shell", str(window))
    values = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    try:
        return Region(
            int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])
        )
    except (KeyError, ValueError):
        raise WindowLost(f"window {window} is gone") from None


def window_name(window: int) -> str:
    return _xdotool("getwindowname", str(window)).strip()


def focus(window: int) -> None:
    """Give a window the keyboard focus (no window manager on Xvfb does it for us). A key left
    down on the X server (a key tool stopped halfway) is let go first: a window that gets the
    focus sees it pressed (ace-minesweeper quits on a held Escape)."""
    release_keys()
    _xdotool("windowfocus", "--sync", str(window))


def release_keys() -> None:
    """Let go of every key the X server holds down (the bot never holds one between actions)."""
    try:
        from Xlib import X, display
        from Xlib.ext import xtest
    except ImportError:
        return
    try:
        d = display.Display()
    except Exception:  # no X display here: nothing to let go of
        return
    try:
        keymap = d.query_keymap()
        down = [i * 8 + b for i, byte in enumerate(keymap) for b in range(8) if byte & (1 << b)]
        for code in down:
            xtest.fake_input(d, X.KeyRelease, code)
        if down:
            d.sync()
    finally:
        d.close()


def send_key(window: int, *keys: str) -> None:
    """A key press delivered to one window (used for dialogs outside the guarded board)."""
    _xdotool("key", "--window", str(window), "+".join(keys))


def press(window: int, *keys: str) -> None:
    """Keys typed into a window as a person types them (focus, then XTest): programs that
    ignore sent events (Chromium) take these."""
    focus(window)
    _xdotool("key", "--clearmodifiers", "+".join(keys))


def click(x: int, y: int) -> None:
    """A left click at a screen point, outside the bot's guarded screen: only for a target's
    own housekeeping (a message the program wants clicked away), never a move."""
    _xdotool("mousemove", str(x), str(y), "click", "1")


def largest(windows: Sequence[int]) -> int | None:
    """The biggest of some windows (toolkits also map tiny helper windows)."""
    best, best_area = None, 0
    for w in windows:
        try:
            region = geometry(w)
        except WindowLost:
            continue
        if region.width * region.height > best_area:
            best, best_area = w, region.width * region.height
    return best


def child_env(env: Mapping[str, str] | None) -> dict[str, str]:
    """The environment for a program we start, without what importing OpenCV put in ours: its
    wheel points Qt at its own plugins and libraries, and a Qt program (kmines) started with
    them aborts ("could not load the Qt platform plugin")."""
    out = dict(env if env is not None else os.environ)
    for key in ("QT_QPA_PLATFORM_PLUGIN_PATH", "QT_QPA_FONTDIR"):
        if "cv2" in out.get(key, ""):
            del out[key]
    if "LD_LIBRARY_PATH" in out:
        kept = [p for p in out["LD_LIBRARY_PATH"].split(os.pathsep) if p and "cv2" not in p]
        if kept:
            out["LD_LIBRARY_PATH"] = os.pathsep.join(kept)
        else:
            del out["LD_LIBRARY_PATH"]
    return out


class Program:
    """A game program we started; ``stop()`` ends it (and only it) by its pid."""

    def __init__(
        self, argv: Sequence[str], env: Mapping[str, str] | None = None, log: Path | None = None
    ) -> None:
        self.argv = list(argv)
        out = open(log, "ab") if log is not None else subprocess.DEVNULL  # closed in stop()
        self._log = out
        self.process = subprocess.Popen(
            self.argv,
            env=child_env(env),
            stdout=out,
            stderr=out,
            start_new_session=True,
        )

    @property
    def running(self) -> bool:
        return self.process.poll() is None

    def wait_window(self, find: Callable[[], FoundT | None], timeout: float = 15.0) -> FoundT:
        """Poll ``find()`` (a window, or None) until the program shows its window."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.running:
                raise GamebotError(
                    f"{self.argv[0]} exited with code {self.process.returncode} before showing"
                    " a window"
                )
            window = find()
            if window is not None:
                return window
            time.sleep(0.05)
        raise GamebotError(f"{self.argv[0]} showed no window within {timeout:.0f} s")

    def stop(self) -> None:
        stop_process(self.process)
        if hasattr(self._log, "close"):
            self._log.close()
