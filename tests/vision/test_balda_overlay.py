"""A page that draws arrows along the last word, over its letters: the letters are seen
through (the arrow's colour painted out, a letter partly under it named by the bank's nearest
and Tesseract together, never taught), and the letters the game already placed are not read
again. Frames from our page with ``overlay=path``; the grid is what play read and replay agreed."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from bot.web.site_data import glyph_bank_for
from bot.web.sites import load_profile
from solvers.words.alphabet import alphabet_for
from vision.balda import reader as balda_reader
from vision.balda.overlay import hidden_cells, see_through
from vision.balda.reader import read_balda
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.letters import locate_letter_grid

CASES = Path(__file__).resolve().parents[2] / "recordings" / "balda" / "cases"
NAMES = ["gamebot-overlay-corner", "gamebot-overlay-three"]
ALPHABET = alphabet_for("ru")


@pytest.fixture(scope="module")
def bank():
    return glyph_bank_for(load_profile("gamebot-balda"), ALPHABET)


def case(name):
    data = json.loads((CASES / f"{name}.json").read_text("utf-8"))
    known = data["known"].replace("\n", "")
    return (Frame.from_file(CASES / f"{name}.png"), data["grid"],
            {i: ch for i, ch in enumerate(known) if ch != "."})


@pytest.mark.parametrize("name", NAMES)
def test_the_new_letter_under_an_arrow_reads_exactly(bank, name, tmp_path):
    frame, grid, known = case(name)
    location = locate_letter_grid(frame)
    new = [i for i in hidden_cells(frame, location) if i not in known]
    assert new, "the frame must show an arrow over the new letter"
    before = len(bank.templates)
    reading = read_balda(frame, location, bank, ALPHABET, lang="rus", ocr=False, known=known)
    assert reading.to_text() == grid
    assert len(bank.templates) == before and not reading.learned  # nothing taught


@pytest.mark.parametrize("name", NAMES)
def test_without_seeing_through_the_arrow_the_frame_does_not_read(bank, name, monkeypatch):
    frame, grid, known = case(name)
    location = locate_letter_grid(frame)
    monkeypatch.setattr(balda_reader, "hidden_cells", lambda frame, location: set())
    try:
        text = read_balda(frame, location, bank, ALPHABET, lang="rus", ocr=False,
                          known=known).to_text()
    except ReadError:
        return
    assert text != grid


def test_the_arrow_is_painted_out_and_a_letter_drawn_in_colour_is_kept():
    frame, _grid, _known = case("gamebot-overlay-three")
    location = locate_letter_grid(frame)
    clean = see_through(frame, location)
    assert not hidden_cells(clean, location)
    changed = np.any(clean.pixels != frame.pixels, axis=2)
    assert changed.any() and changed.mean() < 0.01  # the arrow only
    # a letter being typed is drawn in blue inside its cell: not an overlay
    labelled = Frame.from_file(CASES.parent / "labelled" / "gamebot-classic-080-sel.png")
    assert not hidden_cells(labelled, locate_letter_grid(labelled))


def test_a_known_letter_is_kept_unread_and_a_known_cell_gone_empty_reads_empty(bank):
    frame, grid, known = case("gamebot-overlay-corner")
    location = locate_letter_grid(frame)
    rows = grid.replace("\n", "")
    empty = rows.index(".")
    wrong = {**known, next(iter(known)): "Щ"}  # told: kept, never re-read
    text = read_balda(frame, location, bank, ALPHABET, lang="rus", ocr=False,
                      known={**wrong, empty: "А"}).to_text().replace("\n", "")
    first = next(iter(known))
    assert text[first] == "Щ" and text[empty] == "."


def test_a_letter_drawn_in_colour_reaching_the_part_searched_for_ink_is_no_overlay():
    """Our canvas theme draws a player's letters in navy or crimson; a wide italic Ш reaches
    the rim of the part of the cell searched for ink, but not the cell's edge: it is a letter
    (it used to be painted out as an arrow, and the cell read empty)."""
    frame = Frame.from_file(CASES.parent / "labelled" / "gamebot-canvas-100-6x6-m14.png")
    location = locate_letter_grid(frame)
    assert not hidden_cells(frame, location)


def test_an_arrow_run_into_a_letter_of_another_colour_takes_only_its_own_hue():
    """Hot-seat canvas: a player's letters are blue, the path's arrows red, and the arrow ran
    into our new blue П. The red and blue strokes touch: painting out every coloured part
    that crosses the cell's edge took the П with the arrow, the cell read empty, and play
    stopped after 65 s ('П@1,1 ... not shown yet'). Only the arrow's own hue goes."""
    import cv2

    from vision.core.letters import cell_ink, inner_region

    frame = Frame.from_file(CASES / "gamebot-canvas-hotseat-arrow-through-blue.png")
    location = locate_letter_grid(frame)
    assert 6 in hidden_cells(frame, location)  # the arrow over the П at row 2, col 2
    clear = see_through(frame, location)
    ink = cell_ink(clear, location, 1, 1)
    assert not ink.empty and ink.height > 0.3, "the blue П stays"
    inner = inner_region(location, 1, 1)
    hsv = cv2.cvtColor(clear.pixels[inner.top : inner.bottom, inner.left : inner.right],
                       cv2.COLOR_BGR2HSV)
    red = ((hsv[..., 0] < 8) | (hsv[..., 0] > 172)) & (hsv[..., 1] >= 110)
    assert ink.box is not None
    box = ink.box.offset(-inner.left, -inner.top)
    assert not red[box.top : box.bottom, box.left : box.right].any(), "no arrow in the П"
    assert red.sum() <= 4  # at most an arrowhead's wing at the edge, outside the letter


def test_an_arrow_through_a_letter_of_its_own_colour_leaves_the_letter():
    """Player 2's letters are red like the arrows: the arrow from our П's centre down to the
    next cell is one red component with the П. Only the band the arrow takes from the edge
    it crosses to the cell's centre is painted out: the П's bar and stems stay (the whole П
    went, the cell read empty, and the move 'never showed on the page')."""
    from vision.core.letters import cell_ink

    frame = Frame.from_file(CASES / "gamebot-canvas-hotseat-arrow-through-red.png")
    location = locate_letter_grid(frame)
    assert 9 in hidden_cells(frame, location)  # the arrow over the П at row 2, col 5
    before = cell_ink(frame, location, 1, 4)
    after = cell_ink(see_through(frame, location), location, 1, 4)
    assert not after.empty
    assert after.box is not None and before.box is not None
    assert after.box.height >= 0.9 * (before.box.height * 22 / 33), "bar and stems stay"
    assert abs(after.box.width - 27) <= 2 and after.box.height >= 20
