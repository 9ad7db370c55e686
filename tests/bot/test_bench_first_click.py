"""``bench minesweeper-first``: candidate first clicks on the same layouts, paired, saved."""

from __future__ import annotations

import json
import math

import pytest

from bot.bench.first_click import Candidate, Paired, pair, saved_path
from bot.cli.main import main
from solvers.minesweeper.rules import FirstClick, Level


def test_the_paired_difference_and_its_interval():
    p = Paired(only_this=30, only_reference=10, games=1000)
    assert p.difference == pytest.approx(0.02)
    half = 1.959963984540054 * math.sqrt((40 - 20**2 / 1000) / 1000**2)
    assert p.interval() == pytest.approx((0.02 - half, 0.02 + half))
    a = Candidate((0, 0), (0, 0), (True, True, False, False, True))
    b = Candidate((1, 1), (1, 1), (True, False, True, False, False))
    assert pair(a, b) == Paired(only_this=2, only_reference=1, games=5)


def test_cells_play_the_same_games_and_their_outcomes_are_kept(tmp_path, capsys):
    args = ["bench", "minesweeper-first", "--level", "beginner", "--games", "40", "--seed", "9"]
    args += ["--cells=0,0 -1,-1", "--save", str(tmp_path), "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert first["reference"] == [8, 8]  # the XP rule's first click
    rows = {tuple(r["cell"]): r for r in first["cells"]}
    assert set(rows) == {(0, 0), (8, 8)}
    level = Level.parse("beginner")
    for cell, asked in (((0, 0), (0, 0)), ((8, 8), (-1, -1))):
        row = rows[cell]
        bits = saved_path(tmp_path, level, FirstClick.XP, 9, asked).read_text().split()[-1]
        assert len(bits) == 40 and row["wins"] == bits.count("1")
        assert row["win_rate"] == pytest.approx(row["wins"] / 40)
    vs = rows[(0, 0)]["vs_reference"]
    assert vs["difference"] == pytest.approx(rows[(0, 0)]["win_rate"] - rows[(8, 8)]["win_rate"])
    assert rows[(8, 8)]["vs_reference"]["only_this_won"] == 0
    # saved outcomes are reused, not played again
    path = saved_path(tmp_path, level, FirstClick.XP, 9, (0, 0))
    head = path.read_text().splitlines()[0]
    path.write_text(head + "\n" + "1" * 40 + "\n")
    assert main(args) == 0
    again = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert {tuple(r["cell"]): r["wins"] for r in again["cells"]}[(0, 0)] == 40
