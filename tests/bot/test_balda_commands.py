"""``gamebot balda moves|best`` and ``bench balda``: output, JSON last line, clear errors.

The parser is built from the Balda commands alone, and a small word list keeps runs quick.
"""

import json

import pytest

from bot.cli.balda import engine as balda
from bot.cli.main import build_parser
from bot.errors import GamebotError
from bot.run.stats import wilson_interval
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
    # Values tied to the input, not just keys (self-play at 0.03 s a move depends on load, so
    # its outcome is not pinned): the options come back, the word count is the file's, the
    # games' outcomes add up and the rate and interval follow from them.
    listed = [w for w in words_file.read_text(encoding="utf-8").split("\n") if w and w[0] != "#"]
    assert summary["words"] == len(listed) and summary["lang"] == "ru"
    assert (summary["size"], summary["seed"], summary["time_per_move"]) == (5, 1, 0.03)
    assert summary["oracle_positions"] == 1 and summary["depth_positions"] == 1
    assert summary["wins"] + summary["draws"] + summary["losses"] == 2
    assert summary["win_rate"] == pytest.approx(summary["wins"] / 2)
    low, high = wilson_interval(summary["wins"], 2)
    assert (summary["ci95_low"], summary["ci95_high"]) == pytest.approx((low, high))
    assert 1 <= summary["search_depth_min"] <= summary["search_depth_median"]
    assert summary["moves_per_position_median"] > 0


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


# ----- letters and languages (issue 14) -----------------------------------------------------
def write_grid(tmp_path, row: str, name: str = "grid.txt"):
    path = tmp_path / name
    path.write_text(f"used: {row}\n.....\n.....\n{row}\n.....\n.....\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "extra",
    [["moves"], ["best", "--time", "0.1"], ["moves", "--dictionary", "WORDS"]],
    ids=["moves", "best", "moves-with-file"],
)
def test_a_latin_letter_in_a_russian_grid_names_the_cell(tmp_path, words_file, extra, capsys):
    # БАЛDА with a Latin D: once "0 legal moves" (or a D silently ignored), now an error,
    # with the built-in list and with a Russian word file alike.
    path = write_grid(tmp_path, "БАЛDА")
    verb, *options = [str(words_file) if x == "WORDS" else x for x in extra]
    with pytest.raises(
        GamebotError,
        match=r"grid.txt: cell 2,3 .*'D' \(U\+0044 LATIN CAPITAL LETTER D\).*Russian alphabet",
    ):
        run(["balda", verb, str(path), *options], capsys)


def test_a_dictionary_in_another_script_is_an_error_not_zero_moves(tmp_path, capsys):
    english = tmp_path / "english.txt"
    english.write_text("house\nmouse\nuse\n", encoding="utf-8")
    path = write_grid(tmp_path, "ТОРСО")
    with pytest.raises(
        GamebotError,
        match=r"the dictionary's words are Latin \(English, 3 words\); the grid is Cyrillic",
    ):
        run(["balda", "moves", str(path), "--dictionary", str(english)], capsys)


def test_an_english_grid_is_played_in_english_by_default(tmp_path, capsys):
    path = write_grid(tmp_path, "HOUSE")
    code, lines = run(["balda", "moves", str(path), "--json"], capsys)
    summary = json.loads(lines[-1])
    assert code == 0 and summary["count"] > 0
    assert all(m.split()[-1].isascii() for m in summary["moves"])
    assert any(m.endswith("word MOUSE") for m in summary["moves"])


def test_an_english_grid_with_lang_ru_says_the_scripts_differ(tmp_path, capsys):
    path = write_grid(tmp_path, "HOUSE")
    with pytest.raises(
        GamebotError,
        match=r"words are Cyrillic \(Russian, \d+ words\); the grid "
        r"is Latin",
    ):
        run(["balda", "moves", str(path), "--lang", "ru"], capsys)


def test_a_ukrainian_grid_is_played_in_ukrainian_by_default(tmp_path, capsys):
    path = write_grid(tmp_path, "ҐАНОК")
    code, lines = run(["balda", "moves", str(path), "--json"], capsys)
    summary = json.loads(lines[-1])
    assert code == 0 and summary["count"] > 0
    from solvers.words import ukrainian_nouns

    words = ukrainian_nouns()
    assert all(m.split()[-1] in words for m in summary["moves"])
    # --lang ru refuses the Ґ with its cell.
    with pytest.raises(GamebotError, match=r"cell 2,0 .*CYRILLIC CAPITAL LETTER GHE WITH UPTURN"):
        run(["balda", "moves", str(path), "--lang", "ru"], capsys)


def test_lang_uk_plays_a_grid_of_shared_letters_in_ukrainian(tmp_path, capsys):
    path = write_grid(tmp_path, "БАЛКА")
    _, ru_lines = run(["balda", "moves", str(path), "--json"], capsys)
    _, uk_lines = run(["balda", "moves", str(path), "--lang", "uk", "--json"], capsys)
    ru_moves, uk_moves = (set(json.loads(x[-1])["moves"]) for x in (ru_lines, uk_lines))
    assert ru_moves and uk_moves and ru_moves != uk_moves


def test_a_dictionary_file_with_lang_must_be_in_that_alphabet(tmp_path, capsys):
    mixed = tmp_path / "words.txt"
    mixed.write_text("кіт\nкот\n", encoding="utf-8")
    path = write_grid(tmp_path, "ТОРСО")
    with pytest.raises(ValueError, match=r"words.txt:1: 'кіт' .*: 'І'"):
        run(["balda", "moves", str(path), "--dictionary", str(mixed), "--lang", "ru"], capsys)


def test_bench_takes_a_language(capsys):
    code, lines = run(
        [
            "bench",
            "balda",
            "--games",
            "0",
            "--positions",
            "3",
            "--depth-positions",
            "0",
            "--lang",
            "en",
            "--json",
        ],
        capsys,
    )
    summary = json.loads(lines[-1])
    assert code == 0 and summary["lang"] == "en" and summary["positions"] == 3
    assert "(English)" in lines[0]
