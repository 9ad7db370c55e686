"""Our Erudit page's variants of what other sites do (issue 23 item 8): the all-tiles bonus,
another premium layout under the same rules, the computer's tiles bordered."""

from __future__ import annotations

import pytest

from bot.pages.erudit.game import EruditGames
from bot.pages.kit.server import PageRequestError
from solvers.erudit import WordGraph, load_rules
from tests.bot.erudit_page.kit import TINY_EN


def test_the_bonus_parameter_sets_the_pages_all_tiles_bonus(tiny):
    plain = tiny.new_game({"rules": "scrabble-en"})
    none = tiny.new_game({"rules": "scrabble-en", "bonus": "0"})
    assert plain.rules.bingo_bonus == 50 and none.rules.bingo_bonus == 0
    assert none.view()["config"]["bonus"] == 0
    with pytest.raises(PageRequestError, match="bonus"):
        tiny.new_game({"bonus": "lots"})


@pytest.mark.parametrize("layout", ["wwf", "erudit", "scrabble"])
def test_the_layout_parameter_puts_another_grid_under_the_same_rules(tiny, layout):
    source = {"wwf": "wwf", "erudit": "erudit", "scrabble": "scrabble-en"}[layout]
    session = tiny.new_game({"rules": "scrabble-en", "layout": layout})
    want = load_rules(source).premium_text
    assert session.rules.premium_text == want
    assert session.view()["premiums"] == want.split()
    assert session.rules.bingo_bonus == 50 and session.rules.values == load_rules(
        "scrabble-en").values  # only the squares change


def test_by_default_the_rules_own_grid_and_plain_tiles():
    session = EruditGames({"scrabble-en": WordGraph(TINY_EN)}).new_game({"rules": "scrabble-en"})
    assert session.rules.premium_text == load_rules("scrabble-en").premium_text
    assert session.view()["config"]["theirs"] == "plain"


def test_the_page_draws_the_computers_tiles_bordered_when_asked():
    """The page script marks every square of the computer's plays (not only its last) and the
    stylesheet gives such a tile a border in each theme."""
    from bot.pages.kit.server import PAGES_DIR

    script = (PAGES_DIR / "erudit" / "static" / "erudit.js").read_text("utf-8")
    style = (PAGES_DIR / "erudit" / "static" / "erudit.css").read_text("utf-8")
    assert 'ui.config.theirs === "bordered"' in script and "for (const turn of g.history)" in script
    assert ".theme-classic .tile.theirs" in style and ".theme-wood .tile.theirs" in style
