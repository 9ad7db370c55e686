"""The looks a session learned, kept in its recording so that ``replay`` reads them again.

A session that learns a look (a cold start, or a skin grown during play) saves a copy of the
skin into ``RECORDING/skins/NNNN/`` each time it changes: numbered, never rewritten (a recording
is append-only), each written beside and renamed into place (never half a folder). Replay reads
every frame with the last copy: the most complete look of the session, whose names the game's
end confirmed.
"""

from __future__ import annotations

from pathlib import Path

from vision.minesweeper.skin import MANIFEST, Skin

SKINS = "skins"  # the folder of a recording that holds the copies


class SkinCopies:
    """Numbered copies of a growing skin in one recording folder."""

    def __init__(self, recording: Path) -> None:
        self.folder = recording / SKINS
        self.saved = len(_copies(self.folder))  # a resumed recording goes on counting

    def save(self, skin: Skin) -> Path:
        from bot.games.minesweeper.learning import save_atomically

        self.saved += 1
        return save_atomically(skin, self.folder / f"{self.saved:04d}", name=skin.name)


def _copies(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir()
                  if p.name.isdigit() and (p / MANIFEST).is_file())


def latest_copy(recording: Path) -> Path | None:
    """The last skin the session saved into ``recording``, if it saved any."""
    copies = _copies(recording / SKINS)
    return copies[-1] if copies else None
