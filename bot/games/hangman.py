"""Playing bsdgames hangman on screen: read, check, decide, type, word after word.

The bot never types on a screen it could not read. Every reading is a settled frame (two equal
grabs) that must parse (:mod:`vision.hangman`) and follow from the last one: the known letters
stay, and the guessed letters grow by exactly the letter just typed. A frame that still shows
the old screen is *stale* (grab again, up to a timeout); one that cannot be read or contradicts
the game is a *misread* (saved, counted, grabbed again; after a few in a row the bot stops).
When a word ends, every state seen is checked against the word the game reveals.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bot import stats
from bot.errors import GamebotError
from bot.games.hangman_xterm import HangmanXterm
from bot.recorder import JsonlWriter
from solvers.hangman.state import State
from solvers.hangman.strategies import Solver
from vision.errors import ReadError
from vision.frame import Frame
from vision.hangman import HangmanView, Phase, read_hangman


class PlayStopped(GamebotError):
    """The bot stopped rather than act on a screen it cannot trust; names the saved frame."""


@dataclass
class WordGame:
    """One word played: the outcome and what it took."""

    number: int
    word: str
    won: bool
    misses: int
    guesses: str
    seconds: float
    in_dictionary: bool
    read_ms: list[float] = field(default_factory=list)
    decide_ms: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {
            "game": self.number,
            "word": self.word,
            "outcome": "won" if self.won else "lost",
            "misses": self.misses,
            "guesses": self.guesses,
            "seconds": round(self.seconds, 3),
            "in_dictionary": self.in_dictionary,
            "read_ms_median": round(stats.median(self.read_ms), 2),
            "decide_ms_median": round(stats.median(self.decide_ms), 3),
        }


@dataclass
class HangmanSession:
    """The words played so far and the reading trouble met, for the summary and the log."""

    games: list[WordGame] = field(default_factory=list)
    misreads: int = 0  # frames that could not be read or contradicted the game
    stale_frames: int = 0  # frames that did not show the last key yet
    timeouts: int = 0  # waits for a key to show that ran out
    stopped: str = ""

    @property
    def wins(self) -> int:
        return sum(g.won for g in self.games)


def follows(before: State, after: State, letter: str) -> bool:
    """Is ``after`` what the screen may show once ``letter`` is guessed in ``before``?"""
    if after.guessed != before.guessed | {letter} or after.length != before.length:
        return False
    return all(b == "-" or b == a for b, a in zip(before.pattern, after.pattern, strict=True))


def _new_word(view: HangmanView) -> bool:
    return view.phase is Phase.GUESS and not view.state.guessed


def _shows(letter: str) -> Callable[[HangmanView], bool]:
    return lambda view: letter in view.state.guessed


class HangmanPlayer:
    """Plays words on a running :class:`HangmanXterm` with one solver."""

    def __init__(
        self,
        terminal: HangmanXterm,
        solver: Solver,
        log: JsonlWriter | None = None,
        problems_dir: Path = Path("out/problems"),
        timeout: float = 5.0,
        misread_tries: int = 5,
        on_game: Callable[[HangmanSession], None] | None = None,
        record: Callable[[Frame, HangmanView, list[str]], None] | None = None,
    ) -> None:
        self.terminal = terminal
        self.solver = solver
        self.log = log
        self.problems_dir = problems_dir
        self.timeout = timeout
        self.misread_tries = misread_tries
        self.on_game = on_game
        self.record = record
        self.session = HangmanSession()

    def play(self, games: int) -> HangmanSession:
        """Play ``games`` words, answering "Another word?" with y, and n after the last."""
        for number in range(1, games + 1):
            game = self.play_word(number)
            self.session.games.append(game)
            if self.log is not None:
                self.log.write(game.to_dict())
            if self.on_game is not None:
                self.on_game(self.session)
            self.terminal.type("y" if number < games else "n")
        return self.session

    def play_word(self, number: int) -> WordGame:
        start = time.monotonic()
        read_ms: list[float] = []
        decide_ms: list[float] = []
        states: list[State] = []
        guesses = ""
        while True:
            t0 = time.perf_counter()
            if not states:
                view = self.read(_new_word)
            else:
                view = self.read(_shows(guesses[-1]), states[-1], guesses[-1])
            read_ms.append((time.perf_counter() - t0) * 1000)
            if view.phase is Phase.OVER:
                break
            states.append(view.state)
            t0 = time.perf_counter()
            decision = self.solver.decide(view.state)
            decide_ms.append((time.perf_counter() - t0) * 1000)
            guesses += decision.move.letter
            self.terminal.type(decision.move.letter)
        word = view.word or ""
        if not all(s.matches(word) for s in states):
            self.session.misreads += 1
            raise PlayStopped(f"word {number}: {word!r} contradicts a state read during the game")
        wc = self.solver.lexicon.classes.get(len(word))
        in_dictionary = wc is not None and word in wc.words
        return WordGame(
            number,
            word,
            bool(view.won),
            view.state.misses,
            guesses,
            time.monotonic() - start,
            in_dictionary,
            read_ms,
            decide_ms,
        )

    def read(
        self,
        ready: Callable[[HangmanView], bool],
        last: State | None = None,
        letter: str = "",
    ) -> HangmanView:
        """The next settled view that ``ready`` accepts (and that follows from ``last``)."""
        deadline = time.monotonic() + self.timeout
        failures = 0
        while True:
            self.terminal.screen.check_stop()
            frame = self.terminal.settled()
            try:
                view, lines = read_hangman(frame, self.terminal.glyphs_or_fail())
            except ReadError as exc:
                problem = str(exc)
                self.session.misreads += 1
            else:
                if ready(view):
                    if last is None or follows(last, view.state, letter):
                        if self.record is not None:
                            self.record(frame, view, lines)
                        return view
                    problem = f"{view.state.to_text()!r} does not follow {last.to_text()!r}"
                    self.session.misreads += 1
                elif time.monotonic() < deadline:
                    self.session.stale_frames += 1
                    time.sleep(0.01)
                    continue
                else:
                    problem = f"the screen did not change within {self.timeout:.0f} s"
                    self.session.timeouts += 1  # a key that never arrived: not a misread
            failures += 1
            saved = frame.save(self.problems_dir / f"hangman-{int(time.time() * 1000)}.png")
            if failures >= self.misread_tries or not self.terminal.running:
                raise PlayStopped(f"cannot read the hangman screen ({problem}); frame: {saved}")
            self.terminal.locate()
            time.sleep(0.05)
