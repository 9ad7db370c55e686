"""The desktop's grab turns the capture's BGRA into the BGR frames vision reads (a fast
vectorised conversion since issue 23 item 9): channels in order, alpha dropped, contiguous."""

from __future__ import annotations

import numpy as np

from bot.io.screens.desktop import DesktopScreen
from vision.core.geometry import Region


class FakeMss:
    def __init__(self, bgra: np.ndarray) -> None:
        self.bgra = bgra
        self.boxes: list[dict[str, int]] = []

    def grab(self, box: dict[str, int]) -> np.ndarray:
        self.boxes.append(box)
        t, l = box["top"], box["left"]
        return self.bgra[t : t + box["height"], l : l + box["width"]].copy()


def test_a_grab_is_the_screens_bgr_pixels_of_the_region():
    rng = np.random.default_rng(23)
    bgra = rng.integers(0, 256, (40, 60, 4), dtype=np.uint8)
    screen = DesktopScreen.__new__(DesktopScreen)
    screen._mss = FakeMss(bgra)
    screen._bounds = Region(0, 0, 60, 40)
    frame = screen.grab(Region(5, 7, 30, 20))
    assert frame.pixels.shape == (20, 30, 3) and frame.pixels.flags["C_CONTIGUOUS"]
    assert np.array_equal(frame.pixels, bgra[7:27, 5:35, :3])
    assert frame.region == Region(5, 7, 30, 20)
