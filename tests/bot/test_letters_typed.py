"""Key codes are taken only for the letters a session types (issue 23 item 7): a user's own X
server has few spare codes, and a style that clicks or drags types nothing."""

from __future__ import annotations

from bot.games.balda.spec import GAME as BALDA
from bot.games.erudit.spec import GAME as ERUDIT
from bot.web.session import PagePlayConfig, letters_typed
from bot.web.sites import load_profile


def _erudit(style: str, **page: str) -> str:
    cfg = PagePlayConfig(game="erudit", target="builtin", style=style, page_params=dict(page))
    return letters_typed(ERUDIT, cfg, load_profile("gamebot-erudit", style))


def test_our_erudit_page_with_its_own_letter_box_types_nothing():
    """The wildcard's letter is clicked on the page's box: no key code for any letter (the
    profile's blank-letter steps type, but only for the prompt() variant)."""
    assert _erudit("drag") == ""
    assert _erudit("click") == ""
    assert _erudit("drag", blank="dialog") == ""


def test_our_erudit_page_asking_in_a_prompt_box_types_the_alphabet():
    letters = _erudit("drag", blank="prompt")
    assert "Ж" in letters and "А" in letters and len(letters) >= 32


def test_a_third_party_page_whose_profile_types_the_blank_gets_codes_and_one_that_does_not_none(
    tmp_path,
):
    cfg = PagePlayConfig(game="erudit", target="browser", url="http://127.0.0.1/", site="x")
    assert "Ж" in letters_typed(ERUDIT, cfg, load_profile("gamebot-erudit", "drag"))
    assert letters_typed(ERUDIT, cfg, load_profile("xanado")) == ""  # a letter grid: clicked


def test_balda_codes_only_for_a_style_that_types():
    cfg = PagePlayConfig(game="balda", target="builtin")
    assert letters_typed(BALDA, cfg, load_profile("gamebot-balda", "palette-drag")) == ""
    typed = letters_typed(BALDA, cfg, load_profile("gamebot-balda", "type-click"))
    assert "Ы" in typed.upper() and len(typed) >= 32
