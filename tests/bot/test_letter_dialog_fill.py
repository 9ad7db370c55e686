"""A key the readers missed in a row of the blank's letter keys is put between its alphabet
neighbours (scrabble-wordgame run i23-wg2 c5: every key but S read; the game stopped on "the
wildcard dialog shows no key 'S'")."""

from __future__ import annotations

from bot.games.erudit.adapter import EruditPlayer
from bot.web.letter_dialog import fill_between
from solvers.erudit.rules import load_rules
from tests.bot.test_erudit_adapter import GRAPH, SITE_EN
from vision.core.geometry import Region

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def grid() -> dict[str, Region]:
    """wordgame's dialog: rows of 7 keys 39 px apart, the last row V-Z one key in."""
    keys = {}
    for i, ch in enumerate(ALPHABET[:21]):
        keys[ch] = Region(270 + 39 * (i % 7), 160 + 39 * (i // 7), 33, 33)
    for i, ch in enumerate(ALPHABET[21:]):
        keys[ch] = Region(270 + 39 * (i + 1), 160 + 39 * 3, 33, 33)
    return keys


def near(a: Region, b: Region) -> bool:
    return abs(a.center.x - b.center.x) <= 1 and abs(a.center.y - b.center.y) <= 1


def test_a_key_missed_between_two_of_its_row_is_put_between_them() -> None:
    full = grid()
    read = {ch: r for ch, r in full.items() if ch != "S"}
    assert near(fill_between(read, ALPHABET)["S"], full["S"])
    assert fill_between(full, ALPHABET) == full
    # one reader gives the key's tile, another only its letter's text box (run c7: R a text
    # box 11x12, T a tile 36x36): compared by their centres
    r = full["R"]
    read["R"] = Region(r.left + 11, r.top + 10, 11, 12)
    s = fill_between(read, ALPHABET)["S"]
    assert near(s, full["S"]) and s.width == 33


def test_a_key_at_a_rows_end_or_two_missed_side_by_side_are_not_guessed() -> None:
    full = grid()
    assert "H" not in fill_between({c: r for c, r in full.items() if c != "H"}, ALPHABET)
    assert "V" not in fill_between({c: r for c, r in full.items() if c != "V"}, ALPHABET)
    both = fill_between({c: r for c, r in full.items() if c not in "RS"}, ALPHABET)
    assert "R" not in both and "S" not in both


def test_the_player_reads_the_dialog_with_the_missed_key_filled() -> None:
    full = grid()
    player = EruditPlayer(SITE_EN, load_rules("scrabble-en"), GRAPH, read=None, locate=None,
                          letter_keys=lambda frame, location: {c: r for c, r in full.items()
                                                               if c != "S"})
    assert near(player._dialog_keys(None, None, [])["S"], full["S"])
