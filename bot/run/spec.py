"""What a game registers so that the one session root and replay serve it: a :class:`GameSpec`.

The spec says how a session of the game is set up (its :class:`Table`: the screen, the program
started or found, the adapter), what the game adds to the summary every game prints, and how
replay reads its recorded frames. Shared code asks the spec; it never asks which game it is.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from bot.io.screens.desktop import DEFAULT_PAUSE
from bot.run.out_dir import default_out

if TYPE_CHECKING:
    from bot.io.targets.base import Target, TargetProfile
    from bot.run.game import GameAdapter
    from bot.run.replay import TextReader
    from bot.run.results import SessionStats
    from bot.run.safety import GuardedScreen

DEFAULT_RECORD_GB = 2.0  # a night of expert games with patches takes a few hundred MB


@dataclass
class SessionConfig:
    """What every game's play config holds (each game's config extends it)."""

    games: int | None = None
    hours: float | None = None
    record: Path | None = None
    log: Path | None = None
    seed: int | None = None
    pause: float = DEFAULT_PAUSE
    pace: float = 0.0
    out: Path = field(default_factory=default_out)
    record_frames: str = "all"  # all | problems | none
    record_max_gb: float | None = DEFAULT_RECORD_GB  # the oldest games' frames go first


C = TypeVar("C", bound=SessionConfig)
A = TypeVar("A", bound="GameAdapter[Any, Any, Any, Any]")


@dataclass
class Table(Generic[A]):
    """What one session plays on: the guarded screen, the program, the game's adapter, how to
    start the program again after a crash, and the loop settings the game needs."""

    screen: GuardedScreen
    target: Target[TargetProfile]
    adapter: A
    restart: Callable[[], Target[TargetProfile]] | None = None
    locate_timeout: float = 8.0  # seconds to find the board when the session starts
    max_steps: int = 5000  # moves in one game before giving up on it
    keep_games: bool = True  # keep every game's record (off: counts only, for nights)


@dataclass
class Session(Generic[C, A]):
    """A session that ran: its config, its table, where its game log went, when it began."""

    cfg: C
    table: Table[A]
    log_path: Path
    began: float  # time.monotonic() at the start


@dataclass(frozen=True)
class GameSpec(Generic[C, A]):
    """One game as the session root and replay know it (see the module docstring)."""

    name: str
    check: Callable[[C], None]  # refuse a bad config before anything starts
    open: Callable[[C, ExitStack], Table[A]]  # display, program, screen, adapter
    summary: Callable[[SessionStats, Session[C, A]], dict[str, object]]  # the game's figures
    lines: Callable[[dict[str, object]], list[str]]  # the summary for people
    reader: Callable[[dict[str, object], Path], TextReader]  # replay: recorded frames read again
