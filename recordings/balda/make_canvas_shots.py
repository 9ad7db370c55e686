"""Make labelled screenshots of our Balda page's canvas theme (``theme=canvas``).

Each picture is a seeded random mid-game position (``solvers.balda.positions``) given to the page
by its ``position`` parameter, so the label is the position itself: no letter is named by hand.
A few pictures also show a cell chosen and a tentative letter picked on the palette (clicked
with the pointer). Chromium runs on a private Xvfb with ``--force-device-scale-factor``;
screenshots are the whole 1600x1000 screen, as the other labelled pictures.

    .venv/bin/python recordings/balda/make_canvas_shots.py [--only NAME]

writes ``labelled/gamebot-canvas-*.png``, ``labelled/expected/*.txt`` and their entries in
``labelled/labels.json`` (the pictures named ``HOLDOUT`` are kept out of the banks).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
LABELLED = HERE / "labelled"
ORIGIN = ("our page (gamebot serve balda) theme=canvas, position= a seeded random mid-game"
          " position (recordings/balda/make_canvas_shots.py), Chromium"
          " --force-device-scale-factor; the label is the position given")
#: Pictures kept out of the banks (checked last).
HOLDOUT = {"gamebot-canvas-110-m9.png", "gamebot-canvas-150-m14.png", "gamebot-canvas-090-s6.png"}


@dataclass(frozen=True)
class Shot:
    name: str
    zoom: float
    size: int
    seed: int
    plies: int
    select: bool = False  # choose an empty cell and a tentative letter on the palette


SHOTS = [
    Shot("gamebot-canvas-100-m4.png", 1.0, 5, 101, 4),
    Shot("gamebot-canvas-100-m8.png", 1.0, 5, 102, 8),
    Shot("gamebot-canvas-100-m12.png", 1.0, 5, 103, 12),
    Shot("gamebot-canvas-100-m16.png", 1.0, 5, 104, 16),
    Shot("gamebot-canvas-080-m10.png", 0.8, 5, 105, 10),
    Shot("gamebot-canvas-125-m11.png", 1.25, 5, 106, 11),
    Shot("gamebot-canvas-150-m7.png", 1.5, 5, 107, 7),
    Shot("gamebot-canvas-100-6x6-m14.png", 1.0, 6, 108, 14),
    Shot("gamebot-canvas-100-7x7-m18.png", 1.0, 7, 109, 18),
    Shot("gamebot-canvas-100-s5.png", 1.0, 5, 110, 5, select=True),
    Shot("gamebot-canvas-110-m9.png", 1.1, 5, 111, 9),
    Shot("gamebot-canvas-150-m14.png", 1.5, 5, 112, 14),
    Shot("gamebot-canvas-090-s6.png", 0.9, 5, 113, 6, select=True),
]


def position_of(shot: Shot) -> list[str]:
    from solvers.balda.lexicon import Lexicon
    from solvers.balda.positions import random_position
    from solvers.balda.rules import BaldaRules

    state = random_position(Lexicon.for_language("ru"), random.Random(shot.seed), shot.plies,
                            BaldaRules(size=shot.size))
    n = shot.size
    return ["".join(ch or "." for ch in state.grid[r * n : (r + 1) * n]) for r in range(n)]


def take(shot: Shot, base: str) -> tuple[object, list[str]]:
    """The screenshot of one shot (BGR pixels) and its grid rows."""
    from urllib.parse import urlencode

    import numpy as np

    from bot.io.screens.desktop import DesktopScreen
    from bot.io.targets import browser
    from bot.web.sites import load_profile

    rows = position_of(shot)
    query = {"theme": "canvas", "size": shot.size, "position": "/".join(rows), "first": "human"}
    url = f"{base}?{urlencode(query)}"  # a URL with raw Cyrillic opens no window
    target = browser.launch(url, load_profile("gamebot-balda"), (1280, 900), shot.zoom)
    try:
        screen = DesktopScreen(0.05)
        location = _wait_for_grid(screen, shot.size)
        if shot.select:
            rows = _select(screen, location, rows)
            time.sleep(1.0)
        pixels = np.asarray(screen.grab().pixels)
        screen.close()
    finally:
        target.close()
    return pixels, rows


def _wait_for_grid(screen: object, size: int, timeout: float = 60.0) -> object:
    """The grid once the page shows it (the page server loads its dictionary first)."""
    from vision.core.errors import ReadError
    from vision.core.letters import locate_letter_grid

    deadline = time.monotonic() + timeout
    while True:
        time.sleep(1.0)
        try:
            return locate_letter_grid(screen.grab(), (size,))  # type: ignore[attr-defined]
        except ReadError:
            if time.monotonic() > deadline:
                raise


def _select(screen: object, location: object, rows: list[str]) -> list[str]:
    """Click an empty cell next to a letter, then a palette key: the tentative letter shows in
    the cell (the label has it too: a letter on the grid to read)."""
    from vision.core.geometry import Point

    n = len(rows)
    for r in range(n):
        for c in range(n):
            near = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
            if rows[r][c] == "." and any(0 <= a < n and 0 <= b < n and rows[a][b] != "."
                                         for a, b in near):
                screen.click(location.geometry.cell_center(r, c))  # type: ignore[attr-defined]
                time.sleep(0.5)
                # the palette's fifth key (Д): 11 keys a row under the grid
                bounds = location.geometry.bounds  # type: ignore[attr-defined]
                pitch = location.pitch  # type: ignore[attr-defined]
                key = pitch * 43 / 56
                px = bounds.left + bounds.width / 2 - 5.5 * key + 4.5 * key
                py = bounds.bottom + pitch * 0.8 + key / 2
                screen.click(Point(int(px), int(py)))  # type: ignore[attr-defined]
                rows = list(rows)
                rows[r] = rows[r][:c] + "Д" + rows[r][c + 1 :]
                return rows
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help="make only this picture")
    args = parser.parse_args()
    import contextlib
    import os

    from bot.io.virtual_display import VirtualDisplay
    from bot.pages.kit.child import ChildPageServer

    index = LABELLED / "labels.json"
    labels = json.loads(index.read_text("utf-8"))
    # a 1600x1000 display of one's own (DISPLAY), else a private Xvfb
    display = (contextlib.nullcontext() if os.environ.get("DISPLAY")
               else VirtualDisplay(1600, 1000))
    with display, ChildPageServer("balda") as server:
        base = server.url().split("?")[0]
        for shot in SHOTS:
            if args.only and shot.name != args.only:
                continue
            import cv2

            pixels, rows = take(shot, base)
            cv2.imwrite(str(LABELLED / shot.name), pixels)  # type: ignore[arg-type]
            (LABELLED / "expected" / (Path(shot.name).stem + ".txt")).write_text(
                "\n".join(rows) + "\n", "utf-8")
            meta: dict[str, object] = {
                "site": "gamebot-canvas", "lang": "ru", "zoom": shot.zoom, "theme": "canvas",
                "shows": "cell chosen and a tentative letter" if shot.select else "mid-game",
                "origin": ORIGIN,
            }
            if shot.name in HOLDOUT:
                meta["holdout"] = True
            labels["fixtures"][shot.name] = meta
            print(shot.name, "/".join(rows))
    index.write_text(json.dumps(labels, ensure_ascii=False, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    main()
