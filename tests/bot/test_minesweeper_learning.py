"""Looks the skin lacks are learned during play and named by the game's logic, never guessed.

The simulated program draws the true board with a full built-in skin; the bot reads with that
skin minus some glyphs (as a skin learned from a few screenshots would be), or with no skin at
all (a program never seen), so looks appear during play and are refused by the reader until
they have a look of their own, and read as opened cells of unknown number until named.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from bot.bench.holdout import without
from bot.cli.main import main
from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.learning import MAX_NEW_LOOKS, GlyphLearning, save_atomically
from bot.games.minesweeper.looks import COLD
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.sim_screen import SimScreen, skin_renderer
from bot.run.game import LearnRefused
from bot.run.loop import Loop, LoopOptions
from bot.run.recorder import Recorder, read_events
from bot.run.safety import GuardedScreen
from calibration.minesweeper.render import render_minesweeper
from solvers.minesweeper.game import Status
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.state import Board, Cell
from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.minesweeper.reader import locate_minesweeper, read_minesweeper
from vision.minesweeper.skin import load_skin

BEGINNER = Level.parse("beginner")


def make_loop(tmp_path, skin, renderer, seed: int, games: int, learning, recorder=None,
              level: Level = BEGINNER):
    profile = sim.profile(rules=FirstClick.SAFE)
    screen = SimScreen(level, FirstClick.SAFE, seed, renderer)
    player = MinesweeperPlayer(
        profile, Solver(profile.rules, seed), level.mines, skin=skin, learning=learning
    )
    options = LoopOptions(games=games, problems_dir=tmp_path / "problems")
    notes: list[str] = []
    loop = Loop(GuardedScreen(screen), sim.target(profile), player, options, recorder,
                on_note=notes.append)
    return loop, screen, notes


def truth(screen: SimScreen) -> list[str]:
    screen.new_game()
    return ["won" if s is Status.WON else "lost" for s in screen.finished]


def test_a_glyph_the_skin_lacks_is_learned_and_play_goes_on(tmp_path):
    folder, into = tmp_path / "rec", tmp_path / "skins" / "grown"
    learning = GlyphLearning(into)
    skin = without(load_skin("winxp"), "3")
    with Recorder(folder) as rec:
        loop, screen, notes = make_loop(tmp_path, skin, skin_renderer("winxp"), 2, 4, learning,
                                        rec)
        assert "3" not in loop.player.skin.chars
        stats = loop.run()
    assert stats.stopped == ""
    assert [g.outcome for g in stats.games] == truth(screen)
    assert stats.misreads == 0
    assert {g.char for g in learning.learned} == {"3"}
    assert "3" in loop.player.skin.chars and not loop.player.skin.unnamed
    assert any("learned glyph '3'" in n for n in notes) == (stats.learned > 0)
    learned = [e for e in read_events(folder) if e["event"] == "learned"]
    assert [e["char"] for e in learned] == ["3"] * stats.learned
    assert all((folder / e["frame"]).is_file() for e in learned)
    # Saved as a skin folder that reads a board full of threes.
    saved = load_skin(str(into))
    assert "3" in saved.chars and saved.name == "grown"
    board = Board.from_text("\n".join(["#" * 9] * 3 + ["##.333.##"] + ["#" * 9] * 5))
    frame = Frame.from_pixels(render_minesweeper(board, "winxp")[0])
    assert read_minesweeper(frame, saved, locate_minesweeper(frame, saved)).board == board


@pytest.mark.parametrize("drawn", ["winxp", "gnome-mines"])
def test_from_no_skin_at_all_every_look_is_named_by_the_games_it_plays(tmp_path, drawn):
    learning = GlyphLearning(name="cold")
    loop, screen, _notes = make_loop(tmp_path, COLD, skin_renderer(drawn), 3, 4, learning,
                                     level=Level.parse("intermediate"))
    stats = loop.run()
    assert stats.stopped == ""
    assert [g.outcome for g in stats.games] == truth(screen)
    assert stats.misreads == 0
    skin = loop.player.skin
    full = load_skin(drawn)
    assert {"#", ".", "1", "2", "3", "X", "*"} <= set(skin.chars)
    # every learned look reads as its true character under the full skin's eyes
    for ch in skin.chars:
        for look in (skin.cells[ch], *skin.variants.get(ch, ())):
            tile = cv2.resize(look, full.cell_size, interpolation=cv2.INTER_AREA)
            best = min(full.chars, key=lambda k: float(np.abs(
                full.cells[k].astype(float) - tile.astype(float)).mean()))
            assert best == ch, (ch, best)


def lying_renderer():
    """winxp, except that every 1 and every 2 is drawn as a 7: one look for two numbers, as if
    two glyphs were taken for one. No name fits it for long; it must never get one."""
    truthful = skin_renderer("winxp")
    seven = load_skin("winxp").template("7")

    def render(board: Board, mines_left: int, face: str, timer: int | None = None):
        image, geometry = truthful(board, mines_left, face, timer)
        image = image.copy()
        for r, c in board.positions():
            if board[r, c] in (Cell.ONE, Cell.TWO):
                rect = geometry.cell_rect(r, c)
                image[rect.top : rect.bottom, rect.left : rect.right] = cv2.resize(
                    seven, (rect.width, rect.height), interpolation=cv2.INTER_NEAREST
                )
        return image, geometry

    return render


def test_a_look_no_name_fits_loses_its_name_at_the_first_board_that_shows_it(tmp_path):
    learning = GlyphLearning()
    skin = without(without(without(load_skin("winxp"), "7"), "1"), "2")
    loop, screen, _notes = make_loop(tmp_path, skin, lying_renderer(), 4, 6, learning,
                                     level=Level.parse("intermediate"))
    stats = loop.run()
    # The look may be named while the game gives no reason to doubt it; the first finished
    # board that shows it wrong takes the name back for good (read as '_' from then on).
    assert learning.withdrawn == ["1"] and "1" in {g.char for g in learning.learned}
    assert {"1", "2", "7"}.isdisjoint(loop.player.skin.chars)
    assert stats.stopped == "", stats.stopped
    assert [g.outcome for g in stats.games] == truth(screen)
    assert len(stats.games) == 6


def started(skin_name: str, held: str, board: Board):
    frame = Frame.from_pixels(render_minesweeper(board, skin_name)[0])
    location = locate_minesweeper(frame, load_skin(skin_name))
    skin = load_skin(skin_name)
    for ch in held:
        skin = without(skin, ch)
    learning = GlyphLearning()
    learning.start(skin, 10)
    return learning, frame, location


def test_many_cells_of_one_new_glyph_make_one_look():
    rows = ["#" * 16] * 5 + ["####22222#######", "####2...2#######", "####22222#######"]
    board = Board.from_text("\n".join(rows + ["#" * 16] * 8))
    learning, frame, location = started("winxp", "2", board)
    learning.observe(frame, location)
    assert len(learning.skin.unnamed) == 1  # twelve twos, one look
    assert set(learning.skin.unnamed_candidates[0]) <= set("12345678F*X#x.")


def test_too_many_new_looks_in_one_frame_are_refused():
    board = Board.from_text("\n".join(["#" * 16] * 16))
    image, geometry = render_minesweeper(board, "winxp")
    rng = np.random.default_rng(5)
    print("seed 5")
    for k in range(MAX_NEW_LOOKS + 8):  # noise in as many cells: no glyph looks like that
        rect = geometry.cell_rect(k // 16, k % 16)
        image[rect.top : rect.bottom, rect.left : rect.right] = rng.integers(
            0, 256, (rect.height, rect.width, 3), dtype=np.uint8)
    frame = Frame.from_pixels(image)
    skin = load_skin("winxp")
    location = locate_minesweeper(Frame.from_pixels(render_minesweeper(board, "winxp")[0]), skin)
    learning = GlyphLearning()
    learning.start(skin, 40)
    with pytest.raises(LearnRefused, match="new looks in one frame"):
        learning.observe(frame, location)
    assert learning.skin.unnamed == ()  # nothing kept


def test_a_game_start_that_is_not_fresh_is_refused():
    board = Board.from_text("\n".join(["#" * 9] * 3 + ["##.12.###"] + ["#" * 9] * 5))
    learning, frame, location = started("winxp", "12", board)
    with pytest.raises(LearnRefused, match="alike covered cells"):
        learning.observe(frame, location, first=True)
    assert learning.skin.unnamed == ()


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



def test_a_learner_with_nothing_left_to_learn_keeps_no_moves_across_games(tmp_path, monkeypatch,
                                                                          capsys):
    """``play --target sim`` reads with a whole skin, so the learner observes no frame: the
    moves sent must not pile up (a night of games kept every move, +11 MB in 150 expert
    games); the bound is set low here to see it hold."""
    import bot.games.minesweeper.learning

    monkeypatch.setattr(bot.games.minesweeper.learning, "MOVES_KEPT", 50)
    most = {"moves": 0, "sent": 0}
    real = GlyphLearning.sent

    def sent(self, moves):
        real(self, moves)
        most["sent"] += len(moves)
        most["moves"] = max(most["moves"], len(self._moves))

    monkeypatch.setattr(GlyphLearning, "sent", sent)
    code = main(["play", "minesweeper", "--target", "sim", "--level", "beginner", "--games",
                 "20", "--seed", "3", "--json"])
    assert code == 0, capsys.readouterr().out[-600:]
    assert most["sent"] > 300, "the games made moves"
    assert most["moves"] <= 50, f"{most['moves']} moves kept of {most['sent']} sent"


def test_a_built_in_skin_that_fits_only_part_of_an_unseen_board_does_not_claim_it():
    """kmines' won board at Easy: the gnome-mines skin fits a part of it (a third refused).
    With no skin asked, the board is located from its own looks, whole, not as that part."""
    from pathlib import Path

    from bot.games.minesweeper.looks import LearningVision
    from vision.core.errors import BoardNotFoundError

    shot = (Path(__file__).resolve().parent.parent.parent / "recordings" / "minesweeper"
            / "unseen" / "extra" / "kmines-easy-won-2.png")
    frame = Frame.from_file(shot)
    vision = LearningVision(None, GlyphLearning(name="kmines"), None)
    for _ in range(2):  # the cold start looks twice to be sure the board is all drawn
        try:
            location = vision.locate(frame)
        except BoardNotFoundError:
            continue
    assert location.skin == "kmines" and (location.geometry.rows, location.geometry.cols) == (
        9, 9)


def test_a_board_of_another_size_than_the_level_is_not_taken_while_it_is_drawn(tmp_path):
    """kmines, just started on a loaded machine, showed the top-left 13x14 of its 16x30 board
    on two captures in a row: taken as the board, the next frame was unreadable and the bot
    stopped. With the level known, a board of another size is looked for again, whatever
    skin or none; the whole board is taken, either way round."""
    from vision.core.errors import BoardNotFoundError

    level = Level.parse("expert")
    screen = SimScreen(level, FirstClick.SAFE, 5, skin_renderer("winxp"))
    whole = screen.grab()
    g = locate_minesweeper(whole, "winxp").geometry
    part = whole.crop(Region(0, 0, int(g.bounds.left + 14 * g.pitch[0]) + 2,
                             int(g.bounds.top + 13 * g.pitch[1]) + 2))
    profile = sim.profile(rules=FirstClick.SAFE)
    for skin in (COLD, "winxp"):
        player = MinesweeperPlayer(profile, Solver(profile.rules, 1), level.mines, skin=skin,
                                   learning=GlyphLearning(name="drawn"), shape=(16, 30))
        for _ in range(2):  # twice: a cold start takes a board seen the same way twice
            with pytest.raises(BoardNotFoundError, match=r"where the level is 16x30"):
                player.locate(part)
        if skin == COLD:  # a cold start takes the whole board once it has seen it twice
            with pytest.raises(BoardNotFoundError, match="looking again"):
                player.locate(whole)
        found = player.locate(whole)
        assert (found.geometry.rows, found.geometry.cols) == (16, 30)
    player = MinesweeperPlayer(profile, Solver(profile.rules, 1), level.mines, skin="winxp",
                               shape=(30, 16))
    assert player.locate(whole).geometry.cols == 30  # a level given the other way round
