"""Compare a learned skin with another (built-in) one: templates side by side, and how each
reads the same screenshots."""

from __future__ import annotations

import numpy as np

from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.minesweeper.cells import image_blocks
from vision.minesweeper.reader import cell_verdicts, locate_minesweeper, readable
from vision.minesweeper.skin import Skin, load_skin


def template_gap(a: np.ndarray, b: np.ndarray) -> float:
    """RMS difference (0-255) of two cell templates on the reader's 16 x 16 blocks."""
    return float(np.sqrt(((image_blocks(a) - image_blocks(b)) ** 2).mean()))


def _read_counts(skin: Skin | str, frame: Frame) -> tuple[int, int, str]:
    """(cells accepted, cells, board text with '~' for refused cells) for one screenshot."""
    try:
        location = locate_minesweeper(frame, skin)
    except ReadError:
        return 0, 0, ""
    verdict = cell_verdicts(frame, location)
    text = verdict.text()
    ok = readable(verdict, load_skin(location.skin))  # a look not named yet reads as nothing
    rows = [
        "".join(ch if good else "~" for ch, good in zip(row, oks, strict=True))
        for row, oks in zip(text.split("\n"), ok.tolist(), strict=True)
    ]
    return int(ok.sum()), int(ok.size), "\n".join(rows)


def compare_skins(learned: Skin, other: str, frames: list[Frame]
                  ) -> tuple[dict[str, object], list[str]]:
    """Figures and lines: per-character template gaps, and reads of every screenshot."""
    reference = load_skin(other)
    gaps = {ch: round(template_gap(learned.cells[ch], reference.cells[ch]), 1)
            for ch in learned.chars if ch in reference.cells}
    lines = [f"learned vs {other}: template gap (RMS 0-255) per character: "
             + ", ".join(f"{ch!r} {v}" for ch, v in gaps.items())]
    reads = []
    for k, frame in enumerate(frames):
        ok_l, n_l, text_l = _read_counts(learned, frame)
        ok_r, n_r, text_r = _read_counts(reference, frame)
        agree = sum(a == b and a not in "~\n" for a, b in zip(text_l, text_r, strict=False))
        reads.append({"picture": k, "learned_accepted": ok_l, "cells": n_l,
                      f"{other}_accepted": ok_r, "agree": agree})
        lines.append(f"  picture {k}: learned skin reads {ok_l}/{n_l} cells, {other} {ok_r}/{n_r},"
                     f" same character on {agree}")
    return {"template_gap": gaps, "reads": reads}, lines
