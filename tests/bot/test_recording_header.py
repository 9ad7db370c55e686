"""A session that stops before its board is found still opens its recording with the session
header (then its stop): attached with ``--target window-title`` to a page no site read, or to a
page in mid-game where the start steps' button never showed, it used to leave a recording that
replay refused as "no session header (not a gamebot recording)"."""

from __future__ import annotations

import numpy as np

from bot.games.balda.player import make_balda_player
from bot.io.targets.base import Target
from bot.run.act import ActionFailed
from bot.run.loop import Loop, LoopOptions
from bot.run.recorder import Recorder, read_events
from bot.run.replay import replay
from bot.run.safety import GuardedScreen
from bot.web.session import PagePlayConfig
from bot.web.sites import load_profile
from vision.core.frame import Frame
from vision.core.geometry import Region


class BlankScreen:
    """A page that shows nothing the bot can read."""

    def bounds(self) -> Region:
        return Region(0, 0, 400, 300)

    def grab(self, region=None) -> Frame:
        return Frame.from_pixels(np.full((300, 400, 3), 255, np.uint8))


def loop_on_a_blank_page(tmp_path, monkeypatch, rec: Recorder) -> Loop:
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    profile = load_profile("gamebot-balda")
    player = make_balda_player(PagePlayConfig(target="window-title", site="gamebot-balda"),
                               profile)
    options = LoopOptions(locate_timeout=0.2, problems_dir=tmp_path / "problems")
    return Loop(GuardedScreen(BlankScreen()), Target(profile), player, options, rec)


def test_a_board_never_found_is_recorded_with_the_header_and_the_stop(tmp_path, monkeypatch):
    with Recorder(tmp_path / "rec") as rec:
        stats = loop_on_a_blank_page(tmp_path, monkeypatch, rec).run()
    assert stats.stopped.startswith("no readable board")
    kinds = [e["event"] for e in read_events(tmp_path / "rec")]
    assert kinds == ["session", "stop"]
    report = replay(tmp_path / "rec")
    assert report.header["site"] == "gamebot-balda" and report.header["window"] is None
    assert (report.frames, report.summary()["games"]) == (0, 0)
    assert report.stop_reason.startswith("no readable board")


def test_start_steps_that_fail_still_leave_a_recording(tmp_path, monkeypatch):
    with Recorder(tmp_path / "rec") as rec:
        loop = loop_on_a_blank_page(tmp_path, monkeypatch, rec)

        def start_page() -> None:
            loop.record_event({"event": "action", "phase": "start", "intent": "look"})
            raise ActionFailed("the button 'START' did not show within 10 s")

        monkeypatch.setattr(loop, "start_page", start_page)
        stats = loop.run()  # an error ends in the session's figures
    assert stats.stopped == "error: the button 'START' did not show within 10 s"
    events = list(read_events(tmp_path / "rec"))
    assert [e["event"] for e in events] == ["session", "action", "stop"]
    assert "START" in str(events[-1]["reason"])
    assert replay(tmp_path / "rec").header["game"] == "balda"
