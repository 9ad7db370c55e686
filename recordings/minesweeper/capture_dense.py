"""Capture the rare numbers 5-8 from the real xdemineur and gnome-mines: dense boards on Xvfb.

    .venv/bin/python recordings/minesweeper/capture_dense.py xdemineur OUT_DIR [--games 200]
    .venv/bin/python recordings/minesweeper/capture_dense.py gnome-mines OUT_DIR [--games 40]
        [--window 765x500] [--board 14x9]

Ordinary games almost never show a 5 or more, so the skins could not learn them from ordinary
captures. On a board with three or four mines in five cells nearly every opened cell is a high
number. Each game opens the cells the project's solver finds least likely to hold a mine until it
is lost (after a few clicks). The last picture before the losing click is kept when it shows a
wanted glyph (``--want``, 5678 by default) or a cell the skin cannot read yet, with the lost
picture of the same game as ``*-lost.png`` (every mine shown: the numbers of a label can be
checked against it; a lost dense xdemineur board is mostly mine pictures, too few flat cells to
locate it when resized). Beside each picture goes ``sheets/<name>.png``: the board enlarged with
row and column numbers, to label it by eye. Labels are written by hand, never by this script.
The last lines sum up the cells the skin refused and whether every lost board it read whole
obeys the rules (each number equals the mines around it): a check on pictures nobody labelled.
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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bot.io.virtual_display import VirtualDisplay  # noqa: E402
from solvers.minesweeper.solver import probabilities  # noqa: E402
from solvers.minesweeper.state import Board, Cell  # noqa: E402
from vision.core.frame import Frame  # noqa: E402
from vision.core.geometry import GridGeometry  # noqa: E402
from vision.minesweeper.cells import CellVerdict  # noqa: E402
from vision.minesweeper.reader import BoardLocation, cell_verdicts, locate_minesweeper  # noqa: E402

Env = dict[str, str]


def grab(env: Env) -> np.ndarray:
    """The screen, cut to the drawn area (the windows sit at the top-left of a black screen)."""
    import mss

    with mss.MSS(display=env["DISPLAY"]) as shot:
        pixels = np.ascontiguousarray(np.array(shot.grab(shot.monitors[1]))[:, :, :3])
    ys, xs = np.nonzero(pixels.sum(axis=2) > 0)
    return pixels[: ys.max() + 1, : xs.max() + 1].copy() if xs.size else pixels


def xdo(env: Env, *args: str) -> None:
    subprocess.run(["xdotool", *args], env=env, check=True)


def click(env: Env, x: int, y: int, button: int = 1) -> None:
    # The pointer leaves at once: gnome-mines lights up the tile under it.
    xdo(env, "mousemove", str(x), str(y), "click", str(button), "mousemove", "5", "5")
    time.sleep(0.3)


def label_sheet(pixels: np.ndarray, geometry: GridGeometry, zoom: int = 3) -> np.ndarray:
    """The board enlarged with row and column numbers in a margin, for labelling by eye."""
    b = geometry.bounds
    board = pixels[b.top : b.bottom, b.left : b.right]
    big = cv2.resize(board, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_NEAREST)
    pad = 40
    out = np.full((big.shape[0] + pad, big.shape[1] + pad, 3), 255, np.uint8)
    out[pad:, pad:] = big
    font = cv2.FONT_HERSHEY_SIMPLEX
    for c in range(geometry.cols):
        x = pad + (geometry.cell_center(0, c).x - b.left) * zoom - 8
        cv2.putText(out, str(c), (x, 28), font, 0.6, (0, 0, 0), 1)
    for r in range(geometry.rows):
        y = pad + (geometry.cell_center(r, 0).y - b.top) * zoom + 6
        cv2.putText(out, str(r), (4, y), font, 0.6, (0, 0, 0), 1)
    return out


def seen(verdict: CellVerdict) -> tuple[Board, np.ndarray]:
    """The board as far as the skin reads it (refused cells shown covered) and the refused mask."""
    refused = ~verdict.accepted
    rows = verdict.text().split("\n")
    text = "\n".join(
        "".join("#" if refused[r, c] or ch == "~" else ch for c, ch in enumerate(row))
        for r, row in enumerate(rows)
    )
    return Board.from_text(text), refused


Shot = tuple[np.ndarray, CellVerdict]


def play_one(env: Env, location: BoardLocation, mines: int, rng: random.Random,
             max_clicks: int) -> tuple[Shot, Shot]:
    """Open the least likely mine until the game is lost. Returns the last picture before the
    losing click and the last picture (each with its read)."""
    pixels = grab(env)
    verdict = cell_verdicts(Frame.from_pixels(pixels), location)
    alive = (pixels, verdict)
    for _ in range(max_clicks):
        board, refused = seen(verdict)
        if board.is_lost:
            break
        alive = (pixels, verdict)
        covered = [rc for rc in board.positions() if board[rc] == Cell.UNKNOWN and not refused[rc]]
        if not covered:
            break
        try:
            probs = probabilities(board, mines)
        except ValueError:  # a refused cell hides a constraint: any covered cell will do
            probs = np.full((board.rows, board.cols), 0.5)
        r, c = min(covered, key=lambda rc: (probs[rc], rng.random()))
        point = location.geometry.cell_center(r, c)
        click(env, point.x, point.y)
        pixels = grab(env)
        verdict = cell_verdicts(Frame.from_pixels(pixels), location)
    return alive, (pixels, verdict)


def keep(out: Path, name: str, pixels: np.ndarray, location: BoardLocation) -> None:
    (out / "sheets").mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(out / name), pixels)
    cv2.imwrite(str(out / "sheets" / name), label_sheet(pixels, location.geometry))


def broken_numbers(board: Board) -> list[tuple[int, int]]:
    """Numbers on a lost board (every mine shown) that do not equal the mines around them."""
    mines = {int(Cell.MINE), int(Cell.EXPLODED), int(Cell.FLAG)}
    bad = []
    for r, c in board.positions():
        cell = board[r, c]  # Cell.ZERO counts as a number: no mine around
        if cell.is_number and sum(int(board[rc]) in mines for rc in board.neighbors(r, c)) != cell:
            bad.append((r, c))
    return bad


def harvest(env: Env, out: Path, prefix: str, games: int, mines: int, want: str,
            rng: random.Random, new_game: Callable[[], None], max_clicks: int = 30) -> None:
    """Play ``games`` games; keep the last picture before each loss that shows something worth
    labelling, with the lost picture of the same game beside it (``*-lost.png``: every mine
    shown, to check the numbers of the label against).

    Every lost picture the skin reads whole is also checked against the rules (each number
    equals the mines shown around it), which catches a misread on pictures nobody labelled.
    """
    found: dict[str, int] = {}
    kept = read_whole = consistent = numbers = refusals = cells = 0
    for g in range(games):
        new_game()
        location = locate_minesweeper(Frame.from_pixels(grab(env)))
        (pixels, verdict), (lost, lost_verdict) = play_one(env, location, mines, rng, max_clicks)
        board, refused = seen(verdict)
        lost_board, lost_refused = seen(lost_verdict)
        cells += refused.size + lost_refused.size
        refusals += int(refused.sum() + lost_refused.sum())
        if lost_board.is_lost and not lost_refused.any():
            read_whole += 1
            bad = broken_numbers(lost_board)
            consistent += not bad
            numbers += sum(1 for rc in lost_board.positions() if lost_board[rc].is_number)
            if bad:
                print(f"game {g}: the lost board breaks the rules at {bad} (a misread?)")
                keep(out, f"{prefix}-{g:03d}-misread.png", lost, location)
        shown = {ch for ch in board.to_text() if ch in want}
        if not shown and not refused.any():
            continue
        for ch in shown:
            found[ch] = found.get(ch, 0) + 1
        name = f"{prefix}-{g:03d}"
        keep(out, f"{name}.png", pixels, location)
        keep(out, f"{name}-lost.png", lost, location)
        kept += 1
        print(f"game {g}: kept {name}.png: shows {''.join(sorted(shown)) or '-'},"
              f" {int(refused.sum())} cells the skin cannot read")
    tally = ", ".join(f"{ch} in {n}" for ch, n in sorted(found.items())) or "none read"
    print(f"{kept} of {games} pictures kept ({tally})")
    print(f"cells refused {refusals} of {cells}; lost boards read whole {read_whole} of {games},"
          f" {consistent} of them obey the rules ({numbers} opened cells checked)")


def xdemineur(out: Path, args: argparse.Namespace, rng: random.Random) -> None:
    game = shutil.which("xdemineur") or "/usr/games/xdemineur"
    cols, rows = args.board or (12, 4)
    mines = args.mines or round(0.7 * cols * rows)
    with VirtualDisplay(1000, 800) as vd:
        env = vd.env
        proc = subprocess.Popen([game, "-geometry", f"{cols}x{rows}", "-m", str(mines)], env=env)
        try:
            time.sleep(1.5)
            face = locate_minesweeper(Frame.from_pixels(grab(env))).panel.face
            if face is None:
                raise SystemExit("xdemineur's face not found: cannot start new games")

            def new_game() -> None:  # a click on the face starts a new game
                click(env, face.left + face.width // 2, face.top + face.height // 2)

            harvest(env, out, f"xdemineur-dense-s{args.seed}", args.games, mines, args.want,
                    rng, new_game)
        finally:
            proc.terminate()
            proc.wait()


@contextmanager
def gnome_mines_custom(cols: int, rows: int, mines: int, window: tuple[int, int],
                       screen: tuple[int, int]) -> Iterator[Env]:
    """gnome-mines on a private display with a custom board started (its chooser, then the
    custom dialog's Play Game button, found by its blue)."""
    game = shutil.which("gnome-mines") or "/usr/games/gnome-mines"
    with tempfile.TemporaryDirectory() as conf, VirtualDisplay(*screen) as vd:
        keyfile = Path(conf) / "glib-2.0" / "settings" / "keyfile"
        keyfile.parent.mkdir(parents=True)
        keyfile.write_text(
            f"[org/gnome/Mines]\nmode=3\nxsize={cols}\nysize={rows}\nnmines={mines}\n"
            f"window-width={window[0]}\nwindow-height={window[1]}\n"
        )
        env = {**vd.env, "GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": conf}
        proc = subprocess.Popen([game], env=env, stderr=subprocess.DEVNULL)
        try:
            time.sleep(4)
            focus(env)
            xdo(env, "key", "Right", "Down", "Return")  # the chooser's fourth tile: Custom
            time.sleep(1)
            pixels = grab(env)
            blue = (pixels[:, :, 0] > 200) & (pixels[:, :, 2] < 100) & (
                np.abs(pixels[:, :, 1].astype(int) - 128) < 30)
            ys, xs = np.nonzero(blue)
            if xs.size < 500:
                raise SystemExit("gnome-mines: the custom game dialog did not show up")
            click(env, int(xs.mean()), int(ys.mean()))
            time.sleep(1)
            yield env
        finally:
            proc.terminate()
            proc.wait()


def focus(env: Env) -> None:
    """gnome-mines pauses (and ignores keys) while it has no focus."""
    wids = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Mines"], env=env,
                          capture_output=True, text=True).stdout.split()
    for wid in wids:
        subprocess.run(["xdotool", "windowfocus", wid], env=env, check=False)


