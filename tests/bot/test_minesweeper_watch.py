"""Watching without playing (``gamebot record``): every distinct board is kept and replays."""

from __future__ import annotations

import random

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.replay_reader import board_reader
from bot.games.minesweeper.sim_screen import SimScreen
from bot.games.minesweeper.watching import watch
from bot.io.screens.base import Button
from bot.run.loop import Loop, LoopOptions
from bot.run.recorder import Recorder, read_events
from bot.run.replay import replay
from bot.run.safety import GuardedScreen
from solvers.minesweeper.rules import FirstClick, Level
from tests.bot.minesweeper_fakes import code_locate, code_read, code_render


class PersonPlaying(SimScreen):
    """Someone clicks a random covered cell every few captures."""

    grabs = 0
    person_clicks = 0

    def grab(self, region=None):
        self.grabs += 1
        if self.grabs % 6 == 0 and self._geometry is not None:
            if self.game.over:
                self.new_game()
            else:
                rng = random.Random(self.grabs)
                board = self.game.board()
                covered = [p for p in board.positions() if board[p].is_covered]
                self.person_clicks += 1
                self.click(self._geometry.cell_center(*rng.choice(covered)), Button.LEFT)
        return super().grab(region)


def test_watch_keeps_each_new_board_once_and_clicks_nothing(tmp_path):
    level = Level("small", 8, 8, 8)
    screen = PersonPlaying(level, FirstClick.SAFE, 3, code_render)
    profile = sim.profile()
    player = MinesweeperPlayer(profile, None, level.mines, code_locate, code_read)
    with Recorder(tmp_path) as rec:
        loop = Loop(GuardedScreen(screen), sim.target(profile), player, LoopOptions(), rec)
        kept = watch(loop, 1.0)
    events = [e for e in read_events(tmp_path) if e["event"] == "seen"]
    assert kept == len(events) > 3
    states = [e["state"] for e in events]
    assert all(a != b for a, b in zip(states, states[1:], strict=False))
    assert len(screen.clicks) == screen.person_clicks  # none of them by the bot
    report = replay(tmp_path, read=board_reader(lambda f: code_read(f, None).board))
    assert report.mismatches == [] and report.frames == kept
