"""The play loop on a simulated screen: games end as the simulator says, nothing is misread,
stale frames are waited out, bad frames stop the bot with the frame saved."""

from __future__ import annotations

import json

import numpy as np
import pytest

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.programs.profile import FlagPolicy
from bot.games.minesweeper.replay_reader import board_reader
from bot.games.minesweeper.sim_screen import SimScreen
from bot.run.loop import Loop, LoopOptions
from bot.run.recorder import Recorder, read_events
from bot.run.replay import replay
from bot.run.safety import GuardedScreen, StopRequested
from solvers.minesweeper.game import Status
from solvers.minesweeper.rules import FirstClick, Level
from tests.bot.minesweeper_fakes import StandInSolver, code_locate, code_read, code_render

SMALL = Level("small", 8, 8, 8)


def make_loop(
    tmp_path,
    level=SMALL,
    flags=FlagPolicy.NEVER,
    auto_open=False,
    games=6,
    seed=1,
    recorder=None,
    screen_cls=SimScreen,
    flag_to_win=False,
):
    profile = sim.profile(rules=FirstClick.SAFE, flags=flags, auto_opens=auto_open)
    screen = screen_cls(
        level, FirstClick.SAFE, seed, code_render, auto_open=auto_open, flag_to_win=flag_to_win
    )
    player = MinesweeperPlayer(profile, StandInSolver(seed), level.mines, code_locate, code_read)
    options = LoopOptions(games=games, problems_dir=tmp_path / "problems")
    guarded = GuardedScreen(screen)
    return Loop(guarded, sim.target(profile), player, options, recorder), screen


def _painted(screen, frame, cell, colour):
    """``frame`` with ``cell`` filled with ``colour`` (a grey level or a BGR triple): what a
    program shows there for a while, or for good."""
    from vision.core.frame import Frame

    px = frame.pixels.copy()
    rect = screen._geometry.offset(-frame.region.left, -frame.region.top).cell_rect(*cell)
    px[rect.top : rect.bottom, rect.left : rect.right] = colour
    return Frame(px, frame.region, frame.timestamp)



@pytest.mark.parametrize("flags", list(FlagPolicy))
@pytest.mark.parametrize("auto_open", [False, True])
def test_games_end_as_the_simulator_says(tmp_path, flags, auto_open):
    loop, screen = make_loop(tmp_path, flags=flags, auto_open=auto_open, seed=3)
    stats = loop.run()
    assert stats.stopped == ""
    assert len(stats.games) == 6
    screen.new_game()  # closes the last game into screen.finished
    truth = ["won" if s is Status.WON else "lost" for s in screen.finished]
    assert [g.outcome for g in stats.games] == truth
    assert stats.misreads == 0
    assert loop.screen.guard.refused == 0
    if flags is FlagPolicy.AT_END:  # a win there means every mine was flagged
        assert all(g.moves > 0 for g in stats.games)


def test_a_program_that_wants_every_mine_flagged_gets_them_flagged(tmp_path):
    """Like xdemineur: with the at-end policy the bot flags the mines and the game is won."""
    loop, screen = make_loop(
        tmp_path, flags=FlagPolicy.AT_END, seed=5, games=8, auto_open=True, flag_to_win=True
    )
    stats = loop.run()
    assert stats.stopped == ""
    screen.new_game()
    truth = ["won" if s is Status.WON else "lost" for s in screen.finished]
    assert [g.outcome for g in stats.games] == truth
    assert stats.wins > 0
    right_clicks = [b for _p, b in screen.clicks if b.value == "right"]
    assert len(right_clicks) >= stats.wins * SMALL.mines


def test_without_flags_such_a_program_never_counts_a_win(tmp_path):
    """Why the xdemineur profile flags: the same games unflagged are no wins to the program."""
    loop, screen = make_loop(
        tmp_path, flags=FlagPolicy.NEVER, seed=5, games=8, auto_open=True, flag_to_win=True
    )
    stats = loop.run()
    screen.new_game()
    assert stats.wins > 0  # the board looked solved to the bot...
    assert Status.WON not in screen.finished  # ...but the program did not count one


def test_recording_holds_every_step_and_replays_clean(tmp_path):
    folder = tmp_path / "rec"
    with Recorder(folder) as rec:
        loop, _screen = make_loop(tmp_path, recorder=rec, games=3, seed=7)
        stats = loop.run()
    events = list(read_events(folder))
    kinds = [e["event"] for e in events]
    assert kinds[0] == "session" and kinds[-1] == "stop"
    assert kinds.count("outcome") == 3
    steps = [e for e in events if e["event"] == "step"]
    assert len(steps) == sum(g.steps for g in stats.games)
    for e in steps:
        assert (folder / e["frame"]).is_file()
        assert e["gestures"] and e["decisions"]
    report = replay(folder, read=board_reader(lambda f: code_read(f, None).board))
    assert report.mismatches == []
    assert report.frames == len(steps) + 3
    assert report.outcomes == [g.outcome for g in stats.games]


