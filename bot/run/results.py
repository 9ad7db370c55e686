"""What a play session produced: one record per game and the session's counters."""

from __future__ import annotations

import time
from array import array
from dataclasses import dataclass, field

from bot.run import stats


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

    latency_ms_median: float | None = None  # kept when the lists are handed to the session

    def to_dict(self) -> dict[str, object]:
        median = self.latency_ms_median
        if median is None:
            median = stats.median(self.latencies_ms)
        return {
            "game": self.number,
            "outcome": self.outcome,
            "seconds": round(self.seconds, 3),
            "steps": self.steps,
            "moves": self.moves,
            "guesses": self.guesses,
            "latency_ms_median": round(median, 2),
            **self.details,
        }


#: Timings a session keeps for its medians: every one up to this many, then a uniform sample
#: of that size (a night of games must not grow memory; medians from 50,000 are exact enough).
SAMPLES_KEPT = 50_000


class Samples:
    """A uniform sample of at most ``limit`` numbers (reservoir sampling, seeded: the same run
    gives the same figures). Kept as raw doubles: a list of float objects took four times the
    memory (32 bytes a value, 4.8 MB for a session's three full samples)."""

    def __init__(self, limit: int = SAMPLES_KEPT) -> None:
        import random

        self.limit = limit
        self.values: array[float] = array("d")
        self.seen = 0
        self._rng = random.Random(0)

    def extend(self, values: list[float]) -> None:
        for v in values:
            self.seen += 1
            if len(self.values) < self.limit:
                self.values.append(v)
            else:
                k = self._rng.randrange(self.seen)
                if k < self.limit:
                    self.values[k] = v


#: What a stale frame is, said once in each play summary: a frame grabbed before the screen
#: showed the last move (the program draws in its own time), waited out and grabbed again.
STALE_FRAMES = "stale frames (grabbed before the screen showed the last move, then waited out;" \
    " not misreads)"


#: Games that came to an end (an "unfinished" or "unknown" game did not).
FINISHED = frozenset({"won", "lost", "drawn"})


@dataclass
class SessionStats:
    """Everything a play session counts, for its summary line and the JSON report.

    Every game's outcome (a byte), its seconds when finished (8 bytes, for the exact median) and
    the move total are always counted. The :class:`GameResult` objects themselves are kept in
    ``games`` only with ``keep_games`` (summaries that read each game's details: words, scores);
    a Minesweeper night does without them, so thousands of games do not grow memory.
    """

    games: list[GameResult] = field(default_factory=list)  # filled only with keep_games
    misreads: int = 0
    learned: int = 0  # glyphs the skin lacked, learned during play (their frames not misreads)
    stale_frames: int = 0
    relocations: int = 0
    restarts: int = 0  # the program was started again after it crashed or closed
    started: float = field(default_factory=time.monotonic)
    stopped: str = ""  # why the session ended early (empty: it ran its course)
    keep_games: bool = True  # keep every GameResult in ``games`` (else only the counts)
    moves: int = field(default=0, init=False)  # moves sent, all games

    def __post_init__(self) -> None:
        self._latency, self._read, self._decide = Samples(), Samples(), Samples()
        self._kinds: list[str] = ["won", "lost", "drawn", "unfinished"]  # outcomes by code
        self._outcomes = bytearray()  # each game's outcome code, in order
        self._seconds: array[float] = array("d")  # each finished game's seconds, in order
        for game in self.games:
            self._take(game)

    def add(self, game: GameResult) -> None:
        """Count a finished game; its per-move timings go into the session's samples."""
        self._take(game)
        if self.keep_games:
            self.games.append(game)

    def _take(self, game: GameResult) -> None:
        if game.outcome not in self._kinds:
            self._kinds.append(game.outcome)
        self._outcomes.append(self._kinds.index(game.outcome))
        if game.outcome in FINISHED:
            self._seconds.append(game.seconds)
        self.moves += game.moves
        if game.latency_ms_median is None:
            game.latency_ms_median = stats.median(game.latencies_ms)
        self._latency.extend(game.latencies_ms)
        self._read.extend(game.read_ms)
        self._decide.extend(game.decide_ms)
        game.latencies_ms, game.read_ms, game.decide_ms = [], [], []

    @property
    def played(self) -> int:
        """Games counted, finished or not."""
        return len(self._outcomes)

    @property
    def finished_count(self) -> int:
        return len(self._seconds)

    @property
    def wins(self) -> int:
        return self._outcomes.count(self._kinds.index("won"))

    def outcomes(self) -> list[str]:
        """Every game's outcome, in order."""
        return [self._kinds[i] for i in self._outcomes]

    def finished_seconds(self) -> list[float]:
        """How long each finished game took, in order."""
        return list(self._seconds)

    @property
    def finished(self) -> list[GameResult]:
        """The finished games themselves: only a session that keeps its games has them."""
        if not self.keep_games:
            raise RuntimeError("this session keeps counts, not games (keep_games is off)")
        return [g for g in self.games if g.outcome in FINISHED]

    def latencies(self) -> list[float]:
        return list(self._latency.values)

    def read_times(self) -> list[float]:
        return list(self._read.values)

    def decide_times(self) -> list[float]:
        return list(self._decide.values)
