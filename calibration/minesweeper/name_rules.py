"""The rules a naming checks, on arrays of character codes (see :mod:`names` for the rules in
words): a board's numbers against the mines around them, a program's own first area, and the
changes between a game's frames. Pure functions, so a naming's search can call them cheaply."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from vision.minesweeper.skin import NAMEABLE, NUMBERS

MINE_LIKE = "F*X"  # what a board counts as a mine
COVERED = "#?"
LOST = "*Xx"
#: Characters a look can carry: the nameable ones, and a question mark a built-in skin knows.
CHARS = NAMEABLE + "?"
CODE = {ch: i for i, ch in enumerate(CHARS)}
VALUE = {ch: (int(ch) if ch in "12345678" else 0) for ch in NUMBERS}


@dataclass
class Change:
    """One cell that changed between two frames of a game."""

    cell: tuple[int, int]
    before: int  # look
    after: int  # look
    target: bool  # a move opened this cell (open target or chord neighbour)
    flagged: bool  # a flag move was made on it
    unflagged: bool
    around: tuple[int, ...]  # looks of its neighbours in the later frame


@dataclass
class Step:
    """A transition of one game: the cells that changed and the looks of the later frame."""

    changes: list[Change]
    looks_after: frozenset[int]


@dataclass
class Game:
    first: np.ndarray | None = None
    last: np.ndarray | None = None
    steps: list[Step] = field(default_factory=list)
    fresh: bool = True  # its first frame is the board as the game started
    mines: int | None = None  # its mine total (None: the naming's)


RING = np.ones((3, 3), np.float32)
RING[1, 1] = 0


def neighbour_sum(mask: np.ndarray) -> np.ndarray:
    """How many of each cell's eight neighbours are set in ``mask``."""
    out = cv2.filter2D(mask.astype(np.float32), -1, RING, borderType=cv2.BORDER_CONSTANT)
    return np.rint(out).astype(np.int16)


def flag_table(chars: str) -> np.ndarray:
    """Per character code: whether the character is one of ``chars``."""
    return np.array([ch in chars for ch in CHARS], bool)


IS_MINE = flag_table(MINE_LIKE)
IS_MINE_COV = flag_table(MINE_LIKE + COVERED)
IS_COV = flag_table(COVERED)
IS_NUM = flag_table(NUMBERS)
IS_LOST = flag_table(LOST)


def pack(game: Game, free: np.ndarray) -> dict[str, Any]:
    """A game's changes as arrays (only those touching a look not named: ``free``)."""
    rows = [(k, ch) for k, step in enumerate(game.steps) for ch in step.changes
            if free[ch.before] or free[ch.after]]
    around = np.full((len(rows), 8), -1, np.int64)
    for j, (_, ch) in enumerate(rows):
        around[j, : len(ch.around)] = ch.around
    after_looks = [np.fromiter(step.looks_after, np.int64) for step in game.steps]
    last = game.steps[-1].changes if game.steps else []
    return {
        "last": game.last,
        "one_open": len(last) == 1 and last[0].target,
        "step": np.array([k for k, _ in rows], np.int64),
        "before": np.array([ch.before for _, ch in rows], np.int64),
        "after": np.array([ch.after for _, ch in rows], np.int64),
        "target": np.array([ch.target for _, ch in rows], bool),
        "flagged": np.array([ch.flagged for _, ch in rows], bool),
        "unflagged": np.array([ch.unflagged for _, ch in rows], bool),
        "around": around,
        "after_looks": after_looks,
    }


def opening_ok(first: np.ndarray, code: np.ndarray, may_zero: np.ndarray) -> bool:
    """A program that opens a first area itself shows one cascade: some cell is open
    (unless the frame is the board drawn before the area, all one look), and when more than
    one is, every number touches an empty cell."""
    cells = code[first]
    if (cells >= 0).all() and IS_COV[cells].all() and (first != first.flat[0]).any():
        return False  # several looks, all covered: nothing opened
    number = (cells >= CODE["1"]) & (cells <= CODE["8"])
    if not number.any():
        return True
    may_open = (cells < 0) | ~IS_COV[np.maximum(cells, 0)]
    if int(may_open.sum()) <= 1:
        return True
    zero = (cells == CODE["."]) | ((cells < 0) & may_zero[first])
    return not (number & (neighbour_sum(zero) == 0)).any()


