"""Skins as data: a folder with ``skin.json`` and template PNGs, loaded into a :class:`Skin`.

A skin says what one Minesweeper program looks like at its native size: one template per cell
state (keys are the board text characters ``#F?.12345678*Xx``), the face pictures, how its
counters are drawn, and the layout the renderer uses to draw a whole window. The type and its
loading live here, beside the reader that uses them; the skins themselves are data: built-in
ones in ``calibration/minesweeper/skins/<name>/`` (made by
``calibration.minesweeper.build_builtin``), learned ones in
the user skin folder (``GAMEBOT_SKINS`` or ``~/.local/share/gamebot/skins``) or any folder
given by path. Nothing here imports ``calibration``: learning depends on vision, never back.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import numpy as np

#: The built-in skins (data only; ``python -m calibration.minesweeper.build_builtin`` rewrites
# them).
BUILTIN_DIR = Path(__file__).resolve().parents[2] / "calibration" / "minesweeper" / "skins"
MANIFEST = "skin.json"

#: Board text character -> template file stem (``#`` and ``*`` make poor file names).
CELL_NAMES: dict[str, str] = {
    "#": "unknown",
    "F": "flag",
    "?": "question",
    ".": "0",
    **{str(n): str(n) for n in range(1, 9)},
    "*": "mine",
    "X": "exploded",
    "x": "wrong_flag",
}
CELL_CHARS = tuple(CELL_NAMES)
#: What the game's logic may name a look (question marks are off in the programs played).
NAMEABLE = "#F.12345678*Xx"
NUMBERS = ".12345678"
FACES = ("playing", "won", "lost")


class SkinError(ValueError):
    """A skin folder that is missing, incomplete or malformed (the message names the file)."""


@dataclass(frozen=True, eq=False)
class Skin:
    """What a Minesweeper program looks like, at its native (100 %) size.

    ``cells`` maps board characters to BGR templates of one whole cell pitch (grid lines or
    gaps included, as the lattice finder cuts them); ``variants`` adds more looks of the same
    character for reading only (Windows 7 shades its covered cells across the board).
    ``synthesised`` names the templates that were drawn rather than cut from a real
    screenshot, with the reason. ``noise`` is how far the cells the templates were cut from
    stray from them (the reader's unexplained residual, :mod:`vision.minesweeper.residual`): 0 for
    clean captures, more for a JPEG; the reader tolerates a little more than that.

    ``unnamed`` holds looks seen on the board that the game's logic has not named yet (each a
    tuple of pictures: near-identical variants of one look), with the characters each may
    still be (``unnamed_candidates``, a string of board characters): the reader keeps them
    apart from every named look, and reads a look whose every candidate is a number as an
    opened cell of unknown number (``_``).
    """

    name: str
    cell_size: tuple[int, int]
    cells: Mapping[str, np.ndarray]
    faces: Mapping[str, np.ndarray] = field(default_factory=dict)
    counter: Mapping[str, Any] | None = None
    layout: Mapping[str, Any] = field(default_factory=dict)
    synthesised: Mapping[str, str] = field(default_factory=dict)
    variants: Mapping[str, tuple[np.ndarray, ...]] = field(default_factory=dict)
    description: str = ""
    source: str = ""
    path: Path | None = None
    noise: float = 0.0
    unnamed: tuple[tuple[np.ndarray, ...], ...] = ()
    unnamed_candidates: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        w, h = self.cell_size
        every = [(ch, img) for ch, img in self.cells.items()]
        every += [(ch, img) for ch, imgs in self.variants.items() for img in imgs]
        if not self.unnamed_candidates and self.unnamed:
            object.__setattr__(self, "unnamed_candidates", (NAMEABLE,) * len(self.unnamed))
        if len(self.unnamed_candidates) != len(self.unnamed):
            raise SkinError(f"skin {self.name}: {len(self.unnamed)} unnamed looks but"
                            f" {len(self.unnamed_candidates)} candidate lists")
        for i, cands in enumerate(self.unnamed_candidates):
            if not cands or set(cands) - set(NAMEABLE):
                raise SkinError(f"skin {self.name}: unnamed look {i} has candidates {cands!r}"
                                f" (expected characters of {NAMEABLE!r})")
        for ch, _img in every:
            if ch not in CELL_NAMES or ch not in self.cells:
                raise SkinError(f"skin {self.name}: {ch!r} is not a board character")
        every += [(f"unnamed look {i}", img) for i, imgs in enumerate(self.unnamed)
                  for img in imgs]
        if any(not imgs for imgs in self.unnamed):
            raise SkinError(f"skin {self.name}: an unnamed look has no picture")
        for ch, img in every:
            if img.ndim != 3 or img.shape[2] != 3 or img.dtype != np.uint8:
                raise SkinError(f"skin {self.name}: template {ch!r} is not a BGR uint8 image")
            if img.shape[:2] != (h, w):
                raise SkinError(
                    f"skin {self.name}: template {ch!r} is {img.shape[1]}x{img.shape[0]},"
                    f" expected the cell size {w}x{h}"
                )
        object.__setattr__(self, "cells", MappingProxyType(dict(self.cells)))
        object.__setattr__(self, "faces", MappingProxyType(dict(self.faces)))
        object.__setattr__(self, "layout", MappingProxyType(dict(self.layout)))
        object.__setattr__(self, "synthesised", MappingProxyType(dict(self.synthesised)))
        object.__setattr__(
            self, "variants", MappingProxyType({k: tuple(v) for k, v in self.variants.items()})
        )
        object.__setattr__(self, "unnamed", tuple(tuple(imgs) for imgs in self.unnamed))
        object.__setattr__(self, "unnamed_candidates", tuple(self.unnamed_candidates))

    @property
    def chars(self) -> str:
        """The board characters this skin can show, in canonical order."""
        return "".join(ch for ch in CELL_CHARS if ch in self.cells)

    @property
    def missing(self) -> str:
        return "".join(ch for ch in CELL_CHARS if ch not in self.cells)

    def template(self, char: str) -> np.ndarray:
        try:
            return self.cells[char]
        except KeyError:
            raise SkinError(f"skin {self.name} has no template for {char!r}") from None

    def colour(self, key: str, default: tuple[int, int, int]) -> tuple[int, int, int]:
        """A BGR colour from the layout (``[b, g, r]`` in the manifest)."""
        value = self.layout.get(key, default)
        return (int(value[0]), int(value[1]), int(value[2]))


def user_skin_dir() -> Path:
    env = os.environ.get("GAMEBOT_SKINS")
    if env:
        return Path(env)
    return Path.home() / ".local" / "share" / "gamebot" / "skins"


def builtin_skins() -> list[str]:
    """Names of the skins shipped with gamebot, in the order auto-detection tries them."""
    order = ["winxp", "win7", "xdemineur", "gnome-mines"]
    present = sorted(p.name for p in BUILTIN_DIR.iterdir() if (p / MANIFEST).is_file())
    return [n for n in order if n in present] + [n for n in present if n not in order]


def user_skins() -> list[str]:
    """Names of the skins in the user skin folder (learned by ``calibrate`` or during play)."""
    folder = user_skin_dir()
    if not folder.is_dir():
        return []
    builtin = set(builtin_skins())
    return sorted(p.name for p in folder.iterdir()
                  if (p / MANIFEST).is_file() and p.name not in builtin
                  and not p.name.startswith("."))


def known_skins() -> list[str]:
    """Every skin ``read`` and ``play`` try on their own: built-in first, then learned ones."""
    return builtin_skins() + user_skins()


def skin_folder(name: str) -> Path:
    """Where skin ``name`` lives: built-in, then the user skin folder, then ``name`` as a path."""
    for candidate in (BUILTIN_DIR / name, user_skin_dir() / name, Path(name)):
        if (candidate / MANIFEST).is_file():
            return candidate
    known = ", ".join(builtin_skins())
    raise SkinError(f"unknown skin {name!r} (built-in: {known}; or give a skin folder path)")


def _read_png(path: Path) -> np.ndarray:
    import cv2

    if not path.is_file():
        raise SkinError(f"{path}: template image missing")
    img = cv2.imdecode(np.fromfile(path, np.uint8), cv2.IMREAD_COLOR)
    if img is None:
        raise SkinError(f"{path}: not a readable image")
    return np.ascontiguousarray(img)


def load_skin_folder(folder: Path) -> Skin:
    manifest = folder / MANIFEST
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise SkinError(f"{manifest}: {exc}") from None
    for key in ("name", "cell_size", "cells"):
        if key not in data:
            raise SkinError(f"{manifest}: missing {key!r}")
    cells = {ch: _read_png(folder / rel) for ch, rel in data["cells"].items()}
    faces = {face: _read_png(folder / rel) for face, rel in data.get("faces", {}).items()}
    variants = {
        ch: tuple(_read_png(folder / rel) for rel in rels)
        for ch, rels in data.get("variants", {}).items()
    }
    unnamed = data.get("unnamed", [])
    if not isinstance(unnamed, list) or not all(
        isinstance(e, dict) and isinstance(e.get("files"), list) and "candidates" in e
        for e in unnamed
    ):
        raise SkinError(f"{manifest}: 'unnamed' must be a list of {{files, candidates}}")
    looks = tuple(tuple(_read_png(folder / rel) for rel in entry["files"]) for entry in unnamed)
    w, h = data["cell_size"]
    return Skin(
        name=str(data["name"]),
        cell_size=(int(w), int(h)),
        cells=cells,
        faces=faces,
        counter=data.get("counter"),
        layout=data.get("layout", {}),
        synthesised=data.get("synthesised", {}),
        variants=variants,
        description=str(data.get("description", "")),
        source=str(data.get("source", "")),
        path=folder,
        noise=float(data.get("noise", 0.0)),
        unnamed=looks,
        unnamed_candidates=tuple(str(entry["candidates"]) for entry in unnamed),
    )


@lru_cache(maxsize=32)
def _load_cached(folder: str, mtime: float) -> Skin:
    return load_skin_folder(Path(folder))


_BY_NAME: dict[str, Skin] = {}


def load_skin(name: str | Skin) -> Skin:
    """A skin by built-in name, user skin name or folder path.

    Loaded once per process and name (the reader asks for it on every frame); a folder whose
    manifest changed is reloaded when asked for by path again after :func:`forget_skins`.
    A :class:`Skin` object passed in is returned and remembered under its name.
    """
    if isinstance(name, Skin):
        _BY_NAME[name.name] = name  # later lookups by name (locations keep names) find it
        return name
    skin = _BY_NAME.get(name)
    if skin is None:
        folder = skin_folder(name).resolve()
        skin = _load_cached(str(folder), (folder / MANIFEST).stat().st_mtime)
        _BY_NAME[name] = skin
        _BY_NAME.setdefault(skin.name, skin)  # a location names its skin; find it again
    return skin


def forget_skins() -> None:
    """Drop loaded skins (after a skin folder was rewritten in this process)."""
    _BY_NAME.clear()
    _load_cached.cache_clear()


def save_skin(skin: Skin, folder: str | Path) -> Path:
    """Write ``skin`` as a folder (manifest + PNG templates) that :func:`load_skin` reads back."""
    import cv2

    out = Path(folder)
    (out / "cells").mkdir(parents=True, exist_ok=True)
    cells: dict[str, str] = {}
    for ch in skin.chars:
        rel = f"cells/{CELL_NAMES[ch]}.png"
        if not cv2.imwrite(str(out / rel), skin.cells[ch]):
            raise OSError(f"{out / rel}: could not write the template")
        cells[ch] = rel
    variants: dict[str, list[str]] = {}
    for ch, imgs in skin.variants.items():
        for i, img in enumerate(imgs):
            rel = f"cells/{CELL_NAMES[ch]}_v{i + 1}.png"
            if not cv2.imwrite(str(out / rel), img):
                raise OSError(f"{out / rel}: could not write the template")
            variants.setdefault(ch, []).append(rel)
    unnamed = []
    for i, (imgs, cands) in enumerate(zip(skin.unnamed, skin.unnamed_candidates, strict=True)):
        files = []
        for k, img in enumerate(imgs):
            rel = f"cells/look_{i + 1}" + (f"_v{k}" if k else "") + ".png"
            if not cv2.imwrite(str(out / rel), img):
                raise OSError(f"{out / rel}: could not write the look")
            files.append(rel)
        unnamed.append({"files": files, "candidates": cands})
    faces: dict[str, str] = {}
    if skin.faces:
        (out / "faces").mkdir(exist_ok=True)
        for face, img in skin.faces.items():
            rel = f"faces/{face}.png"
            if not cv2.imwrite(str(out / rel), img):
                raise OSError(f"{out / rel}: could not write the face")
            faces[face] = rel
    data: dict[str, Any] = {
        "name": skin.name,
        "description": skin.description,
        "source": skin.source,
        "cell_size": list(skin.cell_size),
        "cells": cells,
        "synthesised": dict(skin.synthesised),
    }
    if skin.noise:
        data["noise"] = round(float(skin.noise), 1)
    if variants:
        data["variants"] = variants
    if unnamed:
        data["unnamed"] = unnamed
    if faces:
        data["faces"] = faces
    if skin.counter is not None:
        data["counter"] = dict(skin.counter)
    if skin.layout:
        data["layout"] = dict(skin.layout)
    (out / MANIFEST).write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
    forget_skins()
    return out
