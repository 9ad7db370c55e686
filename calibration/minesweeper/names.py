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
  so it fixes every number; or, on a program not yet seen to show mines (no look named ``*``),
  only the ``X`` and the flags, the other mines under covered cells (never some of them); the
  click that loses opens nothing else (the bot guesses one cell at a time), and nothing is
  opened after it (a lost board is a game's last); a won board (every safe cell open) fixes
  every number too;
* with the mine total known, some layout of the mines fits the whole board (the solver's own
  exact counting decides).

A look with several possible names is "not named yet"; a look whose every remaining name is a
number is an *opened* cell of unknown number, which the bot may treat as safe and
unconstraining (``_`` on the board) until the rules name it. If no assignment fits at all,
the frame just added is refused (:class:`Contradiction`) and nothing is learned from it: two
glyphs were taken for one look, or the frame was not a settled picture of the game.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence

import numpy as np

from calibration.minesweeper.name_rules import (
    CHARS,
    CODE,
    COVERED,
    IS_COV,
    IS_MINE,
    IS_MINE_COV,
    MINE_LIKE,
    VALUE,
    Change,
    Game,
    Step,
    board_ok,
    neighbour_sum,
    opening_ok,
    pack,
    steps_ok,
)
from solvers.minesweeper.moves import Move, MoveKind
from solvers.minesweeper.state import Board, BoardError
from vision.minesweeper.skin import NAMEABLE, NUMBERS

#: Search budget per question ("can look L be named c?"): past it the answer is "maybe".
NODE_BUDGET = 4000
#: Time for all the questions of one frame; past it the answers left are "maybe" too.
SOLVE_SECONDS = 1.5
#: Games whose frames are kept as evidence (the current one and the last few finished).
KEEP_GAMES = 12


class Contradiction(ValueError):
    """No naming of the looks fits the frames: the frame just added is not taken."""


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


class Naming:
    """The looks of one program and what the frames seen so far allow each to be called.

    ``candidates[i]`` is the string of characters look ``i`` may still be; ``name(i)`` its
    name once a single one is left. Frames come in with :meth:`observe` (a settled frame as a
    rows x cols array of look indices, and the moves sent since the game's previous frame);
    :meth:`new_game` marks the start of the next game.
    """

    def __init__(self, mines: int | None = None, auto_opens: bool = False,
                 budget: int = NODE_BUDGET, seconds: float = SOLVE_SECONDS) -> None:
        self.mines = mines
        self.auto_opens = auto_opens
        self.budget = budget
        self.seconds = seconds  # a solve's time limit (then "maybe"): play cannot wait long
        self.candidates: list[str] = []
        self.adjacent: set[tuple[int, int]] = set()  # (a, b): looks seen side by side
        self.withdrawn: set[int] = set()  # looks shown to be two glyphs: never named again
        #: Looks drawn like a covered cell (the learner measures it): a covered cell changing
        #: to one of these may still be covered.
        self.covered_alike: set[int] = set()
        #: Pairs of looks drawn unlike each other on a fresh board (the learner measures it):
        #: a program draws every covered cell of a fresh board alike, so two such looks are
        #: never both covered (xdemineur's first area of a few numbers and two empty cells left
        #: "a number or covered" for each look, with only one cell opened).
        self.unlike: set[tuple[int, int]] = set()
        self._alike = np.zeros(0, bool)
        self._unlike = np.zeros((0, 2), np.int64)
        self._deadline = float("inf")
        self._firsts: list[np.ndarray] = []
        self._shown_hi = np.zeros(0, bool)
        self._shows_mines = False
        self.games: list[Game] = [Game()]

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

    def opened_or_hit(self, look: int) -> bool:
        """Every name left is a number or the mine that went off (``X``): a cell that is not
        covered, whose game may be lost (a program that shows only the mine that went off)."""
        cands = self.candidates[look]
        return "X" in cands and any(ch in NUMBERS for ch in cands) and all(
            ch in NUMBERS + "X" for ch in cands)

    # --- frames -------------------------------------------------------------------------------
    def new_game(self, fresh: bool = True, mines: int | None = None) -> None:
        """The next frames belong to another game; ``fresh`` False when its first frame will
        not show the game's start (the bot joins a game in progress); ``mines`` its mine
        total when it is not the naming's (screenshots of different games)."""
        if self.games[-1].first is not None:
            self.games.append(Game(fresh=fresh, mines=mines))
        else:
            self.games[-1].fresh, self.games[-1].mines = fresh, mines
        self._forget()

    def _mines(self, game: Game) -> int | None:
        return game.mines if game.mines is not None else self.mines

    def in_game(self) -> bool:
        """Whether the current game has a frame yet."""
        return self.games[-1].first is not None

    def observe(self, looks: np.ndarray, moves: Sequence[Move] = ()) -> list[int]:
        """Add a settled frame of the current game and name what can be named; returns the
        looks named by it. :class:`Contradiction` leaves everything as it was."""
        looks = np.array(looks, np.int64)  # a copy: the caller may reuse its array
        if looks.size and (looks.min() < 0 or looks.max() >= len(self.candidates)):
            raise ValueError(f"look index out of range 0..{len(self.candidates) - 1}")
        saved = self.snapshot()
        before = self.names()
        try:
            self._add(looks, moves)
            self.solve()
        except Contradiction:
            self.restore(saved)
            raise
        return [i for i, (a, b) in enumerate(zip(before, self.names(), strict=False))
                if a is None and b is not None]

    def snapshot(self) -> tuple[object, ...]:
        """Everything :meth:`observe` may change, for :meth:`restore`."""
        return ([*self.candidates], set(self.adjacent),
                [Game(g.first, g.last, list(g.steps), g.fresh, g.mines) for g in self.games],
                set(self.withdrawn))

    def restore(self, saved: tuple[object, ...]) -> None:
        """Back to a :meth:`snapshot` (the looks added since are kept, unseen)."""
        candidates, adjacent, games, withdrawn = saved
        self.candidates = list(candidates)  # type: ignore[call-overload]
        self.adjacent = set(adjacent)  # type: ignore[call-overload]
        self.games = list(games)  # type: ignore[call-overload]
        self.withdrawn = set(withdrawn)  # type: ignore[call-overload]

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
        # The program drew its board, then opened its first area itself: the area is the
        # game's first frame (for the opening rule), and the cells that changed were opened.
        auto = (self.auto_opens and game.fresh and game.first is not None and not game.steps
                and not moves and (game.first == game.first.flat[0]).all())
        if auto:
            game.first = looks
            for look in np.unique(looks).tolist():
                self._restrict(int(look), "#" + NUMBERS, "it is on a fresh board")
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
            if auto:
                opened = {(r, c) for r in range(rows) for c in range(cols)}
            changes = []
            for r, c in np.argwhere(game.last != looks).tolist():
                around = tuple(int(looks[rr, cc])
                               for rr in range(max(0, r - 1), min(rows, r + 2))
                               for cc in range(max(0, c - 1), min(cols, c + 2))
                               if (rr, cc) != (r, c))
                changes.append(Change((r, c), int(game.last[r, c]), int(looks[r, c]),
                                       (r, c) in opened, (r, c) in flagged, (r, c) in unflagged,
                                       around))
            if changes:
                game.steps.append(Step(changes, frozenset(np.unique(looks).tolist())))
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

    def fix(self, look: int, name: str, why: str) -> None:
        """Give ``look`` a name by other evidence (it is drawn like a look of that name);
        :class:`Contradiction` if the frames rule that name out."""
        self._restrict(look, name, why)

    def misnamed(self, looks: np.ndarray) -> list[int]:
        """Named looks a finished board shows to be wrong: on a lost board (every mine shown)
        or a won one (only mines covered) each number is its count of mines around, so a
        look named N with a cell of another count was two glyphs taken for one."""
        looks = np.asarray(looks, np.int64)
        names = np.array([n if n is not None else "" for n in self.names()], object)[looks]
        lost = (names == "X").any()
        covered = np.isin(names, ["#", "?"])
        unknown = names == ""
        total = self._mines(self.games[-1])
        if unknown.any() or not (lost or total is not None):
            return []
        if lost:
            mines = np.isin(names, ["X", "*", "F"])
            if total is None or int(mines.sum()) != total:
                return []  # not every mine is shown, or who knows: no count is exact (mines
                # go off in steps, or only the one that went off is shown)
        else:
            mines = covered | (names == "F")
            if int(mines.sum()) != total:
                return []  # not a won board
        count = neighbour_sum(mines)
        bad = set()
        for r, c in np.argwhere(np.isin(names, list(NUMBERS))).tolist():
            if int(count[r, c]) != VALUE[names[r, c]]:
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
        # A look that may be the exploded mine first: once it is, the lost board's rules
        # leave the others little choice. Then the looks with the most cells.
        self._prepare()
        free = sorted((i for i in present if len(self.candidates[i]) > 1
                       and i not in self.withdrawn),
                      key=lambda i: ("X" not in self.candidates[i], -self._cells(i)))
        self._deadline = time.monotonic() + self.seconds
        if not free:
            if not self._full_ok({}):
                raise Contradiction("the frames contradict the names already known")
            return
        # Names the rules rule out on their own go first (cheap, and whatever time the search
        # has left is not spent proving them impossible).
        for look in free:
            kept = "".join(ch for ch in self.candidates[look] if self._partial_ok({look: ch}))
            if not kept:
                raise Contradiction(f"look {look} fits no name in these frames")
            self.candidates[look] = kept
        self._prepare()
        free = [i for i in free if len(self.candidates[i]) > 1]
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
            if time.monotonic() > self._deadline:
                nodes = self.budget + 1  # out of time: every answer left is "maybe"
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

    def _prepare(self) -> None:
        """What every check of one solve reads: each look's fixed code and what it may be,
        and each game's changes packed into arrays (only those touching a look not named)."""
        n = len(self.candidates)
        code = np.full(n, -1, np.int64)
        may = {key: np.zeros(n, bool) for key in ("mine", "mine_cov", "zero", "x")}
        for i, cands in enumerate(self.candidates):
            if len(cands) == 1 and i not in self.withdrawn:
                code[i] = CODE[cands]
            may["mine"][i] = any(c in MINE_LIKE for c in cands)
            may["mine_cov"][i] = any(c in MINE_LIKE + COVERED for c in cands)
            may["zero"][i] = "." in cands and i not in self.withdrawn
            may["x"][i] = "X" in cands
        self._base, self._may = code, may
        #: The program shows the mines of a lost game (a look is named '*'): its losses show
        #: every mine, never only the one that went off.
        self._shows_mines = "*" in self.candidates and any(
            c == "*" and i not in self.withdrawn for i, c in enumerate(self.candidates))
        self._alike = np.zeros(n, bool)
        self._alike[[i for i in self.covered_alike if i < n]] = True
        free = code < 0
        self._packed = [pack(g, free) | {"mines": self._mines(g)}
                        for g in self.games if g.last is not None]
        self._firsts = [g.first for g in self.games
                        if self.auto_opens and g.fresh and g.first is not None]
        self._unlike = np.array(sorted(p for p in self.unlike if max(p) < n),
                                np.int64).reshape(-1, 2)
        pairs = np.array(sorted(self.adjacent), np.int64).reshape(-1, 2)
        keep = free[pairs[:, 0]] | free[pairs[:, 1]] if len(pairs) else np.zeros(0, bool)
        self._pairs = pairs[keep]

    def _codes(self, assign: dict[int, str]) -> np.ndarray:
        code = self._base.copy()
        for look, ch in assign.items():
            code[look] = CODE[ch]
        return code

    def _tables(self, assign: dict[int, str]) -> tuple[np.ndarray, ...]:
        """Per look: its character code (-1 unassigned), and whether it is, or may be, a mine
        or covered (for bounds on the numbers)."""
        code = self._codes(assign)
        known = code >= 0
        safe = np.where(known, code, 0)
        mine_lo = known & IS_MINE[safe]
        mine_hi = np.where(known, IS_MINE_COV[safe], self._may["mine_cov"])
        cov_lo = known & IS_COV[safe]
        self._shown_hi = np.where(known, IS_MINE[safe], self._may["mine"])
        return code, mine_lo, mine_hi, cov_lo

    def _partial_ok(self, assign: dict[int, str]) -> bool:
        code, mine_lo, mine_hi, cov_lo = self._tables(assign)
        for packed in self._packed:
            if not board_ok(packed["last"], code, mine_lo, mine_hi, self._shown_hi,
                            packed["mines"], self._shows_mines, packed["one_open"]):
                return False
            if not steps_ok(packed, code, self._may["x"], self._may["zero"], self._alike):
                return False
        pairs = self._pairs
        if len(pairs) and ((code[pairs[:, 0]] == CODE["."]) & cov_lo[pairs[:, 1]]).any():
            return False  # an empty cell beside a covered one
        unlike = self._unlike
        if len(unlike):
            a, b = code[unlike[:, 0]], code[unlike[:, 1]]
            if ((a >= 0) & (b >= 0) & IS_COV[np.maximum(a, 0)] & IS_COV[np.maximum(b, 0)]
                ).any():
                return False  # two looks drawn unlike each other, both covered
        return all(opening_ok(first, code, self._may["zero"]) for first in self._firsts)

    def _full_ok(self, assign: dict[int, str]) -> bool:
        """The exact test on each game's latest board: some layout of the mines fits it."""
        from solvers.minesweeper import engine

        code = self._codes(assign)
        for packed in self._packed:
            cells = code[packed["last"]]
            if packed["mines"] is None or (cells < 0).any():
                continue
            text = np.array(list(CHARS))[cells]
            board = Board.from_text("\n".join("".join(row) for row in text))
            try:
                engine.analyse(board, packed["mines"])
            except BoardError:
                return False
        return True
