"""``gamebot balda moves|best`` and ``bench balda``: output, JSON last line, clear errors.

The parser is built from the Balda commands alone, and a small word list keeps runs quick.
"""

import json

import pytest

from bot.cli import build_parser
from bot.commands import balda
from bot.errors import GamebotError
from solvers.balda import BaldaState
from solvers.words import russian_nouns

POSITION = """to-move: 1
scores: 0 0
passes: 0
adjacency: orthogonal
min-length: 2
pass-limit: 2
used: ТОРСО
.....
.....
ТОРСО
.....
.....
"""


@pytest.fixture(scope="module")
def words_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("balda") / "words.txt"
    words = sorted(w for w in russian_nouns() if set(w) <= set("ОЕАИНТСРВЛ"))
    path.write_text("# dense test list\n" + "\n".join(words) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def position(tmp_path):
    path = tmp_path / "position.txt"
    path.write_text(POSITION, encoding="utf-8")
    return path


def run(argv, capsys):
    args = build_parser(balda.COMMANDS).parse_args(argv)
    code = args._run(args)
    return code, capsys.readouterr().out.splitlines()


def test_moves_lists_every_move_and_ends_with_json(position, words_file, capsys):
    code, lines = run(
        ["balda", "moves", str(position), "--dictionary", str(words_file), "--json"], capsys
    )
    assert code == 0
    summary = json.loads(lines[-1])
    assert summary["count"] > 0 and len(summary["moves"]) == summary["count"]
    assert lines[0].startswith(f"{summary['count']} legal moves")
    state = BaldaState.from_text(POSITION)
    from solvers.balda import BaldaMove

    words = set(words_file.read_text(encoding="utf-8").split())
    for text in summary["moves"]:
        state.check_move(BaldaMove.from_text(text), words)


def test_best_explains_itself(position, words_file, capsys):
    code, lines = run(
        [
            "balda",
            "best",
            str(position),
            "--dictionary",
            str(words_file),
            "--time",
            "0.2",
            "--explain",
            "--json",
        ],
        capsys,
    )
    assert code == 0
    summary = json.loads(lines[-1])
    assert lines[0] == summary["move"]
    assert lines[1].startswith("why: ")
    assert summary["depth"] >= 1 and summary["stage"] in ("search", "endgame")


def test_bench_prints_the_figures(words_file, capsys):
    code, lines = run(
        [
            "bench",
            "balda",
            "--games",
            "2",
            "--positions",
            "3",
            "--depth-positions",
            "1",
            "--depth-time",
            "0.05",
            "--oracle",
            "1",
            "--time",
            "0.03",
            "--dictionary",
            str(words_file),
            "--json",
        ],
        capsys,
    )
    assert code == 0
    summary = json.loads(lines[-1])
    for key in (
        "games",
        "wins",
        "draws",
        "win_rate",
        "ci95_low",
        "ci95_high",
        "positions",
        "movegen_ms_median",
        "movegen_ms_p95",
        "search_depth_median",
    ):
        assert key in summary, key
    assert summary["games"] == 2 and summary["positions"] == 3
    assert summary["oracle_mismatches"] == 0
    assert summary["ci95_low"] <= summary["win_rate"] <= summary["ci95_high"]


def test_bad_position_names_the_file(tmp_path, words_file, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("to-move: 7\n.....\n", encoding="utf-8")
    with pytest.raises(GamebotError, match=r"bad.txt: line 1: to-move must be 1 or 2"):
        run(["balda", "moves", str(bad), "--dictionary", str(words_file)], capsys)


def test_bad_dictionary_names_line_and_characters(position, tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("кот\nпёс-1\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"words.txt:2: .*'-', '1'"):
        run(["balda", "moves", str(position), "--dictionary", str(words)], capsys)
