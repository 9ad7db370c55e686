"""``gamebot read balda`` and ``gamebot calibrate balda`` on labelled screenshots."""

from __future__ import annotations

import json

import pytest

from bot.cli.main import main
from solvers.balda import BaldaState
from vision.balda.fixtures import LABELLED


@pytest.fixture(autouse=True)
def private_sites(tmp_path, monkeypatch):
    """Learned banks go to a folder of the test's own, never the user's."""
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))


def last_json(capsys) -> dict:
    out = capsys.readouterr().out
    return json.loads(out.strip().splitlines()[-1])


def expected(name: str) -> list[str]:
    return (LABELLED / "expected" / (name + ".txt")).read_text("utf-8").split()


def test_read_prints_position_text_and_scores_the_page_shows(capsys):
    name = "vladhuk-uk-100-bot-thinking"
    assert main(["read", "balda", str(LABELLED / f"{name}.png"), "--json"]) == 0
    summary = last_json(capsys)
    assert {"state", "rows", "cols", "scores"} <= set(summary)
    assert (summary["rows"], summary["cols"]) == (5, 5)
    assert summary["scores"] == [5, 0]  # Ти 5, Бот 0 beside the grid
    state = BaldaState.from_text(summary["state"])
    assert state.scores == (5, 0)
    assert summary["grid"] == expected(name)
    assert summary["site"] == "vladhuk-balda-uk"


def test_read_finds_the_right_alphabet_for_an_english_page(capsys):
    name = "vladhuk-en-125-m13"
    assert main(["read", "balda", str(LABELLED / f"{name}.png"), "--json"]) == 0
    summary = last_json(capsys)
    assert summary["grid"] == expected(name)
    assert summary["lang"] == "en"
    assert summary["scores"] is None  # a two-player game: no "Ти"/"Бот" labels to read


def test_read_refuses_a_picture_without_a_grid_and_an_unknown_site(capsys):
    assert main(["read", "balda", str(LABELLED / "vladhuk-uk-150-menu.png")]) == 2
    err = capsys.readouterr().err
    assert "vladhuk-uk-150-menu.png" in err and "no 5×5..7×7 grid" in err
    shot = str(LABELLED / "vladhuk-uk-100-m10.png")
    assert main(["read", "balda", shot, "--site", "nowhere-balda"]) == 2
    assert "no glyph bank for site 'nowhere-balda'" in capsys.readouterr().err


def test_calibrate_learns_a_site_that_read_then_finds_by_name(capsys):
    learn = "vladhuk-en-100-end-closed"
    assert main(["calibrate", "balda", "--from", str(LABELLED / f"{learn}.png"),
                 "--labels", str(LABELLED / "expected"), "--site", "my-balda", "--lang", "en",
                 "--yes", "--json"]) == 0
    summary = last_json(capsys)
    assert summary["letters"] == "".join(sorted(set("".join(expected(learn)) ) - {"."}))
    assert summary["templates"] >= len(summary["letters"])
    name = "vladhuk-en-100-m6"  # letters all seen in the end position
    assert main(["read", "balda", str(LABELLED / f"{name}.png"), "--site", "my-balda",
                 "--lang", "en", "--no-ocr", "--json"]) == 0
    assert last_json(capsys)["grid"] == expected(name)


def test_a_bank_missing_a_letter_refuses_the_cell_with_no_ocr(tmp_path, capsys):
    learn = "vladhuk-en-100-m6"
    out = tmp_path / "bank"
    assert main(["calibrate", "balda", "--from", str(LABELLED / f"{learn}.png"),
                 "--labels", str(LABELLED / "expected"), "--out", str(out), "--lang", "en",
                 "--yes"]) == 0
    capsys.readouterr()
    other = "vladhuk-en-100-end-closed"  # has C, W, E, H, Y, ... the bank never saw
    assert main(["read", "balda", str(LABELLED / f"{other}.png"), "--site", str(out),
                 "--lang", "en", "--no-ocr"]) == 2
    err = capsys.readouterr().err
    assert "row 1 col 1" in err  # C at the top-left corner


def test_calibrate_without_labels_keeps_only_what_tesseract_is_sure_of(tmp_path, capsys):
    name = "vladhuk-uk-100-m19"
    shot = tmp_path / f"{name}.png"  # no .txt beside it: nothing tells the letters
    shot.write_bytes((LABELLED / f"{name}.png").read_bytes())
    assert main(["calibrate", "balda", "--from", str(shot), "--out", str(tmp_path / "bank"),
                 "--lang", "uk", "--yes", "--json"]) == 0
    summary = last_json(capsys)
    shown = set("".join(expected(name))) - {"."}
    assert summary["letters"] and set(summary["letters"]) <= shown
    assert summary["unnamed"]  # the rest is reported, not guessed
    # what was learned names cells of another picture rightly; the rest is refused
    from solvers.words.alphabet import alphabet_for
    from vision.balda.reader import cell_verdicts
    from vision.core.frame import Frame
    from vision.core.glyph_bank import GlyphBank
    from vision.core.letters import locate_letter_grid

    other = "vladhuk-uk-100-end-closed"
    frame = Frame.from_file(LABELLED / f"{other}.png")
    rows = expected(other)
    v = cell_verdicts(frame, locate_letter_grid(frame), GlyphBank.load(tmp_path / "bank"),
                      alphabet_for("uk"), ocr=False)
    named = [i for i in range(25) if i not in v.problems]
    assert len(named) > len(v.problems) > 0
    assert all((v.grid[i] or ".") == rows[i // 5][i % 5] for i in named)


def test_bench_vision_for_balda_reads_its_labelled_pictures(capsys, tmp_path):
    """``bench vision --game balda`` is the Balda vision package's own bench (the shared
    verb finds it by the game's name): every cell of two labelled pictures exact."""
    import shutil

    labels = json.loads((LABELLED / "labels.json").read_text("utf-8"))
    keep = {name: labels["fixtures"][name]
            for name in ("vladhuk-uk-100-m19.png", "gamebot-classic-100-m5.png")}
    folder = tmp_path / "labelled"
    (folder / "expected").mkdir(parents=True)
    for name in keep:
        shutil.copy(LABELLED / name, folder / name)
        text = name.removesuffix(".png") + ".txt"
        shutil.copy(LABELLED / "expected" / text, folder / "expected" / text)
    (folder / "labels.json").write_text(json.dumps({"fixtures": keep}), "utf-8")
    assert main(["bench", "vision", "--game", "balda", "--fixtures", str(folder),
                 "--repeat", "1", "--json"]) == 0
    summary = last_json(capsys)
    assert summary["pictures"] == summary["pictures_exact"] == 2
    assert summary["cells"] == summary["cells_exact"] == 50 and summary["misreads"] == 0
