"""Capture screenshots of the real xdemineur and gnome-mines on a private Xvfb display.

    .venv/bin/python recordings/minesweeper/capture_live.py xdemineur OUT_DIR [--seed N]
    .venv/bin/python recordings/minesweeper/capture_live.py gnome-mines OUT_DIR [--size 1600x1000]

The script plays a few scripted moves (safe cells from the project's solver, some flags, some
question marks, a deliberately wrong flag, a losing click, a small won game) and saves a PNG
after each stage. It only produces pictures: the labels in ``labelled/expected`` were written
by looking at each picture, cell by cell. Needs Xvfb, xdotool and the two Debian games.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.io.virtual_display import VirtualDisplay  # noqa: E402
from solvers.minesweeper.solver import probabilities  # noqa: E402
from solvers.minesweeper.state import Cell  # noqa: E402
from vision.core.errors import ReadError  # noqa: E402
from vision.core.frame import Frame  # noqa: E402
from vision.minesweeper.reader import locate_minesweeper, read_minesweeper  # noqa: E402


def grab(env: dict[str, str]) -> np.ndarray:
    import mss

    with mss.MSS(display=env["DISPLAY"]) as shot:
        return np.ascontiguousarray(np.array(shot.grab(shot.monitors[1]))[:, :, :3])


def xdo(env: dict[str, str], *args: str) -> None:
    subprocess.run(["xdotool", *args], env=env, check=True)


def click(env: dict[str, str], x: int, y: int, button: int = 1) -> None:
    xdo(env, "mousemove", str(x), str(y), "click", str(button))
    xdo(env, "mousemove", "5", "5")  # gnome-mines lights up the tile under the pointer
    time.sleep(0.25)


def cell_xy(reading: object, r: int, c: int) -> tuple[int, int]:
    p = reading.geometry.cell_center(r, c)  # type: ignore[attr-defined]
    return p.x, p.y


def save(out: Path, name: str, pixels: np.ndarray) -> None:
    out.mkdir(parents=True, exist_ok=True)
    ys, xs = np.nonzero(pixels.sum(axis=2) > 0)
    crop = pixels[: ys.max() + 1, : xs.max() + 1] if xs.size else pixels
    cv2.imwrite(str(out / name), crop)
    print("saved", out / name)


def play_some(env: dict[str, str], mines: int, rng: random.Random, steps: int) -> object:
    """Open cells the solver calls safe (or least risky) for a few steps; returns the reading."""
    reading = read_minesweeper(Frame.from_pixels(grab(env)))
    for _ in range(steps):
        board = reading.board
        if board.is_lost:
            break
        probs = probabilities(board, mines)
        covered = [(r, c) for r, c in board.positions() if board[r, c] == Cell.UNKNOWN]
        if not covered:
            break
        best = min(covered, key=lambda rc: (probs[rc], rng.random()))
        click(env, *cell_xy(reading, *best))
        reading = read_minesweeper(Frame.from_pixels(grab(env)))
    return reading


def mark(env: dict[str, str], reading: object, mines: int, rng: random.Random
         ) -> set[tuple[int, int]]:
    """Flag two certain mines, put question marks on two cells, flag one unlikely cell."""
    board = reading.board  # type: ignore[attr-defined]
    probs = probabilities(board, mines)
    covered = [(r, c) for r, c in board.positions() if board[r, c] == Cell.UNKNOWN]
    sure = [rc for rc in covered if probs[rc] > 0.999]
    doubtful = sorted(covered, key=lambda rc: (probs[rc], rng.random()))
    for rc in sure[:2]:
        click(env, *cell_xy(reading, *rc), button=3)
    asked = rng.sample(doubtful[len(doubtful) // 2 :], 2)
    for rc in asked:
        click(env, *cell_xy(reading, *rc), button=3)
        click(env, *cell_xy(reading, *rc), button=3)
    click(env, *cell_xy(reading, *doubtful[0]), button=3)  # very likely a wrong flag
    return set(sure[:2]) | set(asked) | {doubtful[0]}


def win(env: dict[str, str], reading: object, mines: int) -> None:
    """Open every cell the solver proves safe and flag every proven mine (small boards)."""
    board = reading.board  # type: ignore[attr-defined]
    probs = probabilities(board, mines)
    covered = [(r, c) for r, c in board.positions() if board[r, c] == Cell.UNKNOWN]
    for rc in covered:
        if probs[rc] < 1e-9:
            click(env, *cell_xy(reading, *rc))
    for rc in covered:
        if probs[rc] > 1 - 1e-9:
            click(env, *cell_xy(reading, *rc), button=3)


def lose(env: dict[str, str], reading: object, mines: int, marked: set[tuple[int, int]]) -> None:
    """Click the unmarked cell most likely to be a mine."""
    board = reading.board  # type: ignore[attr-defined]
    probs = probabilities(board, mines)
    covered = [(r, c) for r, c in board.positions()
               if board[r, c] == Cell.UNKNOWN and (r, c) not in marked]
    click(env, *cell_xy(reading, *max(covered, key=lambda rc: probs[rc])))


def xdemineur(out: Path, rng: random.Random) -> None:
    game = shutil.which("xdemineur") or "/usr/games/xdemineur"
    with VirtualDisplay(1000, 700) as vd:
        env = vd.env
        proc = subprocess.Popen([game, "-m", "99"], env=env)
        state: dict[str, object] = {}
        try:
            time.sleep(1.5)
            save(out, "xdemineur-live-start.png", grab(env))

            def midgame() -> None:
                # xdemineur opens a first area by itself; carry on from there.
                state["r"] = play_some(env, 99, rng, 12)
                save(out, "xdemineur-live-midgame.png", grab(env))

            def marks() -> None:
                marked = mark(env, state["r"], 99, rng)
                save(out, "xdemineur-live-marks.png", grab(env))
                lose(env, state["r"], 99, marked)
                save(out, "xdemineur-live-lost.png", grab(env))

            if safely(out, "xdemineur-live-unknown.png", env, midgame):
                marks()
        finally:
            proc.terminate()
            proc.wait()
        proc = subprocess.Popen([game, "-geometry", "12x4", "-m", "1"], env=env)
        try:
            time.sleep(1.5)
            frame = Frame.from_pixels(grab(env))
            reading = read_minesweeper(frame, location=locate_minesweeper(frame))
            click(env, *cell_xy(reading, 0, 0))
            save(out, "xdemineur-live-small.png", grab(env))
            win(env, read_minesweeper(Frame.from_pixels(grab(env))), 1)
            save(out, "xdemineur-live-won.png", grab(env))
        finally:
            proc.terminate()
            proc.wait()


def gnome_mines(out: Path, rng: random.Random, size: tuple[int, int]) -> None:
    game = shutil.which("gnome-mines") or "/usr/games/gnome-mines"
    with tempfile.TemporaryDirectory() as conf, VirtualDisplay(*size) as vd:
        keyfile = Path(conf) / "glib-2.0" / "settings" / "keyfile"
        keyfile.parent.mkdir(parents=True)

        def start(settings: str) -> subprocess.Popen[bytes]:
            keyfile.write_text("[org/gnome/Mines]\n" + settings)
            env = {**vd.env, "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": conf}
            proc = subprocess.Popen([game, "--big"], env=env, stderr=subprocess.DEVNULL)
            time.sleep(4)
            wid = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Mines"],
                                 env=env, capture_output=True, text=True).stdout.split()
            for one in wid:  # gnome-mines pauses while it has no focus
                subprocess.run(["xdotool", "windowfocus", one], env=env, check=False)
            return proc

        w, h = size
        proc = start(f"mode=2\nwindow-width={w - 100}\nwindow-height={h - 100}\n")
        env = vd.env
        state: dict[str, object] = {}
        try:
            save(out, f"gnome-mines-live-{w}-start.png", grab(env))

            def midgame() -> None:
                frame = Frame.from_pixels(grab(env))
                reading = read_minesweeper(frame, location=locate_minesweeper(frame))
                click(env, *cell_xy(reading, 8, 15))
                state["r"] = play_some(env, 99, rng, 10)
                save(out, f"gnome-mines-live-{w}-midgame.png", grab(env))

            if safely(out, f"gnome-mines-live-{w}-unknown.png", env, midgame):
                marked = mark(env, state["r"], 99, rng)
                save(out, f"gnome-mines-live-{w}-marks.png", grab(env))
                lose(env, state["r"], 99, marked)
                time.sleep(1)
                save(out, f"gnome-mines-live-{w}-lost.png", grab(env))
        finally:
            proc.terminate()
            proc.wait()


def safely(out: Path, name: str, env: dict[str, str], step: object) -> bool:
    """Run one stage; if the picture holds a glyph the skin does not know yet, save it for
    labelling (then rebuild the skin and run again) and stop."""
    try:
        step()  # type: ignore[operator]
        return True
    except ReadError as exc:
        save(out, name, grab(env))
        print(f"stopped: {exc} (saved {name} for labelling)")
        return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["xdemineur", "gnome-mines"])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1600x1000", help="virtual screen for gnome-mines")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.environ.pop("DISPLAY", None)
    if args.game == "xdemineur":
        xdemineur(args.out, rng)
    else:
        w, h = (int(v) for v in args.size.split("x"))
        gnome_mines(args.out, rng, (w, h))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
