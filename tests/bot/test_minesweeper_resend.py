"""A click the program did not take (a program just started lets the first click of a game go
by) is sent again, a bounded number of times, and a flag is never sent twice."""

from __future__ import annotations

from bot.games.minesweeper.resend import RESENDS, ClickResend
from bot.games.minesweeper.sim_screen import SimScreen
from bot.io.screens.base import Button
from solvers.minesweeper.moves import Move
from solvers.minesweeper.state import Board
from tests.bot.test_minesweeper_loop import make_loop


class DeafScreen(SimScreen):
    """Lets the first ``deaf`` left clicks on the board of every game go by, as a program
    just started or busy drawing does."""

    deaf = 1

    def new_game(self) -> None:
        super().new_game()
        self.ignored_now = 0

    def click(self, point, button=Button.LEFT) -> None:
        if not hasattr(self, "ignored_now"):
            self.ignored_now = 0
        on_board = self._geometry is not None and self._geometry.cell_at(point) is not None
        if on_board and button is Button.LEFT and self.ignored_now < self.deaf:
            self.ignored_now += 1
            self.clicks.append((point, button))
            self.ignored = getattr(self, "ignored", 0) + 1
            return
        super().click(point, button)


def test_a_first_click_let_go_by_is_sent_again_and_the_games_go_on(tmp_path):
    loop, screen = make_loop(tmp_path, games=4, seed=7, screen_cls=DeafScreen)
    stats = loop.run()
    assert stats.stopped == "" and len(stats.games) == 4 and stats.misreads == 0
    assert screen.ignored >= 4  # one click a game went by ...
    assert loop.player.resend.total == screen.ignored  # ... and each was sent again


def test_a_program_that_never_takes_the_click_stops_after_the_bounded_resends(tmp_path):
    class Deaf(DeafScreen):
        deaf = 10**6

    loop, screen = make_loop(tmp_path, games=1, seed=7, screen_cls=Deaf)
    stats = loop.run()
    assert "did not change" in stats.stopped
    assert loop.player.resend.total == RESENDS
    assert screen.ignored == 1 + RESENDS


def test_only_a_board_showing_nothing_of_the_move_gets_it_again():
    board = Board.from_text(".1#\n.1#\n.1#")
    resend = ClickResend(redraw_timeout=2.0)
    resend.decided(board)
    opening, flag = Move.from_text("open 0 2"), Move.from_text("flag 1 2")
    assert resend.due([opening], board, waited=0.5) == []  # not waited long enough
    assert resend.due([flag], board, waited=1.5) == []  # a flag toggles: never sent twice
    drawn = Board.from_text(".11\n.1#\n.1#")
    assert resend.due([opening], drawn, waited=1.5) == []  # its cell shows: taken
    other = Board.from_text(".1#\n.1#\n.11")  # another click of the batch was taken, not it
    chord = Move.from_text("chord 1 1")
    assert resend.due([opening, chord], other, waited=1.5) == [opening]
    resend.decided(board)
    assert resend.due([opening, flag], board, waited=1.5) == [opening]
    for _ in range(RESENDS - 1):
        assert resend.due([opening], board, waited=1.5) == [opening]
    assert resend.due([opening], board, waited=1.5) == []  # bounded
    resend.decided(board)  # the next move may be sent again
    assert resend.due([opening], board, waited=1.5) == [opening]


