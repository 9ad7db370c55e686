"""The window backends without a real Windows or window manager: a fake ``pywinctl`` module
stands in for the real one, and the X window tree for a list given by the test.

What is checked: which backend the rule picks (pywinctl on Windows and macOS, and on X11 when a
window manager runs and pywinctl lists windows; the X tree otherwise, with the reason said),
that windows are matched by title, class and id through pywinctl as through the tree, that the
client area is what gets measured, and that a window not found is reported with the windows
that were there, whatever backend listed them.
"""

from __future__ import annotations

import logging
import sys
import types
from dataclasses import dataclass, field

import pytest

from bot.errors import GamebotError
from bot.games.minesweeper.programs import window_title
from bot.io.screens import windows_os
from bot.io.windows import choice as window_choice
from bot.io.windows import pywinctl_backend as windows_pywinctl
from bot.io.windows import x11_backend as windows_x11
from bot.io.windows.choice import survey
from bot.io.windows.finder import WindowNotFound, client_region, find_window, focus, list_windows
from bot.io.windows.info import WindowInfo
from bot.io.x11 import WindowLost
from vision.core.geometry import Region


@dataclass(frozen=True)
class Rect:
    left: int
    top: int
    right: int
    bottom: int


@dataclass
class FakeWindow:
    """What gamebot reads off a pywinctl window; ``client`` is getClientFrame() (left, top,
    right, bottom), ``box`` the whole window (on X11: the client window itself)."""

    handle: object
    title: str
    app: str = ""
    box: tuple[int, int, int, int] = (0, 0, 300, 200)
    client: tuple[int, int, int, int] | None = None
    isVisible: bool = True
    isAlive: bool = True
    activated: list[bool] = field(default_factory=list)

    def getHandle(self) -> object:
        return self.handle

    def getAppName(self) -> str:
        return self.app

    def getClientFrame(self) -> Rect:
        left, top, width, height = self.box
        return Rect(*(self.client or (left, top, left + width, top + height)))

    def activate(self, wait: bool = False) -> bool:
        self.activated.append(wait)
        return True


class Boom:
    """A window pywinctl cannot read (xmessage's COMPOUND_TEXT title breaks its decoder)."""

    def getHandle(self) -> int:
        return 0xBAD

    @property
    def title(self) -> str:
        raise UnicodeDecodeError("utf-8", b"\xbf", 0, 1, "invalid start byte")


def install(monkeypatch, windows: list, *, platform: str, manager: str | None = None,
            tree: list[WindowInfo] | None = None, display: str = ":42") -> types.ModuleType:
    """A fake pywinctl listing ``windows`` on ``platform``; on Linux a window manager named
    ``manager`` (None: a bare X server) and an X tree listing ``tree``."""
    module = types.ModuleType("pywinctl")
    module.getAllWindows = lambda: list(windows)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pywinctl", module)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv("DISPLAY", display)
    monkeypatch.delenv(window_choice.ENV, raising=False)
    monkeypatch.setattr(windows_pywinctl, "_loaded", None)
    monkeypatch.setattr(windows_os, "_awareness", None)  # Windows: made DPI aware first
    aware = types.SimpleNamespace(SetProcessDpiAwarenessContext=lambda context: 1)
    monkeypatch.setattr(windows_os, "windows_dlls", lambda: (aware, None))
    monkeypatch.setattr(window_choice, "_last", None)
    monkeypatch.setattr(windows_x11, "ewmh_manager", lambda: manager)
    monkeypatch.setattr(windows_x11, "tree_windows", lambda: list(tree or []))
    monkeypatch.setattr(windows_x11, "wm_classes", lambda ids: {
        w.handle: w.app for w in windows if isinstance(w, FakeWindow) and w.handle in ids})
    return module


def tree_info(id_: int, title: str, app: str = "") -> WindowInfo:
    return WindowInfo(id_, title, app, Region(10, 10, 200, 150))


MINES = FakeWindow(0x1002A, "Minesweeper", "winmine.exe", box=(100, 80, 180, 260),
                   client=(103, 125, 277, 337))
