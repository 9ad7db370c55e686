"""Where `calibrate --from` finds a shot's hand labels: ``<shot name>.txt`` in ``--labels``,
else beside the shot (both games label their shots this way)."""

from __future__ import annotations

from pathlib import Path


def label_for(image: Path, labels: Path | None) -> str | None:
    """The label text of ``image`` (None: the shot is unlabelled)."""
    for folder in ([labels] if labels else []) + [image.parent]:
        path = folder / (image.stem + ".txt")
        if path.is_file():
            return path.read_text("utf-8")
    return None
