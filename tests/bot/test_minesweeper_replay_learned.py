"""A session that learned its look keeps it in the recording, and replay reads with it: a
recording of a cold start is read again, every frame, with no skin folder of the user's."""

from __future__ import annotations

import pytest

from bot.games.minesweeper.learning import GlyphLearning
from bot.games.minesweeper.looks import COLD
from bot.games.minesweeper.replay_reader import agrees, recorded_skin
from bot.games.minesweeper.sim_screen import skin_renderer
from bot.games.minesweeper.skin_copies import SKINS, SkinCopies, latest_copy
from bot.run.recorder import Recorder, RecordingError
from bot.run.replay import replay
from solvers.minesweeper.rules import Level
from solvers.minesweeper.state import Board
from tests.bot.test_minesweeper_learning import make_loop
from vision.minesweeper.skin import load_skin


@pytest.mark.parametrize("drawn", ["gnome-mines", "winxp"])
def test_a_cold_start_recording_replays_with_the_look_it_learned(tmp_path, monkeypatch, drawn):
    monkeypatch.setenv("GAMEBOT_SKINS", str(tmp_path / "no-user-skins"))
    folder = tmp_path / "rec"
    learning = GlyphLearning(name="cold", copies=SkinCopies(folder))
    with Recorder(folder) as rec:
        loop, _screen, _notes = make_loop(tmp_path, COLD, skin_renderer(drawn), 3, 3, learning,
                                          rec, level=Level.parse("intermediate"))
        stats = loop.run()
    assert stats.stopped == "" and stats.misreads == 0
    copies = sorted(p.name for p in (folder / SKINS).iterdir())
    assert copies and copies == [f"{i:04d}" for i in range(1, len(copies) + 1)]
    last = load_skin(str(latest_copy(folder)))
    assert last.name == "cold" and set(last.chars) == set(loop.player.skin.chars)
    report = replay(folder)
    assert report.frames > 5
    assert (report.agreed, [m.message for m in report.mismatches]) == (report.frames, [])
    assert report.wins + report.losses == 3


def test_copies_go_on_numbering_in_a_resumed_recording(tmp_path):
    skin = load_skin("winxp")
    SkinCopies(tmp_path).save(skin)
    again = SkinCopies(tmp_path)
    assert again.save(skin).name == "0002"
    assert latest_copy(tmp_path) == tmp_path / SKINS / "0002"
    assert load_skin(str(tmp_path / SKINS / "0002")).name == "winxp"  # its own name, kept


def test_a_cold_recording_without_a_learned_look_says_what_to_do(tmp_path):
    with pytest.raises(RecordingError, match=r"cold start.*--skin NAME\|FOLDER") as caught:
        recorded_skin({"skin": COLD}, tmp_path)
    assert str(tmp_path) in str(caught.value)
    assert recorded_skin({"skin": "win7"}, tmp_path) == "win7"
    assert recorded_skin({}, tmp_path) is None


def test_a_number_not_yet_named_agrees_with_any_number_read_later():
    recorded = Board.from_text("_#\n_F")
    assert agrees(recorded, Board.from_text("3#\n.F"))
    assert not agrees(recorded, Board.from_text("##\n.F"))  # covered is not opened
    assert not agrees(recorded, Board.from_text("3#\nFF"))
    assert not agrees(recorded, Board.from_text("3#\n.#"))  # a flag read as covered
    assert not agrees(Board.from_text("3#\n.F"), Board.from_text("_#\n.F"))  # not the other way
    assert not agrees(recorded, Board.from_text("_#_\n_F_"))
