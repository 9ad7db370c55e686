"""The bot plays the third-party JScrab page (../shared/targets/erudit-jscrab: Russian, its own
premium layout, tiles dragged, messages in pop-ups over the board) from a cold start: an empty
sites folder, no labels, only the user's profile next to this file (tests/e2e/sites/jscrab.json).
The page's look is learned from its first frame; a few of our moves are laid, submitted and
followed by the computer's replies; nothing misread; the recording replays with no site
folder at all. Skipped when the page is not there."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.run.replay import replay
from bot.web.session import PagePlayConfig, play
from tests.e2e.followed import moves_of_both_sides

pytestmark = [pytest.mark.display, pytest.mark.slow, pytest.mark.xdist_group("erudit-e2e")]

JSCRAB = Path(__file__).resolve().parents[3] / "shared" / "targets" / "erudit-jscrab"
PROFILE = Path(__file__).resolve().parent / "sites" / "jscrab.json"


@pytest.mark.skipif(not JSCRAB.is_dir(), reason=f"third-party page not here: {JSCRAB}")
def test_moves_on_jscrab_from_a_cold_start(virtual_display, tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    cfg = PagePlayConfig(
        game="erudit", target="browser", launch=True, serve=JSCRAB, url="src/index.html",
        site=str(PROFILE), games=1, think=0.2, out=tmp_path, record=tmp_path / "rec",
        max_steps=16,
    )  # 16 steps: two of our words of up to seven tiles, and the computer's replies
    moves_of_both_sides(play(cfg))
    assert (tmp_path / "sites" / "jscrab" / "erudit-look.json").is_file()  # learned cold
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "empty"))
    report = replay(tmp_path / "rec")
    assert report.mismatches == [] and report.frames > 3
