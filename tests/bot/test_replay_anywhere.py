"""A recording replays anywhere: a Balda session played on a profile of the user's sites folder,
with a glyph it learned while playing, is re-read with an empty ``GAMEBOT_SITES`` and no
``--site`` (the recording carries the profile and the glyph bank); replay counts every game
the recording says ended, draws too, and the games it never saw end."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot.games.balda.player import make_balda_player
from bot.io.targets.base import Target
from bot.run.loop import Loop, LoopOptions
from bot.run.recorder import Recorder, read_events
from bot.run.replay import replay
from bot.run.replay_text import replay_lines
from bot.run.safety import GuardedScreen
from bot.web.recorded_site import latest_look, look_at, recorded_profile
from bot.web.session import PagePlayConfig
from bot.web.site_copies import LOOKS, PROFILES, SiteCopies
from bot.web.sites import BUILTIN_DIR, load_profile
from vision.core.frame import Frame
from vision.core.glyph_bank import GlyphBank

LABELLED = Path(__file__).resolve().parents[2] / "recordings" / "balda" / "labelled"
SHOTS = ["m5", "sel", "computer-c2", "computer-c4", "end"]  # our page, classic, 100 %
HELD_OUT = "Я"  # not in the user's bank: the session learns it from the end frame


class StillScreen:
    """A screen showing one picture (what the loop grabs before it finds a board)."""

    def __init__(self, frame: Frame) -> None:
        self.frame = frame

    def grab(self, region=None) -> Frame:
        return self.frame


def users_site(folder: Path) -> Path:
    """The user's own profile ``local-balda`` (our page's, renamed) and its glyph bank, lacking
    one letter, in the user's sites folder; returns the profile's file."""
    data = json.loads((BUILTIN_DIR / "gamebot-balda.json").read_text("utf-8"))
    data["name"] = "local-balda"
    folder.mkdir(parents=True)
    path = folder / "local-balda.json"
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    bank = GlyphBank.load(BUILTIN_DIR / "gamebot-balda" / "glyphs")
    bank.without(HELD_OUT).save(folder / "local-balda" / "glyphs")
    return path


def record_session(tmp_path: Path, monkeypatch) -> tuple[Path, object]:
    """A Balda session on the user's profile, recorded as the loop records one: the header,
    a game, each frame read by the player as play reads it (a step), the game's end."""
    users = tmp_path / "sites"
    monkeypatch.setenv("GAMEBOT_SITES", str(users))
    profile_file = users_site(users)
    profile = load_profile(str(profile_file), "type-click")
    folder = tmp_path / "rec"
    cfg = PagePlayConfig(target="browser", site=str(profile_file), record=folder)
    player = make_balda_player(cfg, profile)
    frames = [Frame.from_file(LABELLED / f"gamebot-classic-100-{n}.png") for n in SHOTS]
    with Recorder(folder) as rec:
        loop = Loop(GuardedScreen(StillScreen(frames[0])), Target(profile), player,
                    LoopOptions(), rec)
        loop.record_event(loop.header())
        loop.record_event({"event": "game", "game": 1})
        for step, frame in enumerate(frames, 1):
            seen = player.read(frame, player.locate(frame))
            loop.record_event({"event": "step", "game": 1, "step": step,
                               **player.describe(seen)}, frame)
        loop.record_event({"event": "outcome", "game": 1, "outcome": "drawn",
                           **player.describe(seen)}, frame)
        loop.record_event({"event": "stop", "reason": "done"})
    return folder, player


