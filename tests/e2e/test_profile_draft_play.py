"""A profile drafted by looking at our own Balda page (``gamebot profile balda URL``: the board
found, the buttons and turn line read, the palette tried and taken back), written to an empty
sites folder, then played, unedited, for a few moves: the cold start of issue 23 item 7."""

from __future__ import annotations

import json

import pytest

from bot.web.draft_live import LiveConfig, look
from bot.web.session import PagePlayConfig, play
from bot.web.sites import load_profile
from calibration.profile.draft import build, write

pytestmark = [pytest.mark.display, pytest.mark.slow, pytest.mark.xdist_group("profile-e2e")]


def test_a_drafted_balda_profile_plays_our_page(virtual_display, tmp_path, monkeypatch):
    from bot.pages.kit.child import ChildPageServer

    sites = tmp_path / "sites"
    monkeypatch.setenv("GAMEBOT_SITES", str(sites))
    with ChildPageServer("balda") as server:
        url = server.url(seed=7, level="easy")
        seen = look(LiveConfig("balda", url, "drafted"))
        draft = build(seen)
        path = write(sites / "drafted.json", draft.data)
        data = json.loads(path.read_text("utf-8"))
        assert data["default-style"] == "palette-drag"  # the palette was tried, not assumed
        assert data["cancel"] == [{"do": "button", "label": ["Отмена"]}]
        assert data["texts"]["turn-ours"] == ["Ваш ход"]
        assert seen.taken_back is True  # the letter tried is gone again
        profile = load_profile(str(path))
        assert [s.do for s in profile.move] == ["click-new-cell", "settle", "palette-letter",
                                                "settle", "drag-path"]
        cfg = PagePlayConfig(game="balda", target="browser", launch=True, url=url,
                             site=str(path), games=1, think=0.2, out=tmp_path,
                             record=tmp_path / "rec", max_steps=3)
        result = play(cfg)
    s = result.summary
    assert s["misreads"] == 0 and s["refused_clicks"] == 0, s["stopped"]
    (game,) = result.stats.games
    ours = [m for m in game.details["moves_played"] if m.startswith("us:")]
    assert len(ours) >= 2, game.details["moves_played"]
