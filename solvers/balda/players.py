"""Move choosers built on the generator and the search: greedy and look-ahead.

Both return a :class:`~solvers.decision.Decision` whose move is a full :class:`BaldaMove`
(with a path), so a front end can trace the word on screen.
"""

from __future__ import annotations

import random

from solvers.balda.lexicon import Lexicon
from solvers.balda.movegen import generate_moves
from solvers.balda.moves import BaldaMove
from solvers.balda.search import search
from solvers.balda.state import BaldaState
from solvers.decision import Decision


def _pass(reason: str) -> Decision[BaldaMove]:
    return Decision(BaldaMove.passing(), stage="pass", reason=reason, score=0)


def greedy_decision(
    state: BaldaState, lexicon: Lexicon, rng: random.Random | None = None
) -> Decision[BaldaMove]:
    """The longest word now (ties broken at random with ``rng``, else the first in order)."""
    moves = generate_moves(state, lexicon)
    if not moves:
        return _pass("no legal move")
    top = [m for m in moves if len(m.word) == len(moves[0].word)]
    move = rng.choice(top) if rng is not None else top[0]
    return Decision(move, stage="greedy", reason="longest word available", score=move.score)


def search_decision(
    state: BaldaState,
    lexicon: Lexicon,
    seconds: float = 1.0,
    max_depth: int | None = None,
    alternatives: int = 5,
) -> Decision[BaldaMove]:
    """The best move by alpha-beta look-ahead within ``seconds`` (see :mod:`.search`)."""
    if state.is_over:
        return _pass("the game is over")
    result = search(state, lexicon, seconds=seconds, max_depth=max_depth)
    if result.best is None:
        return _pass("no legal move")
    cell, letter, word = result.best
    target = divmod(cell, state.size)
    move = next(
        m
        for m in generate_moves(state, lexicon)
        if m.cell == target and m.letter == letter and m.word == word
    )
    stage = "endgame" if result.exact else "search"
    horizon = "to the end of the game" if result.exact else f"over the next {result.depth} plies"
    reason = (
        f"{word} scores {len(word)}; net {result.value:+d} points against the best replies "
        f"{horizon} ({result.nodes} nodes in {result.seconds:.2f} s)"
    )
    shown = []
    for (c, _letter, w), value, bound in result.root[:alternatives]:
        row, col = divmod(c, state.size)
        shown.append(f"{w}@{row},{col} {'' if bound == '=' else '<='}{value:+d}")
    return Decision(
        move,
        stage=stage,
        reason=reason,
        score=move.score,
        equity=float(result.value),
        extra={
            "depth": result.depth,
            "exact": result.exact,
            "nodes": result.nodes,
            "seconds": round(result.seconds, 4),
            "candidates": shown,
        },
    )
