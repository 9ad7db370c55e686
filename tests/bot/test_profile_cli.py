"""``gamebot profile``: the draft (from a look at the page, faked here) is checked as a profile,
written to the sites folder, never over a file there without --force, and asked about once."""

from __future__ import annotations

import json
import shlex

import pytest

from bot.cli.main import main
from bot.web import draft_live as live
from calibration.profile.draft import Seen
from calibration.profile.page_words import Found
from vision.core.geometry import Region
from vision.core.page_text import TextLine


def _seen(cfg: object, keep: object = None) -> Seen:
    line = TextLine("Сделать ход", Region(0, 0, 90, 20), 95)
    return Seen("erudit", "", "ru", "gamebot Эрудит", "drag", [{"do": "drag-tile"}],
                {"submit": Found("submit", "Сделать ход", line)}, {}, None, {}, "landed", True)


@pytest.fixture
def sites(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path))
    monkeypatch.setattr(live, "look", _seen)
    return tmp_path


def test_the_draft_goes_to_the_sites_folder_named_after_the_title(sites, capsys) -> None:
    assert main(["profile", "erudit", "http://127.0.0.1:1/", "--yes", "--json"]) == 0
    path = sites / "gamebot-эрудит.json"
    data = json.loads(path.read_text("utf-8"))
    assert data["submit"][0]["label"][0] == "Сделать ход"
    out = capsys.readouterr().out
    assert json.loads(out.splitlines()[-1])["file"] == str(path)
    assert "guessed" in out and f"--site {shlex.quote(str(path))}" in out
    assert "--launch http://127.0.0.1:1/ " in out


def test_a_profile_there_is_kept_without_force(sites, capsys) -> None:
    path = sites / "mine.json"
    path.write_text('{"name": "mine"}', "utf-8")
    assert main(["profile", "erudit", "URL", "--name", "mine", "--yes"]) == 2
    assert "--force" in capsys.readouterr().err
    assert json.loads(path.read_text("utf-8")) == {"name": "mine"}
    assert main(["profile", "erudit", "URL", "--name", "mine", "--yes", "--force"]) == 0
    assert json.loads(path.read_text("utf-8"))["name"] == "mine"
    assert "styles" in json.loads(path.read_text("utf-8"))


def test_the_user_is_asked_once_and_no_writes_nothing(sites, monkeypatch, capsys) -> None:
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    asked = []
    monkeypatch.setattr("builtins.input", lambda q: asked.append(q) or "n")
    assert main(["profile", "erudit", "URL", "--name", "x"]) == 1
    assert len(asked) == 1 and "write it to" in asked[0]
    assert not (sites / "x.json").exists()
