"""What bsdgames hangman shows, read from its terminal text (or a screenshot of it).

The screen (curses, fixed layout): the gallows top left, drawn one part per miss; ``Guessed:``
and the letters tried so far in alphabetical order on the right; `` Word:  --a--e`` on line
10; ``Guess:`` on line 11; at the end of a word ``You got it!`` or ``Sorry, the word was
"..."`` on line 12 and ``Another word?`` on line 13. A reading is checked against itself: the
misses drawn on the gallows must equal the guessed letters that are not in the word.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from solvers.hangman.moves import ALPHABET
from solvers.hangman.state import UNKNOWN, State, StateTextError
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.hangman.terminal import Glyphs

WORD_LINE, PROMPT_LINE, MESSAGE_LINE = 10, 11, 12
GUESSED_LABEL, WORD_LABEL, PROMPT = "Guessed:", "Word:", "Guess:"
ANOTHER = "Another word?"
WON_TEXT, LOST_TEXT = "You got it!", 'Sorry, the word was "'
# Where each miss draws a part of the man (row, col), in the order the misses come.
GALLOWS_PARTS = ((2, 10), (3, 10), (4, 10), (5, 9), (3, 9), (3, 11), (5, 11))


class Phase(Enum):
    GUESS = "guess"  # waiting at "Guess:"
    OVER = "over"  # the word is over, waiting at "Another word?"


@dataclass(frozen=True)
class HangmanView:
    """One reading of the screen: the game state, the phase, and how the word ended.

    Text form: ``<state text> | guess`` while playing; ``<state text> | over won WORD`` or
    ``<state text> | over lost WORD`` once the word is over.
    """

    state: State
    phase: Phase
    won: bool | None = None
    word: str | None = None

    def to_text(self) -> str:
        text = f"{self.state.to_text()} | {self.phase.value}"
        if self.phase is Phase.OVER:
            text += f" {'won' if self.won else 'lost'} {self.word}"
        return text

    @classmethod
    def from_text(cls, text: str) -> HangmanView:
        left, bar, right = text.partition(" | ")
        fields = right.split()
        if not bar or not fields or fields[0] not in ("guess", "over"):
            raise StateTextError(f"bad view {text!r}: expected 'STATE | guess' or 'STATE | over'")
        state = State.from_text(left)
        if fields[0] == "guess":
            if len(fields) != 1:
                raise StateTextError(f"bad view {text!r}: nothing may follow 'guess'")
            return cls(state, Phase.GUESS)
        if len(fields) != 3 or fields[1] not in ("won", "lost"):
            raise StateTextError(f"bad view {text!r}: expected 'over won|lost WORD'")
        return cls(state, Phase.OVER, fields[1] == "won", fields[2])


def _after(line: str, label: str) -> str | None:
    at = line.find(label)
    return None if at < 0 else line[at + len(label) :].strip()


def _cell(lines: list[str], row: int, col: int) -> str:
    line = lines[row] if row < len(lines) else ""
    return line[col] if col < len(line) else " "


def parse_screen(lines: list[str]) -> HangmanView:
    """The view shown by a terminal's text (one string per line); ReadError if it is not one."""
    if len(lines) <= MESSAGE_LINE + 1:
        raise ReadError(f"the terminal shows {len(lines)} lines; hangman needs 14")
    pattern = _after(lines[WORD_LINE], WORD_LABEL)
    found = [g for g in (_after(line, GUESSED_LABEL) for line in lines[:4]) if g is not None]
    guessed = found[0] if len(found) == 1 else None
    if pattern is None or guessed is None or not lines[PROMPT_LINE].startswith(PROMPT):
        raise ReadError("no hangman screen: 'Word:', 'Guessed:' or 'Guess:' is missing")
    if not pattern or any(ch != UNKNOWN and ch not in ALPHABET for ch in pattern):
        raise ReadError(f"line {WORD_LINE}: the word {pattern!r} is not letters and '-'")
    if any(ch not in ALPHABET for ch in guessed) or list(guessed) != sorted(set(guessed)):
        raise ReadError(f"the guessed letters {guessed!r} are not distinct sorted letters a-z")
    if any(ch != UNKNOWN and ch not in guessed for ch in pattern):
        raise ReadError(f"the word {pattern!r} shows a letter that was not guessed ({guessed!r})")
    wrong = frozenset(guessed) - set(pattern)
    state = State(pattern, wrong)
    drawn = [_cell(lines, r, c) != " " for r, c in GALLOWS_PARTS]
    misses = sum(drawn)
    if drawn != [i < misses for i in range(len(drawn))]:
        raise ReadError("the gallows parts are not drawn in order")
    message = lines[MESSAGE_LINE]
    over = lines[MESSAGE_LINE + 1].startswith(ANOTHER)
    if not over:
        if misses != state.misses:
            raise ReadError(f"{misses} misses drawn but {state.misses} wrong letters ({guessed})")
        return HangmanView(state, Phase.GUESS)
    if message.startswith(WON_TEXT):
        if not state.solved or misses != state.misses:
            raise ReadError(f"'{WON_TEXT}' but the word shows {pattern!r}, {misses} drawn")
        return HangmanView(state, Phase.OVER, True, pattern)
    if message.startswith(LOST_TEXT) and message.endswith('"'):
        word = message[len(LOST_TEXT) : -1]
        if misses != len(GALLOWS_PARTS) or not state.matches(word):
            raise ReadError(f"lost with {misses} parts drawn, or {word!r} does not fit {pattern!r}")
        return HangmanView(state, Phase.OVER, False, word)
    raise ReadError(f"line {MESSAGE_LINE}: {message!r} is neither a win nor a loss")


def read_hangman(frame: Frame, glyphs: Glyphs) -> tuple[HangmanView, list[str]]:
    """Read a frame of the terminal window: the view, and the terminal text it came from."""
    lines = glyphs.read(frame)
    return parse_screen(lines), lines
