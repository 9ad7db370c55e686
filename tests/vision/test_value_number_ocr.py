"""Value numbers Tesseract reads on a tile's corner (``vision.erudit.value_digits``): the same
pixels are asked once (a board's tiles stay frame after frame; on a cold site each unsure "1"
was asked again every frame: 57-108 Tesseract runs, 30-110 s a read on a loaded machine)."""

from __future__ import annotations

import numpy as np

import vision.erudit.value_digits as vd


def test_the_same_value_picture_is_asked_of_tesseract_once(monkeypatch):
    asked: list[bytes] = []

    def fake(window: np.ndarray, face: tuple[int, int, int]) -> int | None:
        asked.append(window.tobytes())
        return int(window[0, 0, 0]) % 10

    monkeypatch.setattr(vd, "_ocr_number", fake)
    monkeypatch.setattr(vd, "_SAID", type(vd._SAID)())
    rng = np.random.default_rng(7)
    a = rng.integers(0, 255, (12, 10, 3), dtype=np.uint8)
    b = a.copy()
    b[5, 5, 1] ^= 1  # one pixel differs: another picture
    face = (7, 193, 255)
    first = vd.ocr_number(a, face)
    assert vd.ocr_number(a.copy(), face) == first and len(asked) == 1
    vd.ocr_number(b, face)
    vd.ocr_number(a, (0, 0, 0))  # another face colour: asked anew
    assert len(asked) == 3
    monkeypatch.setattr(vd, "SAID_SIZE", 2)
    vd.ocr_number(rng.integers(0, 255, (12, 10, 3), dtype=np.uint8), face)
    vd.ocr_number(a, face)  # dropped as the oldest: asked again
    assert len(asked) == 5
