"""Minesweeper: board state, moves, rules, simulator and the staged solver."""

from solvers.minesweeper.moves import Move, MoveKind
from solvers.minesweeper.rules import LEVELS, FirstClick, Level
from solvers.minesweeper.state import Board, BoardTextError, Cell

__all__ = ["LEVELS", "Board", "BoardTextError", "Cell", "FirstClick", "Level", "Move", "MoveKind"]
