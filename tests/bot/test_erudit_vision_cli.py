"""``gamebot read erudit``, ``calibrate erudit``, ``erudit best --shot`` and
``bench vision --game erudit`` on labelled screenshots."""

from __future__ import annotations

import json
import shutil

import cv2
import numpy as np
import pytest

from bot.cli.main import main
from solvers.erudit.position import Position
from vision.erudit.fixtures import LABELLED, load_erudit_fixtures

FIXTURES = {f.name: f for f in load_erudit_fixtures() if f.error is None}
RU = FIXTURES["gamebot-erudit-classic-100-s5-t10"]  # held out: wildcard on L14
EN = FIXTURES["gamebot-scrabble-en-classic-100-s10-t08"]


@pytest.fixture(autouse=True)
def private_sites(tmp_path, monkeypatch):
    """Calibrated sites go to a folder of the test's own, never the user's."""
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))


def last_json(capsys) -> dict:
    out = capsys.readouterr().out
    return json.loads(out.strip().splitlines()[-1])


def test_read_prints_the_position_text_that_erudit_best_reads_back(capsys, tmp_path):
    assert main(["read", "erudit", str(RU.path), "--json"]) == 0
    summary = last_json(capsys)
    assert {"state", "board", "rack", "wildcards", "layout", "scores", "bag"} <= set(summary)
    assert summary["board"] == list(RU.board)
    assert summary["rack"] == RU.rack
    assert summary["wildcards"] == ["L14"]
    assert summary["scores"] == list(RU.scores) and summary["bag"] == RU.bag
    assert summary["site"] == "gamebot-erudit" and summary["rules"] == "erudit"
    state = summary["state"]
    position = Position.from_text(state)
    assert position.to_text() == state  # unchanged by the engine's parser
    assert position.board == RU.position.board and position.scores == RU.scores
    path = tmp_path / "position.txt"
    path.write_text(state, "utf-8")
    assert main(["erudit", "best", str(path), "--top", "3", "--json"]) == 0
    best = last_json(capsys)
    assert best["rules"] == "erudit" and len(best["moves"]) == 3


