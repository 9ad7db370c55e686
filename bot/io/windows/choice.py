"""Which backend lists the windows here, and why: the rule in one place, its reason kept for
the messages and the debug log.

1. ``GAMEBOT_WINDOWS=x11`` or ``=pywinctl``: that one, as the user says (pywinctl failing is
   then an error, not a quiet fallback).
2. Not Linux (Windows, macOS): pywinctl, the only backend there.
3. X11 with an EWMH window manager running: pywinctl, if it loads for this display and lists
   at least one window (it reads the manager's ``_NET_CLIENT_LIST``).
4. Otherwise, a bare X server (Xvfb, as the tests run) or pywinctl unusable: the X window tree.
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import dataclass

from bot.errors import GamebotError
from bot.io.windows import pywinctl_backend as windows_pywinctl
from bot.io.windows import x11_backend as windows_x11
from bot.io.windows.info import WindowBackend, WindowInfo

logger = logging.getLogger(__name__)

ENV = "GAMEBOT_WINDOWS"
CHOICES = ("auto", "pywinctl", "x11")


@dataclass(frozen=True)
class Survey:
    """The windows one backend listed, and why that backend was the one."""

    backend: WindowBackend
    reason: str
    windows: list[WindowInfo]

    def describe(self) -> str:
        return f"listed by {self.backend.name}: {self.reason}"


_last: tuple[str, str] | None = None  # the last choice logged, to log a change only


def survey() -> Survey:
    """List the windows with the backend the rule above picks."""
    global _last
    result = _survey()
    if _last != (result.backend.name, result.reason):
        _last = (result.backend.name, result.reason)
        logger.debug("windows %s", result.describe())
    return result


def backend_named(name: str) -> WindowBackend:
    """The backend that listed a window (``WindowInfo.backend``), to measure or focus it."""
    if name == "pywinctl":
        return windows_pywinctl.load()
    return windows_x11.X11Backend()


def _survey() -> Survey:
    asked = os.environ.get(ENV, "").strip().lower() or "auto"
    if asked not in CHOICES:
        raise GamebotError(f"{ENV}={asked!r}: use one of {', '.join(CHOICES)}")
    if asked == "x11":
        return _tree(f"{ENV}=x11")
    if asked == "pywinctl" or not sys.platform.startswith("linux"):
        reason = f"{ENV}=pywinctl" if asked == "pywinctl" else f"the backend on {sys.platform}"
        backend = windows_pywinctl.load()
        try:
            return Survey(backend, reason, backend.windows())
        except GamebotError:
            raise
        except Exception as exc:  # pywinctl's own errors
            raise GamebotError(f"pywinctl could not list the windows ({type(exc).__name__}:"
                               f" {exc})") from None
    where = os.environ.get("DISPLAY", "")
    manager = windows_x11.ewmh_manager()
    if manager is None:
        return _tree(f"no EWMH window manager on {where}")
    try:
        backend = windows_pywinctl.load()
        found = backend.windows()
    except GamebotError as exc:
        why = str(exc)
    except Exception as exc:  # pywinctl's own errors (a connection that broke)
        why = f"pywinctl failed ({type(exc).__name__}: {exc})"
    else:
        if found:
            return Survey(backend, f"EWMH window manager {manager!r} on {where}", found)
        why = "pywinctl lists no windows"
    return _tree(f"window manager {manager!r} on {where}, but {why}")


def _tree(reason: str) -> Survey:
    backend = windows_x11.X11Backend()
    return Survey(backend, reason, backend.windows())
