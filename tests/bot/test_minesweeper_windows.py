"""Windows found the way users have them: by WM_NAME or _NET_WM_NAME (Qt sets only the
second), by class or by id; and when none fits, a message listing the windows there are.

The X11 path runs on a private Xvfb with no window manager, where pywinctl lists nothing and
the X window tree is walked instead.
"""

from __future__ import annotations

import time

import pytest

from bot.errors import GamebotError
from bot.io.windows.finder import (
    WindowInfo,
    WindowNotFound,
    find_window,
    list_windows,
    matching,
    parse_id,
)
from vision.core.geometry import Region


def info(id_: int, title: str, app: str = "", size: int = 300) -> WindowInfo:
    return WindowInfo(id_, title, app, Region(0, 0, size, size))


def test_matching_by_title_class_and_id_biggest_first_helpers_left_out():
    windows = [info(1, "KMines", "kmines", 200), info(2, "KMines", "kmines", 600),
               info(3, "KMines", "kmines", 1), info(4, "Minesweeper Classic - Chromium", "chr"),
               info(5, "a (weird [title", "x")]
    assert [w.id for w in matching(windows, title="^kmines$")] == [2, 1]  # no 1x1 helper
    assert [w.id for w in matching(windows, app="chr")] == [4]
    assert [w.id for w in matching(windows, window_id=1)] == [1]
    assert [w.id for w in matching(windows, title="kmines", app="nope")] == []
    assert [w.id for w in matching(windows, title="(weird [")] == [5]  # not a regex: plain text


def test_window_ids_as_people_write_them():
    assert parse_id("0x2a00007") == 0x2A00007
    assert parse_id("44040199") == 44040199
    with pytest.raises(GamebotError, match="expected a number"):
        parse_id("kmines")


def make_window(title: str | None, net_title: str | None, wm_class: str | None):
    from Xlib import X, Xatom, display

    d = display.Display()
    root = d.screen().root
    w = root.create_window(20, 30, 240, 160, 0, d.screen().root_depth, X.InputOutput,
                           X.CopyFromParent, background_pixel=d.screen().white_pixel)
    if title is not None:
        w.change_property(Xatom.WM_NAME, Xatom.STRING, 8, title.encode())
    if net_title is not None:
        w.change_property(d.intern_atom("_NET_WM_NAME"), d.intern_atom("UTF8_STRING"), 8,
                          net_title.encode())
    if wm_class is not None:
        w.set_wm_class(wm_class, wm_class)
    w.map()
    d.sync()
    return d, w


@pytest.mark.display
def test_on_x11_a_window_is_found_by_either_title_by_class_or_by_id(virtual_display):
    made = [make_window(None, "Mines — only the new title", "qtgame"),
            make_window("Old style title", None, None)]
    try:
        time.sleep(0.2)
        seen = {w.title for w in list_windows()}
        assert {"Mines — only the new title", "Old style title"} <= seen
        qt = find_window(title="only the new")
        assert qt.app == "qtgame" and qt.region.width == 240
        assert find_window(app="qtgame").id == qt.id
        assert find_window(window_id=qt.id).title == "Mines — only the new title"
        assert find_window(title="old style").id == made[1][1].id
        with pytest.raises(WindowNotFound) as err:
            find_window(title="Minesweeper XP")
        message = str(err.value)
        assert "no window titled 'Minesweeper XP'" in message
        assert "'Old style title'" in message and "only the new title" in message
    finally:
        for d, w in made:
            w.destroy()
            d.close()


@pytest.mark.display
def test_a_bare_x_server_has_no_window_manager_so_the_tree_lists_and_xdotool_measures(
        virtual_display):
    from bot.games.minesweeper.programs.window_title import attach
    from bot.io.windows.choice import survey
    from bot.io.windows.x11_backend import ewmh_manager

    d, w = make_window("Bare server window", None, "bare")
    try:
        time.sleep(0.2)
        assert ewmh_manager() is None
        listing = survey()
        assert listing.backend.name == "x11"
        assert listing.reason == f"no EWMH window manager on {virtual_display.name}"
        target = attach("Bare server window")
        assert target.describe() == f"window-title (window {w.id:#x}, found by x11)"
        assert target.region() == Region(20, 30, 240, 160)
    finally:
        w.destroy()
        d.close()


@pytest.mark.display
def test_a_window_manager_is_known_by_its_check_window_pointing_at_itself(virtual_display):
    from Xlib import X, Xatom, display

    from bot.io.windows.x11_backend import ewmh_manager

    d = display.Display()
    root = d.screen().root
    check_atom = d.intern_atom("_NET_SUPPORTING_WM_CHECK")
    check = root.create_window(-10, -10, 1, 1, 0, X.CopyFromParent)
    try:
        root.change_property(check_atom, Xatom.WINDOW, 32, [check.id])
        d.sync()
        assert ewmh_manager() is None  # the check window does not point at itself: stale
        check.change_property(check_atom, Xatom.WINDOW, 32, [check.id])
        check.change_property(d.intern_atom("_NET_WM_NAME"), d.intern_atom("UTF8_STRING"), 8,
                              b"Fake WM")
        d.sync()
        assert ewmh_manager() == "Fake WM"
    finally:
        root.delete_property(check_atom)
        check.destroy()
        d.sync()
        d.close()
    assert ewmh_manager() is None
