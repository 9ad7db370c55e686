"""The Windows code paths, run with fakes of user32, shcore, mss and pyautogui (nothing here
has run on a real Windows machine): per-monitor DPI awareness asked the newest way first,
Unicode letters typed as SendInput packets, and a virtual screen with monitors left of and
above the primary one (negative coordinates) captured and clicked as they are."""

from __future__ import annotations

import ctypes
import sys
import types

import numpy as np
import pytest

from bot.io.screens import windows_os
from bot.io.screens.windows_os import (
    E_ACCESSDENIED,
    KEYEVENTF_KEYUP,
    KEYEVENTF_UNICODE,
    Input,
    UnicodeTypingError,
    make_dpi_aware,
    type_unicode,
)
from vision.core.geometry import Point, Region


class Calls:
    """A DLL stand-in: the functions given, each call written down."""

    def __init__(self, **functions):
        self.functions = functions
        self.calls: list[tuple[str, tuple]] = []

    def __getattr__(self, name):
        if name not in self.functions:
            raise AttributeError(name)

        def call(*args):
            self.calls.append((name, args))
            return self.functions[name](*args)

        return call


def test_dpi_awareness_is_asked_the_newest_way_first():
    user32 = Calls(SetProcessDpiAwarenessContext=lambda ctx: 1, SetProcessDPIAware=lambda: 1)
    shcore = Calls(SetProcessDpiAwareness=lambda level: 0)
    assert make_dpi_aware(user32, shcore) == "per-monitor v2"
    (name, (ctx,)), = user32.calls
    assert name == "SetProcessDpiAwarenessContext"
    assert ctx.value == ctypes.c_void_p(-4).value  # (HANDLE)-4
    assert shcore.calls == []


def reports(level: int):
    """shcore's GetProcessDpiAwareness(process, &level) answering ``level``."""
    def get(process, ref):
        assert process is None  # this process
        ref._obj.value = level
        return 0
    return get


def test_older_windows_fall_back_to_shcore_then_to_system_awareness():
    old_user32 = Calls(SetProcessDPIAware=lambda: 1)  # Windows 8.1: no awareness contexts
    assert make_dpi_aware(old_user32, Calls(SetProcessDpiAwareness=lambda lv: 0)) == (
        "per-monitor")
    manifest = Calls(SetProcessDpiAwareness=lambda lv: E_ACCESSDENIED,  # set before us
                     GetProcessDpiAwareness=reports(2))
    assert make_dpi_aware(old_user32, manifest) == "per-monitor"
    assert make_dpi_aware(old_user32, None) == "system"  # Windows 7: no shcore
    assert make_dpi_aware(Calls(), None) == ""


def test_awareness_set_before_us_is_asked_never_assumed():
    """pymonctl (imported by pywinctl) makes an unaware process *system* aware when it is
    imported; awareness is set once, so both of ours fail: the awareness is the one in force."""
    set_before = Calls(SetProcessDpiAwarenessContext=lambda ctx: 0,
                       GetThreadDpiAwarenessContext=lambda: 0x7FFE_0000_0011,  # pointer-wide
                       GetAwarenessFromDpiAwarenessContext=lambda ctx: 1,
                       SetProcessDPIAware=lambda: 1)
    shcore = Calls(SetProcessDpiAwareness=lambda lv: E_ACCESSDENIED,
                   GetProcessDpiAwareness=reports(1))
    assert make_dpi_aware(set_before, shcore) == "system"  # not "per-monitor"
    (_name, (context,)), = [c for c in set_before.calls
                            if c[0] == "GetAwarenessFromDpiAwarenessContext"]
    assert context.value == 0x7FFE_0000_0011  # the handle passed whole, not cut to 32 bits
    assert ("SetProcessDPIAware", ()) not in set_before.calls  # nothing more asked
    old = Calls(SetProcessDPIAware=lambda: 1)  # Windows 8.1: shcore alone can tell
    assert make_dpi_aware(old, shcore) == "system"