SAPER = FakeWindow(0x2004C, "Сапёр", "MineSweeper.exe", box=(400, 80, 500, 420))
NOTEPAD = FakeWindow(0x3001E, "Untitled - Notepad", "notepad.exe", box=(0, 0, 900, 700))
HELPER = FakeWindow(0x40010, "Minesweeper", "winmine.exe", box=(0, 0, 1, 1))


def test_on_windows_pywinctl_finds_by_title_class_and_id_and_measures_the_client_area(
        monkeypatch):
    install(monkeypatch, [NOTEPAD, MINES, HELPER, SAPER, Boom()], platform="win32")
    found = find_window(title="^minesweeper$")
    assert found.id == MINES.handle and found.backend == "pywinctl"
    assert found.region == Region(103, 125, 174, 212)  # the client area, not the frame
    assert find_window(app="winmine").id == MINES.handle  # the 1x1 helper is left out
    assert find_window(window_id=0x2004C).title == "Сапёр"
    assert find_window(title="сапёр", app="minesweeper.exe").id == SAPER.handle
    assert client_region(MINES.handle, "pywinctl") == Region(103, 125, 174, 212)
    focus(SAPER.handle, "pywinctl")
    assert SAPER.activated == [True]


def test_under_an_x11_window_manager_pywinctl_matches_a_title_only_net_wm_name_carries(
        monkeypatch):
    # pywinctl reads _NET_WM_NAME first (WM_NAME has no Cyrillic); the class is WM_CLASS,
    # and the client area is ``box`` (the client window), never getClientFrame() there
    qt = FakeWindow(0x3C00007, "Mines — только новое имя", "qtgame", box=(50, 60, 320, 240),
                    client=(54, 87, 366, 296))
    install(monkeypatch, [qt], platform="linux", manager="JWM")
    found = find_window(title="только новое")
    assert found.backend == "pywinctl" and found.app == "qtgame"
    assert found.region == Region(50, 60, 320, 240)
    assert find_window(app="^qtgame$").id == find_window(window_id=0x3C00007).id == qt.handle


def test_on_a_bare_x_server_the_tree_is_used_and_pywinctl_is_never_asked(monkeypatch):
    module = install(monkeypatch, [MINES], platform="linux", manager=None,
                     tree=[tree_info(0x600001, "Old style title")])

    def untouchable() -> list:
        raise AssertionError("pywinctl asked on a bare X server")

    module.getAllWindows = untouchable  # type: ignore[attr-defined]
    listing = survey()
    assert listing.backend.name == "x11"
    assert "no EWMH window manager on :42" in listing.reason
    assert [w.title for w in listing.windows] == ["Old style title"]
    assert windows_pywinctl._loaded is None  # not even imported


@pytest.mark.parametrize(("trouble", "reason"), [
    ("empty", "pywinctl lists no windows"),
    ("missing", "pywinctl cannot be loaded (ModuleNotFoundError"),
    ("raises", "pywinctl failed (RuntimeError: connection broke)"),
    ("other display", "pywinctl is bound to display ':7' (where it was first loaded), not ':42'"),
])
def test_under_a_window_manager_pywinctl_falls_back_to_the_tree_saying_why(
        monkeypatch, trouble, reason):
    module = install(monkeypatch, [] if trouble == "empty" else [MINES], platform="linux",
                     manager="JWM", tree=[tree_info(0x600001, "Old style title")])
    if trouble == "missing":
        monkeypatch.setitem(sys.modules, "pywinctl", None)  # import pywinctl: ImportError
    if trouble == "raises":
        def broken() -> list:
            raise RuntimeError("connection broke")

        module.getAllWindows = broken  # type: ignore[attr-defined]
    if trouble == "other display":
        monkeypatch.setattr(windows_pywinctl, "_loaded",
                            windows_pywinctl.PywinctlBackend(module, ":7"))
    listing = survey()
    assert listing.backend.name == "x11"
    assert listing.reason.startswith("window manager 'JWM' on :42, but ")
    assert reason in listing.reason
    assert [w.backend for w in listing.windows] == ["x11"]


