"""A Hangman simulator with bsdgames' rules: the game is lost on the ``max_misses``-th miss."""

from __future__ import annotations

from enum import Enum

from solvers.hangman.moves import ALPHABET, Guess
from solvers.hangman.state import State

BSD_MAX_MISSES = 7  # bsdgames hangman: MAXERRS


class Status(Enum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class Game:
    """One word to guess. ``play(guess)`` reveals letters or counts a miss."""

    def __init__(self, word: str, max_misses: int = BSD_MAX_MISSES) -> None:
        if not word or any(ch not in ALPHABET for ch in word):
            raise ValueError(f"bad hidden word {word!r}: expected lowercase letters a-z")
        if max_misses < 1:
            raise ValueError(f"bad miss limit {max_misses}: must be at least 1")
        self.word = word
        self.max_misses = max_misses
        self.state = State.start(len(word))
        self.history: list[Guess] = []

    @property
    def status(self) -> Status:
        if self.state.misses >= self.max_misses:
            return Status.LOST
        if self.state.solved:
            return Status.WON
        return Status.PLAYING

    def play(self, guess: Guess) -> bool:
        """Apply a guess; True if the letter is in the word. Guessing after the end is an error."""
        if self.status is not Status.PLAYING:
            raise ValueError(f"the game is over ({self.status.value}); no more guesses")
        self.state = self.state.after(guess.letter, self.word)
        self.history.append(guess)
        return guess.letter in self.word