def test_replay_reports_a_frame_that_no_longer_reads_the_same(tmp_path):
    folder = tmp_path / "rec"
    with Recorder(folder) as rec:
        loop, _screen = make_loop(tmp_path, recorder=rec, games=1, seed=7)
        loop.run()
    lines = (folder / "session.jsonl").read_text().splitlines()
    for i, line in enumerate(lines):
        event = json.loads(line)
        if event["event"] == "step":
            state = event["state"]
            event["state"] = ("1" if state[0] != "1" else "2") + state[1:]
            lines[i] = json.dumps(event)
            break
    (folder / "session.jsonl").write_text("\n".join(lines) + "\n")
    report = replay(folder, read=board_reader(lambda f: code_read(f, None).board))
    assert len(report.mismatches) == 1
    assert "(0, 0)" in report.mismatches[0].message


class LazyScreen(SimScreen):
    """Shows each click only after a few more grabs, like a program that redraws late."""

    delay = 3

    def __init__(self, *args, **kwargs) -> None:
        self._pending = 0
        self._shown: np.ndarray | None = None
        super().__init__(*args, **kwargs)

    def click(self, point, button=None):
        from bot.io.screens.base import Button

        if self._shown is None:
            self._shown = self._canvas.copy()
        super().click(point, button or Button.LEFT)
        self._pending = self.delay

    def grab(self, region=None):
        frame = super().grab(region)
        if self._pending and self._shown is not None:
            self._pending -= 1
            r = frame.region
            from vision.core.frame import Frame

            old = self._shown[r.top : r.bottom, r.left : r.right]
            return Frame(np.ascontiguousarray(old), r, frame.timestamp)
        self._shown = None
        return frame


def test_stale_frames_are_waited_out_not_counted_as_misreads(tmp_path):
    loop, _screen = make_loop(tmp_path, games=3, seed=11, screen_cls=LazyScreen)
    stats = loop.run()
    assert stats.stopped == ""
    assert stats.stale_frames > 0
    assert stats.misreads == 0


class FadingScreen(SimScreen):
    """After each click, one cell shows a colour no glyph has for two grabs in a row (a settled
    frame), then the real picture: a program fading a cell's colour over a few frames."""

    fade = 2

    def __init__(self, *args, **kwargs) -> None:
        self._fading = 0
        super().__init__(*args, **kwargs)

    def click(self, point, button=None):
        from bot.io.screens.base import Button

        super().click(point, button or Button.LEFT)
        self._fading = self.fade

    def grab(self, region=None):
        frame = super().grab(region)
        if not self._fading:
            return frame
        self._fading -= 1
        return _painted(self, frame, (0, 0), (21, 22, 23))  # between two codes


def test_an_unreadable_frame_that_is_still_changing_is_stale_not_a_misread(tmp_path):
    loop, screen = make_loop(tmp_path, games=2, seed=5, screen_cls=FadingScreen)
    stats = loop.run()
    assert stats.stopped == ""
    assert len(stats.games) == 2
    assert stats.misreads == 0
    assert stats.stale_frames > 0 and screen.clicks


class BlotScreen(SimScreen):
    """After the first click one cell shows, for good, a colour no glyph has."""

    def grab(self, region=None):
        frame = super().grab(region)
        if not self.clicks:
            return frame
        return _painted(self, frame, (0, 0), (21, 22, 23))


def test_a_lasting_unreadable_cell_is_a_misread_and_stops_the_bot(tmp_path):
    loop, _screen = make_loop(tmp_path, games=2, seed=5, screen_cls=BlotScreen)
    stats = loop.run()
    assert stats.misreads >= loop.options.misread_tries
    assert "bad frames in a row" in stats.stopped and "unreadable" in stats.stopped


class DeafScreen(SimScreen):
    """Ignores every click: the move never shows."""

    def click(self, point, button=None):
        return None

    def press(self, *keys):
        return None


def test_a_move_that_never_shows_stops_the_bot_with_the_frame_saved(tmp_path):
    loop, _screen = make_loop(tmp_path, games=2, screen_cls=DeafScreen)
    stats = loop.run()
    assert "did not change" in stats.stopped
    saved = list((tmp_path / "problems").glob("problem-stale-*.png"))
    assert len(saved) == 1


