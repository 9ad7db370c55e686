"""``bench minesweeper --versus``: two engine settings on the same seeded games, paired."""

import json

import pytest

from bot.bench.paired import Paired, paired
from bot.cli import progress
from bot.cli.main import main

BEGINNER = ["bench", "minesweeper", "--level", "beginner", "--seed", "11", "--json"]


def _summary(capsys):
    out = capsys.readouterr().out.strip().splitlines()
    return out[:-1], json.loads(out[-1])


def test_paired_counts_only_the_games_one_wins_and_the_other_loses():
    p = paired([True, True, False, False, True], [True, False, True, False, False, True])
    assert (p.only_this, p.only_reference, p.games) == (2, 1, 5)
    assert p.difference == pytest.approx(0.2)


def test_paired_interval_is_the_normal_approximation_for_paired_data():
    p = Paired(only_this=10, only_reference=4, games=100)
    low, high = p.interval()
    half = 1.959963984540054 * ((14 - 36 / 100) ** 0.5) / 100
    assert (low, high) == pytest.approx((0.06 - half, 0.06 + half))
    assert Paired(0, 0, 0).interval() == (0.0, 0.0)


def test_an_engine_against_itself_differs_in_no_game(capsys):
    assert main([*BEGINNER, "--games", "40", "--versus", "default"]) == 0
    lines, s = _summary(capsys)
    assert s["paired"] == {"games": 40, "only_engine_won": 0, "only_versus_won": 0,
                           "difference": 0.0, "ci95": [0.0, 0.0]}
    assert s["versus"]["wins"] == s["wins"]
    assert any(line.startswith("paired difference default - default: +0.000 pp") for line in lines)


def test_each_side_of_a_pair_is_the_run_of_that_engine_alone(capsys):
    argv = [*BEGINNER, "--level", "intermediate", "--games", "30"]
    assert main([*argv, "--versus", "safest"]) == 0
    _, both = _summary(capsys)
    assert main(argv) == 0
    _, alone = _summary(capsys)
    assert main([*argv, "--engine", "safest", "--jobs", "2"]) == 0
    _, safest = _summary(capsys)
    assert both["engine_setting"] == "default" and safest["engine_setting"] == "safest"
    assert both["wins"] == alone["wins"]
    assert both["versus"]["wins"] == safest["wins"]
    pair = both["paired"]
    assert pair["only_engine_won"] - pair["only_versus_won"] == alone["wins"] - safest["wins"]
    assert pair["ci95"][0] <= pair["difference"] <= pair["ci95"][1]
    assert pair["difference"] == pytest.approx((alone["wins"] - safest["wins"]) / 30)


