"""A session that stops mid-game (Ctrl+C, an error nobody planned for) still counts that game:
unfinished, in the figures, the game log and the recording, with why it ended; an error ends
in the session's figures like any other stop (it printed no figures, no JSON, before)."""

from __future__ import annotations

import json

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.sim_screen import SimScreen
from bot.run.loop import Loop, LoopOptions
from bot.run.recorder import JsonlWriter, Recorder, read_events
from bot.run.safety import GuardedScreen
from solvers.minesweeper.rules import FirstClick, Level
from tests.bot.minesweeper_fakes import StandInSolver, code_locate, code_read, code_render

LEVEL = Level("small", 8, 8, 8)


class BreaksAtClick(SimScreen):
    """A screen whose ``at``-th click raises ``error`` (the user's Ctrl+C, a broken driver)."""

    def __init__(self, *args, at: int, error: BaseException, **kwargs):
        super().__init__(*args, **kwargs)
        self.at, self.error, self.count = at, error, 0

    def click(self, point, button=None):
        self.count += 1
        if self.count == self.at:
            raise self.error
        return super().click(point) if button is None else super().click(point, button)


def run(tmp_path, error: BaseException, at: int):
    profile = sim.profile(rules=FirstClick.SAFE)
    screen = BreaksAtClick(LEVEL, FirstClick.SAFE, 4, code_render, at=at, error=error)
    player = MinesweeperPlayer(profile, StandInSolver(4), LEVEL.mines, code_locate, code_read)
    log = JsonlWriter(tmp_path / "games.jsonl")
    with Recorder(tmp_path / "rec") as recorder:
        loop = Loop(GuardedScreen(screen), sim.target(profile), player,
                    LoopOptions(games=5, problems_dir=tmp_path / "problems"), recorder, log)
        stats = loop.run()
    log.close()
    lines = [json.loads(x) for x in (tmp_path / "games.jsonl").read_text().splitlines()]
    return stats, lines, list(read_events(tmp_path / "rec"))


def test_ctrl_c_mid_game_counts_the_game_unfinished_everywhere(tmp_path):
    stats, lines, events = run(tmp_path, KeyboardInterrupt(), at=3)
    assert stats.stopped == "interrupted (Ctrl+C)"
    assert stats.played == 1 and stats.finished_count == 0
    (game,) = stats.games
    assert game.outcome == "unfinished" and game.steps >= 1
    assert game.details["ended_by"] == "interrupted (Ctrl+C)"
    assert [line["outcome"] for line in lines] == ["unfinished"]
    outcomes = [e for e in events if e["event"] == "outcome"]
    assert [e["outcome"] for e in outcomes] == ["unfinished"]
    assert events[-1] == {**events[-1], "event": "stop", "reason": "interrupted (Ctrl+C)"}


def test_an_unplanned_error_ends_in_the_figures_with_the_games_before_it(tmp_path):
    """Clicks enough for a game or more, then a driver error: the games before it stand."""
    stats, lines, _events = run(tmp_path, RuntimeError("the X server said no"), at=40)
    assert stats.stopped == "error: the X server said no"
    assert stats.played == len(lines) >= 2
    assert [g.outcome for g in stats.games][:-1] == [line["outcome"] for line in lines][:-1]
    assert all(g.outcome in ("won", "lost") for g in stats.games[:-1])
    assert stats.games[-1].outcome == "unfinished"
    assert stats.games[-1].details["ended_by"] == "the X server said no"
