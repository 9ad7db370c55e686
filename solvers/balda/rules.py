"""Balda rules as data: grid size, adjacency, minimum word length, and when passing ends a game."""

from __future__ import annotations

import functools
from dataclasses import dataclass

MIN_SIZE = 3
MAX_SIZE = 9


@dataclass(frozen=True)
class BaldaRules:
    """One rule set. The defaults are the common online game: 5×5, orthogonal steps only.

    ``pass_limit`` consecutive passes end the game (2: both players passed in a row). With a
    shared dictionary both players have the same legal moves, so a forced pass by one means the
    other is stuck too.
    """

    size: int = 5
    diagonal: bool = False
    min_length: int = 2
    pass_limit: int = 2

    def __post_init__(self) -> None:
        if not MIN_SIZE <= self.size <= MAX_SIZE:
            raise ValueError(f"grid size {self.size} is outside {MIN_SIZE}..{MAX_SIZE}")
        if self.min_length < 2:
            raise ValueError(f"minimum word length {self.min_length} must be at least 2")
        if self.pass_limit < 1:
            raise ValueError(f"pass limit {self.pass_limit} must be at least 1")

    @property
    def start_row(self) -> int:
        """The row the start word is written in (the middle row; the upper one when even)."""
        return (self.size - 1) // 2

    @property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each flat cell index ``row * size + col``, the indices a path may step to."""
        return neighbour_table(self.size, self.diagonal)


@functools.cache
def neighbour_table(size: int, diagonal: bool) -> tuple[tuple[int, ...], ...]:
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    table = []
    for index in range(size * size):
        row, col = divmod(index, size)
        table.append(
            tuple(
                (row + dr) * size + col + dc
                for dr, dc in steps
                if 0 <= row + dr < size and 0 <= col + dc < size
            )
        )
    return tuple(table)