def gnome_mines(out: Path, args: argparse.Namespace, rng: random.Random) -> None:
    cols, rows = args.board or (14, 9)
    mines = args.mines or round(0.8 * cols * rows)
    window = args.window or (765, 500)  # 40 and 39 px cells for 14x9, as the 30x16 default
    screen = (max(1000, window[0] + 200), max(700, window[1] + 200))
    with gnome_mines_custom(cols, rows, mines, window, screen) as env:
        first = [True]

        def new_game() -> None:
            if not first[0]:
                focus(env)
                xdo(env, "key", "ctrl+r")  # play again at the same size
                time.sleep(1)
            first[0] = False

        prefix = f"gnome-mines-dense-{window[0]}-s{args.seed}"
        harvest(env, out, prefix, args.games, mines, args.want, rng, new_game)


def size(text: str) -> tuple[int, int]:
    try:
        a, b = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected WIDTHxHEIGHT, e.g. 12x4") from None
    return a, b


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["xdemineur", "gnome-mines"])
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=40, help="games to play (default 40)")
    parser.add_argument("--board", type=size, help="COLSxROWS (xdemineur 12x4, gnome-mines 14x9)")
    parser.add_argument("--mines", type=int, help="mines (default 70 %% / 80 %% of the cells)")
    parser.add_argument("--window", type=size, help="gnome-mines window size (default 765x500)")
    parser.add_argument("--want", default="5678", help="keep pictures showing these glyphs")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.environ.pop("DISPLAY", None)
    if args.game == "xdemineur":
        xdemineur(args.out, args, rng)
    else:
        gnome_mines(args.out, args, rng)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
