"""The Erudit page's games set up for a test: word lists, a game whose board and rack the test
chooses, and the person's tiles as the page's script sends them."""

from __future__ import annotations

from bot.pages.erudit.game import HUMAN
from solvers.erudit import Board

TINY_RU = ["КОТ", "ТОК", "КТО", "КОТА", "ДА", "ДО", "ОДА", "ТАК", "КАТ", "ТОТ", "ЕДА"]
TINY_EN = ["CAT", "ACT", "AT", "TA", "TAX", "AX", "CATS"]
CENTRE = 7
EMPTY_ROWS = ["." * 15] * 15
KOT_ROWS = ["." * 15] * 7 + ["......КОТ......"] + ["." * 15] * 7


def set_up(games, rows=None, rack="КОТАДЕ*", params=None):
    """A new game whose board and rack the test chooses; the person is to move."""
    session = games.new_game({"seed": 1, **(params or {})})
    if rows is not None:
        session.board = Board.from_rows(rows)
    session.rack = list(rack) + [None] * (7 - len(rack))
    session.turn = HUMAN
    return session


def tiles(session, *placed):
    """[{slot, row, col, letter}] for (rack letter, row, col[, wildcard letter]) in order."""
    free = list(session.rack)
    out = []
    for item in placed:
        tile, row, col = item[:3]
        slot = free.index(tile)
        free[slot] = None
        entry = {"slot": slot, "row": row, "col": col}
        if len(item) > 3:
            entry["letter"] = item[3]
        out.append(entry)
    return out


def move(games, session, *placed):
    return games.handle("move", {"id": session.id, "tiles": tiles(session, *placed)})

