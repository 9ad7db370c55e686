"""Balda frames of a recording read again: the grid, letter for letter, as recorded."""

from __future__ import annotations

from pathlib import Path

from bot.run.replay import TextReader
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.letters import GridLocation
from vision.core.ocr import tesseract_lang


def balda_reader(header: dict[str, object], directory: Path | None = None) -> TextReader:
    """Letter vision with the recorded site's glyph bank: the last copy the recording
    keeps (:mod:`bot.web.site_copies`: what the session knew, glyphs it learned included),
    else the site's own bank; the profile is the recording's copy, else the site named."""
    from bot.web.recorded_site import latest_look, look_at, replay_profile
    from bot.web.site_data import glyph_bank_for
    from solvers.words.alphabet import alphabet_for
    from vision.balda.reader import read_balda
    from vision.core.glyph_bank import GlyphBank
    from vision.core.letters import locate_letter_grid

    site = replay_profile(header, directory, "gamebot-balda")
    lang = str(header.get("language") or site.language)
    alphabet = alphabet_for(lang)
    look = latest_look(directory) if directory is not None else None
    bank = GlyphBank.load(look) if look is not None else glyph_bank_for(site, alphabet)
    tess = tesseract_lang(lang)
    banks: dict[Path, GlyphBank] = {look: bank} if look is not None else {}

    def bank_of(event: dict[str, object]) -> GlyphBank:
        """The bank copy play read the event's frame with (a glyph learned later may name a
        partly hidden letter otherwise than play did)."""
        if directory is None:
            return bank
        path = look_at(directory, event.get("look"))
        if path is None:
            return bank
        if path not in banks:
            banks[path] = GlyphBank.load(path)
        return banks[path]

    found: list[GridLocation] = []  # the grid's location, kept from frame to frame as play keeps it

    def read(frame: Frame, known: dict[int, str] | None = None,
             with_bank: GlyphBank = bank) -> str:
        # A word being entered lights up its cells, and the lattice of alike cells may not be
        # found on that frame: the grid is where it was (found again only when that fails).
        if found:
            try:
                reading = read_balda(frame, found[0], with_bank, alphabet, lang=tess,
                                     known=known)
                return str(reading.to_text()).rstrip("\n") + "\n"
            except ReadError:
                pass
        location = locate_letter_grid(frame)
        found[:] = [location]
        reading = read_balda(frame, location, with_bank, alphabet, lang=tess, known=known)
        return str(reading.to_text()).rstrip("\n") + "\n"

    def read_event(frame: Frame, event: dict[str, object]) -> str:
        # The letters play already knew were not read again (an arrow drawn over them must
        # not make them others): replay is told them too, and reads with play's bank then.
        text = str(event.get("known") or "").replace("\n", "")
        return read(frame, {i: ch for i, ch in enumerate(text) if ch != "."} or None,
                    bank_of(event))

    def checks(event: dict[str, object]) -> bool:
        # A grid faded under the end banner was the followed game's, not read off the frame.
        return not event.get("grid_followed")

    return TextReader(read, "grid", checks=checks, read_event=read_event)
