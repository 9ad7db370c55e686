"""What every Tesseract call shares: the language a game's language is read in, and the error
for a machine where Tesseract (or its language data) cannot run.

Glyphs are named with Tesseract in :mod:`vision.core.glyph_ocr`, page text is read with it in
:mod:`vision.core.page_text`; both, and every caller that picks a language for them, name the
language through :func:`tesseract_lang`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

#: Tesseract's language codes for the games' ISO 639-1 ones (``ru``, ``uk``, ``en``).
TESSERACT_LANG: Mapping[str, str] = MappingProxyType({"ru": "rus", "uk": "ukr", "en": "eng"})


class OcrUnavailableError(RuntimeError):
    """Tesseract (or its language data) is not installed."""


def tesseract_lang(lang: str) -> str:
    """The Tesseract language of a game's language: ``ru``/``uk``/``en`` -> ``rus``/``ukr``/
    ``eng``; a Tesseract code (``rus``...) is returned as it is."""
    return TESSERACT_LANG.get(lang, lang)