def test_a_balda_recording_replays_with_an_empty_sites_folder(tmp_path, monkeypatch):
    folder, player = record_session(tmp_path, monkeypatch)
    assert player.learned_glyphs > 0  # the held-out letter, named while playing
    for shot in SHOTS:  # the session read its frames as labelled
        expected = (LABELLED / "expected" / f"gamebot-classic-100-{shot}.txt").read_text("utf-8")
        assert any(e.get("grid") == expected for e in read_events(folder)), shot
    # Another machine: none of the user's sites, and no --site.
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "empty"))
    report = replay(folder)
    read = len(SHOTS) + 1  # every step's frame and the game's end
    assert (report.frames, report.agreed, report.mismatches) == (read, read, [])
    s = report.summary()
    assert (s["games"], s["draws"], s["unfinished"]) == (1, 1, 0)
    assert "games 1: won 0, drawn 1, lost 0" in "\n".join(replay_lines(s))


def test_the_recording_keeps_the_profile_and_every_change_of_the_bank(tmp_path, monkeypatch):
    folder, _player = record_session(tmp_path, monkeypatch)
    (profile,) = (folder / PROFILES).iterdir()
    assert json.loads(profile.read_text("utf-8"))["name"] == "local-balda"
    assert recorded_profile({"site": "local-balda", "style": "type-click"}, folder).style == (
        "type-click")
    looks = sorted(p.name for p in (folder / LOOKS).iterdir())
    assert looks == ["0001", "0002"]  # at the start; once the end frame taught its letter
    first, last = (GlyphBank.load(folder / LOOKS / n) for n in looks)
    assert HELD_OUT not in first.chars and HELD_OUT in last.chars
    assert latest_look(folder) == folder / LOOKS / "0002"
    shutil.rmtree(tmp_path / "sites")
    assert HELD_OUT in GlyphBank.load(latest_look(folder)).chars  # the copy stands alone


def test_each_frame_is_replayed_with_the_bank_play_read_it_with(tmp_path, monkeypatch):
    """A glyph learned late may name a partly hidden letter otherwise than the bank play had
    when it read an earlier frame (our canvas page: 124 of 126 frames agreed): each event
    names its bank copy and replay reads the frame with that one."""
    folder, _player = record_session(tmp_path, monkeypatch)
    steps = [e for e in read_events(folder) if e.get("event") in ("step", "outcome")]
    assert [e.get("look") for e in steps] == [1, 1, 1, 1, 2, 2]  # the end taught a letter
    assert look_at(folder, 1) == folder / LOOKS / "0001"
    assert look_at(folder, None) == look_at(folder, 7) == folder / LOOKS / "0002"
    # Spoil the first copy (its А templates named О): the frames read with it no longer
    # agree, the end frames (read with the second) still do. Replay with the last bank
    # would agree everywhere.
    meta = json.loads((folder / LOOKS / "0001" / "bank.json").read_text("utf-8"))
    for template in meta["templates"]:
        template["char"] = {"А": "О", "О": "А"}.get(template["char"], template["char"])
    (folder / LOOKS / "0001" / "bank.json").write_text(json.dumps(meta), "utf-8")
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "empty"))
    report = replay(folder)
    assert report.frames == 6 and report.agreed == 2, report.mismatches


def test_copies_go_on_numbering_and_a_profile_is_copied_again_only_when_changed(tmp_path):
    profile = load_profile("gamebot-balda")
    bank = GlyphBank("АБВ", "x")
    copies = SiteCopies(tmp_path)
    assert copies.keep_profile(profile) == copies.keep_profile(profile)
    copies.keep_look(bank.save)
    again = SiteCopies(tmp_path)  # a resumed recording
    assert again.keep_look(bank.save).name == "0002"
    assert again.keep_profile(profile).name == "0001.json"
    edited = tmp_path / "edited.json"
    data = json.loads(Path(profile.source).read_text("utf-8"))
    data["opponent-timeout"] = 90
    edited.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    assert again.keep_profile(load_profile(str(edited))).name == "0002.json"
    assert recorded_profile({"site": "gamebot-balda"}, tmp_path).opponent_timeout == 90
    assert recorded_profile({"site": "another"}, tmp_path) is None
    assert not [p for p in (tmp_path / LOOKS).iterdir() if p.name.startswith(".")]


