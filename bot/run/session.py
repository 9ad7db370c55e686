"""The one composition root: a game's session set up, run and summed up, the same for every game.

A game registers a :class:`bot.run.spec.GameSpec`. For one play session the spec opens its
:class:`~bot.run.spec.Table` (the screen, the program started or found, the adapter); this
module adds what every game shares: the click guard, the recording, the game log, the loop with
its limits and restarts, and the summary with the figures every game reports, to which the game
adds its own.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bot.run import stats
from bot.run.game import GameAdapter
from bot.run.loop import Loop, LoopOptions, Status
from bot.run.recorder import JsonlWriter, Recorder
from bot.run.results import SessionStats
from bot.run.safety import GuardedScreen
from bot.run.spec import GameSpec, Session, SessionConfig

C = TypeVar("C", bound=SessionConfig)
A = TypeVar("A", bound="GameAdapter[Any, Any, Any, Any]")


@dataclass
class PlayResult:
    """A session's figures: the counts, the summary (JSON) and its lines for people."""

    stats: SessionStats
    summary: dict[str, object]
    lines: list[str] = field(default_factory=list)


def open_recorder(cfg: SessionConfig, stack: ExitStack) -> Recorder | None:
    if cfg.record is None:
        return None
    max_bytes = int(cfg.record_max_gb * 1e9) if cfg.record_max_gb else None
    return stack.enter_context(
        Recorder(cfg.record, frames=cfg.record_frames, max_bytes=max_bytes, on_warning=note)
    )


def log_path(spec: GameSpec[C, A], cfg: SessionConfig, stamp: str) -> Path:
    """The game log: ``--log``, else beside the recording, else ``out/GAME-games-TIME.jsonl``."""
    if cfg.log is not None:
        return cfg.log
    if cfg.record is not None:
        return cfg.record / "games.jsonl"
    return cfg.out / f"{spec.name}-games-{stamp}.jsonl"


def play(spec: GameSpec[C, A], cfg: C, status: Status | None = None) -> PlayResult:
    """Run one session of ``spec``'s game to its end (limits, Ctrl+C, the fail-safe or a
    problem) and sum it up."""
    spec.check(cfg)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    began = time.monotonic()
    with ExitStack() as stack:
        table = spec.open(cfg, stack)
        recorder = open_recorder(cfg, stack)
        path = log_path(spec, cfg, stamp)
        log = JsonlWriter(path)
        stack.callback(log.close)
        options = LoopOptions(games=cfg.games, hours=cfg.hours, problems_dir=cfg.out,
                              pace=cfg.pace, locate_timeout=table.locate_timeout,
                              max_steps=table.max_steps, keep_games=table.keep_games)
        loop = Loop(table.screen, table.target, table.adapter, options, recorder, log, status,
                    note, restart=table.restart)
        result = loop.run()
        session = Session(cfg, table, path, began)
        summary = {**common_summary(result, table.screen), **spec.summary(result, session)}
    summary.update(recording=str(cfg.record) if cfg.record else None, log=str(path))
    return PlayResult(result, summary, spec.lines(summary))


def common_summary(result: SessionStats, screen: GuardedScreen) -> dict[str, object]:
    """The figures every game reports: games and wins with the win rate's 95 % interval,
    misreads, refused clicks, stale frames, relocations, restarts, timings."""
    finished = result.finished_count
    wins = result.wins
    low, high = stats.wilson_interval(wins, finished)
    return {
        "games": finished,
        "wins": wins,
        "win_rate": wins / finished if finished else None,
        "win_rate_ci95": [low, high],
        "unfinished": result.played - finished,
        "misreads": result.misreads,
        "refused_clicks": screen.guard.refused,
        "stale_frames": result.stale_frames,
        "relocations": result.relocations,
        "restarts": result.restarts,
        "seconds_per_game_median": stats.median(result.finished_seconds()),
        "read_ms_median": stats.median(result.read_times()),
        "decide_ms_median": stats.median(result.decide_times()),
        "stopped": result.stopped,
    }


def interval(summary: Mapping[str, object], key: str = "win_rate_ci95") -> tuple[float, float]:
    """A (low, high) pair of a summary (the win rate's 95 % interval by default)."""
    value = summary[key]
    if isinstance(value, list | tuple) and len(value) == 2:
        low, high = value
        if isinstance(low, int | float) and isinstance(high, int | float):
            return float(low), float(high)
    raise ValueError(f"summary {key!r} is {value!r}, not a (low, high) pair")


def count(summary: Mapping[str, object], key: str) -> int:
    """A whole number of a summary (games, wins, words...)."""
    value = summary[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"summary {key!r} is {value!r}, not a count")
    return value


def texts(summary: Mapping[str, object], key: str) -> list[str]:
    """A list of texts of a summary (none when it is missing)."""
    value = summary.get(key) or []
    return [str(v) for v in value] if isinstance(value, list | tuple) else [str(value)]


def note(line: str) -> None:
    """A line for the person watching, on stderr."""
    print(line, file=sys.stderr, flush=True)
