"""Rebuild the built-in skins from the labelled screenshots (how ``calibration/minesweeper/skins``
was made).

    python -m calibration.minesweeper.build_builtin [--skin winxp] [--labelled DIR]

For each skin: find the cell lattice in each of its labelled screenshots, cut every cell, group
the cuts by their label, bring them to the skin's native cell size and keep the per-pixel
median as that character's template, and record how far the cuts stray from their templates
(``noise``: what the reader must tolerate of JPEG noise and shading). Windows XP glyphs that no
screenshot shows are drawn by :mod:`calibration.minesweeper.classic_art`. Faces are cut around the
yellow face. Layout and counter figures (measured once on the same screenshots) are data in
:data:`SPECS`.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from calibration.minesweeper import classic_art, win7_art
from vision.core.frame import Frame
from vision.core.lattice import find_lattices
from vision.minesweeper.cells import coarse, cut_cell, image_blocks, look_noise
from vision.minesweeper.skin import BUILTIN_DIR, Skin, save_skin

ROOT = Path(__file__).resolve().parents[2]
LABELLED = ROOT / "recordings" / "minesweeper" / "labelled"

_GRAY = [192, 192, 192]
_XP_COUNTER = {
    "kind": "seven_segment",
    "digits": 3,
    "box": [41, 25],
    "digit": [11, 21],
    "first": [2, 2],
    "pitch": 13,
    "lit": [0, 0, 255],
    "unlit": [0, 0, 128],
    "off": [0, 0, 0],
    "dither_unlit": True,
}
_XD_COUNTER = {
    "kind": "seven_segment",
    "digits": 4,
    "box": [82, 32],
    "digit": [16, 26],
    "first": [3, 3],
    "pitch": 20,
    "lit": [0, 0, 255],
    "unlit": [0, 0, 0],
    "off": [0, 0, 0],
    "dither_unlit": False,
}

SPECS: dict[str, dict[str, Any]] = {
    "winxp": {
        "description": "Windows XP Minesweeper (classic look): 16 px cells, 3-digit red counters,"
        " yellow face",
        "source": "cut from winxp-expert-midgame.png and winxp-beginner-midgame.png (public"
        " repository alepar/minesweeper; the game art is Microsoft's); 6 and 7 from the"
        " author-edited copy",
        "cell_size": [16, 16],
        "face_box": [5, 5, 26, 26],
        "counter": _XP_COUNTER,
        "layout": {
            "style": "classic",
            "background": _GRAY,
            "light": [255, 255, 255],
            "shadow": [128, 128, 128],
            "outer_bevel": 3,
            "margin": 9,
            "gap": 6,
            "header_height": 37,
            "header_bevel": 2,
            "grid_bevel": 3,
            "grid_inset": 0,
            "counter_inset": [7, 6],
            "face_inset": 6,
            "face_colour": [0, 255, 255],
        },
    },
    "xdemineur": {
        "description": "xdemineur 2.1 (Debian): 21 px cells with black grid lines, 4-digit"
        " counters, yellow face",
        "source": "cut from xdemineur screenshots taken on Xvfb (recordings/minesweeper)",
        "cell_size": [21, 21],
        "face_box": [6, 6, 40, 40],
        "counter": _XD_COUNTER,
        "layout": {
            "style": "classic",
            "background": [179, 179, 179],
            "light": [255, 255, 255],
            "shadow": [127, 127, 127],
            "outer_bevel": 4,
            "margin": 9,
            "gap": 8,
            "header_height": 57,
            "header_bevel": 3,
            "grid_bevel": 3,
            "grid_inset": 1,
            "grid_line": [0, 0, 0],
            "counter_inset": [17, 12],
            "face_inset": 8,
            "face_colour": [0, 255, 255],
        },
    },
    "gnome-mines": {
        "description": "GNOME Mines 40 (Debian), default theme: flat tiles with gaps, dark digits"
        " on tinted tiles; no face, text counters",
        "source": "cut from gnome-mines screenshots taken on Xvfb (recordings/minesweeper)",
        "cell_size": [40, 40],
        "counter": {"kind": "text"},  # "flags/mines" and "mm:ss" beside the board
        "layout": {"style": "flat", "background": [245, 245, 245], "margin": 20, "pitch": "uneven"},
    },
    "win7": {
        "description": "Windows 7 look (blue glossy tiles), as recreated by Lmy0217/Minesweeper",
        "source": "cut from win7-expert-midgame.jpg (JPEG; public repository"
        " Lmy0217/Minesweeper, a recreation from the Windows 7 artwork)",
        "cell_size": [18, 18],
        "spread": 12.0,
        "layout": {"style": "flat", "background": [236, 226, 219], "margin": 24},
    },
}


def _yellow_box(pixels: np.ndarray, colour: list[int], band: tuple[int, int]) -> tuple[int, ...]:
    """Bounding box (x, y, w, h) of the face's yellow pixels between rows ``band``."""
    diff = np.abs(pixels.astype(np.int16) - np.array(colour, np.int16)).max(axis=2)
    mask = diff < 40
    mask[: band[0]] = False
    mask[band[1] :] = False
    ys, xs = np.nonzero(mask)
    if xs.size == 0:
        raise ValueError("no face found")
    return int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)


