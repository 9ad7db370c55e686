"""Start and stop a private Xvfb display, for ``gamebot demo`` without a screen and for tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

from bot.errors import GamebotError
from bot.processes import stop_process

_PRIVATE: set[str] = set()  # displays this process started: no person types on them


def is_private(name: str) -> bool:
    """Did this process start the display ``name`` (so its key map may be changed freely)?"""
    return name in _PRIVATE


def _free_display(start: int = 90) -> int:
    for n in range(start, start + 200):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    raise GamebotError("no free X display number between :90 and :289")


class VirtualDisplay:
    """``with VirtualDisplay(1600, 1000) as vd: ...`` sets ``DISPLAY`` inside and restores it.

    Listens on a local socket only (``-nolisten tcp``). ``vd.env`` is an environment for child
    processes (games) that must draw on this display.
    """

    def __init__(self, width: int = 1600, height: int = 1000, depth: int = 24) -> None:
        self.width, self.height, self.depth = width, height, depth
        self.number: int | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._old_display: str | None = None

    @property
    def name(self) -> str:
        if self.number is None:
            raise RuntimeError("virtual display not started")
        return f":{self.number}"

    @property
    def env(self) -> dict[str, str]:
        return {**os.environ, "DISPLAY": self.name}

    def start(self) -> VirtualDisplay:
        if shutil.which("Xvfb") is None:
            raise GamebotError("Xvfb is not installed (Debian: apt install xvfb)")
        for _attempt in range(5):
            number = _free_display()
            proc = subprocess.Popen(
                [
                    "Xvfb",
                    f":{number}",
                    "-screen",
                    "0",
                    f"{self.width}x{self.height}x{self.depth}",
                    "-nolisten",
                    "tcp",
                    "-noreset",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                if proc.poll() is not None:
                    break
                if Path(f"/tmp/.X11-unix/X{number}").exists():
                    self.number, self._proc = number, proc
                    _PRIVATE.add(f":{number}")
                    self._old_display = os.environ.get("DISPLAY")
                    os.environ["DISPLAY"] = self.name
                    time.sleep(0.2)
                    return self
                time.sleep(0.05)
            proc.kill()
            proc.wait()
        raise GamebotError("Xvfb did not start (tried 5 display numbers)")

    def stop(self) -> None:
        if self._proc is not None:
            from bot.screens import x11_keys

            x11_keys.forget(self.name)
            _PRIVATE.discard(self.name)
            stop_process(self._proc)
            self._proc = None
        if self._old_display is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = self._old_display

    def __enter__(self) -> VirtualDisplay:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
