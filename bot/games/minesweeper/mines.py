"""How many mines a game on screen holds: what the screen shows wins.

The program's own counter (mines left) plus the flags on the board is the game's real total;
a level's default (``--level expert`` = 99) is only a guess about which game is on screen, and
``--mines N`` is the user's word, kept only when the screen shows no counter. When the screen
and ``--mines`` disagree the screen is played and the disagreement reported, so a wrong flag
on the command line cannot make every probability wrong for a whole night.
"""

from __future__ import annotations

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
    if shown is not None:
        told = [(name, n) for name, n in (("--mines", given), ("the level", level))
                if n is not None and n != shown]
        if told:
            name, n = told[0]
            note = (
                f"the screen shows {shown} mines (counter {counter} + {flags} flags) but"
                f" {name} says {n}: playing with {shown}, as the screen shows"
            )
        return MineTotal(shown, "screen", shown, note)
    if given is not None:
        return MineTotal(given, "--mines", None, note)
    if level is not None:
        return MineTotal(level, "level", None, note)
    size = standard_mines(rows, cols)
    if size is not None:
        return MineTotal(size, "board size", None, note)
    return None
