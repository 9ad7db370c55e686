"""The sample positions shipped for every game (the README's examples) read and solve, under
the same verb for every game: ``gamebot solve GAME FILE``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli.main import main

SAMPLES = Path(__file__).resolve().parents[2] / "recordings" / "samples"


def last_json(capsys) -> dict:
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


@pytest.mark.parametrize(
    ("game", "name"),
    [
        ("minesweeper", "minesweeper-expert.txt"),
        ("balda", "balda-5x5.txt"),
        ("erudit", "erudit-midgame.txt"),
        ("erudit", "scrabble-en-midgame.txt"),
    ],
)
def test_every_sample_solves(game, name, capsys, monkeypatch):
    monkeypatch.setenv("GAMEBOT_PURE_PYTHON", "1")
    argv = ["solve", game, str(SAMPLES / name), "--json"]
    if game == "balda":
        argv += ["--time", "0.2"]
    assert main(argv) == 0
    summary = last_json(capsys)
    assert summary, name
    text = json.dumps(summary, ensure_ascii=False)
    if game == "minesweeper":
        assert '"stage"' in text
    else:
        assert '"move"' in text or '"best"' in text or '"moves"' in text


def test_the_hangman_sample_solves(capsys):
    state = (SAMPLES / "hangman.txt").read_text().strip()
    assert main(["solve", "hangman", state, "--json"]) == 0
    assert len(last_json(capsys)["move"].split()[-1]) == 1


def test_solve_balda_is_balda_best(capsys):
    path = str(SAMPLES / "balda-5x5.txt")
    assert main(["solve", "balda", path, "--time", "0.1", "--json"]) == 0
    a = last_json(capsys)
    assert main(["balda", "best", path, "--time", "0.1", "--json"]) == 0
    b = last_json(capsys)
    assert a.keys() == b.keys()
