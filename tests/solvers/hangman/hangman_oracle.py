"""Slow, obviously-correct Hangman references the fast solvers are checked against.

Candidate sets are filtered with ``State.matches`` word by word, every letter is tried at
every node, and nothing is pruned or shared beyond a plain memo.
"""

from __future__ import annotations

from functools import cache, lru_cache
from string import ascii_lowercase

from solvers.hangman.state import State


def candidates(words: list[str], state: State) -> list[str]:
    return [w for w in words if state.matches(w)]


def seed_greedy_letter(cands: list[str], guessed: frozenset[str]) -> str:
    """Seed 001: the letter the fewest candidates lack; first in the alphabet on ties."""
    return min(
        (c for c in ascii_lowercase if c not in guessed),
        key=lambda c: sum(c not in w for w in cands),
    )


def greedy_play(words: list[str], word: str, first: str = "") -> tuple[int, str]:
    """(misses, guesses) of seed 001's greedy until only ``word`` is left (after ``first``)."""
    state = State.start(len(word))
    for letter in first:
        state = state.after(letter, word)
    guesses = first
    same_length = [w for w in words if len(w) == len(word)]
    while len(candidates(same_length, state)) > 1:
        letter = seed_greedy_letter(candidates(same_length, state), state.guessed)
        guesses += letter
        state = state.after(letter, word)
    return state.misses, guesses


def _split(words: tuple[str, ...], letter: str) -> dict[tuple[int, ...], tuple[str, ...]]:
    groups: dict[tuple[int, ...], list[str]] = {}
    for w in words:
        key = tuple(i for i, ch in enumerate(w) if ch == letter)
        groups.setdefault(key, []).append(w)
    return {k: tuple(v) for k, v in groups.items()}


@cache
def best_expected(words: tuple[str, ...]) -> float:
    """Least expected misses (uniform prior) until one word is left, trying every letter."""
    if len(words) == 1:
        return 0.0
    best = float("inf")
    for letter in ascii_lowercase:
        groups = _split(words, letter)
        if len(groups) < 2:
            continue
        value = sum(
            len(g) * ((1.0 if key == () else 0.0) + best_expected(g)) for key, g in groups.items()
        )
        best = min(best, value / len(words))
    return best


@cache
def best_win(words: tuple[str, ...], lives: int) -> float:
    """Best chance (uniform prior) that one word is left before ``lives`` misses are spent."""
    if lives <= 0:
        return 0.0
    if len(words) == 1:
        return 1.0
    best = 0.0
    for letter in ascii_lowercase:
        groups = _split(words, letter)
        if len(groups) < 2:
            continue
        value = sum(len(g) * best_win(g, lives - (key == ())) for key, g in groups.items())
        best = max(best, value / len(words))
    return best


@lru_cache(maxsize=1)
def word_pool() -> tuple[str, ...]:
    """Six-letter words of wamerican: families that differ in a letter or two (the hard,
    interesting candidate sets) and an even sample of the rest."""
    from solvers.hangman.words import SYSTEM_WORDS, read_words

    words = read_words(SYSTEM_WORDS, length=6)
    tails = ("ailed", "agged", "ashes", "ucker", "ought", "aking", "ating", "inder")
    family = [w for w in words if w.endswith(tails)]
    rest = [w for w in words[::97] if w not in family]
    return tuple(family + rest)
