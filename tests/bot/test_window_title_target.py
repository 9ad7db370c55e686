"""A program found by its title, with no profile: its own dialogs are closed, and the usual ways
of starting a game are tried in turn until one shows a fresh board (then kept)."""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.programs import own_dialogs, window_title
from bot.games.minesweeper.programs.new_game_ways import UsualNewGame
from bot.games.minesweeper.sim_screen import SimScreen
from bot.io.screens.base import Button
from bot.io.targets.base import Target
from bot.io.windows import finder as windows
from bot.io.windows.info import WindowInfo
from bot.run.act import perform
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen
from solvers.minesweeper.game import Status
from solvers.minesweeper.rules import FirstClick, Level
from tests.bot.minesweeper_fakes import (
    CodeLocation,
    StandInSolver,
    code_locate,
    code_read,
    code_render,
)
from vision.core.geometry import Point, Region
from vision.minesweeper.panel import Panel

MAIN = WindowInfo(0x100, "KMines", "kmines", Region(0, 0, 640, 400))


class FakeBackend:
    """Windows listed, focused and typed into; a dialog goes away on its closing key."""

    name = "x11"

    def __init__(self, listed: list[WindowInfo], closes_on: dict[int, str]) -> None:
        self.listed = listed
        self.closes_on = closes_on
        self.typed: list[tuple[int, tuple[str, ...]]] = []
        self.focused: list[int] = []

    def windows(self) -> list[WindowInfo]:
        return list(self.listed)

    def client_region(self, window: int) -> Region:
        return next(w.region for w in self.listed if w.id == window)

    def focus(self, window: int) -> None:
        self.focused.append(window)

    def press(self, window: int, *keys: str) -> None:
        self.typed.append((window, keys))
        if self.closes_on.get(window) == "+".join(keys):
            self.listed = [w for w in self.listed if w.id != window]


@pytest.fixture
def backend(monkeypatch):
    def install(listed, closes_on=None):
        fake = FakeBackend(listed, closes_on or {})
        monkeypatch.setattr(windows, "backend_named", lambda name: fake)
        monkeypatch.setattr(own_dialogs, "CLOSE_WAIT", 0.2)
        return fake
    return install


OVER = Region(184, 0, 252, 399)  # where kmines puts its high-score table


def dialog(wid: int, app: str = "kmines", region: Region = OVER,
           title: str = "High Scores — KMines") -> WindowInfo:
    return WindowInfo(wid, title, app, region)


def test_only_the_programs_own_smaller_windows_over_it_are_its_dialogs(backend):
    ours = dialog(0x200)
    backend([MAIN, ours,
             dialog(0x201, app="xterm"),  # another program's window over it
             dialog(0x202, region=Region(700, 0, 200, 200)),  # its own, but elsewhere
             dialog(0x203, region=Region(0, 0, 800, 600)),  # as big as the game: a window
             dialog(0x204, region=Region(10, 10, 20, 20))])  # a toolkit helper
    assert windows.dialogs_over(MAIN.id, "kmines", MAIN.region) == [ours]
    assert windows.dialogs_over(MAIN.id, "", MAIN.region) == []  # class unknown: none


def test_a_dialog_is_closed_with_escape_and_the_game_counts_as_over(backend):
    fake = backend([MAIN, dialog(0x200)], {0x200: "Escape"})
    target = window_title.TitledWindowTarget(window_title.profile(), lambda: MAIN)
    moved = time.monotonic()
    assert not target.game_over_shown(moved)
    assert target.dismiss_dialogs() is True
    assert fake.typed == [(0x200, ("Escape",))]
    assert fake.focused[-1] == MAIN.id  # the game has the keyboard again
    assert target.game_over_shown(moved)
    assert not target.game_over_shown(time.monotonic())  # a move since: that game is on
    assert target.dismiss_dialogs() is False  # nothing left to close
    target.begin_new_game()
    assert not target.game_over_shown(moved)  # the next game is not over


