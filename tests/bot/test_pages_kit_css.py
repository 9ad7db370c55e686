"""The page kit's stylesheet: both pages link it before their own sheet, and a game's sheet
never restates what the kit says (the copies the kit replaced)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGES = Path(__file__).resolve().parents[2] / "bot" / "pages"
KIT = PAGES / "kit" / "static" / "kit.css"
GAMES = ("balda", "erudit")


def rules(css: str) -> dict[str, set[str]]:
    """selector -> its declarations (``name: value``), comments dropped."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found: dict[str, set[str]] = {}
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        key = " ".join(selector.split())
        found.setdefault(key, set()).update(
            " ".join(d.split()) for d in body.split(";") if d.strip())
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_kit_sheet_comes_first(game):
    html = (PAGES / game / "static" / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)">', html)
    assert links == ["kit/kit.css", f"{game}.css"]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_sheet_does_not_restate_the_kit(game):
    kit = rules(KIT.read_text(encoding="utf-8"))
    own = rules((PAGES / game / "static" / f"{game}.css").read_text(encoding="utf-8"))
    for selector, declarations in own.items():
        again = declarations & kit.get(selector, set())
        assert not again, f"{game}.css restates the kit's {selector}: {sorted(again)}"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_sheet_overrides_the_kit_by_specificity_not_order(game):
    """The kit is linked first, so a game rule with the kit's selector that sets the same
    property would win by order alone; the kit's rules are written so that never happens."""
    kit = rules(KIT.read_text(encoding="utf-8"))
    own = rules((PAGES / game / "static" / f"{game}.css").read_text(encoding="utf-8"))
    for selector, declarations in own.items():
        kit_names = {d.split(":")[0] for d in kit.get(selector, set())}
        clash = {d.split(":")[0] for d in declarations} & kit_names
        assert not clash, f"{game}.css sets {sorted(clash)} of the kit's {selector}"