def _looks(cuts: list[np.ndarray], spread: float = 5.0) -> tuple[np.ndarray, ...]:
    """Split the cuts of one character into looks (k-means on block features) until the cuts
    of every look lie within ``spread`` (RMS of the distance features) of its median; one look
    if they already do."""
    feats = coarse(np.stack([image_blocks(c) for c in cuts]))
    looks: list[np.ndarray] = []
    for k in range(1, min(10, len(cuts)) + 1):
        if k == 1:
            labels = np.zeros(len(cuts), np.int32)
        else:
            crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 100, 0.1)
            cv2.setRNGSeed(k)
            _, lab, _ = cv2.kmeans(feats, k, None, crit, 5, cv2.KMEANS_PP_CENTERS)
            labels = lab.ravel()
        looks, worst = [], 0.0
        for j in range(k):
            members = [c for c, lab_j in zip(cuts, labels, strict=True) if lab_j == j]
            if not members:
                continue
            look = np.median(np.stack(members), axis=0).round().astype(np.uint8)
            ref = coarse(image_blocks(look)[None])[0]
            f = feats[labels == j]
            worst = max(worst, float(np.sqrt(((f - ref) ** 2).mean(axis=1)).max()))
            looks.append(look)
        if worst <= spread:
            return tuple(looks)
    return tuple(looks)


def build(name: str, labelled: Path = LABELLED) -> Skin:
    spec = SPECS[name]
    labels = json.loads((labelled / "labels.json").read_text("utf-8"))["fixtures"]
    size = tuple(spec["cell_size"])
    cuts: dict[str, list[np.ndarray]] = {}
    faces: dict[str, np.ndarray] = {}
    for file, meta in labels.items():
        if meta.get("skin") != name or "error" in meta:
            continue
        frame = Frame.from_file(labelled / file)
        text = (labelled / "expected" / (Path(file).stem + ".txt")).read_text("utf-8").split()
        # The label says how big the board is; on a small window the counters' digit
        # segments can form a better supported lattice than the board.
        shape = (len(text), len(text[0]))
        found = [lat.geometry for lat in find_lattices(frame.pixels)]
        geometry = next((g for g in found if (g.rows, g.cols) == shape), None)
        if geometry is None:
            sizes = ", ".join(f"{g.rows}x{g.cols}" for g in found) or "none"
            raise ValueError(f"{file}: no {shape[0]}x{shape[1]} lattice as labelled ({sizes})")
        skip = {tuple(rc) for rc in meta.get("unreadable", [])}
        only = meta.get("template_chars")
        for r in range(geometry.rows):
            for c in range(geometry.cols):
                ch = text[r][c]
                if (r, c) in skip or (only and ch not in only):
                    continue
                cuts.setdefault(ch, []).append(cut_cell(frame.pixels, geometry, r, c, size))
        face = meta.get("face")
        if face and "face_box" in spec and face not in faces:
            layout = spec["layout"]
            top = geometry.row_edges[0]
            x, y, _w, _h = _yellow_box(frame.pixels, layout["face_colour"], (0, top))
            dx, dy, fw, fh = spec["face_box"]
            faces[face] = frame.pixels[y - dy : y - dy + fh, x - dx : x - dx + fw].copy()
    cells = {ch: np.median(np.stack(v), axis=0).round().astype(np.uint8) for ch, v in cuts.items()}
    spread = float(spec.get("spread", 5.0))  # JPEG noise needs a wider look (win7)
    variants = {ch: looks for ch, v in cuts.items() if len(looks := _looks(v, spread)) > 1}
    noise = max(look_noise(v, [cells[ch], *variants.get(ch, ())]) for ch, v in cuts.items())
    synthesised: dict[str, str] = {}
    if name == "winxp":
        extras = classic_art.classic_extras(cells["."], cells["#"])
        for ch, img in extras.items():
            if ch not in cells:
                cells[ch] = img
                synthesised[ch] = ("drawn in the classic style"
                                   " (calibration/minesweeper/classic_art.py)")
        for ch in "67":
            synthesised[ch] = "cut from the author-edited screenshot (drawn by its author)"
        for face, img in classic_art.classic_faces(faces["playing"]).items():
            if face not in faces:
                faces[face] = img
                synthesised[f"face:{face}"] = "drawn over the real playing face"
    if name == "win7":
        for ch, img in win7_art.win7_extras(cells["."], cells["#"]).items():
            if ch not in cells:
                cells[ch] = img
                synthesised[ch] = ("drawn in the Windows 7 manner"
                                   " (calibration/minesweeper/win7_art.py)")
    return Skin(
        name=name,
        cell_size=(int(size[0]), int(size[1])),
        cells=cells,
        faces=faces,
        counter=spec.get("counter"),
        layout=spec["layout"],
        synthesised=synthesised,
        variants=variants,
        description=spec["description"],
        source=spec["source"],
        noise=round(noise, 1),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skin", action="append", choices=sorted(SPECS))
    parser.add_argument("--labelled", type=Path, default=LABELLED)
    args = parser.parse_args(argv)
    for name in args.skin or sorted(SPECS):
        skin = build(name, args.labelled)
        folder = save_skin(skin, BUILTIN_DIR / name)
        print(f"{name}: {len(skin.cells)} templates ({skin.chars}), missing {skin.missing!r},"
              f" faces {sorted(skin.faces)} -> {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
