"""``gamebot erudit best`` and ``gamebot bench erudit`` from the command line."""

from __future__ import annotations

import json

import pytest

from bot.cli.main import main
from bot.run.stats import wilson_interval
from solvers.erudit.board import Board
from solvers.erudit.position import Position
from solvers.erudit.rules import load_rules


def _position_file(tmp_path, rules_name, rack, tiles=(), bag=None):
    rules = load_rules(rules_name)
    board = Board.empty().place(tiles)
    text = Position(rules, board, (rack, None), (10, 20), 0, bag).to_text()
    path = tmp_path / "position.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_best_lists_moves_and_json(tmp_path, capsys):
    path = _position_file(tmp_path, "erudit", "ЭРУДИТК")
    assert main(["erudit", "best", str(path), "--top", "3", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(out[-1])
    assert summary["rules"] == "erudit" and len(summary["moves"]) == 3
    first = summary["moves"][0]
    assert first["move"].split()[0] in {f"{c}8" for c in "BCDEFGH"} or first["move"][0] == "H"
    assert first["score"] > 0 and "equity" in first


def test_best_greedy_puts_the_top_score_first(tmp_path, capsys):
    tiles = [(7 * 15 + 7, "C"), (7 * 15 + 8, "A"), (7 * 15 + 9, "T")]
    path = _position_file(tmp_path, "scrabble-en", "SQUIREZ", tiles)
    assert main(["erudit", "best", str(path), "--greedy", "--top", "5", "--json"]) == 0
    moves = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["moves"]
    scores = [m["score"] for m in moves]
    assert scores == sorted(scores, reverse=True) and scores[0] > 20


def test_bad_position_is_one_clear_line(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("rules: erudit\nplayer1: АБВ 0\n" + "...\n" * 15, encoding="utf-8")
    assert main(["erudit", "best", str(path)]) == 2
    err = capsys.readouterr().err
    assert "board row 1" in err and err.count("\n") == 1


def test_bench_reports_the_figures(capsys, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text(
        "\n".join(
            [
                "AT",
                "TA",
                "CAT",
                "ACT",
                "TEA",
                "EAT",
                "ATE",
                "SEA",
                "TEN",
                "NET",
                "AN",
                "NA",
                "IN",
                "IS",
                "IT",
                "TI",
                "SI",
                "ES",
                "RE",
                "ER",
                "AR",
                "ORE",
                "ROE",
                "TOE",
                "NOT",
                "TON",
                "ON",
                "NO",
            ]
        )
    )
    code = main(
        [
            "bench",
            "erudit",
            "--rules",
            "scrabble-en",
            "--dictionary",
            str(words),
            "--games",
            "2",
            "--timing-positions",
            "2",
            "--json",
        ]
    )
    assert code == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for key in (
        "games",
        "wins",
        "win_rate",
        "ci95_low",
        "ci95_high",
        "movegen_ms_median",
        "movegen_ms_median_1wild",
        "movegen_ms_median_3wild",
        "points_per_turn_player",
        "points_per_turn_opponent",
        "mean_final_player",
        "first_mover",
        "move_seconds_player",
    ):
        assert key in summary
    assert summary["games"] == 2 and 0 <= summary["ci95_low"] <= summary["ci95_high"] <= 1
    # Values, not just keys: the counts add up, the rate and interval follow from them (ties
    # count half), and the seeded match (seed 1 by default) gives these exact figures. A
    # deliberate change to the players may move them; check the new ones and update.
    wins, losses, ties = summary["wins"], summary["losses"], summary["ties"]
    assert wins + losses + ties == 2
    assert summary["win_rate"] == pytest.approx((wins + ties / 2) / 2)
    low, high = wilson_interval(int(wins + ties / 2), 2)
    assert (summary["ci95_low"], summary["ci95_high"]) == pytest.approx((low, high), abs=1e-4)
    assert summary["movegen_positions"] <= 2
    # the two games share a deal with the seats swapped: one each moving first
    assert summary["player_first"]["games"] == summary["player_second"]["games"] == 1
    assert summary["first_mover"]["games"] == 2
    assert (wins, losses, ties) == (0, 2, 0)
    assert (summary["points_per_turn_player"], summary["points_per_turn_opponent"]) == (
        1.86, 2.64)


@pytest.mark.parametrize("rules", ["scrabble-en", "erudit", "scrabble-ru"])
def test_bench_plays_any_two_players_in_every_rule_set(rules, capsys):
    code = main(["bench", "erudit", "--rules", rules, "--player", "greedy", "--opponent",
                 "equity", "--games", "2", "--jobs", "2", "--timing-positions", "0", "--json"])
    assert code == 0
    out = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(out[-1])
    assert (summary["rules"], summary["player"], summary["opponent"]) == (rules, "greedy",
                                                                          "equity")
    assert summary["games"] == 2 and summary["jobs"] == 2
    assert summary["player_first"]["games"] == summary["player_second"]["games"] == 1
    assert summary["mean_final_player"] > 0 and summary["mean_final_opponent"] > 0
    assert summary["move_seconds_opponent"]["max"] >= summary["move_seconds_opponent"]["mean"]
    assert any(line.startswith("first-player advantage:") for line in out)
    assert any(line.startswith("greedy vs equity:") for line in out)


def test_bench_refuses_an_unknown_player(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["bench", "erudit", "--player", "oracle"])
    assert stop.value.code == 2
    assert "oracle" in capsys.readouterr().err


def test_bench_simulation_against_equity_reports_its_seconds_a_move(capsys):
    code = main(["bench", "erudit", "--rules", "scrabble-en", "--player", "simulation",
                 "--opponent", "equity", "--think", "0.05", "--candidates", "4", "--games", "2",
                 "--end-bag", "3", "--no-race", "--timing-positions", "0", "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (summary["think"], summary["candidates"], summary["plies"]) == (0.05, 4, 1)
    assert (summary["end_bag"], summary["race"]) == (3, False)
    # a move may overrun its budget by at most one round of playouts
    assert 0 < summary["move_seconds_player"]["median"] < 1.0
    assert summary["games"] == 2


def test_best_thinks_with_the_simulation_unless_told_not_to(tmp_path, capsys):
    tiles = [(7 * 15 + 6 + i, ch) for i, ch in enumerate("STAINER")]
    path = _position_file(tmp_path, "scrabble-en", "AEIRSTD", tiles)
    assert main(["erudit", "best", str(path), "--think", "0.1", "--top", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["moves"][0]["stage"] == "simulation" and "simulation" in summary["seconds"]
    assert main(["erudit", "best", str(path), "--think", "0", "--top", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["moves"][0]["stage"] == "equity" and "simulation" not in summary["seconds"]


def test_bench_measures_a_leave_file_against_the_shipped_one(tmp_path, capsys):
    from solvers.erudit.leaves import LeaveModel, save_leaves

    rules = load_rules("erudit")
    zero = tmp_path / "zero.json"
    save_leaves(LeaveModel.zero(rules), zero, {"command": "test"})
    code = main(["bench", "erudit", "--rules", "erudit", "--player", "equity", "--opponent",
                 "equity", "--leaves", str(zero), "--games", "2", "--timing-positions", "0",
                 "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["games"] == 2 and summary["player"] == summary["opponent"] == "equity"
    assert summary["mean_final_player"] > 0 and summary["mean_final_opponent"] > 0
    bad = tmp_path / "bad.json"
    bad.write_text('{"tile": {"A": "x"}}', encoding="utf-8")
    assert main(["bench", "erudit", "--leaves", str(bad), "--games", "1"]) == 2
    assert str(bad) in capsys.readouterr().err


def test_fit_leaves_measures_appends_and_refits_from_its_groups(tmp_path, capsys):
    from solvers.erudit.dictionary import graph_for
    from solvers.erudit.verify import sample_graph

    words = tmp_path / "words.txt"
    small = sample_graph(graph_for("english-enable"), 400, 3)
    words.write_text("\n".join(sorted(small.words())) + "\n", encoding="utf-8")
    groups, out = tmp_path / "groups.jsonl", tmp_path / "leaves.json"
    common = ["erudit", "fit-leaves", "--rules", "scrabble-en", "--dictionary", str(words),
              "--groups", str(groups), "--out", str(out), "--draws", "1"]
    assert main([*common, "--games", "6", "--per-game", "2"]) == 0
    first = groups.read_text(encoding="utf-8").splitlines()
    assert len(first) == 12 and all(json.loads(line)["leaves"][0] == "" for line in first)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["how"]["groups"] == 12 and data["how"]["groups_from_file"] == 0
    assert "--groups groups.jsonl" in data["how"]["command"]
    assert set(data) >= {"tile", "duplicate", "pair", "balance", "table"}
    assert "12 rollout groups" in capsys.readouterr().out
    # a second run adds its own groups to the file and fits them all; --games 0 fits the file
    assert main([*common, "--games", "1", "--per-game", "2", "--seed", "7"]) == 0
    assert len(groups.read_text(encoding="utf-8").splitlines()) == 14
    assert main([*common, "--games", "0"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["how"]["groups"] == data["how"]["groups_from_file"] == 14
    empty = tmp_path / "none.jsonl"
    assert main([*common[:-4], "--groups", str(empty), "--out", str(out), "--games", "0"]) == 2
    assert "too few to fit" in capsys.readouterr().err
