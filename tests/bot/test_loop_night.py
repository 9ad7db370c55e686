"""Overnight behaviour of the loop: a program that dies mid-game is started again (the game
counted unfinished, restarts limited per hour); without a restart the session stops cleanly;
a game log that cannot be written stops the session with its figures kept."""

from __future__ import annotations

import errno

import numpy as np

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.programs.profile import WholeScreen
from bot.games.minesweeper.sim_screen import SimScreen
from bot.io.x11 import WindowLost
from bot.run.loop import Loop, LoopOptions
from bot.run.recorder import Recorder, read_events
from bot.run.safety import GuardedScreen
from solvers.minesweeper.rules import FirstClick, Level
from tests.bot.minesweeper_fakes import StandInSolver, code_locate, code_read, code_render

SMALL = Level("small", 8, 8, 8)


class Dying(SimScreen):
    """The program dies after ``after`` clicks: the screen goes black from then on."""

    def __init__(self, *args, after: int = 3, **kwargs):
        super().__init__(*args, **kwargs)
        self.after, self.dead = after, False

    def click(self, point, button=None):
        if len(self.clicks) + 1 >= self.after:
            self.dead = True
        return super().click(point, *(() if button is None else (button,)))

    def grab(self, region=None):
        frame = super().grab(region)
        if self.dead:
            frame.pixels[:] = 0
        return frame


class DiesWith(WholeScreen):
    """A target whose window is gone once its screen's program died."""

    def __init__(self, profile, screen):
        super().__init__(profile)
        self.screen = screen
        self.closed = 0

    def window_region(self, screen):
        if self.screen.dead:
            raise WindowLost("the program exited (test)")
        return super().window_region(screen)

    def close(self):
        self.closed += 1


def make(tmp_path, games=3, seed=1, recorder=None, restart=True, log=None):
    profile = sim.profile(rules=FirstClick.SAFE)
    screen = Dying(SMALL, FirstClick.SAFE, seed, code_render, after=3)
    player = MinesweeperPlayer(profile, StandInSolver(seed), SMALL.mines, code_locate, code_read)
    target = DiesWith(profile, screen)
    started = []

    def again():
        screen.dead = False
        screen.after = 10**9  # the new program lives
        screen.new_game()
        started.append(1)
        return DiesWith(profile, screen)

    options = LoopOptions(games=games, problems_dir=tmp_path / "problems", misread_tries=3)
    loop = Loop(
        GuardedScreen(screen), target, player, options, recorder, log,
        restart=again if restart else None,
    )
    return loop, target, started


def test_a_crashed_program_is_started_again_and_the_session_goes_on(tmp_path):
    folder = tmp_path / "rec"
    with Recorder(folder) as rec:
        loop, first, started = make(tmp_path, games=3, recorder=rec)
        stats = loop.run()
    assert stats.stopped == "", stats.stopped
    assert started == [1] and stats.restarts == 1 and first.closed >= 1
    assert len(stats.games) == 3
    assert stats.games[0].outcome == "unfinished"
    assert "the program exited" in stats.games[0].details["ended_by"]
    assert all(g.outcome in ("won", "lost") for g in stats.games[1:])
    kinds = [e["event"] for e in read_events(folder)]
    assert kinds.count("restart") == 1 and kinds[-1] == "stop"


def test_without_a_restart_the_session_stops_cleanly_with_its_figures(tmp_path):
    loop, _first, started = make(tmp_path, games=3, restart=False)
    stats = loop.run()
    assert started == []
    assert "gone" in stats.stopped and "exited" in stats.stopped


def test_restarts_are_limited_per_hour(tmp_path):
    loop, _first, started = make(tmp_path, games=3)
    loop.options.max_restarts_per_hour = 0
    stats = loop.run()
    assert started == [] and "gone" in stats.stopped


class FullDisk:
    """A game log on a disk that fills up after ``room`` lines."""

    def __init__(self, room):
        self.room, self.lines = room, []

    def write(self, obj):
        if len(self.lines) >= self.room:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.lines.append(obj)


def test_a_game_log_that_cannot_be_written_stops_with_the_figures_kept(tmp_path):
    profile = sim.profile(rules=FirstClick.SAFE)
    screen = SimScreen(SMALL, FirstClick.SAFE, 4, code_render)
    player = MinesweeperPlayer(profile, StandInSolver(4), SMALL.mines, code_locate, code_read)
    log = FullDisk(room=2)
    loop = Loop(GuardedScreen(screen), sim.target(profile), player,
                LoopOptions(games=5, problems_dir=tmp_path), None, log)
    stats = loop.run()
    assert len(log.lines) == 2
    assert len(stats.games) == 3  # the third game was played; only its log line is missing
    assert "game log cannot be written" in stats.stopped and "No space" in stats.stopped
    assert np.isfinite([g.seconds for g in stats.games]).all()


def _late_buttons(monkeypatch, player, fails):
    """The player's new game fails ``fails`` times (a page's button showing late)."""
    import bot.run.loop
    from bot.web.steps import StepFailed

    monkeypatch.setattr(bot.run.loop, "NEW_GAME_PAUSE", 0.0)
    real = player.new_game
    tries = []

    def new_game(*args):
        tries.append(1)
        if len(tries) <= fails:
            raise StepFailed("button 'Hard' did not show within 10 s (test)")
        return real(*args)

    monkeypatch.setattr(player, "new_game", new_game)
    return tries


def test_a_new_game_whose_button_shows_late_is_tried_again(tmp_path, monkeypatch):
    loop, _first, _started = make(tmp_path, games=2, restart=False)
    loop.target.screen.after = 10**9  # a program that lives
    tries = _late_buttons(monkeypatch, loop.player, fails=2)
    stats = loop.run()
    assert stats.stopped == "", stats.stopped
    # the first game is the board already on screen; the second one's start failed twice
    assert len(stats.games) == 2 and len(tries) == 3


def test_a_new_game_that_never_starts_stops_the_session_with_its_figures(tmp_path, monkeypatch):
    loop, _first, _started = make(tmp_path, games=3, restart=False)
    loop.target.screen.after = 10**9
    _late_buttons(monkeypatch, loop.player, fails=10**9)
    stats = loop.run()
    assert "no new game after 3 tries" in stats.stopped and "Hard" in stats.stopped
    assert len(stats.games) == 1  # the game played before is kept


def test_hours_is_honoured_to_within_one_game(tmp_path):
    """The time limit is checked before each game: the session ends with the game that was
    being played when the time ran out, never starting another."""
    import time

    limit = 1.5  # seconds
    screen = SimScreen(SMALL, FirstClick.SAFE, 7, code_render)
    profile = sim.profile(rules=FirstClick.SAFE)
    player = MinesweeperPlayer(profile, StandInSolver(7), SMALL.mines, code_locate, code_read)
    options = LoopOptions(hours=limit / 3600, problems_dir=tmp_path / "problems")
    loop = Loop(GuardedScreen(screen), sim.target(profile), player, options)
    started = time.monotonic()
    stats = loop.run()
    elapsed = time.monotonic() - started
    longest = max(stats.finished_seconds(), default=0.0)
    assert stats.played >= 3, "the limit ended the session before it played"
    assert limit <= elapsed <= limit + longest + 0.5  # the last game started before the limit
