"""Hangman: state and guesses as text, word lists and priors, the greedy, expected-misses and
maximum-win solvers, a simulator, and the evaluation that plays every word of a dictionary."""

from solvers.hangman.game import Game, Status
from solvers.hangman.moves import Guess
from solvers.hangman.state import State, StateTextError

__all__ = ["Game", "Guess", "State", "StateTextError", "Status"]
