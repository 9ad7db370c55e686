"""``gamebot skins``: the Minesweeper skins gamebot knows, built-in and learned.

Built-in skins ship in ``calibration/minesweeper/skins``; learned ones (``calibrate``, or grown
during play with ``--learn-into``) live in the user skin folder (``$GAMEBOT_SKINS``, else
``~/.local/share/gamebot/skins``). ``read`` and ``play`` try all of them in this order.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.cli.options import add_json
from bot.cli.registry import Command


def _configure(p: argparse.ArgumentParser) -> None:
    add_json(p)


def describe(folder: Path, kind: str, shadowed: bool = False) -> dict[str, object]:
    """One skin folder, as a row: what it can read and what it still lacks."""
    from vision.minesweeper.skin import SkinError, load_skin_folder

    row: dict[str, object] = {"name": folder.name, "kind": kind, "folder": str(folder)}
    try:
        skin = load_skin_folder(folder)
    except SkinError as exc:
        return {**row, "error": str(exc)}
    w, h = skin.cell_size
    return {
        **row,
        "name": skin.name,
        "cell_size": [w, h],
        "looks": skin.chars,
        "missing": skin.missing,
        "variants": sum(len(v) for v in skin.variants.values()),
        "unnamed_looks": len(skin.unnamed),
        "faces": sorted(skin.faces),
        "counter": str(skin.counter.get("kind", "seven-segment")).replace("_", "-")
        if skin.counter else None,
        "description": skin.description,
        "shadowed_by_builtin": shadowed,
    }


def _line(row: dict[str, object]) -> str:
    if "error" in row:
        return f"  {row['name']:14s} unreadable: {row['error']}"
    size = row["cell_size"]
    w, h = size if isinstance(size, list | tuple) else ("?", "?")
    extras = []
    if row["missing"]:
        extras.append(f"missing {row['missing']}")
    if row["unnamed_looks"]:
        extras.append(f"{row['unnamed_looks']} unnamed look(s)")
    if row["faces"]:
        extras.append("face")
    if row["counter"]:
        extras.append(f"{row['counter']} counter")
    if row["shadowed_by_builtin"]:
        extras.append("hidden by the built-in skin of the same name")
    more = f"; {', '.join(extras)}" if extras else ""
    return f"  {row['name']:14s} cells {w}x{h}, reads {row['looks']}{more}"


def _run(args: argparse.Namespace) -> int:
    from bot.cli.report import emit
    from vision.minesweeper.skin import BUILTIN_DIR, MANIFEST, builtin_skins, user_skin_dir

    builtin = [describe(BUILTIN_DIR / name, "built-in") for name in builtin_skins()]
    folder = user_skin_dir()
    names = set(builtin_skins())
    learned = []
    if folder.is_dir():
        for sub in sorted(folder.iterdir()):
            if (sub / MANIFEST).is_file() and not sub.name.startswith("."):
                learned.append(describe(sub, "learned", sub.name in names))
    lines = [f"built-in skins ({BUILTIN_DIR}):", *map(_line, builtin),
             f"learned skins ({folder}):"]
    lines += [*map(_line, learned)] if learned else [
        "  none yet: `gamebot calibrate minesweeper --from SHOT.png` or"
        " `gamebot play minesweeper --learn-into DIR` make one"
    ]
    lines.append("use one with --skin NAME (or a skin folder); read and play try them all")
    emit({"builtin": builtin, "learned": learned, "user_folder": str(folder)}, lines, args.json)
    return 0


COMMANDS: list[Command] = [
    Command(
        "skins",
        None,
        "list the Minesweeper skins: built-in and learned (calibrate, --learn-into)",
        _configure,
        _run,
        description="List the Minesweeper skins gamebot reads with: the built-in ones and"
        " those learned into the user skin folder ($GAMEBOT_SKINS, else"
        " ~/.local/share/gamebot/skins), with what each can read and what it still lacks.",
    ),
]
