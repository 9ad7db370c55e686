"""Files written so that a reader (or a crash) sees the old file or the whole new one, never
half of it: recordings, banks and looks are read back by later sessions."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np


def write_atomic(path: Path, data: bytes) -> None:
    """A temporary file beside ``path``, flushed to disk, then renamed over it; the temporary
    file is removed when anything fails."""
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def png_bytes(pixels: np.ndarray, where: Path, compression: int | None = None) -> bytes:
    """The picture encoded as PNG (``where`` names the file in the error when it cannot be)."""
    import cv2  # not at import time: a frame module loads without OpenCV's start-up cost

    params = [] if compression is None else [cv2.IMWRITE_PNG_COMPRESSION, compression]
    ok, encoded = cv2.imencode(".png", pixels, params)
    if not ok:
        raise OSError(f"{where}: PNG encoding failed")
    return encoded.tobytes()