def board_ok(looks: np.ndarray, code: np.ndarray, mine_lo: np.ndarray, mine_hi: np.ndarray,
             shown_hi: np.ndarray, total: int | None, shows_mines: bool,
             one_open: bool = False) -> bool:
    """``one_open``: the frame's only change was the cell one move opened (a guess): a
    loss there may show only the mine that went off."""
    cells = code[looks]
    number = (cells >= CODE["."]) & (cells <= CODE["8"])
    if number.any():
        lo = neighbour_sum(mine_lo[looks])
        hi = neighbour_sum(mine_hi[looks])
        value = np.where(number, cells - CODE["."], 0)
        if (number & ((value < lo) | (value > hi))).any():
            return False
    x = int((cells == CODE["X"]).sum())
    if x > 1:
        return False
    complete = bool((cells >= 0).all())
    if complete and x == 0 and ((cells == CODE["*"]) | (cells == CODE["x"])).any():
        return False  # mines shown but nothing exploded: not a board a game shows
    if total is not None:
        if x:
            mines = int(((cells == CODE["X"]) | (cells == CODE["*"])
                         | (cells == CODE["F"])).sum())
            if mines > total:
                return False
            # A lost board shows every mine (and then too few cells may be left that
            # could show one), or, on a program not seen to show them, only the one that
            # went off (the one cell a guess changed), the others under covered cells;
            # never some of them.
            every = not (complete and mines != total) and int(
                shown_hi[looks].sum()) >= total
            only_hit = one_open and not shows_mines and not (
                cells == CODE["*"]).any() and int(mine_hi[looks].sum()) >= total
            if not (every or only_hit):
                return False
        elif int(mine_lo[looks].sum()) > total:
            return False
    return True


def steps_ok(packed: dict[str, Any], code: np.ndarray, may_x: np.ndarray, may_zero: np.ndarray,
             alike: np.ndarray) -> bool:
    """The changes between a game's frames, all at once (see the module docstring)."""
    before, after = packed["before"], packed["after"]
    if not len(before):
        return True
    b, a = code[before], code[after]
    known = (b >= 0) & (a >= 0)
    if not known.any():
        return True
    # Per step: lost (an X shown), may be lost (an X or a look that may be one), may be
    # won (no covered look left).
    flags = []
    for looks in packed["after_looks"]:
        c = code[looks]
        lost = bool((c == CODE["X"]).any())
        maybe = lost or bool(((c < 0) & may_x[looks]).any())
        won = not bool(((c >= 0) & IS_COV[np.maximum(c, 0)]).any())
        flags.append((lost, maybe, won))
    table = np.array(flags, bool).reshape(-1, 3)[packed["step"]]
    lost, maybe_lost, may_won = table[:, 0], table[:, 1], table[:, 2]
    # the frame before each step showed a lost game (a game's first frame never does)
    lost_before = np.array([False, *(f[0] for f in flags[:-1])], bool)[packed["step"]]
    b_, a_ = np.maximum(b, 0), np.maximum(a, 0)
    opened_before = known & (IS_NUM[b_] | IS_LOST[b_])
    if (opened_before & (a != b)).any():
        return False  # opened cells and a lost board's keep their character
    was_cov = known & (b == CODE["#"])
    target = packed["target"]
    to_num = was_cov & IS_NUM[a_]
    if (to_num & lost & ~target).any():
        return False  # the click that loses opens nothing around it
    if (to_num & lost_before).any():
        return False  # a lost board is a game's last: nothing is opened after it
    if (to_num & ~target).any():
        ring = packed["around"]
        rc = np.where(ring >= 0, code[np.maximum(ring, 0)], -2)
        zero = (rc == CODE["."]) | ((rc == -1) & may_zero[np.maximum(ring, 0)])
        if (to_num & ~target & ~zero.any(axis=1)).any():
            return False  # not opened by a move, and no empty cell beside it
    if (was_cov & (a == CODE["F"]) & ~packed["flagged"] & ~may_won).any():
        return False
    if (was_cov & (a == CODE["X"]) & ~target).any():
        return False
    if (was_cov & (a == CODE["*"]) & ~maybe_lost).any():
        return False
    if (was_cov & (a == CODE["x"])).any():
        return False
    alike = alike[np.maximum(after, 0)]
    if (was_cov & IS_COV[a_] & ~alike).any():
        return False  # a covered cell that changed was opened or marked (unless its new
        # look is drawn like a covered one: a cell lit under the pointer, a variant)
    was_flag = known & (b == CODE["F"])
    if (was_flag & (a == CODE["x"]) & ~maybe_lost).any():
        return False
    if (was_flag & IS_COV[a_] & ~packed["unflagged"]).any():
        return False
    return not (was_flag & ~((a == CODE["x"]) | IS_COV[a_])).any()