def test_awareness_is_set_before_pywinctl_is_imported_and_only_once(monkeypatch, caplog):
    """Set first, then the window library: per-monitor awareness holds for the windows listed
    and for every capture; the desktop does not ask again."""
    import importlib.abc
    import importlib.util

    from bot.io.windows import pywinctl_backend

    order: list[str] = []

    class FakePywinctl(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, name, path=None, target=None):
            return importlib.util.spec_from_loader(name, self) if name == "pywinctl" else None

        def create_module(self, spec):
            return None

        def exec_module(self, module):
            order.append("import pywinctl")
            module.getAllWindows = lambda: []

    def aware(ctx):
        order.append("SetProcessDpiAwarenessContext")
        return 1

    user32 = Calls(SetProcessDpiAwarenessContext=aware)
    monkeypatch.setattr(windows_os, "on_windows", lambda: True)
    monkeypatch.setattr(windows_os, "windows_dlls", lambda: (user32, None))
    monkeypatch.setattr(windows_os, "_awareness", None)
    monkeypatch.setattr(pywinctl_backend, "_loaded", None)
    monkeypatch.delitem(sys.modules, "pywinctl", raising=False)
    monkeypatch.setattr(sys, "meta_path", [FakePywinctl(), *sys.meta_path])
    pywinctl_backend.load()
    assert order == ["SetProcessDpiAwarenessContext", "import pywinctl"]
    assert windows_os.ensure_dpi_aware() == "per-monitor v2"
    assert order.count("SetProcessDpiAwarenessContext") == 1
    assert "not per monitor" not in caplog.text


def test_a_process_left_system_aware_is_said_in_the_log(monkeypatch, caplog):
    user32 = Calls(SetProcessDpiAwarenessContext=lambda ctx: 0,
                   GetThreadDpiAwarenessContext=lambda: 17,
                   GetAwarenessFromDpiAwarenessContext=lambda ctx: 1)
    monkeypatch.setattr(windows_os, "on_windows", lambda: True)
    monkeypatch.setattr(windows_os, "windows_dlls", lambda: (user32, None))
    monkeypatch.setattr(windows_os, "_awareness", None)
    assert windows_os.ensure_dpi_aware() == "system"
    assert "system DPI aware, not per monitor" in caplog.text


def _typed(packets) -> list[tuple[int, int]]:
    return [(p.u.ki.wScan, p.u.ki.dwFlags) for p in packets]


def test_unicode_letters_become_sendinput_packets_whatever_the_layout():
    sent: list[list[tuple[int, int]]] = []

    def send_input(count, array, size):
        assert size == ctypes.sizeof(Input) == 40  # 64-bit Windows' INPUT
        sent.append(_typed(array[:count]))
        return count

    type_unicode("Ёж😀", Calls(SendInput=send_input))
    down, up = KEYEVENTF_UNICODE, KEYEVENTF_UNICODE | KEYEVENTF_KEYUP
    assert sent == [
        [(0x401, down), (0x401, up)],
        [(0x436, down), (0x436, up)],
        [(0xD83D, down), (0xD83D, up), (0xDE00, down), (0xDE00, up)],  # a surrogate pair
    ]


def test_key_events_windows_refused_are_an_error_naming_the_letter():
    with pytest.raises(UnicodeTypingError, match="'ж'"):
        type_unicode("ж", Calls(SendInput=lambda n, a, s: 0))


# --- the desktop on a virtual screen of three monitors ---------------------------------------
MONITORS = [
    {"left": -1920, "top": -300, "width": 3840 + 1280, "height": 1380},  # all of them
    {"left": 0, "top": 0, "width": 1920, "height": 1080},  # the primary
    {"left": -1920, "top": -300, "width": 1920, "height": 1080},  # left of it, higher
    {"left": 1920, "top": 0, "width": 1280, "height": 1024},
]


