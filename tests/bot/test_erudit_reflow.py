"""A page that reflows under the reader (Xanado moves its board 15 px when a scroll bar comes
or goes): a frame that does not read where the board was is read where the board is now."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.games.erudit.player import make_erudit_player
from bot.web.sites import load_profile
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.erudit.reader import BoardLocation, locate_erudit

SHOT = Path(__file__).resolve().parents[2] / "recordings/erudit/labelled/xanado-80-t05.png"


def test_a_board_that_moved_is_found_again_and_read(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    frame = Frame.from_file(SHOT)
    here = locate_erudit(frame)
    before = BoardLocation(replace(here.grid, geometry=here.geometry.offset(-15, 0)))
    cfg = SimpleNamespace(target="browser", rules="scrabble-en", think=1.0, record=None,
                          page_params={})
    player = make_erudit_player(cfg, load_profile("xanado"))
    with pytest.raises(ReadError):  # where the board was, the squares are no tiles
        player._read(frame, before)
    seen = player.read(frame, before)
    assert seen.geometry == here.geometry
    assert sum(ch != "." for ch in seen.board) > 10