def test_a_dialog_escape_does_not_close_gets_return(backend):
    fake = backend([MAIN, dialog(0x200, title="Reset? — KMines")], {0x200: "Return"})
    target = window_title.TitledWindowTarget(window_title.profile(), lambda: MAIN)
    assert target.dismiss_dialogs() is True
    assert fake.typed == [(0x200, ("Escape",)), (0x200, ("Return",))]
    assert fake.listed == [MAIN]


def test_another_programs_window_over_the_game_is_left_alone(backend):
    fake = backend([MAIN, dialog(0x201, app="firefox")], {0x201: "Escape"})
    target = window_title.TitledWindowTarget(window_title.profile(), lambda: MAIN)
    assert target.dismiss_dialogs() is False
    assert fake.typed == []


class Keys:
    def __init__(self) -> None:
        self.sent: list[object] = []

    def press(self, *keys: str) -> None:
        self.sent.append(keys)

    def click(self, point: Point, button: Button = Button.LEFT) -> None:
        self.sent.append(point)


class Ways(UsualNewGame, Target):
    def __init__(self, profile, app: str) -> None:
        super().__init__(profile)
        self.app = app


FACE = Point(50, 10)


def asked(target: Ways, times: int) -> list[object]:
    screen = Keys()
    target.begin_new_game()
    for _ in range(times):
        perform(screen, target.new_game_gestures(FACE))
    return screen.sent


def test_the_usual_ways_come_in_turn_and_the_one_that_worked_is_kept():
    target = Ways(window_title.profile(), "kmines")
    assert target.begin_new_game() == 3
    assert asked(target, 3) == [("f2",), ("ctrl", "n"), FACE]
    assert "F2, Ctrl+N" in target.new_game_tried()
    asked(target, 2)
    target.new_game_worked()  # Ctrl+N showed a fresh board
    assert target.begin_new_game() == 1
    assert asked(target, 2) == [("ctrl", "n"), ("ctrl", "n")]


def test_a_browser_never_gets_ctrl_n():
    target = Ways(window_title.profile(), "chromium")
    assert asked(target, 2) == [("f2",), FACE]


def test_keys_the_user_gave_are_the_only_way():
    target = Ways(window_title.profile(new_game_keys=("f3",)), "kmines")
    assert target.begin_new_game() == 1
    assert asked(target, 2) == [("f3",), ("f3",)]


class CtrlNScreen(SimScreen):
    """A program that starts a new game on Ctrl+N only (no F2, no face)."""

    def press(self, *keys: str) -> None:
        self.keys.append(tuple(keys))
        if tuple(k.lower() for k in keys) == ("ctrl", "n"):
            self.new_game()

    def click(self, point: Point, button: Button = Button.LEFT) -> None:
        geometry = self._geometry
        if geometry.cell_at(point) is not None:
            super().click(point, button)


@dataclass(frozen=True)
class FacedLocation(CodeLocation):
    """A board found with a face above it (as vision finds one)."""

    panel: Panel


def faced_locate(frame):
    found = code_locate(frame)
    b = found.geometry.bounds
    return FacedLocation(found.geometry, Panel(face=Region(b.center.x - 8, b.top - 30, 17, 17)))


def session(tmp_path, screen_cls, seed: int, games: int, locate=faced_locate):
    """A loop over a simulated program by title (no keys given), with its screen."""
    level = Level("small", 8, 8, 8)
    profile = window_title.profile(rules=FirstClick.SAFE)
    screen = screen_cls(level, FirstClick.SAFE, seed, code_render)
    player = MinesweeperPlayer(profile, StandInSolver(seed), level.mines, locate, code_read)
    loop = Loop(GuardedScreen(screen), Ways(profile, "kmines"), player,
                LoopOptions(games=games, problems_dir=tmp_path / "problems"))
    return loop, screen


def test_the_loop_finds_the_programs_new_game_key_and_keeps_it(tmp_path):
    loop, screen = session(tmp_path, CtrlNScreen, 3, 4)
    stats = loop.run()
    assert len(stats.games) == 4 and stats.misreads == 0 and stats.stopped == ""
    assert list(screen.keys) == [("f2",)] + [("ctrl", "n")] * 3  # F2 started nothing; Ctrl+N
    # did, and was kept for every game after