def test_a_window_manager_with_windows_chooses_pywinctl_and_the_log_says_so(
        monkeypatch, caplog):
    install(monkeypatch, [MINES], platform="linux", manager="Openbox")
    with caplog.at_level(logging.DEBUG, logger="bot.io.windows.choice"):
        listing = survey()
        survey()
    assert listing.backend.name == "pywinctl"
    assert listing.reason == "EWMH window manager 'Openbox' on :42"
    said = [r.getMessage() for r in caplog.records]
    assert said == ["windows listed by pywinctl: EWMH window manager 'Openbox' on :42"]


def test_the_user_can_force_either_backend(monkeypatch):
    install(monkeypatch, [MINES], platform="linux", manager="JWM",
            tree=[tree_info(0x600001, "Old style title")])
    monkeypatch.setenv(window_choice.ENV, "x11")
    assert survey().backend.name == "x11"
    monkeypatch.setenv(window_choice.ENV, "pywinctl")
    monkeypatch.setattr(windows_x11, "ewmh_manager", lambda: None)
    assert survey().backend.name == "pywinctl"  # even with no window manager seen
    monkeypatch.setenv(window_choice.ENV, "xdotool")
    with pytest.raises(GamebotError, match="GAMEBOT_WINDOWS='xdotool': use one of auto"):
        survey()


def test_where_pywinctl_is_the_only_backend_its_failure_is_an_error(monkeypatch):
    install(monkeypatch, [], platform="darwin")
    monkeypatch.setitem(sys.modules, "pywinctl", None)
    with pytest.raises(GamebotError, match="pywinctl cannot be loaded"):
        list_windows()


def test_a_window_not_found_lists_the_windows_pywinctl_saw(monkeypatch):
    install(monkeypatch, [NOTEPAD, MINES, HELPER], platform="win32")
    with pytest.raises(WindowNotFound) as err:
        find_window(title="Minesweeper XP")
    message = str(err.value)
    assert message.startswith("no window titled 'Minesweeper XP' (listed by pywinctl: the"
                              " backend on win32); windows seen: 'Untitled - Notepad'")
    assert "'Minesweeper' (0x1002a, winmine.exe, 174x212 at 103,125)" in message
    assert "0x40010" not in message  # the helper is no window to offer


def test_a_window_not_found_lists_the_windows_the_tree_saw(monkeypatch):
    install(monkeypatch, [], platform="linux", manager=None,
            tree=[tree_info(0x600001, "Old style title", "xterm")])
    with pytest.raises(WindowNotFound) as err:
        find_window(app="kmines")
    assert str(err.value) == (
        "no window of class 'kmines' (listed by x11: no EWMH window manager on :42); windows"
        " seen: 'Old style title' (0x600001, xterm, 200x150 at 10,10) (match by --title TEXT,"
        " --window-class or --window-id)")


def test_macos_handles_become_window_ids_that_stay_the_same(monkeypatch):
    # pywinctl's macOS handle is (app, title), not a number
    finder = FakeWindow(("Finder", "Downloads"), "Downloads", "Finder", box=(0, 25, 800, 600))
    mines = FakeWindow(("Minesweeper", "Mines"), "Mines", "Minesweeper", box=(0, 25, 400, 500))
    install(monkeypatch, [finder, mines], platform="darwin")
    first = {w.title: w.id for w in list_windows()}
    again = {w.title: w.id for w in list_windows()}
    assert first == again and sorted(first.values()) == [1, 2]
    assert find_window(window_id=first["Mines"]).app == "Minesweeper"


def test_a_target_found_by_pywinctl_is_measured_focused_and_described_by_it(monkeypatch):
    mines = FakeWindow(0x1002A, "Minesweeper", "winmine.exe", box=(100, 80, 180, 260),
                       client=(103, 125, 277, 337))
    listed = [mines]
    install(monkeypatch, listed, platform="win32")
    target = window_title.attach("minesweeper")
    assert target.describe() == "window-title (window 0x1002a, found by pywinctl)"
    assert target.window_region(None) == Region(103, 125, 174, 212)  # type: ignore[arg-type]
    target.prepare()
    assert mines.activated == [True]
    mines.isAlive = False
    listed.clear()
    with pytest.raises(WindowLost, match="no window-title window"):
        target.window_region(None)  # type: ignore[arg-type]
