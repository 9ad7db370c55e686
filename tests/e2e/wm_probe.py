"""Run by test_windows_under_wm.py in a child process, on a display with a window manager.

The real pywinctl is imported here, not in the test worker: on Linux it stays bound to the
display it was imported on and its ewmhlib opens every display in /tmp/.X11-unix, which a
long-lived worker should not keep. Prints one JSON object: what the backend found and measured.
"""

from __future__ import annotations

import json
import sys
import time

from Xlib import X, display

from bot.games.minesweeper.programs.window_title import attach
from bot.io.windows.choice import survey
from bot.io.windows.finder import WindowNotFound, client_region, find_window, focus

UNICODE_TITLE = "Сапёр — только _NET_WM_NAME"


def main() -> None:
    d = display.Display()
    root = d.screen().root
    own = root.create_window(300, 200, 260, 180, 0, d.screen().root_depth, X.InputOutput,
                             X.CopyFromParent, background_pixel=d.screen().white_pixel)
    own.change_property(d.intern_atom("_NET_WM_NAME"), d.intern_atom("UTF8_STRING"), 8,
                        UNICODE_TITLE.encode())
    own.set_wm_class("gbprobe", "GbProbe")
    own.map()
    d.sync()
    deadline = time.monotonic() + 15
    while True:
        listing = survey()
        titles = {w.title for w in listing.windows}
        if {UNICODE_TITLE, "gamebot xmessage"} <= titles or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    out: dict[str, object] = {"backend": listing.backend.name, "reason": listing.reason,
                              "titles": sorted(titles)}
    xm = find_window(title="^gamebot xmessage$")
    out["xmessage"] = {"id": xm.id, "backend": xm.backend, "app": xm.app,
                       "region": list(_box(xm.region))}
    out["by_class"] = find_window(app="^gbxmsg$").id
    out["by_id"] = find_window(window_id=xm.id).title
    uni = find_window(title="только _net_wm_name")
    out["unicode"] = {"id": uni.id, "own": own.id, "app": uni.app}
    out["measured"] = list(_box(client_region(xm.id, xm.backend)))
    out["truth"] = list(_truth(d, xm.id))
    focus(uni.id, uni.backend)
    out["active_after_focus"] = _active(d)
    target = attach("gamebot xmessage")
    out["describe"] = target.describe()
    out["target_region"] = list(_box(target.region()))
    try:
        find_window(title="Minesweeper XP")
    except WindowNotFound as exc:
        out["not_found"] = str(exc)
    own.destroy()
    d.close()
    json.dump(out, sys.stdout)


def _box(region: object) -> tuple[int, int, int, int]:
    return region.left, region.top, region.width, region.height  # type: ignore[attr-defined]


def _truth(d: display.Display, wid: int) -> tuple[int, int, int, int]:
    """The client window's place on the root, asked of the X server directly."""
    w = d.create_resource_object("window", wid)
    geom = w.get_geometry()
    pos = d.screen().root.translate_coords(w, 0, 0)
    return pos.x, pos.y, geom.width, geom.height


def _active(d: display.Display) -> int:
    prop = d.screen().root.get_full_property(d.intern_atom("_NET_ACTIVE_WINDOW"),
                                             X.AnyPropertyType)
    return int(prop.value[0]) if prop is not None and len(prop.value) else 0


if __name__ == "__main__":
    main()
