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


def test_a_cold_start_whose_first_rack_holds_a_blank_reads_it(tmp_path):
    """The first frame of a cold start showed a blank on the rack: the site learned from it
    knew the marks 1 and 3, the blank's 0 matched the 1 firmly and every frame was refused ("a
    tile with no letter shows the value 1"): the campaign stopped before its first move."""
    from bot.games.erudit.cold_site import ColdSite, rules_options

    frame = Frame.from_file(CASES / "xanado-first-frame-blank-on-rack.png")
    options = rules_options("en", "scrabble-en")
    cold = ColdSite(EruditSite.empty("cold", options[0].alphabet), tmp_path / "cold", options)
    location = locate_erudit(frame)
    rules = cold.learn(frame, location)
    # the marks it learned hold 1 and 3 (and 0 when Tesseract names the blank's lone 0 at
    # once): either way the blank must read as the wildcard, frame after frame
    assert {"1", "3"} <= set(cold.site.marks.labels)
    for _ in range(2):
        reading = read_erudit(frame, location, cold.site, rules, empty_rack=True,
                              new_letters_only=True)
        assert reading.rack == "*EIOAOC"


def test_a_rare_letter_whose_number_the_cold_site_never_saw_is_named(tmp_path):
    """X8 on the first rack: the marks knew 1-4, Tesseract read the 8 as 8 every time but
    only once surely (81, 78, 65, 50, 96), so the X was an unknown glyph on every frame and the
    session stopped before its first move. Agreeing answers, one very sure, name the number."""
    from bot.games.erudit.cold_site import ColdSite, rules_options

    frame = Frame.from_file(CASES / "xanado-first-frame-x8.png")
    options = rules_options("en", "scrabble-en")
    cold = ColdSite(EruditSite.empty("cold", options[0].alphabet), tmp_path / "cold", options)
    location = locate_erudit(frame)
    rules = cold.learn(frame, location)
    reading = read_erudit(frame, location, cold.site, rules, empty_rack=True,
                          new_letters_only=True)
    assert reading.rack == "GXMYHSO"
    assert "8" in cold.site.marks.labels
