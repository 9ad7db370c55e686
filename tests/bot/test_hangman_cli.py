"""The Hangman commands end to end on small word lists: tables, JSON lines, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.bench.hangman import mcnemar_p
from bot.cli.main import main

FIXTURES = Path(__file__).resolve().parents[2] / "recordings" / "hangman" / "xterm-dejavu-11"
FAMILIES = ("ailed", "agged", "ashes", "ucker", "aking")


@pytest.fixture
def words(tmp_path):
    from solvers.hangman.words import SYSTEM_WORDS, read_words

    chosen = [w for w in read_words(SYSTEM_WORDS, length=6) if w.endswith(FAMILIES)]
    chosen += read_words(SYSTEM_WORDS, length=7)[::40]
    path = tmp_path / "words"
    path.write_text("\n".join(chosen) + "\n")
    return path


def _json(out: str) -> dict:
    return json.loads(out.strip().splitlines()[-1])


def test_hardest_prints_a_table_hardest_first_with_whole_guess_sequences(words, capsys):
    argv = ["hangman", "hardest", "--dictionary", str(words), "--top", "3", "--misses", "7"]
    assert main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    assert "('" not in out and "')" not in out, "no raw Python tuples"
    assert "lost at miss 7" in out and "no miss limit" not in out
    summary = _json(out)
    hardest = summary["hardest"]
    assert summary["miss_limit"] == 7
    misses = [h["misses"] for h in hardest]
    assert misses == sorted(misses, reverse=True), "the hardest word comes first"
    for h in hardest:
        assert len(h["word"]) == 6 and len(h["sequence"]) == h["guesses"]
        assert sum(ch not in h["word"] for ch in h["sequence"]) == h["misses"]
        assert set(h["word"]) <= set(h["sequence"]), f"{h['word']}: every letter is guessed"
        assert h["won"] == (h["misses"] < 7)
        row = next(line for line in out.splitlines() if f" {h['word']} " in line)
        assert row.split()[0] == str(h["rank"]) and h["sequence"].replace("|", "") in row.replace(
            "|", ""
        )


def test_solve_says_a_lost_or_solved_game_is_over(capsys):
    assert main(["solve", "hangman", "______ wrong=abcdefgh"]) == 2
    err = capsys.readouterr().err
    assert "already lost" in err and "8 wrong letters" in err and "miss 7" in err
    assert main(["solve", "hangman", "jading"]) == 2
    assert "already solved" in capsys.readouterr().err


def test_bench_reports_every_word_and_compares_with_greedy(words, capsys):
    argv = ["bench", "hangman", "--strategy", "maxwin", "--dictionary", str(words), "--json"]
    assert main(argv) == 0
    summary = _json(capsys.readouterr().out)
    n = len(words.read_text().split())
    assert summary["words"] == n
    assert 0 <= summary["wins"] <= n
    assert summary["win_rate"] == pytest.approx(summary["wins"] / n)
    for key in ("mean_misses", "ms_per_decision_median", "ms_full_dictionary_decision_max"):
        assert summary[key] >= 0
    paired = summary["paired"]
    assert paired["baseline"] == "greedy"
    base = summary["baseline_summary"]
    assert summary["wins"] - base["wins"] == (
        paired["words_only_this_wins"] - paired["words_only_baseline_wins"]
    )


def test_solve_gives_a_legal_guess(words, capsys):
    argv = ["solve", "hangman", "-a--e- wrong=s", "--dictionary", str(words), "--json"]
    assert main(argv) == 0
    summary = _json(capsys.readouterr().out)
    letter = summary["move"].split()[1]
    assert letter not in "aes" and summary["candidates"] >= 2


def test_unfitting_state_is_one_clear_line(words, capsys):
    argv = ["solve", "hangman", "zz----", "--dictionary", str(words)]
    assert main(argv) == 2
    assert "no word of the dictionary fits" in capsys.readouterr().err


def test_read_hangman_reads_a_labelled_screenshot(capsys):
    argv = ["read", "hangman", str(FIXTURES / "frames" / "won.png")]
    argv += ["--calibration", str(FIXTURES / "calibration.png"), "--json"]
    assert main(argv) == 0
    want = (FIXTURES / "expected" / "won.txt").read_text().splitlines()[0]
    assert _json(capsys.readouterr().out)["view"] == want


@pytest.mark.parametrize(
    ("only_a", "only_b", "p"), [(0, 0, 1.0), (3, 3, 1.0), (0, 5, 0.0625), (5, 0, 0.0625)]
)
def test_mcnemar_exact_p(only_a, only_b, p):
    assert mcnemar_p(only_a, only_b) == pytest.approx(p)


def test_bench_can_weigh_words_by_a_prior(words, capsys):
    argv = ["bench", "hangman", "--strategy", "expected", "--prior", "wordfreq"]
    argv += ["--weigh-by", "wordfreq", "--dictionary", str(words), "--json"]
    assert main(argv) == 0
    summary = _json(capsys.readouterr().out)
    weighted = summary["weighted"]
    assert weighted["by"] == "wordfreq"
    for name in ("expected", "greedy"):
        assert 0.0 <= weighted[name]["win_rate"] <= 1.0
        assert 0.0 <= weighted[name]["mean_misses"] <= 7.0
    # The weighted greedy figures again, by hand: each word's misses from `hangman hardest`
    # (greedy plays each length on its own), weighed by wordfreq, a loss at the 7th miss.
    from solvers.hangman.priors import wordfreq_weights

    misses = {}
    for length in (6, 7):
        argv = ["hangman", "hardest", "--strategy", "greedy", "--prior", "wordfreq"]
        argv += ["--length", str(length), "--top", "1000", "--dictionary", str(words), "--json"]
        assert main(argv) == 0
        misses.update({h["word"]: h["misses"] for h in _json(capsys.readouterr().out)["hardest"]})
    assert sorted(misses) == sorted(words.read_text().split())
    names = sorted(misses)
    weight = dict(zip(names, wordfreq_weights(names).tolist(), strict=True))
    total = sum(weight.values())
    rate = sum(weight[w] for w in names if misses[w] < 7) / total
    played = sum(weight[w] * min(misses[w], 7) for w in names) / total
    assert weighted["greedy"]["win_rate"] == pytest.approx(rate)
    assert weighted["greedy"]["mean_misses"] == pytest.approx(played)
    assert summary["baseline_summary"]["wins"] == sum(m < 7 for m in misses.values())


def test_equal_weights_give_the_plain_figures():
    from bot.bench.hangman import run_bench
    from solvers.hangman.lexicon import Lexicon
    from solvers.hangman.strategies import make_solver

    words = ["bagged", "bailed", "bashes", "wagged", "wailed", "washes", "walnuts"]
    run = run_bench(make_solver("greedy", Lexicon(words), 2))
    rate, misses = run.weighted(dict.fromkeys(words, 3.0))
    assert rate == pytest.approx(run.wins / run.words)
    assert misses == pytest.approx(run.mean_misses)
