"""The labelled Erudit / Scrabble screenshots (``recordings/erudit/labelled``) as test fixtures:
each picture with its expected position, site and what the page shows beside the board."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from solvers.erudit.position import Position

LABELLED = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "labelled"
SITES = Path(__file__).resolve().parents[2] / "calibration" / "sites"


@dataclass(frozen=True)
class EruditFixture:
    name: str
    path: Path
    site: str
    position: Position | None  # None for a picture that must be refused
    holdout: bool = False
    scores: tuple[int, int] | None = None
    bag: int | None = None
    error: str | None = None

    @property
    def board(self) -> tuple[str, ...]:
        assert self.position is not None
        return tuple(self.position.board.rows())

    @property
    def rack(self) -> str:
        assert self.position is not None
        return self.position.racks[0] or ""

    @property
    def site_folder(self) -> Path:
        return SITES / self.site


@cache
def load_erudit_fixtures(folder: Path = LABELLED) -> tuple[EruditFixture, ...]:
    data = json.loads((folder / "labels.json").read_text("utf-8"))
    out = []
    for name, meta in sorted(data["pictures"].items()):
        stem = Path(name).stem
        error = meta.get("error")
        position = None
        if error is None:
            text = (folder / "expected" / f"{stem}.txt").read_text("utf-8")
            position = Position.from_text(text)
        scores = meta.get("scores")
        out.append(EruditFixture(
            stem, folder / name, str(meta["site"]), position, bool(meta.get("holdout")),
            tuple(scores) if scores else None, meta.get("bag"), error,
        ))
    return tuple(out)
