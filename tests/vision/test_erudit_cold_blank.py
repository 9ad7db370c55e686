"""Xanado writes a 0 under where a blank's letter would be, and nothing else. A site learned
cold from a first frame with no blank on the rack (no "0" mark known) read each blank as an I
(its rack ``KSIIFLS``, the page's ``KS??FLS``): the bot laid an "I" that was a blank, the page
asked for its letter and the game stopped. A lone mark in the tile's lower half is no letter; a
rack tile with a number and no letter is the wildcard, and its 0 is learned."""

from __future__ import annotations

from pathlib import Path

from solvers.erudit.rules import load_rules
from vision.core.frame import Frame
from vision.erudit.look import EruditSite
from vision.erudit.reader import locate_erudit, read_erudit
from vision.erudit.tiles import split_tile

CASES = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "cases"
SHOT = CASES / "xanado-cold-blanks-on-rack.png"
SITE = CASES / "xanado-cold-site"  # learned by a cold start from the game's first frames


def test_blanks_on_the_rack_read_as_wildcards_on_a_site_learned_cold():
    frame = Frame.from_file(SHOT)
    site = EruditSite.load(SITE)
    assert "0" not in site.marks.labels
    rules = load_rules("scrabble-en")
    location = locate_erudit(frame)
    reading = read_erudit(frame, location, site, rules, empty_rack=True, new_letters_only=True)
    assert reading.rack == "KS**FLS"
    assert "0" in site.marks.labels  # learned: a blank played on the board is told by it
    again = read_erudit(frame, location, site, rules, empty_rack=True, new_letters_only=True)
    assert again.rack == "KS**FLS"


def test_a_blanks_lone_zero_is_its_value_not_a_letter():
    frame = Frame.from_file(SHOT)
    site = EruditSite.load(SITE)
    location = locate_erudit(frame)
    reading = read_erudit(frame, location, site, load_rules("scrabble-en"), empty_rack=True)
    blank = reading.rack_tiles[2]
    colour = site.look.themes[0].tiles[0]
    ink = split_tile(frame.pixels, blank, colour)
    assert ink.letter is None and ink.value is not None
    letter = split_tile(frame.pixels, reading.rack_tiles[0], colour)  # K5: both
    assert letter.letter is not None and letter.value is not None