@pytest.fixture
def windows_desktop(monkeypatch):
    grabs: list[dict] = []
    inputs: list[tuple] = []

    class FakeMSS:
        monitors = MONITORS

        def grab(self, box):
            grabs.append(box)
            return np.zeros((box["height"], box["width"], 4), np.uint8)

        def close(self):
            pass

    gui = types.ModuleType("pyautogui")
    gui.FailSafeException = type("FailSafeException", (Exception,), {})
    gui.FAILSAFE, gui.PAUSE = False, 0.1
    gui.size = lambda: (1920, 1080)  # per-monitor aware: physical pixels
    gui.click = lambda x, y, button: inputs.append(("click", x, y, button))
    gui.moveTo = lambda x, y, duration=0.0: inputs.append(("move", x, y))
    gui.write = lambda text: inputs.append(("write", text))
    gui.FAILSAFE_POINTS = [(0, 0), (0, 1079), (1919, 0), (1919, 1079)]  # the primary's, as
    gui.pointer = (500, 500)  # pyautogui computes them at import

    def fail_safe_check():  # as pyautogui does it
        if gui.FAILSAFE and tuple(gui.pointer) in gui.FAILSAFE_POINTS:
            raise gui.FailSafeException("corner")

    gui.failSafeCheck = fail_safe_check
    monkeypatch.setitem(sys.modules, "mss", types.SimpleNamespace(MSS=FakeMSS))
    monkeypatch.setitem(sys.modules, "pyautogui", gui)
    monkeypatch.setattr(windows_os, "on_windows", lambda: True)  # sys.platform untouched
    typed: list[list[tuple[int, int]]] = []

    def send_input(count, array, size):
        typed.append(_typed(array[:count]))
        return count

    user32 = Calls(SetProcessDpiAwarenessContext=lambda ctx: 1, SendInput=send_input)
    monkeypatch.setattr(windows_os, "windows_dlls", lambda: (user32, None))
    monkeypatch.setattr(windows_os, "_awareness", None)  # a process of its own
    from bot.io.screens.desktop import DesktopScreen

    screen = DesktopScreen()
    return screen, grabs, inputs, typed, gui


def test_a_monitor_left_of_and_above_the_primary_is_captured_and_clicked_as_it_is(
        windows_desktop):
    screen, grabs, inputs, _typed_, gui = windows_desktop
    assert screen.dpi_awareness == "per-monitor v2" and gui.FAILSAFE is True
    assert screen.bounds() == Region(-1920, -300, 5120, 1380)
    assert screen.scale == (1.0, 1.0)
    board = Region(-1500, -200, 300, 160)  # a game on the left monitor
    frame = screen.grab(board)
    assert grabs[-1] == {"left": -1500, "top": -200, "width": 300, "height": 160}
    assert frame.pixels.shape == (160, 300, 3) and frame.region == board
    screen.click(Point(-1400, -150))
    assert inputs[-1] == ("click", -1400, -150, "left")
    with pytest.raises(Exception, match="not on the screen"):
        screen.grab(Region(-2000, 0, 100, 100))  # left of every monitor


def test_every_letter_is_typed_by_sendinput_whatever_the_layout(windows_desktop):
    """ASCII too: pyautogui types key codes of the layout active at its import, so an English
    word under a Russian layout would come out Cyrillic."""
    screen, _grabs, inputs, typed, _gui = windows_desktop
    screen.type_text("word")
    screen.type_text("ёж")
    assert [units[0][0] for units in typed] == [ord(letter) for letter in "wordёж"]
    assert not [i for i in inputs if i[0] == "write"]  # pyautogui typed nothing


def test_a_corner_of_any_monitor_stops_the_bot(windows_desktop):
    """pyautogui's fail-safe knows the primary monitor's corners only: on the monitor left of
    and above it, the user's push into a corner would stop nothing."""
    from bot.run.safety import StopRequested

    screen, _grabs, _inputs, _typed, gui = windows_desktop
    for corner in [(-1920, -300), (-1, -300), (-1920, 779), (3199, 1023), (0, 0)]:
        gui.pointer = corner
        with pytest.raises(StopRequested, match="corner"):
            screen.check_stop()
    gui.pointer = (-1919, -300)  # next to it: the bot goes on
    screen.check_stop()