def test_an_interrupted_paired_run_pairs_the_games_it_finished(monkeypatch, capsys):
    seen = {"n": 0}

    def advance(self, n: int = 1, status: str = "") -> None:
        seen["n"] += 1
        if seen["n"] == 2:  # two chunks of 20 games done
            raise KeyboardInterrupt

    monkeypatch.setattr(progress.Bar, "advance", advance)
    assert main([*BEGINNER, "--games", "100", "--versus", "no-fifty"]) == 130
    _, s = _summary(capsys)
    assert s["games"] == 40 and s["paired"]["games"] == 40
    assert s["stopped"].startswith("interrupted")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--versus", "strongest"], "no engine setting 'strongest'"),
        (["--engine", "default", "--no-lookahead"], "--no-lookahead is --engine safest"),
        (["--engine", "default:cutoff=x"], "engine knob cutoff takes float"),
    ],
)
def test_bad_engine_settings_stop_before_any_game(extra, message, capsys):
    assert main([*BEGINNER, "--games", "20", *extra]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    line = json.loads(captured.out)  # --json: the one line says why, and no game was played
    assert message in line["error"] and "games" not in line


def test_run_many_plays_each_game_once_per_engine_whatever_the_chunks():
    from dataclasses import replace

    from bot.bench.minesweeper import BenchSpec, chunks, ray_chunk, run_many
    from solvers.minesweeper.rules import FirstClick, Level
    from solvers.minesweeper.strength import parse_setting

    assert [list(r) for r in chunks(45, 20)] == [list(range(20)), list(range(20, 40)),
                                                 list(range(40, 45))]
    assert ray_chunk(50) == 20 and ray_chunk(10**7) == 2000 and ray_chunk(10**6) == 1000
    spec = BenchSpec(Level.parse("beginner"), FirstClick.SAFE, seed=7)
    specs = (spec, replace(spec, engine=parse_setting("safest")))
    small = [p for done in run_many(specs, 25, jobs=1, chunk=4) for p in done]
    big = [p for done in run_many(specs, 25, jobs=2, chunk=10) for p in done]
    assert sorted(p[0].index for p in small) == list(range(25))
    assert all(a.index == b.index for a, b in small)
    by_index = {p[0].index: (p[0].won, p[1].won) for p in big}
    assert by_index == {p[0].index: (p[0].won, p[1].won) for p in small}


def test_saved_outcomes_pair_like_replaying_the_reference(tmp_path, capsys):
    saved = tmp_path / "safest.json"
    argv = [*BEGINNER, "--level", "intermediate", "--games", "30"]
    assert main([*argv, "--engine", "safest", "--save-outcomes", str(saved)]) == 0
    _, alone = _summary(capsys)
    assert main([*argv, "--versus", "safest"]) == 0
    _, replayed = _summary(capsys)
    assert main([*argv, "--versus-saved", str(saved), "--jobs", "2"]) == 0
    lines, from_file = _summary(capsys)
    data = json.loads(saved.read_text())
    assert data["outcomes"].count("1") == alone["wins"] and len(data["outcomes"]) == 30
    assert data["engine_setting"] == "safest" and data["seed"] == 11
    assert from_file["paired"] == replayed["paired"]
    assert from_file["versus"]["wins"] == replayed["versus"]["wins"]
    assert any("default - safest (saved)" in line for line in lines)


def test_saved_outcomes_of_other_games_are_refused(tmp_path, capsys):
    saved = tmp_path / "out.json"
    assert main([*BEGINNER, "--games", "20", "--save-outcomes", str(saved)]) == 0
    capsys.readouterr()
    assert main([*BEGINNER, "--games", "20", "--seed", "12", "--versus-saved", str(saved)]) == 2
    assert "holds other games: its seed is 11, this run's 12" in capsys.readouterr().err
    assert main([*BEGINNER, "--games", "40", "--versus-saved", str(saved)]) == 2
    assert "holds 20 games, this run plays 40" in capsys.readouterr().err
    assert main([*BEGINNER, "--games", "20", "--versus", "safest",
                 "--versus-saved", str(saved)]) == 2
    assert "give one" in capsys.readouterr().err


def test_an_interrupted_run_saves_the_games_it_played(tmp_path, monkeypatch, capsys):
    saved = tmp_path / "part.json"
    seen = {"n": 0}

    def advance(self, n: int = 1, status: str = "") -> None:
        seen["n"] += 1
        if seen["n"] == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(progress.Bar, "advance", advance)
    assert main([*BEGINNER, "--games", "100", "--save-outcomes", str(saved)]) == 130
    marks = json.loads(saved.read_text())["outcomes"]
    assert len(marks) == 100 and marks[40:] == "-" * 60 and "-" not in marks[:40]


def test_a_run_from_a_later_game_extends_an_earlier_one(tmp_path, capsys):
    whole, first, rest = (tmp_path / n for n in ("whole.json", "first.json", "rest.json"))
    assert main([*BEGINNER, "--games", "40", "--save-outcomes", str(whole)]) == 0
    assert main([*BEGINNER, "--games", "20", "--save-outcomes", str(first)]) == 0
    capsys.readouterr()
    assert main([*BEGINNER, "--games", "20", "--from-game", "20", "--jobs", "2",
                 "--save-outcomes", str(rest)]) == 0
    lines, s = _summary(capsys)
    assert s["from_game"] == 20 and s["games"] == 20 and "(games 20 on)" in lines[0]
    marks = {p: json.loads(p.read_text())["outcomes"] for p in (whole, first, rest)}
    assert marks[rest][:20] == "-" * 20 and len(marks[rest]) == 40
    assert marks[first] + marks[rest][20:] == marks[whole]
    # the later games pair with the whole run's saved outcomes
    assert main([*BEGINNER, "--games", "20", "--from-game", "20", "--engine", "safest",
                 "--versus-saved", str(whole)]) == 0
    _, s = _summary(capsys)
    assert s["paired"]["games"] == 20
    assert s["versus"]["wins"] == marks[whole][20:].count("1")


def test_a_paired_run_saves_both_engines_outcomes(tmp_path, capsys):
    mine, theirs = tmp_path / "mine.json", tmp_path / "theirs.json"
    assert main([*BEGINNER, "--level", "intermediate", "--games", "30", "--versus", "safest",
                 "--save-outcomes", str(mine), "--save-versus-outcomes", str(theirs)]) == 0
    _, s = _summary(capsys)
    a, b = (json.loads(p.read_text()) for p in (mine, theirs))
    assert (a["engine_setting"], b["engine_setting"]) == ("default", "safest")
    assert a["outcomes"].count("1") == s["wins"] and b["outcomes"].count("1") == s["versus"]["wins"]