def test_no_way_that_works_stops_saying_what_was_tried_and_what_to_do(tmp_path):
    class Stuck(CtrlNScreen):
        def press(self, *keys: str) -> None:
            self.keys.append(tuple(keys))

    loop, screen = session(tmp_path, Stuck, 3, 2)
    stats = loop.run()  # one game, then no way starts the next
    assert len(stats.games) == 1
    assert "F2, Ctrl+N, a click on the new-game face or button" in stats.stopped
    assert "--new-game-keys" in stats.stopped
    assert list(screen.keys) == [("f2",), ("ctrl", "n")]


def test_a_face_not_recognised_is_never_clicked(tmp_path):
    """No face seen and no button labelled as a new game: the click way clicks nothing (a
    point guessed above the board was a program's Quit button)."""

    class Stuck(ChooserScreen):
        def press(self, *keys: str) -> None:
            self.keys.append(tuple(keys))

    loop, screen = session(tmp_path, Stuck, 3, 2, locate=code_locate)
    stats = loop.run()
    assert len(stats.games) == 1
    clicks = [screen.clicks[i][0] for i in range(len(screen.clicks))]
    assert clicks and all(screen._geometry.cell_at(p) is not None for p in clicks)  # the
    # board only: nothing off the board was clicked
    assert "no click (no face and no button labelled as a new game was seen)" in stats.stopped


class ChooserScreen(SimScreen):
    """Ctrl+N shows a level chooser (no board at all, as gnome-mines does); only the face
    starts a new game, and it leaves the chooser."""

    chooser = False

    def press(self, *keys: str) -> None:
        self.keys.append(tuple(keys))
        if tuple(k.lower() for k in keys) == ("ctrl", "n"):
            self.chooser = True

    def new_game(self) -> None:
        self.chooser = False
        super().new_game()

    def click(self, point: Point, button: Button = Button.LEFT) -> None:
        if self._geometry.cell_at(point) is None:  # off the board: the face, as this program
            self.clicks.append((point, button))  # has it (wherever the target thinks it is)
            self.new_game()
            return
        super().click(point, button)

    def grab(self, region=None):
        frame = super().grab(region)
        if self.chooser:
            frame.pixels[:] = 240  # no board drawn
        return frame


def test_a_way_that_shows_no_board_is_a_game_not_started_yet_not_a_misread(tmp_path,
                                                                            monkeypatch):
    import bot.run.loop

    monkeypatch.setattr(bot.run.loop.LoopOptions, "misread_tries", 2)
    loop, screen = session(tmp_path, ChooserScreen, 5, 3)
    stats = loop.run()
    assert stats.stopped == "" and len(stats.games) == 3
    assert stats.misreads == 0  # the chooser was waited out, never taken for a misread board
    assert list(screen.keys) == [("f2",), ("ctrl", "n")]  # then the face, kept


class Told(Ways):
    """The program said the game is over (a dialog) at ``closed``."""

    closed = 0.0

    def game_over_shown(self, since: float) -> bool:
        return self.closed > since


class Covered:
    """A player whose frames show a message over the board at ``point``."""

    def __init__(self, point):
        self.point = point

    def overlay(self, frame, previous):
        return self.point


def test_a_message_is_clicked_away_once_and_only_after_the_program_said_the_game_ended(
        tmp_path):
    loop, screen = session(tmp_path, CtrlNScreen, 3, 1)
    target = Told(window_title.profile(rules=FirstClick.SAFE), "kmines")
    loop.target = target
    loop.locate()
    point = loop.calibration.board.center
    loop.player = Covered(point)
    frame = loop.screen.grab(loop.window)
    loop._acted_at = time.monotonic()
    assert not loop._click_message_away(frame, None)  # no dialog since the last move
    target.closed = time.monotonic()
    assert loop._click_message_away(frame, None)
    assert screen.clicks[-1][0] == point
    assert not loop._click_message_away(frame, None)  # once a game
    loop.player = Covered(None)
    loop._message_clicked = False
    assert not loop._click_message_away(frame, None)  # nothing over the board: no click
    assert len(screen.clicks) == 1