def test_read_without_json_prints_the_text_and_what_the_page_shows(capsys):
    assert main(["read", "erudit", str(EN.path), "--rules", "scrabble-en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("rules: scrabble-en\nto-move: 1\nplayer1: ")
    assert "premium layout: matches" in out
    assert "wildcards on the board: G11" in out
    assert f"scores: {EN.scores[0]} : {EN.scores[1]}" in out
    # the rack in the page's order (the labels keep it so), beside the sorted position text
    assert f"rack as the page shows it, left to right: {EN.rack} " in out
    assert sorted(EN.rack) != list(EN.rack)  # (a picture where the two differ)


def test_read_refuses_a_doctored_board_naming_the_square(capsys, tmp_path):
    image = cv2.imread(str(EN.path))
    from vision.core.frame import Frame
    from vision.erudit.reader import locate_erudit

    geometry = locate_erudit(Frame.from_pixels(image)).geometry
    src, dst = geometry.cell_rect(7, 7), geometry.cell_rect(1, 1)  # H8's tile onto B2
    image[dst.top : dst.top + src.height, dst.left : dst.left + src.width] = \
        image[src.top : src.bottom, src.left : src.right]
    bad = tmp_path / "apart.png"
    cv2.imwrite(str(bad), image)
    assert main(["read", "erudit", str(bad), "--no-text"]) == 2
    err = capsys.readouterr().err
    assert "apart.png" in err and "B2" in err and "not joined" in err


def test_read_refuses_a_picture_with_no_board(capsys, tmp_path):
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((600, 900, 3), 200, np.uint8))
    assert main(["read", "erudit", str(blank)]) == 2
    assert "no 15×15 board" in capsys.readouterr().err


def test_calibrate_learns_a_site_that_reads_its_shots_back(capsys, tmp_path):
    labels = tmp_path / "labels"
    labels.mkdir()
    shots = [EN, FIXTURES["gamebot-scrabble-en-classic-80-s4-t08"]]
    for fx in shots:
        shutil.copy(LABELLED / "expected" / f"{fx.name}.txt", labels / f"{fx.name}.txt")
    out = tmp_path / "site"
    argv = ["calibrate", "erudit", "--from", *[str(f.path) for f in shots], "--labels",
            str(labels), "--site", "try", "--out", str(out), "--yes", "--score-labels",
            "You,Computer", "--bag-phrase", "Tiles left", "--json"]
    assert main(argv) == 0
    summary = last_json(capsys)
    assert summary["shots"] == 2 and summary["exact"] == 2 and summary["problems"] == []
    assert summary["site"] == "try" and len(summary["themes"]) == 1
    assert "*" in summary["marks"] and "1" in summary["marks"]
    assert (out / "erudit-look.json").is_file() and (out / "glyphs" / "bank.json").is_file()
    assert main(["read", "erudit", str(EN.path), "--site", str(out), "--json"]) == 0
    read = last_json(capsys)
    assert read["board"] == list(EN.board) and read["rack"] == EN.rack
    assert read["scores"] == list(EN.scores)


def test_calibrate_refuses_a_label_that_contradicts_the_picture(capsys, tmp_path):
    labels = tmp_path / "labels"
    labels.mkdir()
    text = (LABELLED / "expected" / f"{EN.name}.txt").read_text("utf-8")
    lines = text.splitlines()
    lines[5] = "Z" + lines[5][1:]  # A1 is an empty triple-word square in the picture
    (labels / f"{EN.name}.txt").write_text("\n".join(lines) + "\n", "utf-8")
    argv = ["calibrate", "erudit", "--from", str(EN.path), "--labels", str(labels),
            "--out", str(tmp_path / "site"), "--yes"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "A1 a tile" in err and "one of the two labels is wrong" in err


def test_best_of_a_screenshot_and_its_picture(capsys, tmp_path):
    out = tmp_path / "best.png"
    argv = ["erudit", "best", "--shot", str(EN.path), "--top", "2", "--picture", str(out),
            "--json"]
    assert main(argv) == 0
    summary = last_json(capsys)
    assert summary["rules"] == "scrabble-en" and len(summary["moves"]) == 2
    drawn = cv2.imread(str(out))
    shot = cv2.imread(str(EN.path))
    assert drawn.shape == shot.shape
    from solvers.erudit.moves import move_from_text  # the best move's squares changed

    move = move_from_text(summary["moves"][0]["move"])
    from vision.core.frame import Frame
    from vision.erudit.reader import locate_erudit

    geometry = locate_erudit(Frame.from_pixels(shot)).geometry
    for square, _ch in move.new_tiles(EN.position.board):
        r = geometry.cell_rect(*divmod(square, 15))
        assert np.any(drawn[r.top : r.bottom, r.left : r.right]
                      != shot[r.top : r.bottom, r.left : r.right])
    far = geometry.cell_rect(14, 0)  # A15, untouched by any move near the centre
    assert np.array_equal(drawn[far.top : far.bottom, far.left : far.right],
                          shot[far.top : far.bottom, far.left : far.right])


def test_best_needs_a_position_or_a_shot_not_both(capsys, tmp_path):
    assert main(["erudit", "best"]) == 2
    assert "--shot" in capsys.readouterr().err
    path = tmp_path / "p.txt"
    path.write_text(EN.position.to_text(), "utf-8")
    assert main(["erudit", "best", str(path), "--shot", str(EN.path)]) == 2
    assert "not both" in capsys.readouterr().err
    assert main(["erudit", "best", str(path), "--picture", str(tmp_path / "x.png")]) == 2
    assert "--shot" in capsys.readouterr().err


def test_bench_vision_erudit_counts_squares_and_tiles(capsys, tmp_path):
    folder = tmp_path / "labelled"
    (folder / "expected").mkdir(parents=True)
    picked = [RU, EN]
    labels = json.loads((LABELLED / "labels.json").read_text("utf-8"))
    keep = {f"{fx.name}.png": labels["pictures"][f"{fx.name}.png"] for fx in picked}
    for fx in picked:
        shutil.copy(fx.path, folder / fx.path.name)
        shutil.copy(LABELLED / "expected" / f"{fx.name}.txt", folder / "expected")
    (folder / "labels.json").write_text(json.dumps({"pictures": keep}), "utf-8")
    assert main(["bench", "vision", "--game", "erudit", "--fixtures", str(folder),
                 "--repeat", "1", "--json"]) == 0
    summary = last_json(capsys)
    for key in ("pictures", "squares", "squares_exact", "rack_tiles", "rack_exact",
                "read_ms_median", "locate_ms_median"):
        assert key in summary
    assert summary["pictures"] == 2 and summary["squares"] == 450
    assert summary["squares_exact"] == 450
    assert summary["rack_tiles"] == len(RU.rack) + len(EN.rack) == summary["rack_exact"]
    assert summary["holdout_pictures"] == 1 and summary["holdout_exact"] == 1
    assert summary["scores_exact"] == summary["scores_shown"] == 2
    assert summary["read_ms_median"] > 0 and summary["locate_ms_median"] > 0


def test_calibrate_without_labels_learns_colours_and_what_tesseract_is_sure_of(capsys,
                                                                               tmp_path):
    """A shot with no label: square colours from the rules' layout (the same as the labelled
    site's), tiles named only where Tesseract is sure of letter and value and they agree; what
    the site then reads is right or refused, never wrong."""
    early = FIXTURES["gamebot-scrabble-en-classic-80-s4-t01"]
    shot = tmp_path / early.path.name  # no .txt beside it
    shutil.copy(early.path, shot)
    out = tmp_path / "site"
    argv = ["calibrate", "erudit", "--from", str(shot), "--rules", "scrabble-en", "--out",
            str(out), "--yes", "--json"]
    assert main(argv) == 0
    summary = last_json(capsys)
    assert summary["unlabelled"] == [shot.name]
    named = 22 - len(summary["unnamed"])  # 15 board tiles and 7 on the rack
    assert named >= 1
    shown = set("".join(early.board).replace(".", "")) | set(early.rack)
    assert summary["letters"] and set(summary["letters"]) <= shown  # named only what is there
    from vision.erudit.look import EruditSite

    learned = EruditSite.load(out).look.themes[0].colours
    shipped = EruditSite.load(early.site_folder).look.themes[0].colours
    for kind in ".dtDT":
        assert learned[kind] == [c for c in shipped[kind] if c in learned[kind]] != []
    code = main(["read", "erudit", str(early.path), "--site", str(out), "--no-ocr", "--json"])
    if code == 0:
        read = last_json(capsys)
        assert read["board"] == list(early.board) and read["rack"] == early.rack
    else:
        assert "unknown glyph" in capsys.readouterr().err


def test_best_of_a_shot_puts_the_laid_tiles_back_on_the_rack(capsys):
    """Our INGLE laid (FROZE+N) and not submitted: they are ours to play, not the board's."""
    shot = LABELLED / "gamebot-scrabble-en-classic-150-s51-t04-pending.png"
    assert main(["erudit", "best", "--shot", str(shot), "--top", "1", "--greedy",
                 "--json"]) == 0
    summary = last_json(capsys)
    assert summary["laid_not_submitted"] == ["I7", "I8", "I9", "I10", "I11"]
    (best,) = summary["moves"]  # a bingo through I7-I9, squares the laid tiles held
    assert best["move"] == "I3 GELLINg down" and best["score"] == 78


def test_calibrate_learns_a_star_layout_from_labelled_shots(capsys, tmp_path):
    """scrabble-wordgame draws its premiums as stars on white squares, a star's colour or the
    white the square's most common one by a few pixels: the labels' premium kinds were taken
    as colours ("square D1 is labelled an empty 'T' square and A1 an empty '.' square, but
    both show the colour #ffffff"). The layout is read off the board as for an unlabelled
    shot; the held-out shot reads exact with what the two taught."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "wordgame"
    shots = [folder / f"wordgame-wwf-100-g1-{t}.png" for t in ("t01", "t05")]
    out = tmp_path / "site"
    argv = ["calibrate", "erudit", "--from", *map(str, shots), "--labels",
            str(folder / "expected"), "--site", "wg", "--out", str(out), "--yes", "--json"]
    assert main(argv) == 0, capsys.readouterr().err
    summary = last_json(capsys)
    assert summary["shots"] == 2 and summary["exact"] == 2 and summary["problems"] == []
    held = folder / "wordgame-wwf-100-g1-t07.png"
    assert main(["read", "erudit", str(held), "--site", str(out), "--rules", "wwf", "--json"]) == 0
    read = last_json(capsys)
    want = Position.from_text((folder / "expected" / f"{held.stem}.txt").read_text("utf-8"))
    assert read["board"] == list(want.board.rows()) and read["rack"] == want.racks[0]
