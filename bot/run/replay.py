"""Re-read a recording with today's vision and measure it, for every game.

Every recorded frame is read again, by the recorded game's own reader (its spec's
:class:`TextReader`); the board must come out exactly as the bot saw it then (the ``state`` of
its event; for Balda the ``grid``, since the state also holds the scores and words the bot
followed). Reported: mismatches (which frame, which cells), frames that no
longer read, the recorded timings (latency, seconds a game), and the games as their recorded
ends say (``outcome`` events): won, drawn and lost, with the win rate and its confidence
interval, and the games that never ended (started by a ``game`` event with no end: the session
stopped in the middle, or left one unfinished).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bot.io.screens.replay import ReplayScreen
from bot.run import stats
from bot.run.recorder import RecordingError, number, read_events
from bot.run.results import FINISHED
from vision.core.errors import ReadError
from vision.core.frame import Frame

CHECKED = ("step", "outcome", "seen")  # events whose frame was read into their "state"


@dataclass
class Mismatch:
    """A recorded frame that today's vision reads differently (or not at all), and how."""

    frame: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"frame": self.frame, "message": self.message}


@dataclass
class ReplayReport:
    """What re-reading one recording found: agreement, timings and game outcomes."""

    directory: Path
    header: dict[str, object] = field(default_factory=dict)
    frames: int = 0
    agreed: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    problems_recorded: int = 0  # frames the bot itself flagged as misread while playing
    outcomes: list[str] = field(default_factory=list)  # every game that ended, in order
    # the games begun ("game" events) and those whose end was recorded, by (session, game):
    # a resumed recording numbers its games from 1 again
    started: set[tuple[int, int]] = field(default_factory=set)
    ended: set[tuple[int, int]] = field(default_factory=set)
    left_unfinished: int = 0  # ends recorded as "unfinished" (a step limit)
    game_seconds: list[float] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    read_ms: list[float] = field(default_factory=list)
    stop_reason: str = ""

    @property
    def wins(self) -> int:
        return self.outcomes.count("won")

    @property
    def losses(self) -> int:
        return self.outcomes.count("lost")

    @property
    def draws(self) -> int:
        return self.outcomes.count("drawn")

    @property
    def unfinished(self) -> int:
        """Games begun and never ended: left unfinished, or cut short by the session's stop."""
        return self.left_unfinished + len(self.started - self.ended)

    def summary(self) -> dict[str, object]:
        finished = len(self.outcomes)
        low, high = stats.wilson_interval(self.wins, finished)
        return {
            "recording": str(self.directory),
            "frames": self.frames,
            "agreed": self.agreed,
            "mismatches": len(self.mismatches),
            "problems_recorded": self.problems_recorded,
            "games": finished,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "unfinished": self.unfinished,
            "win_rate": self.wins / finished if finished else None,
            "win_rate_ci95": [low, high],
            "seconds_per_game_median": stats.median(self.game_seconds),
            "latency_ms_median": stats.median(self.latencies_ms),
            "read_ms_median": stats.median(self.read_ms),
            "stopped": self.stop_reason,
            "first_mismatches": [m.to_dict() for m in self.mismatches[:10]],
        }


class TextReader:
    """Re-reads a game's frames into the text its events recorded (``field``): each game's
    spec makes one (:class:`bot.run.spec.GameSpec`).

    ``expected`` makes the recorded text of an event (default: its ``field``); ``agree`` says
    whether a reading matches it (default: equal); ``checks`` whether an event's frame is one
    to re-read (default: all); ``differ`` says how a reading differs from the recorded text.
    ``read_event``, when given, reads a frame knowing its event: what play was told when it
    read that frame (Erudit: the tiles it had laid) is told again."""

    def __init__(
        self,
        read: Callable[[Frame], str],
        field: str,
        expected: Callable[[dict[str, object]], str] | None = None,
        agree: Callable[[str, str], bool] | None = None,
        checks: Callable[[dict[str, object]], bool] | None = None,
        differ: Callable[[str, str], str] | None = None,
        read_event: Callable[[Frame, dict[str, object]], str] | None = None,
    ) -> None:
        self.read, self.field, self.read_event = read, field, read_event
        self.checks = checks or (lambda event: True)
        self.expected = expected or (lambda event: str(event[field]))
        self.agree = agree or (lambda got, want: got == want)
        self.differ = differ or (lambda got, want: f"reads {got!r}, recorded {want!r}")

    def __call__(self, frame: Frame, event: dict[str, object] | None = None) -> str:
        if event is not None and self.read_event is not None:
            return self.read_event(frame, event)
        return self.read(frame)


def _game_no(event: dict[str, object]) -> int:
    """Which game an event belongs to: its ``game`` (the loop numbers them), else the
    recorder's ``game_no``."""
    value = event.get("game", event.get("game_no", 0))
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RecordingError(f"a {event.get('event')} event's game is {value!r}, not a number")
    return int(value)


def reader_for(header: dict[str, object], directory: Path) -> TextReader:
    """The recorded game's own reader (its spec's), with what the header says it read with."""
    from bot.games import spec

    return spec(str(header.get("game", "minesweeper"))).reader(header, directory)


def replay(
    directory: str | Path,
    read: TextReader | None = None,
    on_frame: Callable[[int, int], None] | None = None,
    site: str | None = None,
) -> ReplayReport:
    """Re-read and measure one recording; ``on_frame(done, total)`` reports progress. A word
    game's recording is read with the site it carries; ``site`` (a name or a profile's file)
    stands in for one that carries none (made by an older gamebot)."""
    report = ReplayReport(Path(directory))
    sessions = 0
    for event in read_events(report.directory):
        kind = event.get("event")
        if kind == "session":
            sessions += 1
            report.header = report.header or event
        elif kind == "game":
            report.started.add((sessions, _game_no(event)))
        elif kind == "outcome":
            report.ended.add((sessions, _game_no(event)))
            if event.get("outcome") not in FINISHED:
                report.left_unfinished += 1
                continue
            report.outcomes.append(str(event["outcome"]))
            seconds = event.get("seconds")
            report.game_seconds.append(float("nan") if seconds is None
                                       else number(seconds, "an outcome's seconds"))
        elif kind == "step" and event.get("latency_ms") is not None:  # null: none measured
            report.latencies_ms.append(number(event["latency_ms"], "a step's latency"))
        elif kind == "problem":
            report.problems_recorded += 1
        elif kind == "stop":
            report.stop_reason = str(event.get("reason", ""))
    if not report.header:
        raise RecordingError(f"{report.directory}: no session header (not a gamebot recording)")
    if read is None:
        header = {**report.header, "site": site} if site else report.header
        read = reader_for(header, report.directory)
    screen = ReplayScreen(report.directory)
    checked = [e for e in screen.events
               if e.get("event") in CHECKED and read.field in e and read.checks(e)]
    for done, event in enumerate(checked, 1):
        frame = screen.load(event)
        expected = read.expected(event)
        report.frames += 1
        started = time.perf_counter()
        try:
            got = read(frame, event)
        except ReadError as exc:
            report.mismatches.append(Mismatch(str(event["frame"]), f"unreadable: {exc}"))
        else:
            if read.agree(got, expected):
                report.agreed += 1
            else:
                report.mismatches.append(Mismatch(str(event["frame"]), read.differ(got, expected)))
        report.read_ms.append((time.perf_counter() - started) * 1000.0)
        if on_frame is not None:
            on_frame(done, len(checked))
    return report
