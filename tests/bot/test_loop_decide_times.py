"""The session's "decide" median counts the steps on which the player chose a move, not the
steps that carry out a move chosen before (an Erudit word's next tiles and its submit: the
summary said "decide 0.3 ms" while each choice took about 190 ms)."""

from __future__ import annotations

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.sim_screen import SimScreen
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen
from solvers.minesweeper.rules import FirstClick, Level
from tests.bot.minesweeper_fakes import StandInSolver, code_locate, code_read, code_render

SMALL = Level("small", 8, 8, 8)


class ChoosesEveryOtherStep(MinesweeperPlayer):
    """A player whose every second step carries out what the one before chose."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.steps = 0
        self.choices = 0

    def decide(self, seen):
        self.steps += 1
        self.choices += self.steps % 2
        return super().decide(seen)

    def chose(self) -> bool:
        return self.steps % 2 == 1


def test_only_the_steps_that_chose_a_move_count_in_the_decide_times(tmp_path):
    profile = sim.profile(rules=FirstClick.SAFE)
    screen = SimScreen(SMALL, FirstClick.SAFE, 5, code_render)
    player = ChoosesEveryOtherStep(profile, StandInSolver(5), SMALL.mines, code_locate,
                                   code_read)
    guarded = GuardedScreen(screen)
    guarded.guard.allow((screen.bounds(),))
    stats = Loop(guarded, sim.target(profile), player,
                 LoopOptions(games=1, problems_dir=tmp_path)).run()
    assert player.steps >= 2, stats.stopped
    steps = sum(g.steps for g in stats.games)
    assert len(stats.decide_times()) == player.choices < steps
