"""Capture screenshots of the project's Erudit page in Chromium on an Xvfb display.

    .venv/bin/python recordings/erudit/capture_page.py --display :35 --out DIR \
        --rules erudit --theme classic --zoom 1.0 --seed 5 --shots 1,6,12

Serves the page in this process, opens it in Chromium (``--force-device-scale-factor`` for the
zoom, the window sized to fill a 1600x1000 screen), and plays the person's side with clicks
(``input=click``): each turn the engine's highest-scoring placement that needs no wildcard
(the computer plays wildcards), else an exchange, else a pass. A PNG of the whole screen is
saved after the person's turns listed in ``--shots`` (once the computer has answered) and at
the end of the game. It only makes pictures: the labels beside them are written by looking.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.pages.erudit.game import EruditGames  # noqa: E402
from bot.pages.kit.server import PageServer  # noqa: E402
from solvers.erudit.best import best_moves  # noqa: E402
from solvers.erudit.moves import Placement  # noqa: E402
from vision.core.frame import Frame  # noqa: E402
from vision.erudit.rack import find_rack  # noqa: E402
from vision.erudit.reader import locate_erudit  # noqa: E402

# The page's tile faces (bot/pages/erudit/static/erudit.css), BGR: plain and just-played, both
# themes.
TILE_FACES = [(0xC1, 0xE7, 0xF6), (0x3D, 0xD8, 0xFF), (0x66, 0xC5, 0xF2), (0x7A, 0xE0, 0xA6)]


def grab(display: str) -> np.ndarray:
    import mss

    with mss.MSS(display=display) as shot:
        return np.ascontiguousarray(np.array(shot.grab(shot.monitors[1]))[:, :, :3])


def settled(display: str, timeout: float = 20.0) -> np.ndarray:
    """The screen once two grabs 0.3 s apart are equal."""
    end = time.monotonic() + timeout
    last = grab(display)
    while time.monotonic() < end:
        time.sleep(0.3)
        now = grab(display)
        if np.array_equal(now, last):
            return now
        last = now
    return last


def xdo(display: str, *args: str) -> None:
    subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display}, check=True)


def click(display: str, x: int, y: int) -> None:
    xdo(display, "mousemove", str(x), str(y), "click", "1")
    time.sleep(0.15)


def chromium(display: str, url: str, zoom: float, profile: str) -> subprocess.Popen[bytes]:
    w, h = round(1600 / zoom), round(1000 / zoom)
    argv = [
        "chromium", "--no-sandbox", "--test-type", f"--user-data-dir={profile}",
        "--no-first-run", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync",
        "--disable-features=Translate,TranslateUI", "--window-position=0,0",
        f"--window-size={w},{h}", f"--force-device-scale-factor={zoom}", f"--app={url}",
    ]
    return subprocess.Popen(argv, env={**os.environ, "DISPLAY": display},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_turn(games: EruditGames, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s = games.newest()
        if s is not None and (s.over or s.turn == 0):
            return
        time.sleep(0.2)
    raise TimeoutError("the computer did not answer")


def play_turn(display: str, games: EruditGames, graph: object, pending: Path | None = None) -> str:
    """Enter the person's move by clicks; returns what was played. With ``pending`` the screen
    is saved there with the tiles laid, before the move is sent."""
    s = games.newest()
    assert s is not None
    pos = s.position()
    frame = Frame.from_pixels(settled(display))
    loc = locate_erudit(frame)
    tiles = find_rack(frame, loc.bounds, loc.pitch, TILE_FACES)
    slots = [i for i, t in enumerate(s.rack) if t is not None]
    if len(tiles) != len(slots):
        raise RuntimeError(f"{len(tiles)} rack tiles seen, {len(slots)} on the rack")
    for d in best_moves(pos, graph, top=400, greedy=True):  # type: ignore[arg-type]
        move = d.move
        if not isinstance(move, Placement):
            continue
        laid = move.new_tiles(pos.board)
        if any(ch.islower() for _, ch in laid):
            continue
        used: set[int] = set()
        for square, ch in laid:
            k = next(k for k, i in enumerate(slots) if s.rack[i] == ch and k not in used)
            used.add(k)
            t = tiles[k].center
            click(display, t.x, t.y)
            p = loc.geometry.cell_center(*divmod(square, 15))
            click(display, p.x, p.y)
        if pending is not None:
            xdo(display, "mousemove", "2", "2")
            Frame.from_pixels(settled(display)).save(pending)
        xdo(display, "key", "Return")
        return move.to_text()
    from vision.core.page_text import PageText

    label = "Pass" if s.lang == "en" else "Пропустить ход"
    text = PageText(s.lang)
    for _ in range(10):  # the buttons are faint until the page has the computer's answer
        line = text.find(frame, [label], [loc.bounds])
        if line is not None:
            break
        time.sleep(1.0)
        frame = Frame.from_pixels(settled(display))
    else:
        raise RuntimeError(f"no {label!r} button found")
    click(display, line.region.center.x, line.region.center.y)
    return "pass (no placement without a wildcard)"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--display", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--rules", default="erudit")
    ap.add_argument("--theme", default="classic")
    ap.add_argument("--zoom", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--first", default="human")
    ap.add_argument("--shots", default="1,6", help="person's turns after which to save")
    ap.add_argument("--max-turns", type=int, default=40)
    ap.add_argument("--pending", default="", help="person's turns at which to save the screen"
                    " with the move's tiles laid but not yet sent")
    args = ap.parse_args()
    wanted = {int(x) for x in args.shots.split(",") if x}
    laid = {int(x) for x in args.pending.split(",") if x}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    games = EruditGames()
    server = PageServer("erudit", games).start()
    profile = tempfile.mkdtemp(prefix="erudit-capture-")
    url = server.url(rules=args.rules, theme=args.theme, input="click", seed=str(args.seed),
                     level=args.level, first=args.first, think="0")
    browser = chromium(args.display, url, args.zoom, profile)
    stem = f"gamebot-{args.rules}-{args.theme}-{round(args.zoom * 100)}-s{args.seed}"
    try:
        time.sleep(4)
        wait_turn(games)
        s = games.newest()
        assert s is not None
        graph = s.graph
        for turn in range(1, args.max_turns + 1):
            s = games.newest()
            assert s is not None
            if s.over:
                break
            if turn == 1 and 0 in wanted:
                Frame.from_pixels(settled(args.display)).save(out / f"{stem}-t00.png")
            pending = out / f"{stem}-t{turn:02d}-pending.png" if turn in laid else None
            played = play_turn(args.display, games, graph, pending)
            time.sleep(0.5)
            wait_turn(games)
            print(f"turn {turn}: {played}; bag {len(s.bag)}", flush=True)
            if turn in wanted:
                path = out / f"{stem}-t{turn:02d}.png"
                Frame.from_pixels(settled(args.display)).save(path)
                print(f"saved {path}", flush=True)
        path = out / f"{stem}-end.png"
        Frame.from_pixels(settled(args.display)).save(path)
        print(f"saved {path}", flush=True)
    finally:
        browser.terminate()
        browser.wait(10)
        server.stop()
        shutil.rmtree(profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
