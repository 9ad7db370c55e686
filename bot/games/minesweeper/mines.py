"""How many mines a game on screen holds: the user's word, else what the screen shows.

``--mines N`` is the user's explicit word and wins: a counter read off the screen can be
another figure (a timer where the mine counter was expected), and a misread must never
overrule what the user said. A disagreement is reported in the summary. Without ``--mines``
the program's own counter (mines left) plus the flags on the board is the game's total; a
level's default (``--level expert`` = 99) is only a guess about which game is on screen and
loses to the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from solvers.minesweeper.rules import standard_mines


@dataclass(frozen=True)
class MineTotal:
    """The total played, where it came from, what the screen showed, and any disagreement."""

    mines: int
    source: str  # "screen", "--mines", "level", "board size"
    shown: int | None = None  # counter + flags, when the counter was read
    note: str | None = None  # a disagreement or an unusable counter, for people

    def to_dict(self) -> dict[str, object]:
        return {
            "mines": self.mines,
            "mines_from": self.source,
            "mines_shown": self.shown,
            "mines_note": self.note,
        }


def mine_total(
    rows: int,
    cols: int,
    counter: int | None,
    flags: int,
    given: int | None = None,
    level: int | None = None,
) -> MineTotal | None:
    """The total to play with; None when nothing says it (no counter, no option, odd size).

    ``counter`` is the mines-left figure read from the screen, ``flags`` the flags on the
    board, ``given`` the ``--mines`` option and ``level`` the chosen level's default.
    """
    cells = rows * cols
    shown = None if counter is None else counter + flags
    note = None
    if shown is not None and not 0 < shown < cells:
        note = (
            f"the counter reads {counter} with {flags} flags: {shown} mines cannot be on a"
            f" {rows}x{cols} board, so it is ignored"
        )
        shown = None
    def told(name: str, n: int, played: int, why: str) -> str:
        return (f"the screen shows {shown} mines (counter {counter} + {flags} flags) but"
                f" {name} says {n}: playing with {played}, {why}")

    if given is not None:
        if shown is not None and shown != given:
            note = told("--mines", given, given, "as you said")
        return MineTotal(given, "--mines", shown, note)
    if shown is not None:
        if level is not None and level != shown:
            note = told("the level", level, shown, "as the screen shows")
        return MineTotal(shown, "screen", shown, note)
    if level is not None:
        return MineTotal(level, "level", None, note)
    size = standard_mines(rows, cols)
    if size is not None:
        return MineTotal(size, "board size", None, note)
    return None


def refit(current: MineTotal, rows: int, cols: int, fits: Callable[[int], bool],
          level: int | None = None) -> MineTotal | None:
    """Another total when the board proves ``current`` impossible (``fits(n)``: some layout
    of n mines fits the board): the screen's, else the level's, else the standard level's of
    this size; None when none of them fits either (then the board itself is misread)."""
    candidates = [("screen", current.shown, "as the screen shows"),
                  ("level", level, "as the level says"),
                  ("board size", standard_mines(rows, cols), "the standard level of this size")]
    for source, n, why in candidates:
        if n is not None and n != current.mines and fits(n):
            note = (f"{current.mines} mines ({current.source}) fit no layout of the board:"
                    f" playing with {n}, {why}")
            return MineTotal(n, source, current.shown, note)
    return None
