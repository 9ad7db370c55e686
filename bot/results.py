"""What a play session produced: one record per game and the session's counters."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from bot import stats


@dataclass
class GameResult:
    """One game the bot played on screen: the outcome, its timings and the game's details."""

    number: int
    outcome: str  # "won", "lost", "drawn" or "unfinished"
    seconds: float
    steps: int
    moves: int
    guesses: int
    latencies_ms: list[float] = field(default_factory=list)
    read_ms: list[float] = field(default_factory=list)
    decide_ms: list[float] = field(default_factory=list)
    details: dict[str, object] = field(default_factory=dict)  # the game's own (scores, words)

    def to_dict(self) -> dict[str, object]:
        return {
            "game": self.number,
            "outcome": self.outcome,
            "seconds": round(self.seconds, 3),
            "steps": self.steps,
            "moves": self.moves,
            "guesses": self.guesses,
            "latency_ms_median": round(stats.median(self.latencies_ms), 2),
            **self.details,
        }


#: What a stale frame is, said once in each play summary: a frame grabbed before the screen
#: showed the last move (the program draws in its own time), waited out and grabbed again.
STALE_FRAMES = "stale frames (grabbed before the screen showed the last move, then waited out;" \
    " not misreads)"


@dataclass
class SessionStats:
    """Everything a play session counts, for its summary line and the JSON report."""

    games: list[GameResult] = field(default_factory=list)
    misreads: int = 0
    learned: int = 0  # glyphs the skin lacked, learned during play (their frames not misreads)
    stale_frames: int = 0
    relocations: int = 0
    restarts: int = 0  # the program was started again after it crashed or closed
    started: float = field(default_factory=time.monotonic)
    stopped: str = ""  # why the session ended early (empty: it ran its course)

    @property
    def finished(self) -> list[GameResult]:
        return [g for g in self.games if g.outcome in ("won", "lost", "drawn")]

    @property
    def wins(self) -> int:
        return sum(g.outcome == "won" for g in self.games)

    def latencies(self) -> list[float]:
        return [x for g in self.games for x in g.latencies_ms]

    def read_times(self) -> list[float]:
        return [x for g in self.games for x in g.read_ms]

    def decide_times(self) -> list[float]:
        return [x for g in self.games for x in g.decide_ms]
