"""``solve minesweeper --shot SHOT.png --picture OUT.png``: every covered cell's mine
probability as a heat map over the screenshot, with the chosen move marked.

Green is safe, red a mine, yellow a coin toss; the percentage is written in each covered cell
(the picture is enlarged until cells are big enough to hold it). The move the solver chose is
framed in blue with its name; other moves of the same plan (certain ones) get a thin frame.
A strip under the board gives the colour scale and the chosen move in words.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from solvers.decision import Decision
from solvers.minesweeper.moves import Move, MoveKind
from solvers.minesweeper.state import Board
from vision.core.geometry import GridGeometry

CHOSEN = (255, 90, 0)  # BGR: blue
OTHER = (255, 200, 120)
MIN_CELL = 32  # pixels a cell gets in the picture, so a percentage fits
ALPHA = 0.55


def colour(p: float) -> tuple[int, int, int]:
    """BGR from green (0) through yellow (0.5) to red (1)."""
    p = min(1.0, max(0.0, p))
    hue = int(round(60 * (1 - p)))  # OpenCV hue: 60 green, 30 yellow, 0 red
    bgr = cv2.cvtColor(np.array([[[hue, 255, 235]]], dtype=np.uint8), cv2.COLOR_HSV2BGR)[0, 0]
    return int(bgr[0]), int(bgr[1]), int(bgr[2])


def _text(img: np.ndarray, text: str, centre: tuple[int, int], scale: float,
          colour_: tuple[int, int, int] = (0, 0, 0)) -> None:
    font = cv2.FONT_HERSHEY_SIMPLEX
    (w, h), _ = cv2.getTextSize(text, font, scale, 1)
    org = (centre[0] - w // 2, centre[1] + h // 2)
    cv2.putText(img, text, org, font, scale, (255, 255, 255), 3, cv2.LINE_AA)
    cv2.putText(img, text, org, font, scale, colour_, 1, cv2.LINE_AA)


def draw_heatmap(
    pixels: np.ndarray,
    geometry: GridGeometry,
    board: Board,
    grid: np.ndarray,
    plan: Sequence[Decision[Move]],
) -> np.ndarray:
    """The screenshot's board enlarged, probabilities drawn over its covered cells, the chosen
    move (``plan[0]``) marked, and a legend strip below."""
    pitch = min(geometry.pitch)
    k = max(1, math.ceil(MIN_CELL / max(pitch, 1.0)))
    bounds = geometry.bounds
    pad = max(4, int(pitch // 2))
    top, left = max(0, bounds.top - pad), max(0, bounds.left - pad)
    bottom = min(pixels.shape[0], bounds.bottom + pad)
    right = min(pixels.shape[1], bounds.right + pad)
    crop = pixels[top:bottom, left:right]
    img = cv2.resize(crop, None, fx=k, fy=k, interpolation=cv2.INTER_NEAREST)

    def rect(r: int, c: int) -> tuple[int, int, int, int]:
        cell = geometry.cell_rect(r, c)
        return ((cell.left - left) * k, (cell.top - top) * k,
                (cell.right - left) * k - 1, (cell.bottom - top) * k - 1)

    overlay = img.copy()
    covered: list[tuple[int, int, float]] = []
    for r in range(board.rows):
        for c in range(board.cols):
            p = float(grid[r, c])
            if math.isnan(p):
                continue  # an open cell
            covered.append((r, c, p))
            x0, y0, x1, y1 = rect(r, c)
            cv2.rectangle(overlay, (x0, y0), (x1, y1), colour(p), -1)
    img = cv2.addWeighted(overlay, ALPHA, img, 1 - ALPHA, 0)
    scale = max(0.3, pitch * k / 80)
    for r, c, p in covered:
        x0, y0, x1, y1 = rect(r, c)
        _text(img, f"{round(p * 100)}", ((x0 + x1) // 2, (y0 + y1) // 2), scale)
    for i, decision in enumerate(plan):
        move = decision.move
        x0, y0, x1, y1 = rect(move.row, move.col)
        if i == 0:
            cv2.rectangle(img, (x0 - 2, y0 - 2), (x1 + 2, y1 + 2), (255, 255, 255), 6)
            cv2.rectangle(img, (x0 - 2, y0 - 2), (x1 + 2, y1 + 2), CHOSEN, 3)
        else:
            cv2.rectangle(img, (x0 + 1, y0 + 1), (x1 - 1, y1 - 1), OTHER, 2)
    legend = _legend(plan, len(covered))
    width = max(img.shape[1], legend.shape[1])
    return np.vstack([_pad(img, width), _pad(legend, width)])


def _pad(img: np.ndarray, width: int) -> np.ndarray:
    """The picture widened to ``width`` with white on the right."""
    extra = width - img.shape[1]
    if extra <= 0:
        return img
    return cv2.copyMakeBorder(img, 0, 0, 0, extra, cv2.BORDER_CONSTANT, value=(255, 255, 255))


def _legend(plan: Sequence[Decision[Move]], covered: int) -> np.ndarray:
    """The colour scale, then the chosen move and the rest of the plan in words."""
    font, size = cv2.FONT_HERSHEY_SIMPLEX, 0.45
    if plan:
        first = plan[0]
        p = "" if first.probability is None else f", mine probability {first.probability:.3f}"
        words = [f"chosen (blue frame): {first.move.to_text()} [{first.stage}{p}]"]
        if len(plan) > 1:
            words.append(f"{len(plan) - 1} more move(s) of the same plan: thin frames")
    else:
        words = ["no move"]
    words.append(f"{covered} covered cells, mine probability in %")
    text_w = max(cv2.getTextSize(w, font, size, 1)[0][0] for w in words)
    bar_w = 300
    width = max(bar_w, text_w) + 20
    height = 44 + 20 * len(words)
    strip = np.full((height, width, 3), 255, np.uint8)
    for x in range(bar_w):
        cv2.line(strip, (10 + x, 8), (10 + x, 24), colour(x / (bar_w - 1)), 1)
    cv2.putText(strip, "0 % (safe)", (10, 38), font, 0.4, (0, 0, 0), 1, cv2.LINE_AA)
    cv2.putText(strip, "100 % (mine)", (bar_w - 80, 38), font, 0.4, (0, 0, 0), 1, cv2.LINE_AA)
    for i, line in enumerate(words):
        ink = CHOSEN if i == 0 and plan else (0, 0, 0)
        cv2.putText(strip, line, (10, 58 + 20 * i), font, size, ink, 1, cv2.LINE_AA)
    return strip


def save_heatmap(out: Path, pixels: np.ndarray, geometry: GridGeometry, board: Board,
                 grid: np.ndarray, plan: Sequence[Decision[Move]]) -> dict[str, object]:
    picture = draw_heatmap(pixels, geometry, board, grid, plan)
    if not cv2.imwrite(str(out), picture):
        raise OSError(f"{out}: could not write the picture")
    flagged = sum(1 for d in plan if d.move.kind is MoveKind.FLAG)
    return {"picture": str(out), "width": picture.shape[1], "height": picture.shape[0],
            "marked_moves": len(plan), "marked_flags": flagged}
