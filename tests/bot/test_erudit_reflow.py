"""A page that reflows under the reader (Xanado moves its board 15 px when a scroll bar comes
or goes): a frame whose square edges are not where the board was is read where the board is
now."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

from bot.games.erudit.player import make_erudit_player
from bot.web.sites import load_profile
from vision.core.frame import Frame
from vision.erudit.reader import BoardLocation, locate_erudit

ROOT = Path(__file__).resolve().parents[2]
SHOT = ROOT / "recordings/erudit/labelled/xanado-80-t05.png"
BEFORE = ROOT / "recordings/erudit/cases/xanado-board-before-reflow.png"
AFTER = ROOT / "recordings/erudit/cases/xanado-board-after-reflow.png"


def test_a_board_that_moved_is_found_again_and_read(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    frame = Frame.from_file(SHOT)
    here = locate_erudit(frame)
    before = BoardLocation(replace(here.grid, geometry=here.geometry.offset(-15, 0)))
    player = _player()
    seen = player.read(frame, before)
    assert seen.geometry == here.geometry
    assert sum(ch != "." for ch in seen.board) > 10


def _player():
    cfg = SimpleNamespace(target="browser", rules="scrabble-en", think=1.0, record=None,
                          page_params={})
    return make_erudit_player(cfg, load_profile("xanado"))


def test_the_game_frames_read_where_the_board_moved_to_with_no_wildcard(tmp_path, monkeypatch):
    """The frames of the Xanado game that failed: the loop still held the board where the
    first frame showed it; the second frame, after the page moved the board 15 px, read
    where the board was, as «.......aFOOT» and «.....CODeD» (a move the page never made).
    Now it is read where the board is, and the next frame at the loop's old location is read
    there too without locating it again."""
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    first, second = Frame.from_file(BEFORE), Frame.from_file(AFTER)
    loop_location = locate_erudit(first)
    player = _player()
    player.laid = [(86, "L")]
    seen = player.read(first, loop_location)
    assert "".join(seen.board).count(".") == 225 - 11
    player.laid = [(86, "L"), (101, "A")]
    seen = player.read(second, loop_location)
    rows = ["".join(seen.board[r * 15 : (r + 1) * 15]) for r in range(15)]
    assert rows[5:9] == ["...........L...", "...........A...", ".......AFOOT...",
                         ".....CODED....."], rows
    assert seen.geometry == locate_erudit(second).geometry
    calls = []
    monkeypatch.setattr(player, "_locate", lambda f: calls.append(f) or locate_erudit(f))
    again = player.read(second, loop_location)
    assert again.board == seen.board and calls == []  # remembered, not located again
