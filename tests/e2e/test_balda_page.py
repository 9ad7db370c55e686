"""Our Balda page in a real Chromium on a private Xvfb: it renders, and a click lands.

Pixels only, as the bot sees it: the classic theme's board (dark grid lines round white and
beige cells) must appear with the start word's five filled cells across the middle row; a click
on the empty cell above the word must turn it the "placing here" yellow, Escape must clear it,
and the settled page must give two identical screenshots.
"""

from __future__ import annotations

import shutil
import subprocess
import time

import mss
import numpy as np
import pytest

from bot.io.processes import stop_process
from bot.io.targets.browser import browser_argv
from bot.pages.balda.game import BaldaGames
from bot.pages.kit.server import PageServer
from solvers.balda import Lexicon
from solvers.words import russian_nouns

pytestmark = [pytest.mark.display, pytest.mark.xdist_group("balda-page-e2e")]

# classic theme colours (BGR, as mss/OpenCV order them); see bot/pages/balda/static/balda.css
GRID_LINE = (74, 74, 74)  # #4a4a4a
EMPTY = (255, 255, 255)  # #ffffff
FILLED = (189, 227, 242)  # #f2e3bd
TARGET = (77, 216, 255)  # #ffd84d


def grab() -> np.ndarray:
    with (getattr(mss, "MSS", None) or mss.mss)() as screen:
        return np.array(screen.grab(screen.monitors[1]))[:, :, :3]


def mask(image: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    return (np.abs(image.astype(int) - np.array(colour)).sum(axis=2) < 10).astype(np.uint8)


def find_board(image: np.ndarray) -> tuple[int, int, int, int] | None:
    """(x, y, width, height) of the largest blob of grid-line colour, if it is square-ish."""
    import cv2

    count, _, stats, _ = cv2.connectedComponentsWithStats(mask(image, GRID_LINE))
    if count < 2:
        return None
    best = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h = (int(v) for v in stats[best, :4])
    return (x, y, w, h) if w > 150 and abs(w - h) <= 2 else None


def cell_colour(image: np.ndarray, board: tuple[int, int, int, int], row: int, col: int):
    x, y, w, _ = board
    pitch = w / 5
    cx, cy = int(x + (col + 0.5) * pitch), int(y + (row + 0.5) * pitch)
    # a pixel near the cell's corner: inside the cell, clear of the letter
    return tuple(int(v) for v in image[cy - int(pitch * 0.35), cx - int(pitch * 0.35)]), (cx, cy)


def wait_for(check, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    pytest.fail(f"timed out after {seconds:g} s waiting for {what}")


def test_the_page_renders_in_chromium_and_takes_a_click(virtual_display, tmp_path):
    if shutil.which("chromium") is None or shutil.which("xdotool") is None:
        pytest.fail("chromium and xdotool are needed: run ./scripts/setup.sh")
    words = Lexicon(w for w in russian_nouns() if set(w) <= set("ОЕАИНТСРВЛ"))
    with PageServer("balda", BaldaGames({"ru": words})) as server:
        argv = browser_argv(server.url(seed=1), tmp_path / "profile", (1280, 900))
        browser = subprocess.Popen(
            argv,
            env=virtual_display.env,
            stdout=subprocess.DEVNULL,
            stderr=(tmp_path / "chromium.log").open("w"),
        )
        try:
            board = wait_for(lambda: find_board(grab()), 30, "the Balda board on screen")
            image = grab()
            colours = [[cell_colour(image, board, r, c)[0] for c in range(5)] for r in range(5)]
            assert colours[2] == [FILLED] * 5, colours  # the start word across the middle
            for r in (0, 1, 3, 4):
                assert colours[r] == [EMPTY] * 5, (r, colours[r])
            assert 270 <= board[2] <= 310  # 5 cells of 56 CSS px + lines, at 100 %

            _, (x, y) = cell_colour(image, board, 1, 2)
            subprocess.run(
                ["xdotool", "mousemove", str(x), str(y), "click", "1"],
                env=virtual_display.env,
                check=True,
            )
            wait_for(
                lambda: cell_colour(grab(), board, 1, 2)[0] == TARGET, 5, "the yellow target cell"
            )
            subprocess.run(["xdotool", "key", "Escape"], env=virtual_display.env, check=True)
            wait_for(lambda: cell_colour(grab(), board, 1, 2)[0] == EMPTY, 5, "the cell cleared")
            time.sleep(0.3)
            assert np.array_equal(grab(), grab()), "a settled page must not change"
        finally:
            stop_process(browser)
