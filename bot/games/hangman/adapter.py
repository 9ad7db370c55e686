"""bsdgames hangman for the loop: read the terminal, check, decide, type, word after word.

The bot never types on a screen it could not read. Every reading is a settled frame that must
parse (:mod:`vision.hangman.reader`) and follow from the last one: the known letters stay, and the
guessed letters grow by exactly the letter just typed. A frame that still shows the old screen
is *stale* (grab again, up to a timeout); one that contradicts the game is a *misread*. When a
word ends, every state seen is checked against the word the game reveals. The loop itself is
:class:`bot.run.loop.Loop`, shared with every game; this is hangman's adapter and its terminal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.games.hangman.xterm import HangmanXterm
from bot.io.targets.base import Target, TargetProfile
from bot.run.act import Gesture, Intent
from bot.run.game import AdapterDefaults, Calibration, LearnedGlyph, LearnRefused, Turn, Verdict
from solvers.decision import Decision
from solvers.hangman.moves import Guess
from solvers.hangman.state import State
from solvers.hangman.strategies import Solver
from vision.core.frame import Frame
from vision.core.geometry import Point, Region
from vision.hangman.reader import HangmanView, Phase, read_hangman
from vision.hangman.terminal import Glyphs


def follows(before: State, after: State, letter: str) -> bool:
    """Is ``after`` what the screen may show once ``letter`` is guessed in ``before``?"""
    if after.guessed != before.guessed | {letter} or after.length != before.length:
        return False
    return all(b == "-" or b == a for b, a in zip(before.pattern, after.pattern, strict=True))


@dataclass(frozen=True)
class HangmanSeen:
    """A terminal frame read: the view, and the text lines it came from."""

    view: HangmanView
    lines: tuple[str, ...] = ()

    @property
    def state(self) -> State:
        return self.view.state


@dataclass
class _Word:
    states: list[State] = field(default_factory=list)
    guesses: str = ""


class HangmanAdapter(AdapterDefaults[Glyphs, HangmanSeen, str, State]):
    """Plays words on a running :class:`HangmanXterm` with one solver."""

    game = "hangman"

    def __init__(self, terminal: HangmanXterm, solver: Solver) -> None:
        self.terminal = terminal
        self.solver = solver
        self.word = _Word()

    # --- vision -------------------------------------------------------------------------------
    def locate(self, frame: Frame) -> Glyphs:
        glyphs = self.terminal.glyphs_or_fail()
        read_hangman(frame, glyphs)  # raises ReadError when hangman is not on screen (yet)
        return glyphs

    def where(self, location: Glyphs) -> object:
        return None  # the terminal is the whole window

    def read(self, frame: Frame, location: Glyphs) -> HangmanSeen:
        view, lines = read_hangman(frame, location)
        return HangmanSeen(view, tuple(lines))

    def calibrate(
        self, frame: Frame, location: Glyphs, seen: HangmanSeen, window: Region
    ) -> Calibration:
        """Hangman takes keys only: no click is ever allowed; the pointer rests in the xterm."""
        return Calibration(window, (), (window,), None)

    @staticmethod
    def board_region(location: Glyphs, frame: Frame) -> Region:
        return Region(0, 0, frame.width, frame.height)

    # --- checks -------------------------------------------------------------------------------
    def check(self, previous: State | None, pending: str | None, seen: HangmanSeen
              ) -> tuple[Verdict, str]:
        if not isinstance(previous, State) or not pending:
            return Verdict.OK, ""
        letter = str(pending)
        if letter not in seen.state.guessed:
            return Verdict.STALE, f"{letter!r} not shown yet"
        if not follows(previous, seen.state, letter):
            return (
                Verdict.MISREAD,
                f"{seen.state.to_text()!r} does not follow {previous.to_text()!r}",
            )
        if seen.view.phase is Phase.OVER:
            word = seen.view.word or ""
            bad = [s for s in (*self.word.states, seen.state) if not s.matches(word)]
            if bad:
                return Verdict.MISREAD, f"{word!r} contradicts {bad[0].to_text()!r} read earlier"
        return Verdict.OK, ""

    def is_fresh(self, seen: HangmanSeen) -> bool:
        return seen.view.phase is Phase.GUESS and not seen.state.guessed

    def outcome(self, seen: HangmanSeen) -> str | None:
        if seen.view.phase is not Phase.OVER:
            return None
        return "won" if seen.view.won else "lost"

    def turn(self, seen: HangmanSeen) -> Turn:
        return Turn.OVER if seen.view.phase is Phase.OVER else Turn.OURS

    # --- deciding -----------------------------------------------------------------------------
    def decide(self, seen: HangmanSeen) -> list[Decision[Guess]]:
        self.word.states.append(seen.state)
        decision = self.solver.decide(seen.state)
        self.word.guesses += decision.move.letter
        return [decision]

    def gestures(self, decisions: Sequence[Decision[Guess]], seen: HangmanSeen) -> list[Gesture]:
        return [Gesture.type(d.move.letter) for d in decisions]

    def pending(self, decisions: Sequence[Decision[Guess]], seen: HangmanSeen) -> str:
        return decisions[-1].move.letter

    def awaiting(self, seen: HangmanSeen) -> str:
        return ""

    def wait_seconds(self, pending: str | None, default: float) -> float:
        return default

    @staticmethod
    def state_of(seen: HangmanSeen) -> State:
        return seen.state

    @staticmethod
    def describe(seen: HangmanSeen) -> dict[str, object]:
        return {"state": seen.view.to_text(), "lines": list(seen.lines)}

    def game_details(self, seen: HangmanSeen) -> dict[str, object]:
        word = seen.view.word or ""
        wc = self.solver.lexicon.classes.get(len(word))
        details: dict[str, object] = {
            "word": word,
            "misses": seen.state.misses,
            "guesses": self.word.guesses,
            "in_dictionary": wc is not None and word in wc.words,
        }
        return details

    def header(self, target: Target[TargetProfile]) -> dict[str, object]:
        return {"strategy": type(self.solver).__name__, "max_misses": self.solver.max_misses}

    def new_game(self, target: Target[TargetProfile], calibration: Calibration) -> list[Intent]:
        """Answer "Another word?" with y."""
        self.word = _Word()
        return [Gesture.type("y")]

    def learn(self, frame: Frame, location: Glyphs, previous: State | None) -> list[LearnedGlyph]:
        raise LearnRefused("the terminal font is learned once, from its calibration screen")


def park_inside(terminal: HangmanXterm) -> Point:
    """Where the pointer rests: inside the xterm (focus follows the pointer without a WM)."""
    region = terminal.locate()
    return Point(region.left + region.width // 2, region.top + region.height * 3 // 4)
