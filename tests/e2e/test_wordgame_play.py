"""The bot plays the third-party Scrabble page `scrabble-wordgame` (Words-With-Friends layout,
drag-and-drop tiles, SweetAlert pop-ups) from a cold start: a sites folder holding only the
profile a user writes from the README (``wordgame.json`` beside this file), no labels, no
glyph bank; the site's look is learned off the page. Skipped when ../shared/targets is not
there."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.run.replay import replay
from bot.web.session import PagePlayConfig, play
from tests.e2e.followed import moves_of_both_sides

pytestmark = [pytest.mark.display, pytest.mark.slow, pytest.mark.xdist_group("erudit-e2e")]

WORDGAME = Path(__file__).resolve().parents[3] / "shared" / "targets" / "scrabble-wordgame"
PROFILE = Path(__file__).with_name("wordgame.json")


@pytest.mark.skipif(not WORDGAME.is_dir(), reason=f"third-party page not here: {WORDGAME}")
def test_moves_on_the_wordgame_page_from_a_cold_start(virtual_display, tmp_path, monkeypatch):
    """Our words dragged tile by tile and submitted with the toolbar's play button, the
    computer's replies followed; the recording replays with no sites folder at all."""
    sites = tmp_path / "sites"
    sites.mkdir()
    shutil.copy(PROFILE, sites / PROFILE.name)
    monkeypatch.setenv("GAMEBOT_SITES", str(sites))
    cfg = PagePlayConfig(
        game="erudit", target="browser", launch=True, serve=WORDGAME, url="index.html",
        site=str(sites / PROFILE.name), games=1, think=0.2, out=tmp_path,
        record=tmp_path / "rec", max_steps=16,
    )  # 16 steps: two of our words (laid tile by tile, submitted) and the computer's replies
    moves_of_both_sides(play(cfg))
    assert (sites / "wordgame").is_dir()  # the look learned off the page, kept for next time
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "empty"))
    report = replay(tmp_path / "rec")
    assert report.mismatches == [] and report.frames > 3
