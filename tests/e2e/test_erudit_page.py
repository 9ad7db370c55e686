"""Our Erudit / Scrabble page in a real Chromium on a private Xvfb: it renders, and a move made
with the mouse is played.

Pixels only, as the bot sees it: the board (the largest blob of grid-line colour, square, 15
squares of about 38 CSS px), its corner premium in the theme's colour, seven tiles on the rack.
The test lays the engine's best first move (one without a wildcard) tile by tile, by dragging in
one case and by clicking in the other, checks each square shows a tile, presses the first button
(«Сделать ход» / "Play"), and waits for the computer's reply to show on its squares in the
theme's highlight colour. The settled page must give two identical screenshots.
"""

from __future__ import annotations

import shutil
import subprocess
import time

import cv2
import mss
import numpy as np
import pytest

from bot.io.processes import stop_process
from bot.io.targets.browser import browser_argv
from bot.pages.erudit.game import EruditGames
from bot.pages.kit.server import PageServer
from solvers.erudit import generate, graph_for, load_rules

pytestmark = [pytest.mark.display, pytest.mark.xdist_group("erudit-page-e2e")]

# theme colours as RGB; see bot/pages/erudit/static/erudit.css
LOOKS = {
    "classic": {
        "grid": (0x17, 0x4A, 0x2D),
        "corner": (0xD2, 0x3C, 0x32),  # 3x word
        "tile": (0xF6, 0xE7, 0xC1),
        "last": (0xFF, 0xD8, 0x3D),
        "rack": (0x6B, 0x4B, 0x2A),
        "button": (0xDF, 0xE7, 0xDC),
    },
    "wood": {
        "grid": (0x1B, 0x12, 0x0B),
        "corner": (0xD0, 0x66, 0x1B),
        "tile": (0xF2, 0xC5, 0x66),
        "last": (0xA6, 0xE0, 0x7A),
        "rack": (0x3A, 0x26, 0x18),
        "button": (0x5A, 0x43, 0x30),
    },
}


def grab() -> np.ndarray:
    with (getattr(mss, "MSS", None) or mss.mss)() as screen:
        return np.ascontiguousarray(np.array(screen.grab(screen.monitors[1]))[:, :, :3])


def mask(image: np.ndarray, rgb: tuple[int, int, int]) -> np.ndarray:
    bgr = np.array(rgb[::-1])
    return (np.abs(image.astype(int) - bgr).sum(axis=2) < 10).astype(np.uint8)


