"""The relearn hold-out: a built-in skin without its digits names them again, by the game's
logic alone, from its labelled screenshots and while playing simulated games; never wrongly."""

from __future__ import annotations

import pytest

from bot.bench.relearn import relearn_in_play
from calibration.minesweeper.relearn import check_reads, relearn_numbers, without_numbers
from solvers.minesweeper.rules import Level
from vision.minesweeper.fixtures import load_fixtures
from vision.minesweeper.skin import load_skin


@pytest.mark.parametrize("skin", ["winxp", "xdemineur", "gnome-mines"])
def test_digits_are_named_again_from_the_screenshots_and_never_wrongly(skin):
    result = relearn_numbers(skin)
    assert result.wrong == 0, result.examples
    assert result.refused == []  # every screenshot is a possible board with its mine total
    assert result.named > 50 and result.named > 3 * result.unnamed
    assert set("123") <= set(result.skin.chars)
    fixtures = [f for f in load_fixtures() if f.skin == skin and f.state and not f.error]
    assert check_reads(result.skin, fixtures) == 0  # the grown skin misreads no cell


def test_without_numbers_keeps_everything_but_the_digits():
    bare = without_numbers(load_skin("xdemineur"))
    assert set(bare.chars) & set("12345678") == set()
    assert {"#", ".", "F", "*", "X"} <= set(bare.chars)


@pytest.mark.parametrize("skin", ["winxp", "gnome-mines"])
def test_digits_are_named_again_while_playing_and_every_read_cell_is_right(skin):
    result = relearn_in_play(skin, games=3, seed=4, level=Level.parse("intermediate"))
    print(f"seed 4: {result.to_dict()}")
    assert result.stopped == ""
    assert result.games == 3 and result.games_agreeing == 3
    assert result.wrong == 0, result.examples
    assert result.named > 10 * result.unnamed
    assert set("123") <= set(result.learned)
