"""Labelled screenshots of programs gamebot has no built-in skin for (kmines at Hard and at Easy,
ace-minesweeper, the Minesweeper Classic page): a mid-game, a lost and a won board of each,
taken from the bot's own cold-start sessions, every number checked against that game's mines.

Each is read exactly by the skin the bot learned there from nothing (kept beside them); boards
with a message drawn over them are refused whole; and with no skin at all the board finder
finds every labelled board at its real size.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.minesweeper.looks import board_grid
from vision.minesweeper.reader import locate_minesweeper, read_minesweeper

UNSEEN = Path(__file__).resolve().parent.parent.parent / "recordings" / "minesweeper" / "unseen"
LABELS = json.loads((UNSEEN / "labels.json").read_text("utf-8"))["fixtures"]
PROGRAMS = sorted({meta["program"] for meta in LABELS.values()})


def expected(name: str) -> str:
    return (UNSEEN / "expected" / (Path(name).stem + ".txt")).read_text("utf-8").strip()


def test_every_program_has_a_midgame_a_lost_and_a_won_board():
    assert len(PROGRAMS) >= 3
    for program in PROGRAMS:
        kinds = {meta["outcome"] for meta in LABELS.values() if meta["program"] == program}
        names = [n for n, meta in LABELS.items() if meta["program"] == program]
        assert {"won", "lost"} <= kinds, program
        assert any("midgame" in n for n in names), program


@pytest.mark.parametrize("name", sorted(LABELS))
def test_the_skin_learned_from_nothing_reads_every_cell(name):
    meta = LABELS[name]
    skin = str(UNSEEN / "skins" / meta["program"])
    frame = Frame.from_file(UNSEEN / name)
    reading = read_minesweeper(frame, skin, locate_minesweeper(frame, skin))
    assert reading.board.to_text() == expected(name)


REFUSED = json.loads((UNSEEN / "labels.json").read_text("utf-8"))["refused"]


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_message_over_the_board_is_refused_never_read_as_the_part_beside_it(name):
    """The board is found whole (its size is the program's, as on its other pictures) and the
    cells under the message are refused: a part must never pass for the whole board."""
    program = name.rsplit("-message", 1)[0]
    skin = str(UNSEEN / "skins" / program)
    size = {(len(t.split()), len(t.split()[0])) for n, meta in LABELS.items()
            if meta["program"] == program for t in [expected(n)]}
    frame = Frame.from_file(UNSEEN / "refused" / name)
    location = locate_minesweeper(frame, skin)
    assert {(location.geometry.rows, location.geometry.cols)} == size
    with pytest.raises(ReadError, match="match no"):
        read_minesweeper(frame, skin, location)


def _every_labelled_picture() -> list[tuple[Path, str]]:
    out = [(UNSEEN / name, expected(name)) for name in LABELS]
    labelled = UNSEEN.parent / "labelled"
    for name, meta in json.loads((labelled / "labels.json").read_text("utf-8"))[
            "fixtures"].items():
        if not meta.get("error"):
            out.append((labelled / name,
                        (labelled / "expected" / (Path(name).stem + ".txt")).read_text("utf-8")))
    return out


@pytest.mark.parametrize("path,text", _every_labelled_picture(),
                         ids=lambda v: getattr(v, "name", ""))
def test_with_no_skin_the_lattice_of_alike_cells_is_the_whole_board(path, text):
    """The cold start's board finder, on every labelled picture: mostly open boards, won boards
    the program flagged whole (no covered cell left), a window margin that looks like empty
    cells (ace-minesweeper's green) are all found at their real size, never a part or more."""
    rows = text.split()
    grid, _skin = board_grid(Frame.from_file(path))
    assert (grid.rows, grid.cols) == (len(rows), len(rows[0]))


def test_cells_drawn_large_in_a_large_window_are_found_with_no_skin():
    """gnome-mines grows its tiles with its window (83 px cells in a 910x756 window)."""
    grid, _skin = board_grid(Frame.from_file(UNSEEN / "extra" / "gnome-mines-8x8-83px.png"))
    assert (grid.rows, grid.cols) == (8, 8) and round(grid.pitch_x) == 83
