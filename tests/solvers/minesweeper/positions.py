"""Random reachable positions for the solver tests: a seeded game played a few clicks in."""

from __future__ import annotations

import random

from solvers.minesweeper.game import Game
from solvers.minesweeper.moves import Move
from solvers.minesweeper.rules import Level
from solvers.minesweeper.state import Board, Cell


def random_position(
    rng: random.Random, rows: int, cols: int, mines: int, clicks: int, flag_share: float = 0.0
) -> tuple[Board, frozenset[tuple[int, int]]] | None:
    """A board after ``clicks`` random safe opens (some true mines flagged), and its mines."""
    game = Game(Level("custom", rows, cols, mines), seed=rng.randrange(1 << 30))
    game.apply(Move.open(rng.randrange(rows), rng.randrange(cols)))
    truth = game.mines()
    for _ in range(clicks):
        r, c = rng.randrange(rows), rng.randrange(cols)
        if (r, c) not in truth:
            game.apply(Move.open(r, c))
    if game.over:
        return None
    board = game.board()
    flags = {rc: Cell.FLAG for rc in truth if rng.random() < flag_share}
    return board.with_cells(flags), truth
