"""A loss that shows only the mine that went off (issue 24): some programs leave every other
mine covered. Such a board must never get a look named wrongly (the rule "a lost board shows
every mine" named the mine that went off a 3, and the numbers around it one less), nor be
taken for a win; until its look has a name, the cell reads as opened (not covered either
way) and the game's end waits. A program seen to show the mines of a loss is not given that
doubt again, and a game that goes on was not lost."""

from __future__ import annotations

import numpy as np
import pytest

from bot.games.minesweeper.adapter import MinesweeperPlayer, Seen
from bot.games.minesweeper.programs import sim
from calibration.minesweeper.names import Naming
from solvers.minesweeper.game import Game, Status
from solvers.minesweeper.moves import Move
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.state import Board, Cell
from tests.calibration.test_names import Looks
from vision.core.geometry import GridGeometry, Point
from vision.minesweeper.reader import opened_look


def seen(looks: Looks, now: np.ndarray) -> Board:
    """The board the bot reads: names, '_' for a look that is opened (a number, or the mine
    that went off) but not named."""
    chars = []
    for look in now.reshape(-1).tolist():
        name = looks.naming.name(look)
        if name is None:
            assert looks.naming.is_opened(look) or looks.naming.opened_or_hit(look), (
                look, looks.naming.candidates[look])
            name = "_"
        chars.append(name)
    cols = now.shape[1]
    return Board.from_text("\n".join("".join(chars[i : i + cols])
                                     for i in range(0, len(chars), cols)))


def play_only_hit(seed: int, games: int) -> tuple[Looks, int]:
    """Games whose losses show only the mine that went off; returns the looks and the losses."""
    level = Level.parse("intermediate")
    naming = Naming(mines=level.mines)
    looks = Looks(naming, seed)
    losses = 0
    for g in range(games):
        game = Game(level, FirstClick.SAFE, seed=seed * 100 + g)
        solver = Solver(FirstClick.SAFE)
        naming.new_game()
        now = looks.of(game.board())
        naming.observe(now)
        while game.status in (Status.READY, Status.PLAYING):
            moves = [d.move for d in solver.plan(seen(looks, now), level.mines)]
            before = game.board()
            for m in moves:
                game.apply(m)
            board = game.board()
            if game.status is Status.LOST:
                losses += 1
                hit = next((m.row, m.col) for m in moves
                           if board[m.row, m.col] is Cell.EXPLODED)
                board = before.with_cells({hit: Cell.EXPLODED})  # nothing else shown
            now = looks.of(board)
            naming.observe(now, moves)
            looks.check()  # never a wrong name, and the truth always a candidate
    return looks, losses


@pytest.mark.parametrize("seed", [2, 12, 17])
def test_losses_that_show_only_the_mine_that_went_off_never_name_a_look_wrongly(seed):
    looks, losses = play_only_hit(seed, 3)
    assert losses >= 1


def test_a_program_seen_to_show_the_mines_of_a_loss_gets_no_such_doubt():
    naming = Naming(mines=10)
    covered, star, hit, new = (naming.add_look() for _ in range(4))
    naming.candidates[covered], naming.candidates[star] = "#", "*"  # named by earlier games
    naming.new_game()
    board = np.full((9, 9), covered)
    naming.observe(board)
    board = board.copy()
    board[4, 4] = new  # a guess shows a look never seen: on this program, a number
    naming.observe(board, [Move.open(4, 4)])
    assert "X" not in naming.candidates[new]
    fresh = Naming(mines=10)
    covered2, new2 = fresh.add_look("#"), fresh.add_look()
    fresh.new_game()
    first = np.full((9, 9), covered2)
    fresh.observe(first)
    first = first.copy()
    first[4, 4] = new2
    fresh.observe(first, [Move.open(4, 4)])
    assert fresh.opened_or_hit(new2)  # a program not seen to show mines: it may be the hit


def test_a_game_that_goes_on_was_not_lost():
    naming = Naming(mines=10)
    covered, new, other = naming.add_look("#"), naming.add_look(), naming.add_look()
    naming.new_game()
    board = np.full((9, 9), covered)
    naming.observe(board)
    board = board.copy()
    board[0, 0] = new
    naming.observe(board, [Move.open(0, 0)])
    assert "X" in naming.candidates[new]
    board = board.copy()
    board[8, 8] = other  # the next guess is taken: the game went on
    naming.observe(board, [Move.open(8, 8)])
    assert "X" not in naming.candidates[new]


def test_such_a_look_reads_as_an_opened_cell_never_as_covered():
    assert opened_look("123X") and opened_look("12345678")
    assert not opened_look("#1X") and not opened_look("X") and not opened_look("*X")


def test_a_board_whose_last_opened_cell_may_be_the_hit_is_no_win():
    level = Level.parse("beginner")
    player = MinesweeperPlayer(sim.profile(), Solver(FirstClick.SAFE), level.mines)
    # ten cells covered (the mines), the rest opened: one of them may be the mine that went off
    board = Board.from_text("\n".join(["#########", "#________"] + ["_________"] * 7))
    assert board.count(Cell.UNKNOWN) == level.mines
    reading = Seen(board, GridGeometry.uniform(Point(0, 0), 16, 16, 9, 9))
    player.vision.may_be_hit = lambda: True  # type: ignore[method-assign]
    assert player.outcome(reading) == "unknown"
    player.vision.may_be_hit = lambda: False  # type: ignore[method-assign]
    assert player.outcome(reading) == "won"


def test_a_lost_board_with_no_mine_total_shows_no_look_misnamed():
    """Mines going off in steps leave numbers beside mines not shown yet: with no total to
    say every mine is shown, no number can be checked (the 1s and 2s were taken back)."""
    naming = Naming(mines=None)
    hit, star, covered, one = (naming.add_look(ch) for ch in "X*#1")
    board = np.array([[one, one, covered], [hit, one, covered], [covered, covered, star]])
    assert naming.misnamed(board) == []  # (1, 1) touches one shown mine and one not yet
    naming.mines = 3
    assert naming.misnamed(board) == []  # two shown of three: not every mine
