"""Which frame files each game of a recording wrote, for the disk budget to drop the oldest.

A game's frames are numbered one after another, so a game is a run or two of numbers and its
bytes. They are kept in four arrays of 64-bit integers (32 bytes a run): the dict of lists this
replaces took about 470 bytes a game, 2.3 MB over a night of 5,000 games.
"""

from __future__ import annotations

from array import array


class FrameRuns:
    """Runs ``[first, last]`` of frame numbers and their bytes, by game, oldest game first."""

    def __init__(self) -> None:
        self._game: array[int] = array("q")
        self._first: array[int] = array("q")
        self._last: array[int] = array("q")
        self._bytes: array[int] = array("q")

    def add(self, game: int, number: int, size: int) -> None:
        """Frame ``number`` of ``size`` bytes was written for ``game``."""
        if self._game and self._game[-1] == game and self._last[-1] + 1 == number:
            self._last[-1] = number
            self._bytes[-1] += size
            return
        for column, value in zip(self._columns(), (game, number, number, size), strict=True):
            column.append(value)

    def _columns(self) -> tuple[array[int], array[int], array[int], array[int]]:
        return self._game, self._first, self._last, self._bytes

    def games(self) -> list[int]:
        """Games with frames, in the order their first frame came."""
        return list(dict.fromkeys(self._game))

    def runs(self, game: int) -> list[tuple[int, int]]:
        """The game's runs of frame numbers, ``(first, last)``, in order."""
        return [(a, b) for g, a, b in zip(self._game, self._first, self._last, strict=True)
                if g == game]

    def size(self, game: int) -> int:
        return sum(n for g, n in zip(self._game, self._bytes, strict=True) if g == game)

    def oldest_but(self, current: int) -> int | None:
        """The oldest game with frames other than ``current`` (None: no other)."""
        return next((g for g in self._game if g != current), None)

    def pop(self, game: int) -> tuple[list[tuple[int, int]], int]:
        """Forget the game's frames; returns its runs and their bytes."""
        runs, size = self.runs(game), self.size(game)
        keep = [i for i, g in enumerate(self._game) if g != game]
        for column in self._columns():
            column[:] = array("q", (column[i] for i in keep))
        return runs, size
