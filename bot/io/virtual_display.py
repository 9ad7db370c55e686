"""Start and stop a private Xvfb display, for ``gamebot demo`` without a screen and for tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import time

from bot.errors import GamebotError
from bot.io.processes import stop_process

_PRIVATE: set[str] = set()  # displays this process started: no person types on them


def is_private(name: str) -> bool:
    """Did this process start the display ``name`` (so its key map may be changed freely)?"""
    return name in _PRIVATE


def _read_display_number(fd: int, proc: subprocess.Popen[bytes], timeout: float) -> int | None:
    """The number Xvfb writes on ``fd`` once it listens (None if it exits or is too slow)."""
    import select

    deadline = time.monotonic() + timeout
    data = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            chunk = os.read(fd, 64)
            if not chunk:
                return None  # Xvfb exited without a display
            data += chunk
            if b"\n" in data:
                text = data.split(b"\n", 1)[0].strip()
                return int(text) if text.isdigit() else None
        elif proc.poll() is not None:
            return None
    return None


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
        """Xvfb picks a free display number itself and says which (``-displayfd``): two
        processes starting one at the same moment can never share a server."""
        if shutil.which("Xvfb") is None:
            raise GamebotError("Xvfb is not installed (Debian: apt install xvfb)")
        read_end, write_end = os.pipe()
        try:
            proc = subprocess.Popen(
                [
                    "Xvfb",
                    "-displayfd",
                    str(write_end),
                    "-screen",
                    "0",
                    f"{self.width}x{self.height}x{self.depth}",
                    "-nolisten",
                    "tcp",
                    "-noreset",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(write_end,),
            )
        finally:
            os.close(write_end)
        try:
            number = _read_display_number(read_end, proc, timeout=10.0)
        finally:
            os.close(read_end)
        if number is None:
            proc.kill()
            proc.wait()
            raise GamebotError("Xvfb did not start within 10 s")
        self.number, self._proc = number, proc
        _PRIVATE.add(f":{number}")
        self._old_display = os.environ.get("DISPLAY")
        os.environ["DISPLAY"] = self.name
        return self

    def stop(self) -> None:
        if self._proc is not None:
            from bot.io.screens import x11_keys

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
