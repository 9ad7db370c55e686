"""A rare letter the site's bank saw once, at the board's size, on a bigger rack tile: the
nearest of all letters by far and worth the tile's value, so it is that letter (a game on our
page stopped here: the rack's Ъ, worth 10, was "unknown")."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.erudit.sites import find_site
from solvers.erudit.rules import load_rules
from vision.core.frame import Frame
from vision.erudit.look import EruditSite
from vision.erudit.reader import locate_erudit, read_erudit

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


@pytest.mark.parametrize("shot", ["wildcard-dialog.png", "wildcard-dialog-square-beside.png"])
def test_the_wildcard_dialog_keys_are_all_found_beside_a_rack_of_bigger_tiles(shot):
    """Our page's letter dialog over the board at 100 %: its keys are bigger than the board's
    squares and a little smaller than the rack's tiles below; all 32 are found, in the
    alphabet's order (games stopped here: "the wildcard dialog shows no key 'Ь'"; and with a
    board square of the keys' size showing beside the dialog)."""
    from vision.core.palette import read_palette

    frame = Frame.from_file(CASES / shot)
    site = EruditSite.load(find_site("gamebot-erudit"))
    rules = load_rules("erudit")
    location = locate_erudit(frame)
    found = read_palette(frame, location.bounds, location.pitch, site.glyphs, rules.alphabet,
                         "rus", count=len(rules.alphabet))
    assert "".join(found.keys) == rules.alphabet
    first, soft = found.keys["А"], found.keys["Ь"]
    assert (first.left, first.top) == (434, 269)
    assert (soft.left, soft.top) == (642, 425)  # fourth row, fifth key


def test_an_empty_rack_is_read_when_the_caller_laid_every_tile_and_refused_otherwise():
    """All seven tiles laid, not yet submitted (a game stopped here as "the rack is hidden")."""
    from vision.core.errors import ReadError

    frame = Frame.from_file(CASES / "all-tiles-laid.png")
    site = EruditSite.load(find_site("gamebot-erudit"))
    rules = load_rules("erudit")
    location = locate_erudit(frame)
    with pytest.raises(ReadError, match="no rack tiles"):
        read_erudit(frame, location, site, rules, partial=True, check=False)
    reading = read_erudit(frame, location, site, rules, partial=True, check=False,
                          empty_rack=True)
    assert reading.rack == "" and len(reading.rack_tiles) == 0
    assert "".join(reading.board)[11 * 15 + 4 : 11 * 15 + 12] == "ОПИРАНЬЕ"


def test_a_wildcard_in_the_last_move_is_named_by_the_word_the_page_shows():
    """The computer's БЫК with a wildcard Б, lit as the last move (red italic on yellow): the
    bank does not know that look, and ТЫК, ЗЫК... make words too; the page says «БЫК +17»."""
    from calibration.erudit.naming import names_by_logic
    from solvers.erudit.dictionary import graph_for
    from vision.core.page_text import PageText

    frame = Frame.from_file(CASES / "wildcard-in-last-move.png")
    before = tuple((CASES / "wildcard-in-last-move.before.txt").read_text("utf-8").replace(
        "\n", ""))
    site = EruditSite.load(find_site("gamebot-erudit"))
    rules = load_rules("erudit")
    reading = read_erudit(frame, locate_erudit(frame), site, rules, check=False, partial=True)
    board = "".join(reading.board)
    graph = graph_for(rules.dictionary)
    assert names_by_logic(board, before, reading.values, graph, rules) == {}  # not proven
    lines = PageText("rus").lines(frame, exclude=[reading.geometry.bounds])
    shown = frozenset(w.upper() for line in lines for w in line.text.split() if w.isalpha())
    assert names_by_logic(board, before, reading.values, graph, rules, shown) == {75: "б"}
