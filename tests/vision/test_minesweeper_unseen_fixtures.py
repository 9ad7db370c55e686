"""Labelled screenshots of programs gamebot has no built-in skin for (kmines, ace-minesweeper,
the Minesweeper Classic page): a mid-game, a lost and a won board of each, taken from the bot's
own cold-start sessions, every number checked against that game's mines.

Each is read exactly by the skin the bot learned there from nothing (kept beside them).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vision.frame import Frame
from vision.minesweeper import locate_minesweeper, read_minesweeper

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