def test_a_copy_the_disk_cannot_take_stops_the_copies_not_play(tmp_path, caplog):
    (tmp_path / LOOKS).write_text("not a folder")  # every copy into it fails, as a full disk
    copies = SiteCopies(tmp_path)
    assert copies.keep_look(GlyphBank("АБВ", "x").save) is None and copies.failed
    assert copies.keep_profile(load_profile("gamebot-balda")) is None  # no more tries
    assert [r.message for r in caplog.records if "copies stop" in r.message]


def test_an_old_recording_without_its_profile_says_so(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "empty"))
    with Recorder(tmp_path / "rec") as rec:
        rec.event({"event": "session", "game": "balda", "site": "local-balda"})
    with pytest.raises(ValueError, match=r"no copy of its site profile.*'local-balda'.*--site"):
        replay(tmp_path / "rec")
    from bot.cli.main import main

    profile = str(BUILTIN_DIR / "gamebot-balda.json")  # the way out: the site given
    assert main(["replay", str(tmp_path / "rec"), "--site", profile, "--json"]) == 0


def test_replay_counts_every_recorded_end(tmp_path):
    ends = {1: "won", 2: "drawn", 3: "lost", 5: "unfinished"}  # game 4 never ended
    with Recorder(tmp_path) as rec:
        rec.event({"event": "session", "game": "minesweeper"})
        for game in range(1, 6):
            rec.event({"event": "game", "game": game})
            if game in ends:
                rec.event({"event": "outcome", "game": game, "outcome": ends[game],
                           "seconds": 2.0})
        rec.event({"event": "session", "game": "minesweeper"})  # resumed: numbers from 1
        rec.event({"event": "game", "game": 1})
        rec.event({"event": "stop", "reason": "interrupted (Ctrl+C)"})
    s = replay(tmp_path).summary()
    assert (s["games"], s["wins"], s["draws"], s["losses"], s["unfinished"]) == (3, 1, 1, 1, 3)
    assert s["win_rate"] == pytest.approx(1 / 3)
    lines = "\n".join(replay_lines(s))
    assert "games 3: won 1, drawn 1, lost 1" in lines and "unfinished 3" in lines
    assert "recorded stop: interrupted (Ctrl+C)" in lines


def test_an_erudit_recording_replays_with_the_look_it_carries(tmp_path, monkeypatch):
    from bot.games.erudit.player import make_erudit_player

    users = tmp_path / "sites"
    monkeypatch.setenv("GAMEBOT_SITES", str(users))
    data = json.loads((BUILTIN_DIR / "gamebot-erudit.json").read_text("utf-8"))
    data["name"] = "local-erudit"
    shutil.copytree(BUILTIN_DIR / "gamebot-erudit", users / "local-erudit")  # its look
    (users / "local-erudit" / "rejected.txt").write_text("ЗЮЗЯ\n", "utf-8")  # not the look
    (users / "local-erudit.json").write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    profile = load_profile(str(users / "local-erudit.json"))
    folder = tmp_path / "rec"
    make_erudit_player(PagePlayConfig(game="erudit", target="browser", site=profile.source,
                                      record=folder), profile)
    shot = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "labelled"
    name = "gamebot-erudit-classic-100-s5-t10"
    label = (shot / "expected" / f"{name}.txt").read_text("utf-8").splitlines()
    rack = next(line.split()[1] for line in label if line.startswith("player1:"))
    with Recorder(folder) as rec:
        rec.event({"event": "session", "game": "erudit", "site": "local-erudit",
                   "rules": "erudit"})
        rec.event({"event": "step", "board": "\n".join(label[-15:]), "rack": rack},
                  Frame.from_file(shot / f"{name}.png"))
    assert sorted(p.name for p in latest_look(folder).iterdir()) == [
        "erudit-look.json", "glyphs", "marks", "wholes"]
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "empty"))
    report = replay(folder)
    assert (report.frames, report.agreed, report.mismatches) == (1, 1, [])
