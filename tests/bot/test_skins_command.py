"""`gamebot skins` lists the built-in skins and the learned ones in the user skin folder."""

from __future__ import annotations

import json

from bot.cli.main import main
from tests.conftest import RECORDINGS
from vision.minesweeper.skin import builtin_skins

SHOT = RECORDINGS / "minesweeper" / "labelled" / "winxp-beginner-midgame.png"


def test_built_in_and_learned_skins(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GAMEBOT_SKINS", str(tmp_path))
    assert main(["calibrate", "minesweeper", "--from", str(SHOT), "--name", "mine", "--yes"]) == 0
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "skin.json").write_text("{not json")
    capsys.readouterr()
    assert main(["skins", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    listing = json.loads(out[-1])
    assert [row["name"] for row in listing["builtin"]] == builtin_skins()
    assert all(row["kind"] == "built-in" and not row["missing"] for row in listing["builtin"]
               if row["name"] != "win7")
    learned = {row["folder"]: row for row in listing["learned"]}
    mine = learned[str(tmp_path / "mine")]
    assert (mine["name"], mine["kind"], mine["looks"]) == ("mine", "learned", "#.12")
    assert mine["cell_size"] == [16, 16] and "3" in mine["missing"]
    assert "skin.json" in learned[str(tmp_path / "broken")]["error"]
    text = "\n".join(out)
    assert f"learned skins ({tmp_path}):" in text
    assert "  mine           cells 16x16, reads #.12; missing F?345678*Xx" in text
    assert "  broken         unreadable:" in text
    winxp = "  winxp          cells 16x16, reads #F?.12345678*Xx; face, seven-segment counter"
    assert winxp in text


def test_no_learned_skin_yet(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GAMEBOT_SKINS", str(tmp_path / "none"))
    assert main(["skins"]) == 0
    assert "none yet: `gamebot calibrate minesweeper" in capsys.readouterr().out