# ----- dialogs found by whose they are, not only where they are -----------------------------
def test_a_dialog_transient_for_the_window_counts_wherever_it_is(backend):
    main = WindowInfo(0x100, "gamebot Minesweeper", "tk", Region(0, 0, 640, 400), pid=7)
    beside = WindowInfo(0x300, "Best Times", "tk", Region(700, 0, 200, 150), pid=7,
                        transient_for=main.id)
    stranger = WindowInfo(0x301, "Best Times", "tk", Region(700, 0, 200, 150), pid=8,
                          transient_for=main.id)  # says so, but another process's
    same_pid_over = WindowInfo(0x302, "Oops", "other", Region(100, 100, 200, 150), pid=7)
    other_pid_over = WindowInfo(0x303, "Note", "tk", Region(100, 100, 200, 150), pid=9)
    backend([main, beside, stranger, same_pid_over, other_pid_over])
    found = windows.dialogs_over(main.id, "tk", main.region)
    assert found == [beside, same_pid_over]


def test_a_transient_dialog_bigger_than_a_small_board_window_is_still_its_dialog(backend):
    """Windows 7's Game Won box beside a beginner window is bigger than the window."""
    main = WindowInfo(0x100, "gamebot Minesweeper", "tk", Region(0, 0, 210, 210), pid=7)
    won = WindowInfo(0x300, "Game Won", "tk", Region(222, 0, 290, 204), pid=7,
                     transient_for=main.id)
    big_same_pid = WindowInfo(0x301, "Other", "tk", Region(0, 0, 400, 400), pid=7)
    backend([main, won, big_same_pid])
    assert windows.dialogs_over(main.id, "tk", main.region) == [won]


def test_a_process_unknown_falls_back_to_the_class_over_the_board(backend):
    main = WindowInfo(0x100, "Mines", "mines", Region(0, 0, 640, 400))
    over = WindowInfo(0x300, "Scores", "mines", Region(100, 100, 200, 150))
    away = WindowInfo(0x301, "Scores", "mines", Region(700, 100, 200, 150))
    backend([main, over, away])
    assert windows.dialogs_over(main.id, "mines", main.region) == [over]


class LateDialogScreen(SimScreen):
    """A program that opens a modal best-times dialog a moment after a win: the first key
    after the win is lost to it, as is everything until it is answered."""

    dialog = False
    answered = 0
    _asked_after: object = None  # the won game the dialog was opened for

    def press(self, *keys: str) -> None:
        self.keys.append(tuple(keys))
        if self.game.status is Status.WON and self._asked_after is not self.game:
            self.dialog = True  # it opened just as the key came
            self._asked_after = self.game
            return
        if self.dialog:
            return
        super().press(*keys)

    def click(self, point: Point, button: Button = Button.LEFT) -> None:
        if not self.dialog:
            super().click(point, button)


class DialogWays(Ways):
    def __init__(self, profile, app: str, screen: LateDialogScreen) -> None:
        super().__init__(profile, app)
        self.screen = screen

    def dismiss_dialogs(self) -> bool:
        if not self.screen.dialog:
            return False
        self.screen.dialog = False
        self.screen.answered += 1
        return True


def test_a_dialog_that_takes_the_new_game_key_is_answered_and_the_key_sent_again(tmp_path):
    level = Level("small", 8, 8, 8)
    profile = window_title.profile(rules=FirstClick.SAFE, new_game_keys=("f2",))
    screen = LateDialogScreen(level, FirstClick.SAFE, 11, code_render)
    player = MinesweeperPlayer(profile, StandInSolver(11), level.mines, code_locate, code_read)
    loop = Loop(GuardedScreen(screen), DialogWays(profile, "kmines", screen), player,
                LoopOptions(games=6, problems_dir=tmp_path / "problems"))
    stats = loop.run()
    assert stats.stopped == "" and len(stats.games) == 6 and stats.misreads == 0
    wins = [g.outcome for g in stats.games[:-1]].count("won")
    assert wins >= 1 and screen.answered == wins  # one dialog after each win but the last
