"""Errors a reader raises instead of guessing: which file, which cell, and the pixels it saw."""

from __future__ import annotations

import numpy as np


class ReadError(ValueError):
    """A picture that cannot be read exactly.

    ``cell`` is the (row, col) that failed, or None when the problem is not one cell (no board,
    board cut off). ``crop`` holds the pixels that could not be read, so ``--debug`` can save them.
    """

    def __init__(
        self,
        message: str,
        cell: tuple[int, int] | None = None,
        crop: np.ndarray | None = None,
        cells: tuple[tuple[int, int], ...] = (),
    ) -> None:
        super().__init__(message)
        self.cell = cell
        self.crop = crop
        self.cells = cells if cells else ((cell,) if cell is not None else ())

    def with_source(self, source: str) -> ReadError:
        """The same error with the file (or screen) named at the front of the message."""
        err = type(self)(f"{source}: {self}", self.cell, self.crop, self.cells)
        return err


class BoardNotFoundError(ReadError):
    """No Minesweeper board in the picture (or none in the skin asked for)."""