class GarbledScreen(SimScreen):
    """After the first click, one cell shows a 7, then a 6, then a 7...: an open cell whose
    number changes, which no real program draws."""

    grabs = 0

    def grab(self, region=None):
        frame = super().grab(region)
        if self.clicks:
            self.grabs += 1
            value = 7 if (self.grabs // 4) % 2 else 6
            return _painted(self, frame, (0, 0), 20 + 15 * value)
        return frame


def test_a_transient_contradiction_is_a_misread_retried(tmp_path):
    loop, _screen = make_loop(tmp_path, games=1, screen_cls=GarbledScreen, seed=2)
    stats = loop.run()
    assert stats.misreads >= 1
    assert len(stats.games) == 1 and stats.games[0].outcome in ("won", "lost")


class FlickerScreen(SimScreen):
    """From the second click on, an open number flickers between two wrong numbers on every
    grab for a while (a highlight fading on a loaded machine), then shows right again."""

    grabs = 0
    cell = None

    def grab(self, region=None):
        frame = super().grab(region)
        if len(self.clicks) >= 2 and self.grabs < 300:
            board = self.game.board()
            if self.cell is None:
                self.cell = next(p for p in board.positions() if board[p].is_number)
            self.grabs += 1
            value = (int(board[self.cell]) + 1 + self.grabs % 2) % 9
            return _painted(self, frame, self.cell, 20 + 15 * value)
        return frame


def test_a_contradiction_on_a_picture_still_changing_is_waited_out_not_a_stop(tmp_path):
    loop, screen = make_loop(tmp_path, games=1, screen_cls=FlickerScreen, seed=2)
    stats = loop.run()
    assert screen.grabs == 300  # the flicker was seen through to its end
    assert stats.stopped == "" and stats.misreads == 0
    assert len(stats.games) == 1 and stats.games[0].outcome in ("won", "lost")


class CorruptedScreen(SimScreen):
    """From the second click on, one open cell shows another number for good."""

    cell = None

    def grab(self, region=None):
        frame = super().grab(region)
        if len(self.clicks) >= 2:
            board = self.game.board()
            if self.cell is None:
                self.cell = next(p for p in board.positions() if board[p].is_number)
            return _painted(self, frame, self.cell, 20 + 15 * ((int(board[self.cell]) + 1) % 9))
        return frame


def test_a_lasting_contradiction_stops_the_bot_with_the_frame_saved(tmp_path):
    loop, _screen = make_loop(tmp_path, games=2, screen_cls=CorruptedScreen, seed=2)
    stats = loop.run()
    assert stats.misreads >= loop.options.misread_tries
    assert "bad frames in a row" in stats.stopped
    assert list((tmp_path / "problems").glob("problem-misread-*.png"))


class CornerScreen(SimScreen):
    """The user pushed the mouse into a corner after a few grabs."""

    grabs = 0

    def check_stop(self):
        self.grabs += 1
        if self.grabs > 5:
            raise StopRequested("mouse in a screen corner")


def test_the_fail_safe_stops_the_session_and_keeps_its_figures(tmp_path):
    loop, _screen = make_loop(tmp_path, games=50, screen_cls=CornerScreen)
    stats = loop.run()
    assert "corner" in stats.stopped
    assert len(stats.games) < 50


def test_dry_run_clicks_nothing_and_draws_the_intended_clicks(tmp_path):
    loop, screen = make_loop(tmp_path)
    from bot.games.minesweeper.watching import dry_run

    decisions, path = dry_run(loop, tmp_path)
    assert decisions and path.is_file()
    assert not screen.clicks
    from vision.core.frame import Frame

    drawn = Frame.from_file(path).pixels
    plain = screen.grab(loop.window).pixels
    assert not np.array_equal(drawn, plain)


class MovingScreen(SimScreen):
    """After the fifth click the whole picture jumps elsewhere on the screen."""

    def click(self, point, button=None):
        from bot.io.screens.base import Button
        from vision.core.geometry import Point

        super().click(point, button or Button.LEFT)
        if len(self.clicks) == 5:
            self.origin = Point(self.origin.x + 17, self.origin.y + 9)
            self._draw()


def test_a_moved_board_is_located_again_and_play_goes_on(tmp_path):
    from vision.core.geometry import Point

    loop, screen = make_loop(tmp_path, games=3, seed=4, screen_cls=MovingScreen)
    screen.origin = Point(20, 20)
    screen._draw()
    stats = loop.run()
    assert stats.stopped == ""
    assert stats.relocations >= 1
    assert stats.misreads == 0
    assert loop.screen.guard.refused == 0
    screen.new_game()
    truth = ["won" if s is Status.WON else "lost" for s in screen.finished]
    assert [g.outcome for g in stats.games] == truth


def test_an_impossible_board_stops_the_bot_instead_of_crashing(tmp_path):
    from solvers.minesweeper.state import BoardError

    class Refuses:
        def plan(self, board, mines, flags=False):
            raise BoardError("the numbers contradict each other")

    loop, _screen = make_loop(tmp_path, games=2)
    loop.player.planner = Refuses()
    stats = loop.run()
    assert "impossible" in stats.stopped
    assert list((tmp_path / "problems").glob("problem-impossible-*.png"))


def test_a_game_that_no_longer_follows_stops_with_its_figures_not_a_crash(tmp_path):
    """The player finds, while asking whose turn it is, that the screen contradicts the game it
    follows (an Erudit page whose refused tiles stayed on the board): the session stops with
    the frame saved and the figures kept, instead of an error that loses the summary."""
    from bot.run.game import ImpossibleState

    loop, _screen = make_loop(tmp_path, games=3)
    real = loop.player.outcome
    calls = {"n": 0}

    def outcome(seen):
        calls["n"] += 1
        if calls["n"] == 5:
            raise ImpossibleState("the board no longer follows the game")
        return real(seen)

    loop.player.outcome = outcome
    stats = loop.run()
    assert "no longer follows" in stats.stopped
    assert list((tmp_path / "problems").glob("problem-impossible-*.png"))
