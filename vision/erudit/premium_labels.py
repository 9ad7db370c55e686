"""Name a premium square by the label drawn on it ("DL", "TW", "2W", ...), at any size.

Sites write a premium's kind on its square, often in a few pixels on a star or a badge, far
too small for Tesseract (it read "DL" as "D" or nothing at 6 px). The label is one of a few
short words, so it is matched against those words rendered in sans fonts instead
(:mod:`vision.core.rendered_text`). A label no rendering matches clearly is no name (the caller
then says which squares it could not name).
"""

from __future__ import annotations

import numpy as np

from vision.core.rendered_text import best_match

#: Label words by premium kind (``d``/``t`` double/triple letter, ``D``/``T`` double/triple word).
LABELS: dict[str, tuple[str, ...]] = {
    "d": ("DL", "2L"),
    "t": ("TL", "3L"),
    "D": ("DW", "2W"),
    "T": ("TW", "3W"),
}
#: A match must correlate this well, and this much better than the best other kind.
LEAST, MARGIN = 0.4, 0.05


def kind_of_label(mask: np.ndarray) -> tuple[str | None, float]:
    """The premium kind a label's ink (a boolean mask) reads as, and how well it matched;
    None when no label word matches clearly (or no fonts are installed)."""
    return best_match(mask, LABELS, keep_aspect=False, least=LEAST, margin=MARGIN)
