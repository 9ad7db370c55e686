"""Glyphs the skin lacks are learned during play (issue 3), and only when the board allows it.

The simulated program draws the true board with the full winxp skin; the bot reads with that
skin minus one glyph (as a skin learned from a few screenshots would be), so the glyph appears
during play and is refused by the reader until it is learned.
"""

from __future__ import annotations

import cv2
import pytest

from bot.cli import main
from bot.games.minesweeper import MinesweeperPlayer
from bot.learning import GlyphLearning, LearnRefused, learn_glyphs, save_atomically
from bot.loop import Loop, LoopOptions
from bot.recorder import Recorder, read_events
from bot.safety import GuardedScreen
from bot.screens.sim import SimScreen, skin_renderer
from bot.targets import sim
from calibration.render import render_minesweeper
from solvers.minesweeper.game import Status
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.state import Board, Cell
from vision.frame import Frame
from vision.holdout import without
from vision.minesweeper import locate_minesweeper, read_minesweeper
from vision.skin import load_skin

BEGINNER = Level.parse("beginner")


def make_loop(tmp_path, held: str, renderer, seed: int, games: int, learning, recorder=None):
    profile = sim.profile(rules=FirstClick.SAFE)
    screen = SimScreen(BEGINNER, FirstClick.SAFE, seed, renderer)
    skin = without(load_skin("winxp"), held)
    player = MinesweeperPlayer(
        profile, Solver(profile.rules, seed), BEGINNER.mines, skin=skin, learning=learning
    )
    options = LoopOptions(games=games, problems_dir=tmp_path / "problems")
    notes: list[str] = []
    loop = Loop(GuardedScreen(screen), sim.target(profile), player, options, recorder,
                on_note=notes.append)
    return loop, screen, notes


def test_a_glyph_the_skin_lacks_is_learned_and_play_goes_on(tmp_path):
    folder, into = tmp_path / "rec", tmp_path / "skins" / "grown"
    learning = GlyphLearning(into)
    with Recorder(folder) as rec:
        loop, screen, notes = make_loop(tmp_path, "3", skin_renderer("winxp"), 2, 4, learning, rec)
        assert "3" not in loop.player.skin.chars
        stats = loop.run()
    assert stats.stopped == ""
    screen.new_game()
    truth = ["won" if s is Status.WON else "lost" for s in screen.finished]
    assert [g.outcome for g in stats.games] == truth
    assert stats.misreads == 0
    assert stats.learned >= 1 and {g.char for g in learning.learned} == {"3"}
    assert "3" in loop.player.skin.chars
    assert any("learned glyph '3'" in n for n in notes)
    learned = [e for e in read_events(folder) if e["event"] == "learned"]
    assert [e["char"] for e in learned] == ["3"] * stats.learned
    assert all((folder / e["frame"]).is_file() for e in learned)
    # Saved as a skin folder that reads a board full of threes.
    saved = load_skin(str(into))
    assert "3" in saved.chars and saved.name == "grown"
    board = Board.from_text("\n".join(["#" * 9] * 3 + ["##.333.##"] + ["#" * 9] * 5))
    frame = Frame.from_pixels(render_minesweeper(board, "winxp")[0])
    assert read_minesweeper(frame, saved, locate_minesweeper(frame, saved)).board == board


def lying_renderer():
    """winxp, except that one opened 1 next to two opened cells is drawn as a 7: a glyph the
    skin lacks whose name (7 around a cell with at most 6 covered neighbours) is impossible."""
    truthful = skin_renderer("winxp")
    seven = load_skin("winxp").template("7")

    def render(board: Board, mines_left: int, face: str, timer: int | None = None):
        image, geometry = truthful(board, mines_left, face, timer)
        for r, c in board.positions():
            around = [board[p] for p in board.neighbors(r, c)]
            if board[r, c] is Cell.ONE and sum(not v.is_covered for v in around) >= 2:
                rect = geometry.cell_rect(r, c)
                image = image.copy()
                image[rect.top : rect.bottom, rect.left : rect.right] = cv2.resize(
                    seven, (rect.width, rect.height), interpolation=cv2.INTER_NEAREST
                )
                break
        return image, geometry

    return render