def blobs(image: np.ndarray, rgb: tuple[int, int, int], min_area: int) -> list[tuple[int, ...]]:
    """(x, y, width, height, area) of each blob of one colour, largest first."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask(image, rgb))
    found = [tuple(int(v) for v in stats[i]) for i in range(1, count)]
    return sorted((b for b in found if b[4] >= min_area), key=lambda b: -b[4])


def find_board(image: np.ndarray, look: dict) -> tuple[int, int, int, int] | None:
    found = blobs(image, look["grid"], 1000)
    if not found:
        return None
    x, y, w, h, _ = found[0]
    return (x, y, w, h) if w > 400 and abs(w - h) <= 2 else None


class Layout:
    """Where the squares, the rack tiles and the buttons are on one screenshot."""

    def __init__(self, image: np.ndarray, look: dict) -> None:
        board = find_board(image, look)
        assert board is not None, "no board on screen"
        self.x, self.y, self.size, _ = board
        self.pitch = self.size / 15
        rx, ry, rw, rh, _ = blobs(image, look["rack"], 500)[0]
        self.rack = (rx, ry, rw, rh)
        tiles = [b for b in blobs(image, look["tile"], 200) if rx < b[0] < rx + rw and ry <= b[1]]
        self.slots = sorted((b[0] + b[2] // 2, b[1] + b[3] // 2) for b in tiles if b[1] < ry + rh)
        below = [b for b in blobs(image, look["button"], 300) if b[1] > ry + rh]
        self.buttons = sorted((b[0] + b[2] // 2, b[1] + b[3] // 2) for b in below)

    def centre(self, row: int, col: int) -> tuple[int, int]:
        return (int(self.x + (col + 0.5) * self.pitch), int(self.y + (row + 0.5) * self.pitch))

    def colour(self, image: np.ndarray, row: int, col: int) -> tuple[int, int, int]:
        """The colour near the square's top left corner: the tile or the square, not a letter,
        inside the frame a tile laid this turn has."""
        x = int(self.x + (col + 0.12) * self.pitch)
        y = int(self.y + (row + 0.14) * self.pitch)
        b, g, r = (int(v) for v in image[y, x])
        return (r, g, b)


def near(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) < 10


SHOTS: list = []  # where a failed wait saves the screen (set by the test)


def wait_for(check, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.2)
    if SHOTS:
        cv2.imwrite(str(SHOTS[-1] / "timed-out.png"), grab())
    pytest.fail(f"timed out after {seconds:g} s waiting for {what}")


def xdotool(env, *args: object) -> None:
    subprocess.run(["xdotool", *map(str, args)], env=env, check=True)


def drag(env, start: tuple[int, int], end: tuple[int, int]) -> None:
    xdotool(env, "mousemove", *start)
    xdotool(env, "mousedown", 1)
    for i in range(1, 9):
        x = start[0] + (end[0] - start[0]) * i // 8
        y = start[1] + (end[1] - start[1]) * i // 8
        xdotool(env, "mousemove", x, y)
        time.sleep(0.02)
    xdotool(env, "mouseup", 1)


def click(env, point: tuple[int, int]) -> None:
    xdotool(env, "mousemove", *point, "click", 1)


@pytest.mark.parametrize(
    ("rules", "theme", "style", "zoom", "seed"),
    [("erudit", "classic", "drag", 1.0, 1), ("scrabble-en", "wood", "click", 1.5, 4)],
)
def test_the_page_renders_and_a_move_made_with_the_mouse_is_played(
    virtual_display, tmp_path, rules, theme, style, zoom, seed
):
    if shutil.which("chromium") is None or shutil.which("xdotool") is None:
        pytest.fail("chromium and xdotool are needed: run ./scripts/setup.sh")
    print(f"seed {seed}")
    SHOTS.append(tmp_path)
    look, env = LOOKS[theme], virtual_display.env
    rule_set = load_rules(rules)
    games = EruditGames({rules: graph_for(rule_set.dictionary)})
    with PageServer("erudit", games) as server:
        url = server.url(
            rules=rules, theme=theme, input=style, seed=seed, level="medium", think=200
        )
        argv = browser_argv(url, tmp_path / "profile", (1280, 900), zoom)
        browser = subprocess.Popen(
            argv, env=env, stdout=subprocess.DEVNULL, stderr=(tmp_path / "chromium.log").open("w")
        )
        try:
            wait_for(lambda: find_board(grab(), look), 30, "the board on screen")
            session = wait_for(games.newest, 10, "the page to start a game")
            time.sleep(0.5)
            image = grab()
            cv2.imwrite(str(tmp_path / "start.png"), image)
            layout = Layout(image, look)
            # 15 squares of 36..42 device pixels at 100 % and 150 % in a 1280x900 window
            assert 36 <= layout.pitch <= 44, layout.pitch
            for row, col in ((0, 0), (0, 14), (14, 0), (14, 14)):
                assert near(layout.colour(image, row, col), look["corner"]), (row, col)
            assert len(layout.slots) == 7, layout.slots
            assert len(layout.buttons) == 5, layout.buttons  # play, recall, exchange, pass, new

            plays = generate(session.board, session.rack_text(), session.graph, session.rules)
            play = max((p for p in plays if "*" not in p.used), key=lambda p: p.score)
            free = list(session.rack)
            laid = []
            for square, letter in play.placement.new_tiles(session.board):
                slot = free.index(letter)
                free[slot] = None
                row, col = divmod(square, 15)
                if style == "drag":
                    drag(env, layout.slots[slot], layout.centre(row, col))
                else:
                    click(env, layout.slots[slot])
                    time.sleep(0.1)
                    click(env, layout.centre(row, col))
                laid.append((row, col))
                wait_for(
                    lambda r=row, c=col: near(layout.colour(grab(), r, c), look["tile"]),
                    5,
                    f"a tile on square {row},{col}",
                )
            click(env, layout.buttons[0])
            wait_for(lambda: len(session.history) >= 2, 20, "the move and the computer's reply")
            mine, theirs = session.history[:2]
            assert mine.by == 0 and mine.score == play.score
            assert sorted(mine.squares) == sorted(laid)
            assert theirs.by == 1 and theirs.kind == "play", theirs
            for row, col in theirs.squares:
                wait_for(
                    lambda r=row, c=col: near(layout.colour(grab(), r, c), look["last"]),
                    5,
                    f"the computer's tile on {row},{col} highlighted",
                )
            image = grab()
            cv2.imwrite(str(tmp_path / "after.png"), image)
            for row, col in laid:
                assert near(layout.colour(image, row, col), look["tile"]), (row, col)
            time.sleep(0.3)
            assert np.array_equal(grab(), grab()), "a settled page must not change"
        finally:
            stop_process(browser)
