"""What the desktop needs from Windows itself, through ctypes: per-monitor DPI awareness and
Unicode typing by the OS's own input call.

DPI: a process that is not DPI aware gets scaled coordinates on a 150 % monitor (captures
and clicks disagree, and per monitor they disagree differently). Made per-monitor aware before
mss and pyautogui start, capture pixels and input coordinates are the same physical pixels
on every monitor, including those left of and above the primary one (negative coordinates
of the virtual screen).

Typing: pyautogui types key codes looked up in the layout active when it was imported, so a
Cyrillic letter for Erudit or Balda cannot be typed through it, and under a Russian layout an
English word comes out Cyrillic. ``SendInput`` with ``KEYEVENTF_UNICODE`` types any UTF-16 code
unit whatever the keyboard layout, as on-screen keyboards do: every letter goes that way.

The ``user32``/``shcore`` objects are passed in, so the calls are tested with fakes on Linux;
this module has not been run on a real Windows machine (README: Windows).
"""

from __future__ import annotations

import ctypes
import logging
import sys
from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

logger = logging.getLogger(__name__)

#: DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2 (Windows 10 1703+), a pseudo-handle.
PER_MONITOR_AWARE_V2 = -4
#: PROCESS_PER_MONITOR_DPI_AWARE for shcore.SetProcessDpiAwareness (Windows 8.1+).
PROCESS_PER_MONITOR_DPI_AWARE = 2
E_ACCESSDENIED = -2147024891  # 0x80070005 as a signed HRESULT: awareness was set already

INPUT_KEYBOARD = 1
KEYEVENTF_KEYUP = 0x0002
KEYEVENTF_UNICODE = 0x0004


def on_windows() -> bool:
    """Is this Windows? (One place to ask, so the Windows paths are tested on Linux without
    telling the whole process it runs on Windows.)"""
    return sys.platform == "win32"


class Dll(Protocol):
    def __getattr__(self, name: str) -> Callable[..., Any]: ...


def make_dpi_aware(user32: Dll, shcore: Dll | None) -> str:
    """Make this process per-monitor DPI aware, the newest way the system has; returns the
    awareness in force afterwards ("per-monitor v2", "per-monitor", "system" or "" for none).

    Awareness is set once per process: when something set it before (a manifest, or a library
    imported first: pymonctl, under pywinctl, makes an unaware process *system* aware when it is
    imported), both calls fail and the awareness in force is asked, never assumed."""
    try:
        if user32.SetProcessDpiAwarenessContext(ctypes.c_void_p(PER_MONITOR_AWARE_V2)):
            return "per-monitor v2"
    except AttributeError:
        pass  # before Windows 10 1703
    if shcore is not None:
        try:
            if int(shcore.SetProcessDpiAwareness(PROCESS_PER_MONITOR_DPI_AWARE)) == 0:
                return "per-monitor"
        except AttributeError:
            pass  # before Windows 8.1
    in_force = awareness_in_force(user32, shcore)
    if in_force:  # set before us: say which it is
        return AWARENESS_NAMES[in_force]
    try:
        if user32.SetProcessDPIAware():
            return "system"
    except AttributeError:
        pass
    return ""


#: PROCESS_DPI_AWARENESS / DPI_AWARENESS values, as this module names them
AWARENESS_NAMES = {0: "", 1: "system", 2: "per-monitor"}


def awareness_in_force(user32: Dll, shcore: Dll | None) -> int | None:
    """The process's DPI awareness now (0 unaware, 1 system, 2 per monitor), None when this
    Windows cannot say (Windows 7)."""
    try:
        get_context = user32.GetThreadDpiAwarenessContext
        cast(Any, get_context).restype = ctypes.c_void_p  # a handle: pointer-wide
        context = ctypes.c_void_p(get_context())
        value = int(user32.GetAwarenessFromDpiAwarenessContext(context))
        if value in AWARENESS_NAMES:
            return value
    except AttributeError:
        pass  # before Windows 10 1607
    if shcore is not None:
        level = ctypes.c_int(-1)
        try:
            if int(shcore.GetProcessDpiAwareness(None, ctypes.byref(level))) == 0:
                return level.value if level.value in AWARENESS_NAMES else None
        except AttributeError:
            pass
    return None


