"""Re-read a recording with today's vision and measure it, for every game.

Every recorded frame is read again; the board must come out exactly as the bot saw it then
(the ``state`` of its event; for Balda the ``grid``, since the state also holds the scores and
words the bot followed). Reported: mismatches (which frame, which cells), frames that no
longer read, the recorded timings (latency, seconds a game), and games won and lost with the win
rate and its confidence interval.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.io.screens.replay import ReplayScreen
from bot.run import stats
from bot.run.recorder import RecordingError, read_events
from solvers.minesweeper.state import Board
from vision.core.errors import ReadError
from vision.core.frame import Frame

ReadBoard = Callable[[Frame], Any]
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
    header: dict[str, Any] = field(default_factory=dict)
    frames: int = 0
    agreed: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    problems_recorded: int = 0  # frames the bot itself flagged as misread while playing
    outcomes: list[str] = field(default_factory=list)
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

    def summary(self) -> dict[str, object]:
        finished = self.wins + self.losses
        low, high = stats.wilson_interval(self.wins, finished)
        return {
            "recording": str(self.directory),
            "frames": self.frames,
            "agreed": self.agreed,
            "mismatches": len(self.mismatches),
            "problems_recorded": self.problems_recorded,
            "games": finished,
            "wins": self.wins,
            "losses": self.losses,
            "win_rate": self.wins / finished if finished else None,
            "win_rate_ci95": [low, high],
            "seconds_per_game_median": stats.median(self.game_seconds),
            "latency_ms_median": stats.median(self.latencies_ms),
            "read_ms_median": stats.median(self.read_ms),
            "stopped": self.stop_reason,
            "first_mismatches": [m.to_dict() for m in self.mismatches[:10]],
        }


def diff(expected: Board, got: Board, limit: int = 5) -> str:
    """Which cells differ, as ``(r, c) '#'->'1'`` (at most ``limit`` of them)."""
    if (expected.rows, expected.cols) != (got.rows, got.cols):
        return f"size {got.rows}x{got.cols}, recorded {expected.rows}x{expected.cols}"
    cells = [
        f"({i // got.cols}, {i % got.cols}) {expected.to_text().replace(chr(10), '')[i]!r}"
        f"->{got.to_text().replace(chr(10), '')[i]!r}"
        for i, (a, b) in enumerate(zip(expected.cells, got.cells, strict=True))
        if a != b
    ]
    more = f" and {len(cells) - limit} more" if len(cells) > limit else ""
    return f"{len(cells)} cells differ: " + ", ".join(cells[:limit]) + more


class VisionReader:
    """Today's vision on recorded frames: the board is located once and again only when a frame
    does not read at the last location (the window moved, or another program's frames)."""

    def __init__(self, skin: str | None) -> None:
        self.skin = skin
        self.locations = 0
        self._location: Any = None
        self._shape: tuple[int, ...] = ()

    def __call__(self, frame: Frame) -> Board:
        from vision.minesweeper.reader import locate_minesweeper, read_minesweeper

        if self._location is not None and frame.pixels.shape == self._shape:
            try:
                return read_minesweeper(frame, self.skin, self._location).board
            except ReadError:
                pass
        self._location = locate_minesweeper(frame, self.skin)
        self._shape = frame.pixels.shape
        self.locations += 1
        return read_minesweeper(frame, self.skin, self._location).board


def vision_reader(skin: str | None) -> ReadBoard:
    return VisionReader(skin)


class TextReader:
    """Re-reads a word game's frames into the text its events recorded (``field``).

    ``expected`` makes the recorded text of an event (default: its ``field``); ``agree`` says
    whether a reading matches it (default: equal); ``checks`` whether an event's frame is one
    to re-read (default: all)."""

    def __init__(
        self,
        read: Callable[[Frame], str],
        field: str,
        expected: Callable[[dict[str, Any]], str] | None = None,
        agree: Callable[[str, str], bool] | None = None,
        checks: Callable[[dict[str, Any]], bool] | None = None,
    ) -> None:
        self.read, self.field = read, field
        self.checks = checks or (lambda event: True)
        self.expected = expected or (lambda event: str(event[field]))
        self.agree = agree or (lambda got, want: got == want)

    def __call__(self, frame: Frame) -> str:
        return self.read(frame)


def erudit_reader(header: dict[str, Any]) -> TextReader:
    """Erudit/Scrabble vision with the recorded site's look, board and rack, as play read
    them: Tesseract names a glyph the look lacks when the tile's value confirms it, and the
    frames are read in order, so what one frame taught the next one knows (play keeps those
    names for the session only). A tile still unknown (named during play by the game's logic,
    which a lone frame cannot redo) reads as ``?`` and agrees with any letter recorded there;
    every other square and rack tile must read as recorded."""
    from bot.games.erudit.sites import find_site
    from solvers.erudit.rules import load_rules
    from vision.erudit.look import EruditSite
    from vision.erudit.reader import locate_erudit, read_erudit

    site = EruditSite.load(find_site(str(header.get("site") or "gamebot-erudit")))
    rules = load_rules(str(header.get("rules") or "erudit"))

    def read(frame: Frame) -> str:
        reading = read_erudit(frame, locate_erudit(frame), site, rules, check=False,
                              partial=True, empty_rack=True)
        board = "".join(reading.board)
        rows = "\n".join(board[r * 15 : (r + 1) * 15] for r in range(15))
        return f"{rows}\nrack {reading.rack}"

    def expected(event: dict[str, Any]) -> str:
        return f"{str(event['board']).rstrip()}\nrack {event.get('rack', '')}"

    def agree(got: str, want: str) -> bool:
        return len(got) == len(want) and all(
            g == w or (g == "?" and w.isalpha()) for g, w in zip(got, want, strict=True)
        )

    def checks(event: dict[str, Any]) -> bool:
        # The wildcard's letter dialog covers the board: play kept the board it read before.
        return "choose" not in event.get("page", ())

    return TextReader(read, "board", expected, agree, checks)


def hangman_reader(directory: Path) -> TextReader:
    """The terminal font is learned again from the recording's calibration screen."""
    from vision.hangman.reader import read_hangman
    from vision.hangman.terminal import Glyphs

    path = directory / "calibration.png"
    if not path.is_file():
        raise RecordingError(f"{path}: missing (the terminal font is learned from it)")
    glyphs = Glyphs.learn(Frame.from_file(path))
    return TextReader(lambda frame: read_hangman(frame, glyphs)[0].to_text(), "state")


def balda_reader(header: dict[str, Any]) -> TextReader:
    """Letter vision with the recorded site's glyph bank (no OCR: a frame the bank cannot
    read is a mismatch, not a new glyph)."""
    from bot.web.site_data import glyph_bank_for
    from bot.web.sites import load_profile
    from solvers.words.alphabet import alphabet_for
    from vision.balda.reader import read_balda
    from vision.core.letters import locate_letter_grid
    from vision.core.ocr import tesseract_lang

    site = load_profile(str(header.get("site") or "gamebot-balda"))
    lang = str(header.get("language") or site.language)
    alphabet = alphabet_for(lang)
    bank = glyph_bank_for(site, alphabet)
    tess = tesseract_lang(lang)

    found: list[Any] = []  # the grid's location, kept from frame to frame as play keeps it

    def read(frame: Frame) -> str:
        # A word being entered lights up its cells, and the lattice of alike cells may not be
        # found on that frame: the grid is where it was (found again only when that fails).
        if found:
            try:
                reading = read_balda(frame, found[0], bank, alphabet, lang=tess)
                return str(reading.to_text()).rstrip("\n") + "\n"
            except ReadError:
                pass
        location = locate_letter_grid(frame)
        found[:] = [location]
        reading = read_balda(frame, location, bank, alphabet, lang=tess)
        return str(reading.to_text()).rstrip("\n") + "\n"

    def checks(event: dict[str, Any]) -> bool:
        # A grid faded under the end banner was the followed game's, not read off the frame.
        return not event.get("grid_followed")

    return TextReader(read, "grid", checks=checks)


def reader_for(header: dict[str, Any], directory: Path) -> ReadBoard:
    game = header.get("game", "minesweeper")
    if game == "hangman":
        return hangman_reader(directory)
    if game == "balda":
        return balda_reader(header)
    if game == "erudit":
        return erudit_reader(header)
    return vision_reader(header.get("skin"))


def replay(
    directory: str | Path,
    read: ReadBoard | None = None,
    on_frame: Callable[[int, int], None] | None = None,
) -> ReplayReport:
    """Re-read and measure one recording; ``on_frame(done, total)`` reports progress."""
    report = ReplayReport(Path(directory))
    for event in read_events(report.directory):
        kind = event.get("event")
        if kind == "session" and not report.header:
            report.header = event
        elif kind == "outcome" and event.get("outcome") in ("won", "lost", "drawn"):
            report.outcomes.append(str(event["outcome"]))
            seconds = event.get("seconds")
            report.game_seconds.append(float("nan") if seconds is None else float(seconds))
        elif kind == "step" and event.get("latency_ms") is not None:  # null: none measured
            report.latencies_ms.append(float(event["latency_ms"]))
        elif kind == "problem":
            report.problems_recorded += 1
        elif kind == "stop":
            report.stop_reason = str(event.get("reason", ""))
    if not report.header:
        raise RecordingError(f"{report.directory}: no session header (not a gamebot recording)")
    if read is None:
        read = reader_for(report.header, report.directory)
    field = read.field if isinstance(read, TextReader) else "state"
    screen = ReplayScreen(report.directory)
    checked = [
        e for e in screen.events
        if e.get("event") in CHECKED and field in e
        and (not isinstance(read, TextReader) or read.checks(e))
    ]
    for done, event in enumerate(checked, 1):
        frame = screen.load(event)
        expected: Any = read.expected(event) if isinstance(read, TextReader) else str(event[field])
        if not isinstance(read, TextReader):
            expected = Board.from_text(expected)
        report.frames += 1
        started = time.perf_counter()
        try:
            got = read(frame)
        except ReadError as exc:
            report.mismatches.append(Mismatch(str(event["frame"]), f"unreadable: {exc}"))
        else:
            same = read.agree(got, expected) if isinstance(read, TextReader) else got == expected
            if same:
                report.agreed += 1
            elif isinstance(expected, Board):
                report.mismatches.append(Mismatch(str(event["frame"]), diff(expected, got)))
            else:
                report.mismatches.append(
                    Mismatch(str(event["frame"]), f"reads {got!r}, recorded {expected!r}")
                )
        report.read_ms.append((time.perf_counter() - started) * 1000.0)
        if on_frame is not None:
            on_frame(done, len(checked))
    return report
