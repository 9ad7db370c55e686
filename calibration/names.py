"""Glyph names from the game's own logic: which board character each look must be.

Cells that look alike share a look; a look's name is one of ``#F.12345678*Xx``. Nothing about
the pixels decides a name (Tesseract and colours at most order the search): a name is an
assignment of characters to looks under which every board seen stays a possible Minesweeper
position, and it is kept only when it is the *only* consistent one. The rules used:

* a game's first frame is a fresh board: every look on it is covered (``#``), or, for programs
  that open a first area themselves, covered or a number;
* a number N has between (mines shown around it) and (mines shown + covered cells around it)
  mines; an empty cell never touches a covered one in a settled frame;
* between two frames of a game an opened cell keeps its character; a covered cell that changes
  is no longer covered (the pointer is kept off the board); it becomes a number only where a
  move opened it or next to a newly opened empty cell, a flag only where
  the bot flagged (or on a won board, where some programs flag every mine), ``X`` only where
  a move opened, ``*`` and ``x`` only on a lost board; a lost board is a game's last;
* a lost board shows one ``X`` and every mine (``X``, ``*`` and the flags make the mine total),
  so it fixes every number; a won board (every safe cell open) does too;
* with the mine total known, some layout of the mines fits the whole board (the solver's own
  exact counting decides).

A look with several possible names is "not named yet"; a look whose every remaining name is a
number is an *opened* cell of unknown number, which the bot may treat as safe and
unconstraining (``_`` on the board) until the rules name it. If no assignment fits at all,
the frame just added is refused (:class:`Contradiction`) and nothing is learned from it: two
glyphs were taken for one look, or the frame was not a settled picture of the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from solvers.minesweeper.moves import Move, MoveKind
from solvers.minesweeper.state import Board, BoardError
from vision.skin import NAMEABLE, NUMBERS

MINE_LIKE = "F*X"  # what a board counts as a mine
COVERED = "#?"
LOST = "*Xx"
#: Search budget per question ("can look L be named c?"): past it the answer is "maybe".
NODE_BUDGET = 4000
#: Games whose frames are kept as evidence (the current one and the last few finished).
KEEP_GAMES = 12

#: Characters a look can carry: the nameable ones, and a question mark a built-in skin knows.
CHARS = NAMEABLE + "?"
_CODE = {ch: i for i, ch in enumerate(CHARS)}
_VALUE = {ch: (int(ch) if ch in "12345678" else 0) for ch in NUMBERS}


class Contradiction(ValueError):
    """No naming of the looks fits the frames: the frame just added is not taken."""


@dataclass
class _Change:
    """One cell that changed between two frames of a game."""

    cell: tuple[int, int]
    before: int  # look
    after: int  # look
    target: bool  # a move opened this cell (open target or chord neighbour)
    flagged: bool  # a flag move was made on it
    unflagged: bool
    around: tuple[int, ...]  # looks of its neighbours in the later frame


@dataclass
class _Step:
    """A transition of one game: the cells that changed and the looks of the later frame."""

    changes: list[_Change]
    looks_after: frozenset[int]


@dataclass
class _Game:
    first: np.ndarray | None = None
    last: np.ndarray | None = None
    steps: list[_Step] = field(default_factory=list)
    fresh: bool = True  # its first frame is the board as the game started


def _targets(moves: Iterable[Move], rows: int, cols: int) -> tuple[set[tuple[int, int]], ...]:
    opened: set[tuple[int, int]] = set()
    flagged: set[tuple[int, int]] = set()
    unflagged: set[tuple[int, int]] = set()
    for m in moves:
        if m.kind is MoveKind.OPEN:
            opened.add((m.row, m.col))
        elif m.kind is MoveKind.CHORD:
            for rr in range(max(0, m.row - 1), min(rows, m.row + 2)):
                for cc in range(max(0, m.col - 1), min(cols, m.col + 2)):
                    opened.add((rr, cc))
        elif m.kind is MoveKind.FLAG:
            flagged.add((m.row, m.col))
        elif m.kind is MoveKind.UNFLAG:
            unflagged.add((m.row, m.col))
    return opened, flagged, unflagged


def _neighbour_sum(mask: np.ndarray) -> np.ndarray:
    padded = np.pad(mask.astype(np.int16), 1)
    rows, cols = mask.shape
    total = np.zeros((rows, cols), np.int16)
    for dr in (0, 1, 2):
        for dc in (0, 1, 2):
            if dr != 1 or dc != 1:
                total += padded[dr : dr + rows, dc : dc + cols]
    return total


class Naming:
    """The looks of one program and what the frames seen so far allow each to be called.

    ``candidates[i]`` is the string of characters look ``i`` may still be; ``name(i)`` its
    name once a single one is left. Frames come in with :meth:`observe` (a settled frame as a
    rows x cols array of look indices, and the moves sent since the game's previous frame);
    :meth:`new_game` marks the start of the next game.
    """

    def __init__(self, mines: int | None = None, auto_opens: bool = False,
                 budget: int = NODE_BUDGET) -> None:
        self.mines = mines
        self.auto_opens = auto_opens
        self.budget = budget
        self.candidates: list[str] = []
        self.adjacent: set[tuple[int, int]] = set()  # (a, b): looks seen side by side
        self.withdrawn: set[int] = set()  # looks shown to be two glyphs: never named again
        self.games: list[_Game] = [_Game()]

    # --- looks --------------------------------------------------------------------------------
    def add_look(self, candidates: str = NAMEABLE) -> int:
        """A new look that may be any of ``candidates``; returns its index."""
        bad = set(candidates) - set(CHARS)
        if bad or not candidates:
            raise ValueError(f"candidates {candidates!r}: expected characters of {CHARS!r}")
        self.candidates.append("".join(ch for ch in CHARS if ch in candidates))
        return len(self.candidates) - 1

    def name(self, look: int) -> str | None:
        cands = self.candidates[look]
        return cands if len(cands) == 1 and look not in self.withdrawn else None

    def names(self) -> list[str | None]:
        return [self.name(i) for i in range(len(self.candidates))]

    def is_opened(self, look: int) -> bool:
        """Every name left is a number: an opened cell whose number is not known yet."""
        return all(ch in NUMBERS for ch in self.candidates[look])

    # --- frames -------------------------------------------------------------------------------
    def new_game(self, fresh: bool = True) -> None:
        """The next frames belong to another game; ``fresh`` False when its first frame will
        not show the game's start (the bot joins a game in progress)."""
        if self.games[-1].first is not None:
            self.games.append(_Game(fresh=fresh))
        else:
            self.games[-1].fresh = fresh
        self._forget()

    def in_game(self) -> bool:
        """Whether the current game has a frame yet."""
        return self.games[-1].first is not None

    def observe(self, looks: np.ndarray, moves: Sequence[Move] = ()) -> list[int]:
        """Add a settled frame of the current game and name what can be named; returns the
        looks named by it. :class:`Contradiction` leaves everything as it was."""
        looks = np.array(looks, np.int64)  # a copy: the caller may reuse its array
        if looks.size and (looks.min() < 0 or looks.max() >= len(self.candidates)):
            raise ValueError(f"look index out of range 0..{len(self.candidates) - 1}")
        saved = ([*self.candidates], set(self.adjacent),
                 [_Game(g.first, g.last, list(g.steps), g.fresh) for g in self.games])
        before = self.names()
        try:
            self._add(looks, moves)
            self.solve()
        except Contradiction:
            self.candidates, self.adjacent, self.games = saved
            raise
        return [i for i, (a, b) in enumerate(zip(before, self.names(), strict=False))
                if a is None and b is not None]

    def _add(self, looks: np.ndarray, moves: Sequence[Move]) -> None:
        game = self.games[-1]
        rows, cols = looks.shape
        h = looks[:, :-1], looks[:, 1:]
        v = looks[:-1, :], looks[1:, :]
        d1 = looks[:-1, :-1], looks[1:, 1:]
        d2 = looks[:-1, 1:], looks[1:, :-1]
        for a, b in (h, v, d1, d2):
            pairs = np.unique(np.stack([a.reshape(-1), b.reshape(-1)], axis=1), axis=0)
            for x, y in pairs.tolist():
                self.adjacent.add((x, y))
                self.adjacent.add((y, x))
        if game.first is None:
            game.first = looks
            if game.fresh:
                allowed = "#" + (NUMBERS if self.auto_opens else "")
                for look in np.unique(looks).tolist():
                    self._restrict(int(look), allowed, "it is on a fresh board")
        else:
            assert game.last is not None
            if game.last.shape != looks.shape:
                raise Contradiction(f"board size changed to {rows}x{cols} within a game")
            opened, flagged, unflagged = _targets(moves, rows, cols)
            changes = []
            for r, c in np.argwhere(game.last != looks).tolist():
                around = tuple(int(looks[rr, cc])
                               for rr in range(max(0, r - 1), min(rows, r + 2))
                               for cc in range(max(0, c - 1), min(cols, c + 2))
                               if (rr, cc) != (r, c))
                changes.append(_Change((r, c), int(game.last[r, c]), int(looks[r, c]),
                                       (r, c) in opened, (r, c) in flagged, (r, c) in unflagged,
                                       around))
            if changes:
                game.steps.append(_Step(changes, frozenset(np.unique(looks).tolist())))
        game.last = looks

    def _restrict(self, look: int, allowed: str, why: str) -> None:
        kept = "".join(ch for ch in self.candidates[look] if ch in allowed)
        if not kept:
            raise Contradiction(f"look {look} ({self.candidates[look]!r}) cannot be named: {why}")
        self.candidates[look] = kept

    def _forget(self) -> None:
        """Drop finished games whose every look is named (they can teach nothing more)."""
        unnamed = {i for i, c in enumerate(self.candidates) if len(c) > 1}
        kept = [g for g in self.games[:-1]
                if g.last is not None and unnamed & set(np.unique(g.last).tolist())]
        self.games = kept[-KEEP_GAMES:] + [self.games[-1]]

    def misnamed(self, looks: np.ndarray) -> list[int]:
        """Named looks a finished board shows to be wrong: on a lost board (every mine shown)
        or a won one (only mines covered) each number is its count of mines around, so a
        look named N with a cell of another count was two glyphs taken for one."""
        looks = np.asarray(looks, np.int64)
        names = np.array([n if n is not None else "" for n in self.names()], object)[looks]
        lost = (names == "X").any()
        covered = np.isin(names, ["#", "?"])
        unknown = names == ""
        if unknown.any() or not (lost or self.mines is not None):
            return []
        if lost:
            mines = np.isin(names, ["X", "*", "F"])
            if self.mines is not None and int(mines.sum()) != self.mines:
                return []  # not every mine is shown: no count is exact
        else:
            mines = covered | (names == "F")
            if int(mines.sum()) != self.mines:
                return []  # not a won board
        count = _neighbour_sum(mines)
        bad = set()
        for r, c in np.argwhere(np.isin(names, list(NUMBERS))).tolist():
            if int(count[r, c]) != _VALUE[names[r, c]]:
                bad.add(int(looks[r, c]))
        return sorted(bad)

    def withdraw(self, look: int) -> None:
        """Forget a look's name for good: it is left with every number (read as opened, of
        unknown number) and never named again in this session."""
        self.candidates[look] = NUMBERS
        self.withdrawn.add(look)

    # --- solving ------------------------------------------------------------------------------
    def solve(self) -> None:
        """Keep for every look only the names some full consistent assignment gives it."""
        present: set[int] = set()
        for g in self.games:
            if g.last is not None:
                present |= set(np.unique(g.last).tolist())
        for a, b in self.adjacent:
            if a in present and b in present and self.candidates[b] in ("#", "?", "#?") \
                    and a not in self.withdrawn:
                # an empty cell never touches a covered one (settled frames)
                if "." in self.candidates[a] and len(self.candidates[a]) > 1:
                    self._restrict(a, self.candidates[a].replace(".", ""),
                                   "it touches a covered cell")
        free = sorted((i for i in present if len(self.candidates[i]) > 1
                       and i not in self.withdrawn), key=lambda i: -self._cells(i))
        if not free:
            if not self._full_ok({}):
                raise Contradiction("the frames contradict the names already known")
            return
        witnessed: dict[int, set[str]] = {i: set() for i in free}
        for look in free:
            for ch in self.candidates[look]:
                if ch in witnessed[look]:
                    continue
                found, complete = self._search(free, {look: ch})
                if found is not None:
                    for i, v in found.items():
                        witnessed.setdefault(i, set()).add(v)
                elif complete:
                    self.candidates[look] = self.candidates[look].replace(ch, "")
                    if not self.candidates[look]:
                        raise Contradiction(f"look {look} fits no name in these frames")
                else:
                    witnessed[look].add(ch)  # budget spent: keep it possible (never guess)

    def _cells(self, look: int) -> int:
        return sum(int((g.last == look).sum()) for g in self.games if g.last is not None)

    def _search(self, free: list[int], fixed: dict[int, str]
                ) -> tuple[dict[int, str] | None, bool]:
        """A full consistent assignment extending ``fixed`` (or None), and whether the search
        was complete (a None from a complete search proves there is none)."""
        order = [i for i in free if i not in fixed]
        nodes = 0

        def dfs(k: int, assign: dict[int, str]) -> dict[int, str] | None:
            nonlocal nodes
            nodes += 1
            if nodes > self.budget:
                return None
            if not self._partial_ok(assign):
                return None
            if k == len(order):
                return dict(assign) if self._full_ok(assign) else None
            look = order[k]
            for ch in self.candidates[look]:
                assign[look] = ch
                got = dfs(k + 1, assign)
                if got is not None:
                    return got
                del assign[look]
                if nodes > self.budget:
                    return None
            return None

        result = dfs(0, dict(fixed))
        return result, nodes <= self.budget

    # --- checks -------------------------------------------------------------------------------
    def _char(self, look: int, assign: dict[int, str]) -> str | None:
        if look in assign:
            return assign[look]
        if look in self.withdrawn:
            return None
        cands = self.candidates[look]
        return cands if len(cands) == 1 else None

    def _tables(self, assign: dict[int, str]) -> tuple[np.ndarray, ...]:
        """Per look: its character code (-1 unassigned), and whether it is, or may be, a mine
        or covered (for bounds on the numbers)."""
        n = len(self.candidates)
        code = np.full(n, -1, np.int64)
        mine_lo = np.zeros(n, bool)
        mine_hi = np.zeros(n, bool)
        cov_lo = np.zeros(n, bool)
        for i in range(n):
            ch = self._char(i, assign)
            if ch is not None:
                code[i] = _CODE[ch]
                mine_lo[i] = ch in MINE_LIKE
                mine_hi[i] = ch in MINE_LIKE + COVERED
                cov_lo[i] = ch in COVERED
            else:
                mine_hi[i] = any(c in MINE_LIKE + COVERED for c in self.candidates[i])
        return code, mine_lo, mine_hi, cov_lo

    def _partial_ok(self, assign: dict[int, str]) -> bool:
        code, mine_lo, mine_hi, cov_lo = self._tables(assign)
        for game in self.games:
            if game.last is None:
                continue
            if not self._board_ok(game.last, code, mine_lo, mine_hi, cov_lo):
                return False
            if not self._steps_ok(game, code):
                return False
        for a, b in self.adjacent:
            if code[a] == _CODE["."] and cov_lo[b]:
                return False
        return True

    def _board_ok(self, looks: np.ndarray, code: np.ndarray, mine_lo: np.ndarray,
                  mine_hi: np.ndarray, cov_lo: np.ndarray) -> bool:
        cells = code[looks]
        lo = _neighbour_sum(mine_lo[looks])
        hi = _neighbour_sum(mine_hi[looks])
        number = (cells >= _CODE["."]) & (cells <= _CODE["8"])
        value = np.where(number, cells - _CODE["."], 0)
        if (number & ((value < lo) | (value > hi))).any():
            return False
        x = int((cells == _CODE["X"]).sum())
        if x > 1:
            return False
        shown = (cells == _CODE["*"]) | (cells == _CODE["x"])
        if shown.any() and x == 0 and (cells >= 0).all():
            return False  # mines shown but nothing exploded: not a board a game shows
        if x and self.mines is not None:
            mines = int(np.isin(cells, [_CODE["X"], _CODE["*"], _CODE["F"]]).sum())
            if mines > self.mines or ((cells >= 0).all() and mines != self.mines):
                return False  # a lost board shows every mine
        if x == 0 and self.mines is not None:
            if int(mine_lo[looks].sum()) > self.mines:
                return False
        return True

    def _steps_ok(self, game: _Game, code: np.ndarray) -> bool:
        lost_code, x_code = _CODE["*"], _CODE["X"]
        for step in game.steps:
            after = [code[i] for i in step.looks_after]
            lost = x_code in after
            maybe_lost = lost or any(c < 0 and "X" in self.candidates[i]
                                     for i, c in zip(step.looks_after, after, strict=True))
            for ch in step.changes:
                b, a = code[ch.before], code[ch.after]
                if b < 0 or a < 0:
                    continue
                bc, ac = CHARS[b], CHARS[a]
                if bc in NUMBERS or bc in LOST:
                    if ac != bc:  # opened cells and a lost board's keep their character (a
                        return False  # look may change: some programs redraw the borders)
                    continue
                if bc == "#":
                    if ac in NUMBERS:
                        if not ch.target and not any(
                            code[o] == _CODE["."] or (code[o] < 0 and "." in self.candidates[o])
                            for o in ch.around
                        ):
                            return False  # not opened by a move, and no empty cell beside it
                    elif ac == "F":
                        if not ch.flagged and not self._may_be_won(step, code):
                            return False
                    elif ac == "X":
                        if not ch.target:
                            return False
                    elif a == lost_code or ac == "x":
                        if ac == "x" or not maybe_lost:
                            return False
                    elif ac in COVERED:
                        return False  # a covered cell that changed was opened or marked
                elif bc == "F":
                    if ac == "x":
                        if not maybe_lost:
                            return False
                    elif ac in COVERED:
                        if not ch.unflagged:
                            return False
                    else:
                        return False
        return True

    def _may_be_won(self, step: _Step, code: np.ndarray) -> bool:
        """A frame where every remaining cell got a flag by itself: no covered look is left."""
        return not any(code[i] >= 0 and CHARS[code[i]] in COVERED for i in step.looks_after)

    def _full_ok(self, assign: dict[int, str]) -> bool:
        """The exact test on each game's latest board: some layout of the mines fits it."""
        if self.mines is None:
            return True
        from solvers.minesweeper import engine

        code = self._tables(assign)[0]
        for game in self.games:
            if game.last is None:
                continue
            cells = code[game.last]
            if (cells < 0).any():
                continue
            text = np.array(list(CHARS))[cells]
            board = Board.from_text("\n".join("".join(row) for row in text))
            try:
                engine.analyse(board, self.mines)
            except BoardError:
                return False
        return True
