"""A seeded Minesweeper simulator: layouts by first-click rule, flood fill, chords, win/loss."""

from __future__ import annotations

import random
from enum import Enum

from solvers.minesweeper.moves import Move, MoveKind
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.state import Board, Cell


class Status(Enum):
    READY = "ready"  # no mine placed yet: waiting for the first open
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class Game:
    """The hidden truth behind a board. Mines are placed at the first open, per the rule.

    Win: every safe cell open (flags optional). ``apply`` takes :class:`Move` values; moves on
    finished games, on open cells (other than chords) or on flagged cells (opens) do nothing, as
    in the real programs.
    """

    def __init__(
        self,
        level: Level,
        rules: FirstClick = FirstClick.SAFE,
        seed: int | None = None,
        mines: frozenset[tuple[int, int]] | None = None,
    ) -> None:
        self.level = level
        self.rules = rules
        self.rows, self.cols = level.rows, level.cols
        self._rng = random.Random(seed)
        self._mine = [False] * (self.rows * self.cols)
        self._view = [int(Cell.UNKNOWN)] * (self.rows * self.cols)
        self._counts: list[int] = []
        self._covered_safe = self.rows * self.cols - level.mines
        self.status = Status.READY
        self.moves_made = 0
        if mines is not None:
            if len(mines) != level.mines:
                raise ValueError(f"{len(mines)} mines given for a level with {level.mines}")
            self._set_mines(mines)

    # --- layout -------------------------------------------------------------------------------
    def _set_mines(self, mines: frozenset[tuple[int, int]] | set[tuple[int, int]]) -> None:
        for r, c in mines:
            self._mine[r * self.cols + c] = True
        counts = [0] * (self.rows * self.cols)
        for r in range(self.rows):
            for c in range(self.cols):
                counts[r * self.cols + c] = sum(
                    self._mine[rr * self.cols + cc] for rr, cc in self._around(r, c)
                )
        self._counts = counts
        self.status = Status.PLAYING

    def _around(self, r: int, c: int) -> list[tuple[int, int]]:
        return [
            (rr, cc)
            for rr in range(max(0, r - 1), min(self.rows, r + 2))
            for cc in range(max(0, c - 1), min(self.cols, c + 2))
            if rr != r or cc != c
        ]

    def _place(self, r: int, c: int) -> None:
        cells = [(rr, cc) for rr in range(self.rows) for cc in range(self.cols)]
        n = self.level.mines
        if self.rules is FirstClick.OPENING:
            banned = set(self._around(r, c)) | {(r, c)}
            allowed = [p for p in cells if p not in banned]
            if len(allowed) < n:  # tiny boards: fall back to a safe first click
                allowed = [p for p in cells if p != (r, c)]
            mines = set(self._rng.sample(allowed, n))
        elif self.rules is FirstClick.SAFE:
            mines = set(self._rng.sample([p for p in cells if p != (r, c)], n))
        else:
            mines = set(self._rng.sample(cells, n))
            if self.rules is FirstClick.XP and (r, c) in mines:
                mines.discard((r, c))
                mines.add(next(p for p in cells if p not in mines and p != (r, c)))
        self._set_mines(mines)

    # --- views --------------------------------------------------------------------------------
    def board(self) -> Board:
        """What the player sees; after a loss, mines and wrong flags show as in the programs."""
        return Board(self.rows, self.cols, tuple(self._view))

    def mines(self) -> frozenset[tuple[int, int]]:
        return frozenset(divmod(i, self.cols) for i, m in enumerate(self._mine) if m)

    @property
    def flags(self) -> int:
        return self._view.count(int(Cell.FLAG))

    @property
    def mines_left(self) -> int:
        """The counter a program shows: mines minus flags placed."""
        return self.level.mines - self.flags

    @property
    def over(self) -> bool:
        return self.status in (Status.WON, Status.LOST)

    # --- actions ------------------------------------------------------------------------------
    def apply(self, move: Move) -> list[tuple[int, int]]:
        """Perform a move; returns the cells it opened."""
        if not (0 <= move.row < self.rows and 0 <= move.col < self.cols):
            size = f"{self.rows}x{self.cols}"
            raise ValueError(f"move {move.to_text()!r} is outside the {size} board")
        if self.over:
            return []
        self.moves_made += 1
        i = move.row * self.cols + move.col
        if move.kind is MoveKind.FLAG:
            if self._view[i] in (Cell.UNKNOWN, Cell.QUESTION):
                self._view[i] = int(Cell.FLAG)
            return []
        if move.kind is MoveKind.UNFLAG:
            if self._view[i] in (Cell.FLAG, Cell.QUESTION):
                self._view[i] = int(Cell.UNKNOWN)
            return []
        if move.kind is MoveKind.CHORD:
            return self._chord(move.row, move.col)
        return self._open(move.row, move.col)

    def _open(self, r: int, c: int) -> list[tuple[int, int]]:
        if self.status is Status.READY:
            self._place(r, c)
        i = r * self.cols + c
        if self._view[i] not in (Cell.UNKNOWN, Cell.QUESTION):
            return []
        if self._mine[i]:
            self._lose(i)
            return [(r, c)]
        opened = []
        stack = [i]
        view, counts, cols = self._view, self._counts, self.cols
        while stack:
            j = stack.pop()
            if view[j] not in (Cell.UNKNOWN, Cell.QUESTION):
                continue
            view[j] = counts[j]
            self._covered_safe -= 1
            jr, jc = divmod(j, cols)
            opened.append((jr, jc))
            if counts[j] == 0:
                for rr, cc in self._around(jr, jc):
                    k = rr * cols + cc
                    if view[k] in (Cell.UNKNOWN, Cell.QUESTION):
                        stack.append(k)
        if self._covered_safe == 0:
            self.status = Status.WON
        return opened

    def _chord(self, r: int, c: int) -> list[tuple[int, int]]:
        i = r * self.cols + c
        value = self._view[i]
        if not 0 < value <= 8:
            return []
        around = self._around(r, c)
        flags = sum(self._view[rr * self.cols + cc] == Cell.FLAG for rr, cc in around)
        if flags != value:
            return []
        opened: list[tuple[int, int]] = []
        for rr, cc in around:
            if self._view[rr * self.cols + cc] in (Cell.UNKNOWN, Cell.QUESTION):
                opened += self._open(rr, cc)
                if self.status is Status.LOST:
                    break
        return opened

    def _lose(self, hit: int) -> None:
        self.status = Status.LOST
        for j, is_mine in enumerate(self._mine):
            shown = self._view[j]
            if j == hit:
                self._view[j] = int(Cell.EXPLODED)
            elif is_mine and shown != Cell.FLAG:
                self._view[j] = int(Cell.MINE)
            elif not is_mine and shown == Cell.FLAG:
                self._view[j] = int(Cell.WRONG_FLAG)
