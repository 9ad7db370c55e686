"""A click the program did not take is sent again, a bounded number of times.

A program just started (or busy drawing) can let a click go by: nothing on its board changes
and the bot, waiting for its move to show, would stop ("the screen did not change"). When the
board still shows nothing of an open or a chord of the move (the cell opened still covered,
the cells around a chord as they were), those clicks are sent again, at most :data:`RESENDS`
times a move, even when the move's other clicks were taken (kmines let one click of a quick
batch go by and drew the rest). A flag is never sent again: a right click
toggles, so a flag taken late and sent twice would be taken back. Opening an opened cell or
chording a number twice changes nothing, so a late first click does no harm.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from solvers.minesweeper.moves import Move, MoveKind
from solvers.minesweeper.state import Board, Cell

logger = logging.getLogger(__name__)

#: How many times one move's clicks are sent again before the bot gives up on it.
RESENDS = 2
#: The share of the program's redraw timeout to wait before a click is sent again.
WAIT_SHARE = 0.5
REPEATABLE = (MoveKind.OPEN, MoveKind.CHORD)


class ClickResend:
    """The board a move was decided on, and how often its clicks were sent again."""

    def __init__(self, redraw_timeout: float, resends: int = RESENDS) -> None:
        self.after = redraw_timeout * WAIT_SHARE
        self.resends = resends
        self._board: Board | None = None
        self._sent = 0
        self.total = 0  # clicks sent again this session, for the log and the tests

    def decided(self, board: Board) -> None:
        """A new move was decided on ``board``: its clicks may be sent again later."""
        self._board, self._sent = board, 0

    def due(self, pending: Sequence[Move] | None, board: Board, waited: float) -> list[Move]:
        """The moves to send again now: the repeatable ones of ``pending`` when ``board`` shows
        nothing of the move after ``waited`` seconds; [] for none."""
        if not pending or self._board is None or waited < self.after:
            return []
        if self._sent >= self.resends:
            return []
        again = [m for m in pending if m.kind in REPEATABLE and self._unshown(m, board)]
        if again:
            self._sent += 1
            self.total += 1
            logger.info("the board shows nothing of %s after %.1f s: sending it again (%d of %d)",
                        " ".join(m.to_text() for m in again), waited, self._sent, self.resends)
        return again

    def _unshown(self, move: Move, board: Board) -> bool:
        """Nothing of ``move`` shows on ``board``: its cell still covered (an open), every cell
        around it as it was when the move was decided (a chord)."""
        decided = self._board
        if decided is None or board.rows != decided.rows or board.cols != decided.cols:
            return False
        if move.kind is MoveKind.OPEN:
            return board[move.row, move.col] in (Cell.UNKNOWN, Cell.QUESTION)
        return all(board[rc] == decided[rc] for rc in board.neighbors(move.row, move.col))
