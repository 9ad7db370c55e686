"""Draw what the bot would do on a copy of a frame (``--dry-run`` and debug images)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bot.io.screens.base import Button
from bot.run.act import Gesture, GestureKind
from vision.core.frame import Frame

COLOURS = {  # BGR
    Button.LEFT: (0, 200, 0),
    Button.RIGHT: (0, 0, 230),
    Button.MIDDLE: (230, 120, 0),
}


def draw_gestures(frame: Frame, gestures: Sequence[Gesture], caption: str = "") -> np.ndarray:
    """The frame with each intended click ringed (green open, red flag, blue chord) and
    numbered in order, and a caption line at the top."""
    import cv2

    image = frame.pixels.copy()
    clicks = [g for g in gestures if g.kind is GestureKind.CLICK and g.point is not None]
    for n, gesture in enumerate(clicks, 1):
        assert gesture.point is not None
        local = frame.to_local(gesture.point)
        colour = COLOURS[gesture.button]
        cv2.circle(image, (local.x, local.y), 9, colour, 2, cv2.LINE_AA)
        if len(clicks) <= 30:
            cv2.putText(
                image,
                str(n),
                (local.x + 8, local.y - 6),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.4,
                colour,
                1,
                cv2.LINE_AA,
            )
    if caption:
        cv2.rectangle(image, (0, 0), (image.shape[1], 16), (255, 255, 255), -1)
        cv2.putText(
            image, caption[:120], (3, 12), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1, cv2.LINE_AA
        )
    return image
