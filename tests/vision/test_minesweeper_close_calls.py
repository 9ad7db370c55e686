"""A cell that two looks fit about equally well is refused, unless both are numbers and one is
a look the game has not named yet (two looks of one glyph until it is named): then it reads as
an opened cell of unknown number, safe and constraining nothing, never as either number."""

from __future__ import annotations

import numpy as np

from solvers.minesweeper.state import Cell
from vision.minesweeper.cells import CellVerdict, unnamed_char
from vision.minesweeper.reader import _board, readable
from vision.minesweeper.skin import Skin

PIC = np.zeros((8, 8, 3), np.uint8)


def skin(candidates: str) -> Skin:
    return Skin("t", (8, 8), {"#": PIC, "1": PIC, "2": PIC}, unnamed=((PIC,),),
                unnamed_candidates=(candidates,))


def verdict(best: list[str], second: list[str], margin: list[float], chars: str) -> CellVerdict:
    n = len(best)

    def index(chs: list[str]) -> np.ndarray:
        return np.array([[chars.index(c) for c in chs]])

    return CellVerdict(best=index(best), rms=np.full((1, n), 5.0), patch=np.full((1, n), 10.0),
                       margin=np.array([margin]), limit=np.full((1, n), 20.0), chars=chars,
                       unexplained=np.zeros((1, n)), tolerance=10.0, second=index(second))


def test_a_close_call_between_a_number_and_its_unnamed_double_is_an_unknown_number():
    u = unnamed_char(0)
    sk = skin("12")
    chars = sk.chars + u
    v = verdict(["1", "1", u, "1"], [u, "2", "1", u], [1.05, 1.05, 1.05, 2.0], chars)
    ok = readable(v, sk)
    # the named 1 vs the unnamed look: open; 1 vs 2 (both named): refused; the unnamed look vs
    # 1: open; a clear 1: read
    assert ok.tolist() == [[True, False, True, True]]
    cells = _board(v, sk).cells
    assert cells[0] == cells[2] == Cell.OPENED and cells[3] == Cell.ONE


def test_a_close_call_with_a_look_that_may_be_a_flag_or_covered_is_refused():
    u = unnamed_char(0)
    sk = skin("1F")
    v = verdict(["1"], [u], [1.05], sk.chars + u)
    assert readable(v, sk).tolist() == [[False]]
    sk = skin("12")
    v = verdict(["#"], [u], [1.05], sk.chars + u)  # a covered cell is no number
    assert readable(v, sk).tolist() == [[False]]