def test_a_glyph_whose_name_makes_the_board_impossible_is_not_learned(tmp_path):
    learning = GlyphLearning()
    loop, _screen, notes = make_loop(tmp_path, "7", lying_renderer(), 2, 2, learning)
    stats = loop.run()
    assert stats.learned == 0 and learning.learned == [] and notes == []
    assert "7" not in loop.player.skin.chars
    assert stats.misreads >= loop.options.misread_tries  # as without learning: a misread...
    assert "bad frames in a row" in stats.stopped
    assert "not learned" in stats.stopped and "impossible" in stats.stopped
    assert "frame saved to" in stats.stopped  # ...that stops the bot with the frame kept
    assert list((tmp_path / "problems").glob("problem-misread-*.png"))


def test_too_many_refused_cells_or_an_opened_cell_changing_are_not_learned():
    board = Board.from_text("\n".join(["#" * 9] * 3 + ["333333333"] + ["#" * 9] * 5))
    frame = Frame.from_pixels(render_minesweeper(board, "winxp")[0])
    skin = without(load_skin("winxp"), "3")
    location = locate_minesweeper(frame, load_skin("winxp"))
    with pytest.raises(LearnRefused, match="9 cells refused"):  # at most 8 = a tenth of 81
        learn_glyphs(skin, frame, location, None, 10)
    mixed = Board.from_text("\n".join(["#" * 9] * 3 + ["#2345####"] + ["#" * 9] * 5))
    frame = Frame.from_pixels(render_minesweeper(mixed, "winxp")[0])
    bare = without(without(without(without(load_skin("winxp"), "2"), "3"), "4"), "5")
    with pytest.raises(LearnRefused, match="after naming 3"):  # four new looks in one frame
        learn_glyphs(bare, frame, locate_minesweeper(frame, load_skin("winxp")), None, 10)
    one = Board.from_text("\n".join(["#" * 9] * 3 + ["###3#####"] + ["#" * 9] * 5))
    frame = Frame.from_pixels(render_minesweeper(one, "winxp")[0])
    was_open = one.with_cells({(3, 3): Cell.TWO})  # the bot saw a 2 there: now it is a misread
    with pytest.raises(LearnRefused, match="was open before"):
        learn_glyphs(skin, frame, location, was_open, 10)
    grown, learned = learn_glyphs(skin, frame, location, one.with_cells({(3, 3): Cell.UNKNOWN}), 10)
    assert [(g.cell, g.char) for g in learned] == [((3, 3), "3")]
    assert "3" in grown.chars and "3" not in skin.chars  # the skin it grew from is untouched


def test_a_new_glyph_shown_many_times_at_once_is_learned_from_one_cell():
    rows = ["#" * 16] * 5 + ["####22222#######", "####2...2#######", "####22222#######"]
    board = Board.from_text("\n".join(rows + ["#" * 16] * 8))
    frame = Frame.from_pixels(render_minesweeper(board, "winxp")[0])
    skin = without(load_skin("winxp"), "2")
    location = locate_minesweeper(frame, load_skin("winxp"))
    grown, learned = learn_glyphs(skin, frame, location, None, 10)
    assert [g.char for g in learned] == ["2"]  # one naming; the other 11 twos read with it
    assert read_minesweeper(frame, grown, location).board == board


def test_the_grown_skin_replaces_its_folder_whole_and_never_another_folder(tmp_path, capsys):
    into = tmp_path / "grown"
    skin = without(load_skin("winxp"), "3")
    save_atomically(skin, into)
    save_atomically(load_skin("winxp"), into)  # a later save replaces the first whole
    assert "3" in load_skin(str(into)).chars
    assert sorted(p.name for p in tmp_path.iterdir()) == ["grown"]  # nothing left beside it
    other = tmp_path / "notes"
    other.mkdir()
    (other / "keep.txt").write_text("mine")
    args = ["play", "minesweeper", "--target", "sim", "--games", "1", "--out", str(tmp_path)]
    assert main([*args, "--learn-into", str(other)]) == 2
    assert "is not a skin folder" in capsys.readouterr().err
    assert (other / "keep.txt").read_text() == "mine"
    with pytest.raises(SystemExit):
        main([*args, "--no-learn", "--learn-into", str(into)])
