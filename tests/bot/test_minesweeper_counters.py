"""Which number above the board is the mine counter, told by behaviour: a timer ticks with no
flag placed, a counter moves with the flags; a program with its timer on the left is played
with its real total."""

from __future__ import annotations

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.counters import CounterChoice
from bot.games.minesweeper.learning import GlyphLearning
from bot.games.minesweeper.looks import COLD
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.sim_screen import SimScreen, skin_renderer
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.state import Cell

CELLS = 16 * 16


def test_a_number_that_ticks_with_no_flag_placed_is_a_timer():
    choice = CounterChoice()
    assert choice.observe([1, 40], 0, CELLS) == 1  # the leftmost that fits, for now
    assert not choice.settled and not choice.switched
    assert choice.observe([2, 40], 0, CELLS) == 40  # it ticked: a timer
    assert "on the left" in choice.switched and "timer" in choice.switched
    assert choice.settled and choice.timers == {0}
    assert choice.observe([3, 39], 1, CELLS) == 39  # a flag placed: the counter follows
    assert not choice.switched


def test_a_timer_at_zero_is_no_mine_total_and_a_counter_left_is_kept():
    choice = CounterChoice()
    assert choice.observe([0, 99], 0, 480) == 99  # 0 mines cannot be the game's total
    choice = CounterChoice()
    assert choice.observe([99, 0], 0, 480) == 99
    assert choice.observe([98, 0], 1, 480) == 98  # moved with a flag: still the counter
    assert choice.observe([98, 1], 1, 480) == 98  # the right one ticked: the timer
    assert choice.timers == {1} and choice.settled


def test_another_layout_of_numbers_starts_over():
    choice = CounterChoice()
    choice.observe([1, 40], 0, CELLS)
    choice.observe([2, 40], 0, CELLS)
    assert choice.timers == {0}
    assert choice.observe([40], 0, CELLS) == 40 and choice.timers == set()
    assert choice.observe([], 0, CELLS) is None


class TimerOnTheLeft(SimScreen):
    """A program that shows its timer on the left and the mines left on the right, redrawn
    on every capture. The timer shows 1 and ticks once every ``every`` captures, counted from
    the game's first open cell when ``after_open`` (a timer that starts with play), else from
    the moment the game is shown; counted in captures, not seconds, so that a loaded machine
    plays the same game."""

    def __init__(self, *args, every: int, after_open: bool, **kwargs):
        self.every, self.after_open = every, after_open
        self._grabs = 0
        super().__init__(*args, **kwargs)

    def _new_game(self):
        self._grabs = 0
        return super()._new_game()

    def _draw(self) -> None:
        render = self._render
        seconds = min(999, 1 + self._grabs // self.every)

        def swapped(board, mines_left, face, _timer):
            return render(board, seconds, face, mines_left)

        self._render = swapped
        try:
            super()._draw()
        finally:
            self._render = render

    def grab(self, region=None):
        started = not self.after_open or any(
            self.game.board()[rc] is not Cell.UNKNOWN for rc in self.game.board().positions())
        self._grabs += started
        self._draw()
        return super().grab(region)


def _play_two_games(tmp_path, screen):
    profile = sim.profile(rules=FirstClick.SAFE)
    player = MinesweeperPlayer(profile, Solver(profile.rules, 5), None, skin=COLD,
                               learning=GlyphLearning(name="timer-left"))
    loop = Loop(GuardedScreen(screen), sim.target(profile), player,
                LoopOptions(games=2, problems_dir=tmp_path / "problems"))
    stats = loop.run()
    assert stats.stopped == "" and len(stats.games) == 2
    return player


def test_a_program_with_its_timer_on_the_left_is_played_with_its_real_total(tmp_path):
    screen = TimerOnTheLeft(Level.parse("intermediate"), FirstClick.SAFE, 5,
                            skin_renderer("winxp"), every=3, after_open=False)
    player = _play_two_games(tmp_path, screen)
    total = player.mine_total
    assert total is not None and (total.mines, total.source) == (40, "screen")
    assert "timer" in (total.note or "")
    assert player.vision.counters.timers == {0}


def test_a_timer_that_ticks_only_after_the_board_disproved_it_still_gives_way(tmp_path):
    """The timer's 1 is taken for the counter; the first open board proves 1 mine wrong and
    the level's 40 is played; when the timer then ticks, the real counter's total is taken
    (it once stayed 'board size' for the whole session)."""
    # every 15 captures: after the first open (which disproves the 1 at once), and within
    # the counters' watch of WATCH_SECONDS even when a loaded machine captures slowly (at 40
    # the first tick came after the watch on a loaded test run)
    screen = TimerOnTheLeft(Level.parse("intermediate"), FirstClick.SAFE, 5,
                            skin_renderer("winxp"), every=15, after_open=True)
    player = _play_two_games(tmp_path, screen)
    total = player.mine_total
    assert total is not None and (total.mines, total.source) == (40, "screen")
    assert "timer" in (total.note or "")
    assert player.vision.counters.timers == {0}
