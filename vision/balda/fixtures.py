"""The labelled Balda screenshots (``recordings/balda/labelled``) as fixtures.

``labels.json`` holds each picture's metadata (site, language, zoom, theme, what it shows,
whether it is kept out of the shipped glyph banks, or the reason it must be refused) and
``expected/<name>.txt`` the grid, one row a line, '.' for an empty cell.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

LABELLED = Path(__file__).resolve().parents[2] / "recordings" / "balda" / "labelled"


@dataclass(frozen=True)
class BaldaFixture:
    path: Path
    site: str
    lang: str
    zoom: float
    theme: str
    shows: str
    holdout: bool
    error: str | None
    rows: tuple[str, ...] | None

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def size(self) -> int:
        return len(self.rows) if self.rows else 0


def load_balda_fixtures(folder: Path | None = None) -> list[BaldaFixture]:
    folder = folder or LABELLED
    index = folder / "labels.json"
    data = json.loads(index.read_text("utf-8"))["fixtures"]
    out = []
    for name, meta in data.items():
        path = folder / name
        if not path.is_file():
            raise FileNotFoundError(f"{index}: {name} is listed but missing")
        expected = folder / "expected" / (Path(name).stem + ".txt")
        rows = None
        if expected.is_file():
            rows = tuple(line.strip() for line in expected.read_text("utf-8").split() if line)
        elif meta.get("error") is None:
            raise FileNotFoundError(f"{index}: {name} has neither expected/ text nor an error")
        out.append(
            BaldaFixture(
                path,
                str(meta["site"]),
                str(meta["lang"]),
                float(meta.get("zoom", 1.0)),
                str(meta.get("theme", "")),
                str(meta.get("shows", "")),
                bool(meta.get("holdout", False)),
                meta.get("error"),
                rows,
            )
        )
    return out
