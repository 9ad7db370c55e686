"""Pictures for ``--debug``: the grid and every cell's class drawn over the screenshot."""

from __future__ import annotations

import cv2
import numpy as np

from vision.core.geometry import GridGeometry, Region

_OK = (0, 160, 0)
_BAD = (0, 0, 255)


def draw_cells(
    pixels: np.ndarray,
    geometry: GridGeometry,
    chars: list[str],
    bad: set[tuple[int, int]] = frozenset(),  # type: ignore[assignment]
    zoom: int = 0,
) -> np.ndarray:
    """The picture enlarged (so small cells stay legible), grid lines in green, each cell's
    character in its top-left corner, refused cells boxed in red."""
    pitch = min(geometry.pitch)
    k = zoom or max(1, int(np.ceil(28 / max(pitch, 1))))
    out = cv2.resize(pixels, None, fx=k, fy=k, interpolation=cv2.INTER_NEAREST)
    for x in geometry.col_edges:
        cv2.line(out, (x * k, geometry.row_edges[0] * k), (x * k, geometry.row_edges[-1] * k), _OK)
    for y in geometry.row_edges:
        cv2.line(out, (geometry.col_edges[0] * k, y * k), (geometry.col_edges[-1] * k, y * k), _OK)
    scale = max(0.3, pitch * k / 60)
    for r in range(geometry.rows):
        for c in range(geometry.cols):
            rect = geometry.cell_rect(r, c)
            colour = _BAD if (r, c) in bad else (255, 0, 255)
            org = (rect.left * k + 2, rect.top * k + int(12 * scale / 0.4))
            cv2.putText(out, chars[r][c], org, cv2.FONT_HERSHEY_SIMPLEX, scale, (255, 255, 255), 3)
            cv2.putText(out, chars[r][c], org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, 1)
            if (r, c) in bad:
                cv2.rectangle(out, (rect.left * k, rect.top * k),
                              (rect.right * k - 1, rect.bottom * k - 1), _BAD, 2)
    return out


def draw_regions(pixels: np.ndarray, regions: dict[str, Region | None]) -> np.ndarray:
    """Boxes (counter, timer, face) labelled on a copy of the picture."""
    out = pixels.copy()
    for name, region in regions.items():
        if region is None:
            continue
        cv2.rectangle(out, (region.left, region.top), (region.right - 1, region.bottom - 1),
                      (255, 128, 0), 1)
        cv2.putText(out, name, (region.left, max(10, region.top - 2)), cv2.FONT_HERSHEY_SIMPLEX,
                    0.35, (255, 128, 0), 1)
    return out


def enlarge(crop: np.ndarray, size: int = 160) -> np.ndarray:
    """A small crop blown up with visible pixels, for looking at a refused glyph."""
    h, w = crop.shape[:2]
    k = max(1, size // max(h, w, 1))
    return cv2.resize(crop, None, fx=k, fy=k, interpolation=cv2.INTER_NEAREST)