_awareness: str | None = None


def ensure_dpi_aware() -> str:
    """Make the process per-monitor DPI aware once, before anything lists windows or captures
    (the awareness holds for every call made after it); "" off Windows. A process left less
    than per-monitor aware is logged: on a monitor scaled unlike the primary, captures and
    clicks would disagree."""
    global _awareness
    if not on_windows():
        return ""
    if _awareness is None:
        user32, shcore = windows_dlls()
        _awareness = make_dpi_aware(user32, shcore)
        if not _awareness.startswith("per-monitor"):
            logger.warning(
                "this process is %s DPI aware, not per monitor (something set it before"
                " gamebot could): on a monitor scaled unlike the primary one, the pixels"
                " captured and the points clicked disagree", _awareness or "not")
    return _awareness


# Windows' own widths (DWORD and LONG are 32 bits, ULONG_PTR a pointer), not C's long, so the
# layout is the same when it is checked on Linux: INPUT is 40 bytes on 64-bit Windows.
class KeybdInput(ctypes.Structure):
    _fields_ = [("wVk", ctypes.c_uint16), ("wScan", ctypes.c_uint16),
                ("dwFlags", ctypes.c_uint32), ("time", ctypes.c_uint32),
                ("dwExtraInfo", ctypes.c_size_t)]


class MouseInput(ctypes.Structure):
    _fields_ = [("dx", ctypes.c_int32), ("dy", ctypes.c_int32), ("mouseData", ctypes.c_uint32),
                ("dwFlags", ctypes.c_uint32), ("time", ctypes.c_uint32),
                ("dwExtraInfo", ctypes.c_size_t)]


class _InputUnion(ctypes.Union):
    _fields_ = [("ki", KeybdInput), ("mi", MouseInput)]  # mi: the union's full size


class Input(ctypes.Structure):
    _fields_ = [("type", ctypes.c_uint32), ("u", _InputUnion)]


def code_units(text: str) -> list[int]:
    """The UTF-16 code units of ``text`` (a letter beyond the BMP is two: a surrogate pair)."""
    data = text.encode("utf-16-le")
    return [int.from_bytes(data[i : i + 2], "little") for i in range(0, len(data), 2)]


def unicode_inputs(text: str) -> list[Input]:
    """A key down and a key up for every code unit of ``text``, as Unicode packets."""
    out = []
    for unit in code_units(text):
        for flags in (KEYEVENTF_UNICODE, KEYEVENTF_UNICODE | KEYEVENTF_KEYUP):
            out.append(Input(type=INPUT_KEYBOARD,
                             u=_InputUnion(ki=KeybdInput(wVk=0, wScan=unit, dwFlags=flags))))
    return out


class UnicodeTypingError(OSError):
    pass


def type_unicode(text: str, user32: Dll) -> None:
    """Type ``text`` into the focused window through ``SendInput``, one letter at a time (a
    program that reads its input letter by letter sees each one)."""
    for letter in text:
        packets: Sequence[Input] = unicode_inputs(letter)
        array = (Input * len(packets))(*packets)
        sent = int(user32.SendInput(len(packets), array, ctypes.sizeof(Input)))
        if sent != len(packets):
            raise UnicodeTypingError(
                f"Windows took {sent} of {len(packets)} key events for {letter!r} (a window"
                " of higher integrity, or the secure desktop, has the focus)")


def windows_dlls() -> tuple[Dll, Dll | None]:
    """user32 and shcore of this Windows machine (shcore is missing before Windows 8.1)."""
    windll = ctypes.windll  # type: ignore[attr-defined]
    try:
        shcore = windll.shcore
    except OSError:
        shcore = None
    return windll.user32, shcore
