"""Draw a Minesweeper window from a board and a skin: the simulated screen the bot plays on.

The picture is built from the skin's own templates (cells, faces) and its layout numbers
(bevels, counters), so the reader must read it back exactly; a ``scale`` other than 1 resizes
the whole window the way desktop DPI scaling does (nearest neighbour for whole factors,
bilinear otherwise). The grid geometry is returned in the picture's pixels.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cv2
import numpy as np

from solvers.minesweeper.state import CELL_CHARS, Board
from vision.core.geometry import GridGeometry
from vision.minesweeper.seven_segment import SYMBOLS, counter_text
from vision.minesweeper.skin import Skin, SkinError, load_skin

Colour = tuple[int, int, int]


def _bevel(img: np.ndarray, x: int, y: int, w: int, h: int, n: int, tl: Colour, br: Colour) -> None:
    """A 3-D border ``n`` pixels wide: top/left in ``tl``, bottom/right in ``br``."""
    for k in range(n):
        img[y + k, x + k : x + w - k] = tl
        img[y + k : y + h - k, x + k] = tl
        img[y + h - 1 - k, x + k + 1 : x + w - k] = br
        img[y + k + 1 : y + h - k, x + w - 1 - k] = br


def _segment_masks(w: int, h: int) -> dict[str, np.ndarray]:
    """Tapered segment shapes for a ``w`` x ``h`` digit."""
    t = max(2, round(w * 3 / 11))
    mid = h // 2
    masks = {s: np.zeros((h, w), bool) for s in "abcdefg"}
    for k in range(t):
        masks["a"][k, 1 + k : w - 1 - k] = True
        masks["d"][h - 1 - k, 1 + k : w - 1 - k] = True
        masks["f"][1 + k : mid - k, k] = True
        masks["b"][1 + k : mid - k, w - 1 - k] = True
        masks["e"][mid + 1 + k : h - 1 - k, k] = True
        masks["c"][mid + 1 + k : h - 1 - k, w - 1 - k] = True
        off = abs(k - t // 2)
        masks["g"][mid - t // 2 + k, 1 + off : w - 1 - off] = True
    return masks


def _draw_counter(img: np.ndarray, x: int, y: int, value: int | None, spec: Mapping[str, Any],
                  light: Colour, shadow: Colour) -> None:
    bw, bh = spec["box"]
    off = tuple(spec["off"])
    img[y : y + bh, x : x + bw] = off
    _bevel(img, x, y, bw, bh, 1, shadow, light)
    dw, dh = spec["digit"]
    masks = _segment_masks(dw, dh)
    checker = (np.indices((dh, dw)).sum(axis=0) % 2 == 0) if spec.get("dither_unlit") else None
    text = counter_text(value, int(spec["digits"]))
    fx, fy = spec["first"]
    for i, sym in enumerate(text):
        lit = set(SYMBOLS[sym][0])
        left = x + fx + i * spec["pitch"]
        cell = img[y + fy : y + fy + dh, left : left + dw]
        for seg, mask in masks.items():
            if seg in lit:
                cell[mask] = spec["lit"]
            elif checker is not None:
                cell[mask & checker] = spec["unlit"]
            else:
                cell[mask] = spec["unlit"]


def _grid(board: Board, skin: Skin) -> np.ndarray:
    cw, ch = skin.cell_size
    rows = []
    for r in range(board.rows):
        row = []
        for c in range(board.cols):
            char = CELL_CHARS[board.cells[r * board.cols + c]]
            if char not in skin.cells:
                raise SkinError(f"skin {skin.name} cannot draw {char!r} (cell ({r}, {c}))")
            row.append(skin.cells[char])
        rows.append(np.concatenate(row, axis=1))
    grid = np.concatenate(rows, axis=0)
    assert grid.shape[:2] == (board.rows * ch, board.cols * cw)
    return grid


def _classic(board: Board, skin: Skin, mines_left: int | None, face: str, timer: int | None
             ) -> tuple[np.ndarray, int, int]:
    lay = skin.layout
    bg, light, shadow = (skin.colour(k, d) for k, d in
                         (("background", (192,) * 3), ("light", (255,) * 3),
                          ("shadow", (128,) * 3)))
    outer, margin, gap = int(lay["outer_bevel"]), int(lay["margin"]), int(lay["gap"])
    hh, hb, gb = int(lay["header_height"]), int(lay["header_bevel"]), int(lay["grid_bevel"])
    inset = int(lay.get("grid_inset", 0))
    grid = _grid(board, skin)
    gh, gw = grid.shape[:2]
    panel_w = gw + 2 * (gb + inset)
    panel_h = gh + 2 * (gb + inset)
    need = 0  # narrow boards: widen the window so both counters and the face fit
    if skin.counter is not None:
        need = 2 * (int(lay["counter_inset"][0]) + int(skin.counter["box"][0]))
    need += max((f.shape[1] for f in skin.faces.values()), default=0) + 8
    pad = max(0, need - panel_w)
    panel_w += pad
    width = panel_w + 2 * (outer + margin)
    height = outer + margin + hh + gap + panel_h + margin + outer
    img = np.empty((height, width, 3), np.uint8)
    img[:] = bg
    _bevel(img, 0, 0, width, height, outer, light, shadow)
    px = outer + margin
    _bevel(img, px, px, panel_w, hh, hb, shadow, light)
    gy = px + hh + gap
    _bevel(img, px + pad // 2, gy, panel_w - pad, panel_h, gb, shadow, light)
    if inset:
        line = skin.colour("grid_line", (0, 0, 0))
        left = px + pad // 2 + gb
        img[gy + gb : gy + panel_h - gb, left : left + panel_w - pad - 2 * gb] = line
    ox, oy = px + pad // 2 + gb + inset, gy + gb + inset
    img[oy : oy + gh, ox : ox + gw] = grid
    spec = skin.counter
    if spec is not None:
        cx, cy = lay["counter_inset"]
        _draw_counter(img, px + cx, px + cy, mines_left, spec, light, shadow)
        _draw_counter(img, px + panel_w - cx - spec["box"][0], px + cy, timer, spec, light, shadow)
    picture = skin.faces.get(face) if face else None
    if face and picture is None and skin.faces:
        raise SkinError(f"skin {skin.name} has no {face!r} face (it has {sorted(skin.faces)})")
    if picture is not None:
        fh, fw = picture.shape[:2]
        fx = px + (panel_w - fw) // 2
        fy = px + int(lay["face_inset"])
        img[fy : fy + fh, fx : fx + fw] = picture
    return img, ox, oy


def _flat(board: Board, skin: Skin) -> tuple[np.ndarray, int, int]:
    margin = int(skin.layout.get("margin", 20))
    grid = _grid(board, skin)
    gh, gw = grid.shape[:2]
    img = np.empty((gh + 2 * margin, gw + 2 * margin, 3), np.uint8)
    img[:] = skin.colour("background", (240, 240, 240))
    img[margin : margin + gh, margin : margin + gw] = grid
    return img, margin, margin


def render_minesweeper(
    board: Board,
    skin: str | Skin = "winxp",
    mines_left: int | None = None,
    face: str = "playing",
    scale: float = 1.0,
    timer: int | None = None,
) -> tuple[np.ndarray, GridGeometry]:
    """A window-like BGR picture of ``board`` in ``skin`` and the grid geometry in its pixels.

    ``mines_left`` and ``timer`` go on the counters (None leaves them dark); ``face`` is
    ``playing``, ``won`` or ``lost`` (or empty for none). Skins without counters or a face
    (gnome-mines, win7) show the board on the window background.
    """
    sk = load_skin(skin)
    if not 0.25 <= scale <= 8:
        raise ValueError(f"scale {scale} is outside 0.25-8")
    if sk.layout.get("style") == "classic":
        img, ox, oy = _classic(board, sk, mines_left, face, timer)
    else:
        img, ox, oy = _flat(board, sk)
    cw, ch = sk.cell_size
    cols = [ox + c * cw for c in range(board.cols + 1)]
    rows = [oy + r * ch for r in range(board.rows + 1)]
    if scale != 1.0:
        h, w = img.shape[:2]
        size = (round(w * scale), round(h * scale))
        whole = float(scale).is_integer()
        img = cv2.resize(img, size, interpolation=cv2.INTER_NEAREST if whole else cv2.INTER_LINEAR)
        cols = [round(x * scale) for x in cols]
        rows = [round(y * scale) for y in rows]
    return np.ascontiguousarray(img), GridGeometry(tuple(cols), tuple(rows))
