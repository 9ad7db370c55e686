"""Steps outside a move (a page's start, a new game) go through the loop: performed as intents,
waited for, guarded and recorded with the frames they acted on."""

from __future__ import annotations

import pytest

from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.programs import sim
from bot.games.minesweeper.sim_screen import SimScreen
from bot.run import loop as loop_module
from bot.run.act import ActionFailed, Find, Gesture
from bot.run.loop import Loop, LoopOptions
from bot.run.recorder import Recorder, read_events
from bot.run.safety import GuardedScreen
from solvers.minesweeper.rules import FirstClick, Level
from tests.bot.minesweeper_fakes import StandInSolver, code_locate, code_read, code_render
from vision.core.geometry import Point

SMALL = Level("small", 8, 8, 8)


class StartsWithSteps(MinesweeperPlayer):
    """A program whose page shows a menu first: a key, then a button found on the frame."""

    def __init__(self, *args, button_shows: bool = True, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.looked = 0
        self.button_shows = button_shows

    def start_steps(self, target):
        def look(frame):
            self.looked += 1
            corner = Point(frame.region.left + 2, frame.region.top + 2)
            return (corner if self.button_shows else None), "'Menu'; 'Quit'"

        return [Gesture.key("f5"), Gesture.settle(),
                Find("button 'Play'", look, timeout=0.3)]


def session(tmp_path, games=2, **kwargs):
    profile = sim.profile(rules=FirstClick.SAFE)
    screen = SimScreen(SMALL, FirstClick.SAFE, 5, code_render)
    player = StartsWithSteps(profile, StandInSolver(5), SMALL.mines, code_locate, code_read,
                             **kwargs)
    guarded = GuardedScreen(screen)
    guarded.guard.allow((screen.bounds(),))  # the page, until located (as a page session does)
    return guarded, screen, player, profile


def test_start_and_new_game_steps_are_performed_and_recorded_after_the_header(tmp_path):
    guarded, screen, player, profile = session(tmp_path)
    with Recorder(tmp_path / "rec") as rec:
        loop = Loop(guarded, sim.target(profile), player,
                    LoopOptions(games=2, problems_dir=tmp_path / "p"), rec)
        stats = loop.run()
    assert stats.stopped == "" and len(stats.games) == 2
    assert ("f5",) in screen.keys  # the start step's key reached the program
    events = list(read_events(tmp_path / "rec"))
    kinds = [e["event"] for e in events]
    assert kinds[0] == "session", "the header opens the recording, before the start steps"
    start = [e for e in events if e["event"] == "action" and e["phase"] == "start"]
    assert [e["intent"] for e in start] == ["key f5", "settle", "find button 'Play'"]
    found = start[-1]
    assert found["gestures"] == ["click left 2 2"] and "frame" in found  # the frame it acted on
    new_games = [e for e in events if e["event"] == "action" and e["phase"] == "new-game"]
    assert [e["intent"] for e in new_games] == ["key f2"]  # one new game after the first
    assert kinds.index("action") < kinds.index("game")


def test_an_optional_button_that_never_shows_is_skipped(tmp_path):
    guarded, screen, player, profile = session(tmp_path, button_shows=False)

    player.start_steps = lambda target: [Find("button 'Play'", lambda f: (None, "no text"),
                                               optional=True, timeout=0.2)]
    loop = Loop(guarded, sim.target(profile), player,
                LoopOptions(games=1, problems_dir=tmp_path / "p"))
    stats = loop.run()
    assert stats.stopped == "" and len(stats.games) == 1


def test_a_required_button_that_never_shows_stops_saying_what_the_page_shows(tmp_path):
    guarded, screen, player, profile = session(tmp_path, button_shows=False)
    loop = Loop(guarded, sim.target(profile), player,
                LoopOptions(games=1, problems_dir=tmp_path / "p"))
    with pytest.raises(ActionFailed, match=r"button 'Play' did not show within 0 s .*'Menu'"):
        loop._session()
    assert player.looked >= 2, "the button is looked for again until its timeout"


def test_a_new_game_button_late_is_asked_for_again_then_the_loop_stops(tmp_path, monkeypatch):
    monkeypatch.setattr(loop_module, "NEW_GAME_PAUSE", 0.0)
    guarded, screen, player, profile = session(tmp_path)
    asked = []

    def never(target, calibration):
        asked.append(1)
        return [Find("button 'New game'", lambda f: (None, "'Game over'"), timeout=0.1)]

    player.new_game = never
    loop = Loop(guarded, sim.target(profile), player,
                LoopOptions(games=2, problems_dir=tmp_path / "p"))
    stats = loop.run()
    assert len(asked) == loop_module.NEW_GAME_TRIES
    assert stats.stopped.startswith(f"no new game after {loop_module.NEW_GAME_TRIES} tries")
    assert "'Game over'" in stats.stopped


def test_a_button_among_a_moves_gestures_is_looked_for_after_the_gestures_before_it(tmp_path):
    """A move's button that shows only once the gestures before it are sent (a pass's
    pop-up «Yes») is found on a frame grabbed after them, clicked through the guard and
    recorded with that frame (issue 23 item 3)."""
    guarded, screen, player, profile = session(tmp_path)
    looked: list[list[tuple[str, ...]]] = []

    def look(frame):
        looked.append(list(screen.keys))
        return Point(frame.region.left + 50, frame.region.top + 70), "'Yes'"  # board

    with Recorder(tmp_path / "rec") as rec:
        loop = Loop(guarded, sim.target(profile), player,
                    LoopOptions(games=1, problems_dir=tmp_path / "p"), rec)
        loop.locate()
        loop.act([Gesture.key("p"), Find("button 'Yes'", look, timeout=0.3)])
    assert looked and all(("p",) in keys for keys in looked), "looked for after the key"
    assert list(screen.clicks)[-1][0] == Point(50, 70)
    (found,) = [e for e in read_events(tmp_path / "rec") if e["event"] == "action"]
    assert found["phase"] == "move" and found["gestures"] == ["click left 50 70"]
    assert "frame" in found and len(loop.gesture_ms) == 2


def test_a_moves_button_that_never_shows_stops_the_session_with_its_figures(tmp_path):
    guarded, screen, player, profile = session(tmp_path)
    plain = player.gestures

    def with_popup(decisions, seen):
        return [*plain(decisions, seen), Find("button 'Yes'", lambda f: (None, "'Pass?'"),
                                               timeout=0.2)]

    player.gestures = with_popup
    loop = Loop(guarded, sim.target(profile), player,
                LoopOptions(games=1, problems_dir=tmp_path / "p"))
    stats = loop.run()
    assert stats.stopped.startswith("button 'Yes' did not show within 0 s (the page shows:"
                                    " 'Pass?') (frame saved to ")
    assert [g.outcome for g in stats.games] == ["unfinished"]  # the game it stopped in
