"""The site a page session played, kept in its recording, so that ``replay`` needs no --site.

A profile may live in the user's sites folder (``$GAMEBOT_SITES``) and the glyphs a session
learned live in memory until it ends: another machine, or another ``GAMEBOT_SITES``, has
neither. So a recording carries both:

- ``profiles/NNNN.json``: the site profile's file as it was played (a new copy only when it
  differs from the last one, as a resumed recording may play an edited profile);
- ``looks/NNNN/``: the site's look (Balda: its glyph bank; Erudit: its look folder) at the
  session's start and again each time the session learned a glyph.

Copies are numbered and never rewritten (a recording is append-only); each is written beside
its place and renamed into it, so a reader never sees half a copy. Replay reads with the
profile named in the header and the last look, the most the session knew
(:mod:`bot.web.recorded_site`).
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from bot.web.sites import SiteProfile
from vision.core.atomic import write_atomic

PROFILES = "profiles"  # the folder of a recording that holds the profile copies
LOOKS = "looks"  # the folder of a recording that holds the look copies

logger = logging.getLogger(__name__)


class SiteCopies:
    """Numbered copies of a session's site profile and look in one recording folder."""

    def __init__(self, recording: Path) -> None:
        self.recording = Path(recording)
        self.looks = len(numbered(self.recording / LOOKS))  # a resumed recording counts on
        self.failed = False  # set once a copy could not be written (a full disk)

    def keep_profile(self, profile: SiteProfile) -> Path | None:
        """Copy the profile's file (None: the profile came from no file, or the disk is
        full)."""
        if not profile.source or not Path(profile.source).is_file():
            return None
        return self._guarded(lambda: self._keep_profile(profile))

    def keep_look(self, write: Callable[[Path], object]) -> Path | None:
        """A new copy of the look, written by ``write(folder)`` into a fresh folder (None when
        the disk is full)."""
        return self._guarded(lambda: self._keep_look(write))

    def _guarded(self, copy: Callable[[], Path]) -> Path | None:
        """A copy that cannot be written stops the copies, with one warning; play goes on
        (as the recorder's frames do on a full disk)."""
        if self.failed:
            return None
        try:
            return copy()
        except OSError as exc:
            self.failed = True
            logger.warning("recording: the site's copies stop here (%s); replay it with"
                           " --site", exc.strerror or exc)
            return None

    def _keep_profile(self, profile: SiteProfile) -> Path:
        data = Path(profile.source).read_bytes()
        folder = self.recording / PROFILES
        copies = numbered(folder, ".json")
        if copies and copies[-1].read_bytes() == data:
            return copies[-1]
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{len(copies) + 1:04d}.json"
        write_atomic(path, data)
        return path

    def _keep_look(self, write: Callable[[Path], object]) -> Path:
        folder = self.recording / LOOKS
        folder.mkdir(parents=True, exist_ok=True)
        final = folder / f"{self.looks + 1:04d}"
        fresh = Path(tempfile.mkdtemp(prefix=f".{final.name}.new-", dir=folder))
        try:
            write(fresh)
            os.replace(fresh, final)
        except BaseException:
            shutil.rmtree(fresh, ignore_errors=True)
            raise
        self.looks += 1
        return final


def copy_of(source: Path, parts: tuple[str, ...]) -> Callable[[Path], object]:
    """A look writer that copies the ``parts`` (files and folders) of a look folder on disk
    that exist; nothing else of the site's folder (its refused words) goes in."""

    def write(folder: Path) -> object:
        for name in parts:
            part = source / name
            if part.is_dir():
                shutil.copytree(part, folder / name)
            elif part.is_file():
                shutil.copy2(part, folder / name)
        return folder

    return write


def numbered(folder: Path, suffix: str = "") -> list[Path]:
    """The numbered copies in ``folder`` (``NNNN`` + ``suffix``), in order; a copy being
    written (a hidden temporary name) is none."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir()
                  if p.name.endswith(suffix) and p.name[: len(p.name) - len(suffix)].isdigit())
