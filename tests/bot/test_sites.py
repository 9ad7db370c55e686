"""Site profiles are data: the built-in ones load, and a bad file is a clear error naming the
file and the key (never a traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.web.sites import SiteError, builtin_sites, load_profile


@pytest.mark.parametrize("name", builtin_sites())
def test_every_builtin_profile_loads_in_every_style(name):
    first = load_profile(name)
    for style in first.styles:
        profile = load_profile(name, style)
        assert profile.style == style and profile.move
        assert profile.turn_ours, "a site must say how our turn shows"


def test_the_builtin_balda_page_has_both_input_styles():
    profile = load_profile("gamebot-balda")
    assert set(profile.styles) == {"palette-drag", "type-click"}
    steps = [s.do for s in load_profile("gamebot-balda", "type-click").move]
    assert steps[0] == "click-new-cell" and "type-letter" in steps and steps[-1] == "button"


def test_only_a_style_that_types_needs_key_codes_for_its_letters():
    """Key codes are taken for the alphabet only when a move types letters (a user's own X
    server ran out of codes with a palette style, which types none)."""
    assert load_profile("gamebot-balda", "type-click").types_letters
    assert not load_profile("gamebot-balda", "palette-drag").types_letters
    assert not load_profile("xanado").types_letters
    # a wildcard's letter typed into a prompt() box is typed too (our page's blank=prompt)
    erudit = load_profile("gamebot-erudit")
    assert [s.do for s in erudit.blank_letter] == ["type-letter", "key"]
    assert erudit.types_letters


def test_blank_letter_steps_may_type_and_only_there(tmp_path):
    ok = write(tmp_path, {**BASE, "game": "erudit", "styles": {"s": [{"do": "drag-tile"}]},
                          "blank-letter": [{"do": "type-letter"}, {"do": "key", "keys": "Return"}]})
    assert load_profile(str(ok)).types_letters
    bad = write(tmp_path, {**BASE, "blank-letter": [{"do": "drag-tile"}]})
    with pytest.raises(SiteError, match=r"blank-letter\[0\]: unknown step 'drag-tile'"):
        load_profile(str(bad))


def write(tmp_path, data):
    path = tmp_path / "site.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


BASE = {
    "name": "t",
    "game": "balda",
    "language": "ru",
    "title": "T",
    "styles": {"s": [{"do": "click-new-cell"}]},
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"styles": {"s": [{"do": "fly"}]}}, r"styles\.s\[0\]: unknown step 'fly'"),
        ({"styles": {"s": [{"do": "key"}]}}, r'a key step needs "keys"'),
        ({"styles": {"s": [{"do": "button", "label": []}]}}, r"'label' must be a text"),
        ({"cancel": [{"do": "drag-path"}]}, r"cancel\[0\]: unknown step 'drag-path'"),
        ({"texts": {"turn": ["x"]}}, r"unknown text kind\(s\) turn"),
        ({"new_game": [{"do": "key", "keys": "F2"}]}, r"unknown key\(s\) 'new_game' \(known:"),
        ({"opponent-timeout": -1}, r"'opponent-timeout' must be a positive number"),
        ({"all-tiles-bonus": "none"}, r"'all-tiles-bonus' is the points for laying a whole rack"),
        ({"styles": {}}, r'"styles" must map'),
        ({"name": ""}, r"'name' is required"),
    ],
)
def test_a_bad_profile_names_the_file_and_the_key(tmp_path, change, message):
    path = write(tmp_path, {**BASE, **change})
    with pytest.raises(SiteError, match=message) as err:
        load_profile(str(path))
    assert str(path) in str(err.value)


def test_a_missing_style_lists_the_styles_there_are(tmp_path):
    path = write(tmp_path, BASE)
    with pytest.raises(SiteError, match=r"no input style 'x' \(the site has: s\)"):
        load_profile(str(path), "x")


def test_broken_json_names_the_line(tmp_path):
    path = write(tmp_path, '{\n  "name": "t",\n  oops\n}')
    with pytest.raises(SiteError, match=r"line 3: not valid JSON"):
        load_profile(str(path))


def test_an_unknown_site_name_lists_the_builtin_ones():
    with pytest.raises(SiteError, match="gamebot-balda"):
        load_profile("no-such-site")


def test_a_site_name_is_looked_up_in_the_users_sites_folder_first(tmp_path, monkeypatch):
    """README: a name looks in the sites folder ($GAMEBOT_SITES), then in the built-in ones (a
    user's profile written there was 'no site profile named ...')."""
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path))
    data = json.loads(Path(load_profile("vladhuk-balda-en").source).read_text("utf-8"))
    mine = {**data, "name": "my-balda", "title": "^Mine"}
    (tmp_path / "my-balda.json").write_text(json.dumps(mine), "utf-8")
    assert load_profile("my-balda").title == "^Mine"
    (tmp_path / "gamebot-balda.json").write_text(
        json.dumps({**mine, "name": "gamebot-balda"}), "utf-8")
    assert load_profile("gamebot-balda").title == "^Mine"  # the user's own wins
    with pytest.raises(SiteError, match="no site profile named 'nope' in "):
        load_profile("nope")


def test_a_site_bonus_for_a_whole_rack_reaches_the_engine(tmp_path, monkeypatch):
    """Rules as data per site: the profile's all-tiles bonus (or our page's ``bonus``) is the
    one the engine scores with (it assumed 50 where a page gave none)."""
    from bot.games.erudit.player import all_tiles_bonus
    from bot.web.session import PagePlayConfig

    profile = load_profile(str(write(tmp_path, {**BASE, "game": "erudit",
                                                "all-tiles-bonus": 35})))
    assert profile.all_tiles_bonus == 35
    assert all_tiles_bonus(PagePlayConfig(game="erudit", target="browser"), profile) == 35
    ours = PagePlayConfig(game="erudit", page_params={"bonus": "0"})
    assert all_tiles_bonus(ours, load_profile("gamebot-erudit")) == 0
    assert all_tiles_bonus(PagePlayConfig(game="erudit"), load_profile("gamebot-erudit")) is None
