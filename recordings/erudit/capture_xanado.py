"""Capture screenshots of Xanado (../shared/targets/xanado, English Scrabble) on an Xvfb display.

    .venv/bin/python recordings/erudit/capture_xanado.py --display :36 --out DIR --zoom 0.8

Serves the copy with ``python -m http.server`` on 127.0.0.1, opens its standalone game in
Chromium at the zoom asked for (the window filling a 1600x1000 screen), and has Xanado's own
computer play our side too (its chat command ``autoplay``, typed into the chat box), so whole
games go by quickly. A PNG of the screen is saved after each of our turns; the labels are
written later by looking at the pictures. Xanado draws its board at 90 % of the window's
height, so at 100 % zoom and above the rack falls below a 1600x1000 window.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from vision.core.frame import Frame  # noqa: E402
from vision.core.page_text import PageText  # noqa: E402

TARGET = ROOT.parent / "shared" / "targets" / "xanado"


def grab(display: str) -> np.ndarray:
    import mss

    with mss.MSS(display=display) as shot:
        return np.ascontiguousarray(np.array(shot.grab(shot.monitors[1]))[:, :, :3])


def xdo(display: str, *args: str) -> None:
    subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display}, check=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def chat_box(frame: Frame) -> tuple[int, int]:
    """The middle of the chat input: the page's one long, thin, white box (else the white box
    under the 'Chat' heading)."""
    import cv2

    white = cv2.inRange(frame.pixels, (250, 250, 250), (255, 255, 255))
    count, _, stats, _ = cv2.connectedComponentsWithStats(white, connectivity=4)
    boxes = [s for s in stats[1:] if s[2] >= 150 and 8 <= s[3] <= 40 and s[2] >= 6 * s[3]]
    if len(boxes) == 1:
        x, y, w, h = (int(v) for v in boxes[0][:4])
        return x + w // 2, y + h // 2
    line = PageText("eng").find(frame, ["Chat"])
    if line is None:
        raise RuntimeError("no 'Chat' heading on the page")
    x = line.region.left + 3 * line.region.height
    px = frame.pixels
    top = line.region.bottom
    for y in range(top, min(frame.height, top + 6 * line.region.height)):
        if int(px[y, x].min()) >= 250 and int(px[y + 4, x].min()) >= 250:
            return x, y + 6
    raise RuntimeError("no chat input box under the 'Chat' heading")


def _line(lines: list, label: str) -> object | None:
    """The shortest line holding ``label`` (the score panel's own line)."""
    from vision.core.page_text import fold
    from vision.erudit.text import label_at

    want = fold(label).split()
    found = [ln for ln in lines if label_at(fold(ln.text).split(), want) is not None]
    return min(found, key=lambda ln: len(ln.text), default=None)


def our_turn(frame: Frame, text: PageText) -> bool | None:
    """Is the score panel's arrow on our line? (None when the lines are not found)"""
    lines = text.lines(frame)
    you, them = _line(lines, "You"), _line(lines, "Computer")
    if you is None or them is None:
        return None

    def leftmost_green(line: object) -> int:
        r = line.region  # type: ignore[attr-defined]
        x0 = max(0, r.left - 4 * r.height)
        band = frame.pixels[r.top : r.bottom, x0 : r.right].astype(int)
        green = band[:, :, 1] - np.maximum(band[:, :, 0], band[:, :, 2]) > 60
        xs = np.nonzero(green.any(axis=0))[0]
        return int(xs[0]) + x0 if len(xs) else 10**6

    return leftmost_green(you) + 2 < leftmost_green(them)


def wait_our_turn(display: str, text: PageText, timeout: float) -> Frame:
    end = time.monotonic() + timeout
    while True:
        frame = Frame.from_pixels(grab(display))
        if our_turn(frame, text) or time.monotonic() > end:
            return frame
        time.sleep(1.0)


def play_engine(display: str, frame: Frame, site: object, graph: object) -> str | None:
    """Our move by the project's reader and engine, entered by clicks (a rack tile, then its
    square; then Enter, as "Finished Turn"); None when no placement without the blank is
    found."""
    from solvers.erudit.best import best_moves
    from solvers.erudit.moves import Placement
    from solvers.erudit.rules import load_rules
    from vision.erudit.reader import locate_erudit, read_erudit

    rules = load_rules("scrabble-en")
    reading = read_erudit(frame, locate_erudit(frame), site, rules)  # type: ignore[arg-type]
    pos = reading.position(rules)
    for d in best_moves(pos, graph, top=30, greedy=True):  # type: ignore[arg-type]
        move = d.move
        if not isinstance(move, Placement):
            continue
        laid = move.new_tiles(pos.board)
        if any(ch.islower() for _, ch in laid):
            continue
        used: set[int] = set()
        for square, ch in laid:
            k = next(k for k, c in enumerate(reading.rack) if c == ch and k not in used)
            used.add(k)
            t = reading.rack_tiles[k].center
            xdo(display, "mousemove", str(t.x), str(t.y), "click", "1")
            time.sleep(0.3)
            p = reading.geometry.cell_center(*divmod(square, 15))
            xdo(display, "mousemove", str(p.x), str(p.y), "click", "1")
            time.sleep(0.3)
        xdo(display, "mousemove", "2", "2")
        time.sleep(0.5)
        xdo(display, "key", "Return")  # commits the tiles laid (the "Finished Turn" button)
        return move.to_text()
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--display", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--zoom", type=float, default=0.8)
    ap.add_argument("--window", default="1600x1000", help="window size in screen pixels")
    ap.add_argument("--turns", type=int, default=30)
    ap.add_argument("--name", default="xanado")
    ap.add_argument("--wait", type=float, default=40.0, help="seconds a turn pair may take")
    ap.add_argument("--site", help="play our side with the project's reader (this Erudit site"
                    " folder) and engine instead of Xanado's autoplay")
    args = ap.parse_args()
    if not (TARGET / "html" / "standalone_game.html").is_file():
        raise SystemExit(f"{TARGET}: Xanado is not there")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                               "--directory", str(TARGET), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    profile = tempfile.mkdtemp(prefix="xanado-capture-")
    ww, wh = (int(v) for v in args.window.split("x"))
    w, h = round(ww / args.zoom), round(wh / args.zoom)
    env = {**os.environ, "DISPLAY": args.display}
    browser = subprocess.Popen(
        ["chromium", "--no-sandbox", "--test-type", f"--user-data-dir={profile}",
         "--no-first-run", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync",
         "--disable-features=Translate,TranslateUI", "--window-position=0,0",
         f"--window-size={w},{h}", f"--force-device-scale-factor={args.zoom}",
         f"--app=http://127.0.0.1:{port}/html/standalone_game.html"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stem = f"{args.name}-{round(args.zoom * 100)}"
    try:
        time.sleep(10)
        frame = Frame.from_pixels(grab(args.display))
        Frame.from_pixels(frame.pixels).save(out / f"{stem}-t00.png")
        x, y = chat_box(frame)
        xdo(args.display, "mousemove", str(x), str(y), "click", "1")
        text = PageText("eng")
        site = graph = None
        if args.site:
            from solvers.erudit.dictionary import graph_for
            from vision.erudit.look import EruditSite

            site, graph = EruditSite.load(args.site), graph_for("english-enable")
        for turn in range(1, args.turns + 1):
            frame = wait_our_turn(args.display, text, 90)
            time.sleep(1.0)
            played = None
            if site is not None:
                try:
                    played = play_engine(args.display, Frame.from_pixels(grab(args.display)),
                                         site, graph)
                except Exception as exc:
                    Frame.from_pixels(grab(args.display)).save(out / f"{stem}-t{turn:02d}-"
                                                               "unread.png")
                    print(f"turn {turn}: not read ({exc})", flush=True)
            if played is None:
                xdo(args.display, "mousemove", str(x), str(y), "click", "1")
                xdo(args.display, "type", "autoplay")
                xdo(args.display, "key", "Return")
                played = "autoplay"
            print(f"turn {turn}: {played}", flush=True)
            xdo(args.display, "mousemove", "2", "2")
            time.sleep(3)
            wait_our_turn(args.display, text, args.wait)
            time.sleep(1.5)
            path = out / f"{stem}-t{turn:02d}.png"
            Frame.from_pixels(grab(args.display)).save(path)
            print(f"saved {path}", flush=True)
    finally:
        browser.terminate()
        browser.wait(10)
        server.terminate()
        server.wait(10)
        shutil.rmtree(profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
