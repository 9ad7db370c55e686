"""The vladhuk page ends a game with a banner over a grid faded nearly out of sight: neither
the grid nor its letters can be found any more. The game is over all the same, and won or lost
by the scores (the bot waited the page out as unreadable before, and lost the session)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.balda.player import make_balda_player
from bot.web.session import PagePlayConfig
from bot.web.sites import load_profile
from solvers.balda.state import BaldaState
from vision.balda.fixtures import load_balda_fixtures
from vision.core.errors import ReadError
from vision.core.frame import Frame

CASES = Path(__file__).resolve().parents[2] / "recordings" / "balda" / "cases"


@pytest.fixture()
def player(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    cfg = PagePlayConfig(target="browser", site="vladhuk-balda-uk")
    return make_balda_player(cfg, load_profile("vladhuk-balda-uk"))


def followed(player, seen):
    """A reading the loop accepted: the adapter follows it before it is asked about it."""
    player.follow(seen)
    return seen


def test_the_banner_over_a_faded_grid_ends_the_game_it_follows(player):
    before = Frame.from_file(CASES / "vladhuk-uk-before-over.png")
    over = Frame.from_file(CASES / "vladhuk-uk-over.png")
    player.state = BaldaState.from_text((CASES / "vladhuk-uk-over.state").read_text("utf-8"))
    player.locate(before)  # the grid while the game was on
    location = player.locate(over)  # no grid to be seen: the game's own one
    seen = player.read(over, location)
    assert "over" in seen.kinds
    assert seen.grid == player.state.grid  # nothing guessed from the faded letters
    assert player.outcome(followed(player, seen)) == "won"
    assert player.learned_glyphs == 0
    event = player.describe(seen)
    assert event["grid_followed"] is True  # the recording says so: replay leaves it be
    from bot.games.balda.replay_reader import balda_reader

    reader = balda_reader({"site": "vladhuk-balda-uk", "language": "uk"})
    assert not reader.checks(event)
    # a grid read off the frame is checked on replay (the faded frame before the banner no
    # longer serves: its faded letters read now, and Tesseract takes its faded Ґ for a Г)
    mid_game = next(f for f in load_balda_fixtures() if f.name == "vladhuk-uk-100-m19.png")
    shown = Frame.from_file(mid_game.path)
    assert reader.checks(player.describe(player.read(shown, player.locate(shown))))


def test_a_faded_grid_without_the_banner_is_still_unreadable(player):
    over = Frame.from_file(CASES / "vladhuk-uk-over.png")
    with pytest.raises(ReadError):
        player.locate(over)  # no game followed yet: nothing to fall back on
