"""A rare letter the site's bank saw once, at the board's size, on a bigger rack tile: the
nearest of all letters by far and worth the tile's value, so it is that letter (a game on our
page stopped here: the rack's Ъ, worth 10, was "unknown")."""

from __future__ import annotations

from pathlib import Path

from bot.erudit_sites import find_site
from solvers.erudit.rules import load_rules
from vision.erudit import locate_erudit, read_erudit
from vision.erudit_look import EruditSite
from vision.frame import Frame

CASES = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "cases"
SHOT = CASES / "rare-rack-tile.png"


def test_the_rare_rack_letter_is_named_by_its_distance_and_value():
    frame = Frame.from_file(SHOT)
    site = EruditSite.load(find_site("gamebot-erudit"))
    reading = read_erudit(frame, locate_erudit(frame), site, load_rules("erudit"),
                          partial=True, check=False)
    assert reading.rack == "НВЪВНВЛ"
    board = "".join(reading.board)
    assert board.startswith("АПДЕЙТ.П......М")
    assert board.count("?") == 1  # the computer's red wildcard И: named by the game in play
