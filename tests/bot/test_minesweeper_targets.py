"""Per-program profiles: how each program is started and where the bot parks and clicks."""

from __future__ import annotations

import pytest

from bot.errors import GamebotError
from bot.games.minesweeper.programs import builtin, gnome_mines, xdemineur
from bot.games.minesweeper.programs.profile import FlagPolicy, face_point
from bot.games.minesweeper.programs.screen_area import around
from bot.io.targets.base import park_point
from solvers.minesweeper.rules import LEVELS, FirstClick, Level
from vision.core.geometry import Region


def test_xdemineur_is_started_with_cells_and_mines_given():
    argv = xdemineur.command(LEVELS["expert"])
    assert argv[1:] == ["-geometry", "30x16", "-m", "99"]
    assert xdemineur.PROFILE.flags is FlagPolicy.AT_END and xdemineur.PROFILE.auto_opens
    with pytest.raises(GamebotError, match="at least 12 columns"):
        xdemineur.command(LEVELS["beginner"])


def test_gnome_mines_settings_pick_its_own_sizes(tmp_path):
    assert gnome_mines.level_for(LEVELS["beginner"]) == Level("beginner", 8, 8, 10)
    gnome_mines.write_settings(tmp_path, LEVELS["intermediate"])
    text = (tmp_path / "glib-2.0" / "settings" / "keyfile").read_text()
    assert text.startswith("[org/gnome/Mines]\n")
    assert "mode=1\n" in text and "use-question-marks=false\n" in text
    assert gnome_mines.PROFILE.controls.unflag_clicks == 1
    assert gnome_mines.PROFILE.rules is FirstClick.OPENING
    with pytest.raises(GamebotError, match="8x8/10, 16x16/40 or 30x16/99"):
        gnome_mines.write_settings(tmp_path, Level("odd", 10, 10, 10))


def test_builtin_window_command_carries_level_and_seed():
    argv = builtin.command(LEVELS["intermediate"], seed=7)
    assert argv[1:3] == ["-m", "bot.games.minesweeper.builtin_window"]
    assert argv[argv.index("--level") + 1] == "16x16/40"
    assert argv[argv.index("--seed") + 1] == "7"


def test_face_and_park_points_stay_in_the_window_and_off_the_board():
    window = Region(100, 50, 300, 400)
    board = Region(115, 130, 270, 300)
    face = face_point(window, board)
    park = park_point(window, board)
    for p in (face, park):
        assert window.contains(p) and not board.contains(p)
    assert face.x == board.center.x and window.top < face.y < board.top


def test_the_area_around_a_board_found_on_screen_is_clipped_to_the_screen():
    screen = Region(0, 0, 1600, 1000)
    board = Region(10, 30, 300, 200)
    area = around(board, screen)
    assert screen.contains_region(area) and area.contains_region(board)
    assert area.left == 0 and area.top == 0
