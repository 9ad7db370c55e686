"""Every labelled Erudit/Scrabble screenshot reads exactly: every square, every rack tile, the
wildcards, the premium layout; held-out pictures (kept out of the site banks) too."""

from __future__ import annotations

import pytest

from solvers.erudit.position import Position
from vision.core.frame import Frame
from vision.erudit.fixtures import load_erudit_fixtures
from vision.erudit.look import EruditSite
from vision.erudit.reader import locate_erudit, read_erudit

FIXTURES = [f for f in load_erudit_fixtures() if f.error is None]


def test_the_set_covers_both_pages_zooms_stages_and_wildcards():
    assert len(FIXTURES) >= 25
    sites = {f.site for f in FIXTURES}
    assert {"gamebot-erudit", "xanado"} <= sites
    assert any(f.holdout for f in FIXTURES if f.site == "xanado")
    assert any(f.holdout for f in FIXTURES if f.site == "gamebot-erudit")
    for site in sites:
        mine = [f for f in FIXTURES if f.site == site]
        assert any("*" in f.rack for f in mine), f"{site}: no wildcard on a rack"
        assert any(any(ch.islower() for ch in "".join(f.board)) for f in mine), \
            f"{site}: no wildcard on a board"


@pytest.mark.parametrize("fx", FIXTURES, ids=[f.name for f in FIXTURES])
def test_labelled_picture_reads_exactly(fx):
    frame = Frame.from_file(fx.path)
    location = locate_erudit(frame)
    site = EruditSite.load(fx.site_folder)
    assert fx.position is not None
    reading = read_erudit(frame, location, site, fx.position.rules)
    for r, (got, want) in enumerate(zip(reading.board, fx.board, strict=True), 1):
        assert got == want, f"{fx.name} row {r}: read {got}, label {want}"
    assert reading.rack == fx.rack
    wild = sorted(sq for sq in reading.wildcards)
    assert len(wild) == sum(ch.islower() for ch in "".join(fx.board))
    assert reading.premiums_match
    assert reading.layout in ("erudit", "scrabble", "erudit or scrabble")
    assert len(reading.rack_tiles) == len(fx.rack)
    # the position text round-trips and keeps the picture's wildcards and rack
    text = reading.to_position_text(fx.position.rules)
    assert Position.from_text(text).to_text() == text
    assert Position.from_text(text).board == fx.position.board


@pytest.mark.parametrize("fx", [f for f in FIXTURES if not f.holdout],
                         ids=[f.name for f in FIXTURES if not f.holdout])
def test_banks_alone_read_the_pictures_they_learned_from(fx):
    """No Tesseract: the shipped templates name every glyph of a picture they were built from."""
    frame = Frame.from_file(fx.path)
    site = EruditSite.load(fx.site_folder)
    assert fx.position is not None
    reading = read_erudit(frame, locate_erudit(frame), site, fx.position.rules, ocr=False)
    assert reading.board == fx.board
    assert reading.rack == fx.rack
    assert reading.learned == ()


SHOWN = [f for f in FIXTURES if f.scores is not None]


@pytest.mark.parametrize("fx", SHOWN, ids=[f.name for f in SHOWN])
def test_scores_and_tiles_left_as_the_page_shows_them(fx):
    """Scores are read, or (small or split score lines that defeat Tesseract: Xanado's, our
    page's big numbers now and then) not read at all: a score is never a wrong number."""
    from vision.core.page_text import PageText
    from vision.erudit.reader import rules_lang

    frame = Frame.from_file(fx.path)
    assert fx.position is not None
    lang = rules_lang(fx.position.rules)
    reading = read_erudit(frame, locate_erudit(frame), EruditSite.load(fx.site_folder),
                          fx.position.rules, text=PageText(lang))
    assert reading.scores in (None, fx.scores)
    assert reading.bag == fx.bag


REFUSED = [f for f in load_erudit_fixtures() if f.error is not None]


@pytest.mark.parametrize("fx", REFUSED, ids=[f.name for f in REFUSED])
def test_real_screens_that_cannot_be_read_are_refused_saying_why(fx):
    """A rack below the window, an alert darkening the page, a game over with an empty rack."""
    from solvers.erudit.rules import load_rules
    from vision.core.errors import ReadError

    frame = Frame.from_file(fx.path)
    with pytest.raises(ReadError) as err:
        read_erudit(frame, locate_erudit(frame), EruditSite.load(fx.site_folder),
                    load_rules("scrabble-en"))
    assert fx.error is not None and fx.error in str(err.value)


def test_there_are_refusals_to_check():
    assert len(REFUSED) >= 3


def test_most_scores_of_our_page_are_read():
    """Our page's score panels read on nearly every picture (the figure the bench prints)."""
    from vision.core.page_text import PageText
    from vision.erudit.reader import rules_lang

    ours = [f for f in SHOWN if f.site == "gamebot-erudit"]
    read = 0
    for fx in ours:
        frame = Frame.from_file(fx.path)
        assert fx.position is not None
        lang = rules_lang(fx.position.rules)
        reading = read_erudit(frame, locate_erudit(frame), EruditSite.load(fx.site_folder),
                              fx.position.rules, text=PageText(lang))
        read += reading.scores == fx.scores
    assert read >= len(ours) - 2, f"{read} of {len(ours)}"
