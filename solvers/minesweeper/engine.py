"""Chooses the probability engine: the compiled one when built, else exact pure Python.

The C engine (``_engine``, built by ``pip install -e .``) gives the same figures as
:func:`probability.analyse_python` in doubles, hundreds of times faster. On any error it defers
to the Python engine, which names the offending cells in a :class:`BoardError`. Setting
``GAMEBOT_PURE_PYTHON=1`` forces the Python engine (tests cross-check the two).
"""

from __future__ import annotations

import os
from dataclasses import replace

from solvers.minesweeper.probability import Analysis, analyse_python
from solvers.minesweeper.state import Board, BoardError
from solvers.minesweeper.summary import Outcome, summarise

try:
    if os.environ.get("GAMEBOT_PURE_PYTHON"):
        raise ImportError("pure Python requested")
    from solvers.minesweeper import _engine  # type: ignore[attr-defined]
except ImportError:
    _engine = None

COMPILED = _engine is not None


def analyse(board: Board, mines: int, xp_click: int | None = None) -> Analysis:
    """Exact probabilities of ``board`` (flags are mines) given ``mines`` in the whole game.

    ``xp_click``: the flat index of the first click under the XP rule, whose relocated mine
    makes the layouts unequally likely (``relocation``); None for equally likely layouts.
    """
    if _engine is None:
        return _python(board, mines, xp_click)
    probs, log_solutions, interior, dead = _engine.analyse(
        bytes(board.cells), board.rows, board.cols, mines, -1 if xp_click is None else xp_click
    )
    if probs is None:
        return _python(board, mines, xp_click)  # raises BoardError naming the cells
    return Analysis(board.rows, board.cols, probs, log_solutions, interior, tuple(dead))


def outcome(
    board: Board,
    mines: int,
    compiled: bool = True,
    xp_click: int | None = None,
    watch: tuple[int, ...] = (),
) -> Outcome | None:
    """A what-if board summarised for the look-ahead, or None when no layout fits it; the mine
    probability of each cell of ``watch`` comes with it."""
    if _engine is not None and compiled:
        click = -1 if xp_click is None else xp_click
        out = _engine.outcome(bytes(board.cells), board.rows, board.cols, mines, click, watch)
        return None if out is None else Outcome(*out)
    try:
        a = _python(board, mines, xp_click)
    except BoardError:
        return None
    summary = summarise(board, a.probs, a.dead, a.log_solutions)
    return replace(summary, watched=tuple(a.probs[i] for i in watch))


def _python(board: Board, mines: int, xp_click: int | None) -> Analysis:
    if xp_click is None:
        return analyse_python(board, mines)
    from solvers.minesweeper.relocation import analyse_xp_python

    return analyse_xp_python(board, mines, xp_click)
