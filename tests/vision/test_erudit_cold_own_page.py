"""Our own Erudit page from a cold start (a drafted profile with no shipped look): the
computer played ВЕЩУН with a wildcard В (red italics) on its highlighted tiles, our rack held
the ★ wildcard, and the cold look had seen neither, nor Щ, whose tail touches its 10. The
bot waited 60 s on "B12: unknown glyph" and stopped. The look learned cold keeps a value zone
for the rack only: the board's tiles are cut with it (Щ10 read worth 1 before), and a rack
tile showing a mark and no number is the wildcard."""

from __future__ import annotations

import shutil
from pathlib import Path

from solvers.erudit.rules import load_rules
from vision.core.frame import Frame
from vision.erudit.look import EruditSite
from vision.erudit.reader import locate_erudit, read_erudit

CASES = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "cases"
SHOT = CASES / "own-cold-blank-in-last-move.png"
SITE = CASES / "own-cold-site"  # the look the cold session had learned by then
RULES = load_rules("erudit")


def site_copy(tmp_path: Path) -> EruditSite:
    """The cold look, loaded from a copy (reading learns into it)."""
    shutil.copytree(SITE, tmp_path / "site")
    return EruditSite.load(tmp_path / "site")


def test_the_cold_look_knows_the_racks_value_zone_only():
    zones = EruditSite.load(SITE).look.themes[0].zones
    assert "rack" in zones and "board" not in zones


def test_a_number_joined_to_a_letters_tail_on_the_board_is_cut_by_the_racks_zone(tmp_path):
    frame = Frame.from_file(SHOT)
    reading = read_erudit(frame, locate_erudit(frame), site_copy(tmp_path), RULES, check=False,
                          partial=True, empty_rack=True, unknown_rack=True)
    values = dict(reading.values)
    assert values["D12"] == 10  # Щ's tail runs into the 1 of its 10 (read as 1 before)
    assert (values["C12"], values["E12"], values["B12"]) == (1, 3, None)


def test_a_rack_tile_with_a_mark_and_no_number_is_the_wildcard_and_its_mark_is_learned(tmp_path):
    frame = Frame.from_file(SHOT)
    site = site_copy(tmp_path)
    location = locate_erudit(frame)
    assert "*" not in site.marks.labels
    reading = read_erudit(frame, location, site, RULES, check=False, known={166: "в"})
    assert reading.rack == "П*ДФЪРЕ"
    assert reading.board[11] == ".вЕЩУН...К.О..."  # the wildcard В named by the caller
    assert "*" in site.marks.labels  # the next frame knows the ★ without asking Tesseract
