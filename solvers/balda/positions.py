"""Random but plausible Balda positions, for tests and benchmarks.

A position is a random start word of the grid's width followed by a number of moves, each
chosen at random among the legal moves at most ``slack`` letters shorter than the longest:
roughly how two decent players fill a board.
"""

from __future__ import annotations

import random

from solvers.balda.lexicon import Lexicon
from solvers.balda.movegen import generate_moves, state_raw_moves, to_move
from solvers.balda.rules import BaldaRules
from solvers.balda.state import BaldaState


def start_words(lexicon: Lexicon, size: int) -> list[str]:
    """Dictionary words that fit the middle row, sorted (so a seed picks the same word)."""
    return sorted(w for w in lexicon.words if len(w) == size)


def random_start(lexicon: Lexicon, rng: random.Random, rules: BaldaRules) -> BaldaState:
    words = start_words(lexicon, rules.size)
    if not words:
        raise ValueError(f"the dictionary has no {rules.size}-letter word to start with")
    return BaldaState.new(rng.choice(words), rules)


def random_position(
    lexicon: Lexicon,
    rng: random.Random,
    plies: int,
    rules: BaldaRules | None = None,
    slack: int = 2,
) -> BaldaState:
    """A position ``plies`` moves after a random start (fewer if the game stalls first)."""
    state = random_start(lexicon, rng, rules or BaldaRules())
    for _ in range(plies):
        if state.is_over:
            break
        moves = state_raw_moves(state, lexicon)
        if not moves:
            break
        moves.sort()  # generation order is deterministic; sorting makes that explicit
        top = max(len(m[2]) for m in moves)
        state = state.play(
            to_move(state, rng.choice([m for m in moves if len(m[2]) >= top - slack]))
        )
    return state


def midgame_positions(
    lexicon: Lexicon, rng: random.Random, count: int, rules: BaldaRules | None = None
) -> list[BaldaState]:
    """``count`` positions with between a quarter and three quarters of the free cells filled."""
    rules = rules or BaldaRules()
    free = rules.size * rules.size - rules.size
    out: list[BaldaState] = []
    while len(out) < count:
        state = random_position(lexicon, rng, rng.randint(free // 4, (3 * free) // 4), rules)
        if not state.is_over and generate_moves(state, lexicon):
            out.append(state)
    return out
