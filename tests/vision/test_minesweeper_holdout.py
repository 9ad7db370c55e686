"""A skin that lacks a glyph refuses it: it never reads it as another glyph.

Each built-in skin is rebuilt without one of its glyphs at a time and every labelled picture of
that skin is read with it, at 100 %, at 125 % (bilinear) and at 150 % (nearest neighbour). Every
cell of the held-out glyph must be refused and no other cell misread. This is the situation of
a skin learned from a few screenshots meeting a glyph for the first time during play.
"""

from __future__ import annotations

import pytest

from bot.bench.holdout import run_holdout

VARIANTS = [(1.0, False), (1.25, False), (1.5, True)]


@pytest.mark.parametrize("skin", ["winxp", "win7", "xdemineur", "gnome-mines"])
def test_a_glyph_the_skin_lacks_is_refused_never_misread(skin):
    result = run_holdout(VARIANTS, skins=[skin])
    row = result.table[skin]
    assert result.pictures[skin] >= len(VARIANTS)  # win7 has one labelled screenshot
    assert result.held_cells > 0
    examples = [e for cell in row.values() for e in cell.examples]
    assert result.misreads == 0, examples
    assert result.refused == result.held_cells
    # every glyph the skin has was held out and met at least once in its pictures
    seen = {ch for ch, cell in row.items() if cell.held}
    assert {"#", ".", "1", "2", "3", "F"} <= seen


def test_a_skin_without_its_numbers_refuses_them_not_reads_them_as_blanks():
    result = run_holdout([(1.0, False)], skins=["xdemineur"])
    for ch in "12345678":
        cell = result.table["xdemineur"][ch]
        assert cell.held > 0, ch
        assert cell.refused == cell.held and cell.misread == 0, (ch, cell.examples)
