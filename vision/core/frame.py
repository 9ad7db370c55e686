"""A captured picture and where on the screen it came from."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from vision.core.atomic import png_bytes, write_atomic
from vision.core.geometry import Point, Region


class ImageFileError(ValueError):
    """An image file that is missing, truncated or not an image."""


@dataclass(frozen=True, eq=False)
class Frame:
    """Pixels (H x W x 3, uint8, BGR) plus the screen region they show and the capture time."""

    pixels: np.ndarray
    region: Region
    timestamp: float = field(default_factory=time.time)

    def __post_init__(self) -> None:
        px = self.pixels
        if px.ndim != 3 or px.shape[2] != 3 or px.dtype != np.uint8:
            raise ValueError(f"frame pixels must be HxWx3 uint8, got {px.shape} {px.dtype}")
        if (px.shape[1], px.shape[0]) != (self.region.width, self.region.height):
            size = f"{px.shape[1]}x{px.shape[0]}"
            raise ValueError(f"pixels {size} do not match region {self.region}")

    @classmethod
    def from_pixels(cls, pixels: np.ndarray, left: int = 0, top: int = 0) -> Frame:
        h, w = pixels.shape[:2]
        return cls(pixels, Region(left, top, w, h))

    @classmethod
    def from_file(cls, path: str | Path) -> Frame:
        """Load a PNG/JPEG as a frame at screen origin (0, 0); clear errors for bad files."""
        import cv2

        p = Path(path)
        if not p.is_file():
            raise ImageFileError(f"{p}: no such image file")
        data = np.fromfile(p, dtype=np.uint8)
        if data.size == 0:
            raise ImageFileError(f"{p}: the file is empty")
        image = cv2.imdecode(data, cv2.IMREAD_COLOR)
        if image is None:
            raise ImageFileError(f"{p}: not a readable image (truncated, or not PNG/JPEG/BMP)")
        return cls.from_pixels(np.ascontiguousarray(image))

    @property
    def height(self) -> int:
        return int(self.pixels.shape[0])

    @property
    def width(self) -> int:
        return int(self.pixels.shape[1])

    def to_screen(self, point: Point) -> Point:
        """A point in this frame's pixels, in screen coordinates."""
        return Point(point.x + self.region.left, point.y + self.region.top)

    def to_local(self, point: Point) -> Point:
        return Point(point.x - self.region.left, point.y - self.region.top)

    def crop(self, region: Region) -> Frame:
        """A sub-frame; ``region`` is in this frame's pixel coordinates."""
        inside = Region(0, 0, self.width, self.height).intersect(region)
        if inside != region:
            raise ValueError(f"crop {region} is not inside the {self.width}x{self.height} frame")
        px = self.pixels[region.top : region.bottom, region.left : region.right]
        screen = region.offset(self.region.left, self.region.top)
        return Frame(np.ascontiguousarray(px), screen, self.timestamp)

    def save(self, path: str | Path) -> Path:
        """Write a PNG atomically (temp file, then rename), so a crash never leaves half a frame."""
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(p, png_bytes(self.pixels, p))
        return p
