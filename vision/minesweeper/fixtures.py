"""The labelled Minesweeper screenshots (``recordings/minesweeper/labelled``) as fixtures, and
the rescaling the accuracy figures and tests apply to them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

LABELLED = Path(__file__).resolve().parents[2] / "recordings" / "minesweeper" / "labelled"


@dataclass(frozen=True)
class Fixture:
    """A labelled screenshot: expected board (or expected refusal) and panel values."""

    path: Path
    skin: str
    state: list[str] | None
    unreadable: frozenset[tuple[int, int]]
    counter: int | None
    timer: int | None
    face: str | None
    error: str | None


def load_fixtures(folder: Path | None = None) -> list[Fixture]:
    folder = folder or LABELLED
    data = json.loads((folder / "labels.json").read_text("utf-8"))["fixtures"]
    out = []
    for name, meta in data.items():
        expected = folder / "expected" / (Path(name).stem + ".txt")
        state = expected.read_text("utf-8").split() if expected.is_file() else None
        out.append(
            Fixture(
                folder / name,
                meta["skin"],
                state,
                frozenset(tuple(rc) for rc in meta.get("unreadable", [])),
                meta.get("counter"),
                meta.get("timer"),
                meta.get("face"),
                meta.get("error"),
            )
        )
    return out


def rescale(pixels: np.ndarray, scale: float, nearest: bool) -> np.ndarray:
    if scale == 1.0:
        return pixels
    mode = cv2.INTER_NEAREST if nearest else cv2.INTER_LINEAR
    return cv2.resize(pixels, None, fx=scale, fy=scale, interpolation=mode)
