"""A benchmark run's game outcomes kept in a file, to be paired with later runs of the same games.

Measuring many engine settings against one reference replays the reference on every run
(``--versus``), half the CPU of each comparison. ``--save-outcomes FILE`` keeps each game's
outcome (won, lost, not played) with what identifies the games (level, rule, seed, first click);
``--versus-saved FILE`` pairs a run with them instead of replaying the reference. The file is
only as good as the engine that made it: it names its setting, and is refused for other games.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from bot.bench.minesweeper import BenchSpec, GameResult
from bot.errors import GamebotError
from vision.core.atomic import write_atomic

KIND = "gamebot minesweeper outcomes"


def games_key(spec: BenchSpec) -> dict[str, object]:
    """What makes game ``i`` the same game: layout seed, level, rule and first click."""
    level = spec.level
    return {
        "level": f"{level.rows}x{level.cols}/{level.mines}",
        "rules": spec.rules.value,
        "seed": spec.seed,
        "first_inset": spec.first_inset,
        "first_cell": list(spec.first_cell) if spec.first_cell else None,
    }


def save_outcomes(path: str, spec: BenchSpec, games: int, results: list[GameResult]) -> None:
    """Write every game's outcome (``1`` won, ``0`` lost, ``-`` not played), atomically."""
    marks = ["-"] * games
    for r in results:
        marks[r.index] = "1" if r.won else "0"
    cpu = sum(r.cpu_s for r in results) / len(results) if results else math.nan
    data = {
        "kind": KIND,
        **games_key(spec),
        "engine_setting": spec.engine.name,
        "games": games,
        "cpu_ms_per_game": 1000 * cpu,
        "outcomes": "".join(marks),
    }
    target = Path(path)
    try:
        write_atomic(target, (json.dumps(data) + "\n").encode("utf-8"))
    except OSError as exc:
        raise GamebotError(f"cannot write the outcomes to {path}: {exc}") from None


def load_outcomes(path: str, spec: BenchSpec, games: int) -> tuple[str, list[GameResult | None]]:
    """(engine setting, outcome of each game of ``range(games)`` or None if not played) from a
    file of the same games; GamebotError naming what differs otherwise."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise GamebotError(f"cannot read saved outcomes {path}: {exc}") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise GamebotError(f"{path} is not a file of --save-outcomes")
    want = games_key(spec)
    for key, value in want.items():
        if data.get(key) != value:
            raise GamebotError(
                f"{path} holds other games: its {key} is {data.get(key)!r}, this run's {value!r}"
            )
    marks = str(data.get("outcomes", ""))
    if len(marks) < games:
        raise GamebotError(f"{path} holds {len(marks)} games, this run plays {games}")
    cpu_s = float(data.get("cpu_ms_per_game", math.nan)) / 1000
    out: list[GameResult | None] = []
    for i, mark in enumerate(marks[:games]):
        out.append(None if mark == "-" else GameResult(mark == "1", [], [], cpu_s, i))
    return str(data.get("engine_setting", "?")), out
