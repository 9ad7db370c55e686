"""A whole Balda game in real Chromium under Xvfb, played with a profile and a glyph bank that
live only in the user's sites folder, replays with ``gamebot replay DIR`` on an empty
``GAMEBOT_SITES`` and no ``--site``: every frame agrees and the game is counted."""

from __future__ import annotations

import json
import shutil

import pytest

from bot.cli.main import main
from bot.web.session import PagePlayConfig, play
from bot.web.site_copies import LOOKS
from bot.web.sites import BUILTIN_DIR

pytestmark = [pytest.mark.display, pytest.mark.slow, pytest.mark.xdist_group("balda-e2e")]


@pytest.mark.parametrize("bank", ["the user's", "none"])
def test_a_game_on_a_users_profile_replays_without_it(virtual_display, tmp_path, monkeypatch,
                                                       capsys, bank):
    users = tmp_path / "sites"
    data = json.loads((BUILTIN_DIR / "gamebot-balda.json").read_text("utf-8"))
    data["name"] = "local-balda"
    users.mkdir()
    (users / "local-balda.json").write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    if bank == "the user's":
        shutil.copytree(BUILTIN_DIR / "gamebot-balda" / "glyphs",
                        users / "local-balda" / "glyphs")
    monkeypatch.setenv("GAMEBOT_SITES", str(users))
    cfg = PagePlayConfig(target="builtin", launch=True, site=str(users / "local-balda.json"),
                         style="type-click", level="medium", seed=11, games=1, think=0.3,
                         record=tmp_path / "rec", out=tmp_path)
    s = play(cfg).summary
    assert s["stopped"] == "" and s["games"] == 1 and s["site"] == "local-balda"
    looks = sorted(p.name for p in (tmp_path / "rec" / LOOKS).iterdir())
    assert looks[0] == "0001"  # the bank at the start
    if bank == "none":  # a cold start learns every letter: a copy after each change
        assert s["learned_glyphs"] > 0 and len(looks) > 1
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "empty"))
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "rec"), "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    replayed = json.loads(out[-1])
    assert replayed["frames"] > 5 and replayed["agreed"] == replayed["frames"]
    assert (replayed["games"], replayed["unfinished"]) == (1, 0)
    assert replayed["wins"] + replayed["draws"] + replayed["losses"] == 1
