"""Skins are data folders that load, save and round-trip; the built-in ones are complete enough."""

from __future__ import annotations

import json

import numpy as np
import pytest

from vision.minesweeper.cells import glyph_bank
from vision.minesweeper.seven_segment import SYMBOLS, counter_text
from vision.minesweeper.skin import (
    CELL_CHARS,
    Skin,
    SkinError,
    builtin_skins,
    load_skin,
    save_skin,
)


def test_builtin_skins_are_listed_and_load():
    assert builtin_skins()[:4] == ["winxp", "win7", "xdemineur", "gnome-mines"]
    for name in builtin_skins():
        skin = load_skin(name)
        assert skin.name == name
        assert {"#", ".", "1"} <= set(skin.chars)
        for img in skin.cells.values():
            assert img.shape[:2] == skin.cell_size[::-1]


def test_winxp_has_every_glyph_and_says_which_were_drawn():
    skin = load_skin("winxp")
    assert skin.chars == "".join(CELL_CHARS)
    assert set(skin.faces) == {"playing", "won", "lost"}
    for ch in "8?*Xx":
        assert ch in skin.synthesised
    for ch in "#.12345F":
        assert ch not in skin.synthesised  # cut from the real screenshot


def test_every_template_is_its_own_nearest_neighbour():
    for name in builtin_skins():
        bank = glyph_bank(load_skin(name))
        d = ((bank.distance[:, None, :] - bank.distance[None, :, :]) ** 2).sum(axis=2)
        np.fill_diagonal(d, np.inf)
        real = bank.owner < len(load_skin(name).chars)
        nearest_other = d[real].min(axis=1)
        assert (nearest_other > 0).all(), name
        assert (bank.radius > 0).all()


def test_save_and_load_round_trip(tmp_path):
    skin = load_skin("xdemineur")
    folder = save_skin(
        Skin("copy", skin.cell_size, skin.cells, skin.faces, skin.counter, skin.layout,
             {"1": "test"}, skin.variants, "a copy", "test"),
        tmp_path / "copy",
    )
    again = load_skin(str(folder))
    assert again.chars == skin.chars
    for ch in skin.chars:
        assert np.array_equal(again.cells[ch], skin.cells[ch])
    assert dict(again.synthesised) == {"1": "test"}
    assert json.loads((folder / "skin.json").read_text())["cells"]["#"] == "cells/unknown.png"


def test_bad_skins_are_named(tmp_path):
    with pytest.raises(SkinError, match="unknown skin 'nope'"):
        load_skin("nope")
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "skin.json").write_text('{"name": "b", "cell_size": [4, 4],'
                                                   ' "cells": {"#": "cells/x.png"}}')
    with pytest.raises(SkinError, match="x.png"):
        load_skin(str(tmp_path / "broken"))
    with pytest.raises(SkinError, match="cell size"):
        Skin("odd", (4, 4), {"#": np.zeros((5, 4, 3), np.uint8)})


@pytest.mark.parametrize("value", [-99, -1, 0, 5, 42, 999, 1000, None])
def test_counter_text_is_three_or_four_symbols(value):
    for digits in (3, 4):
        text = counter_text(value, digits)
        assert len(text) == digits
        assert all(ch in SYMBOLS for ch in text)
        if value is not None and -(10 ** (digits - 1) - 1) <= value < 10**digits:
            assert int(text) == value
