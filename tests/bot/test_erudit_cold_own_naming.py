"""The opponent's wildcard named by the game while a rack tile is unknown too: the naming's
partial read leaves the rack tile ``?`` (a rack names no board tile), and so does the read
after it. Before, the rack's unknown tile made the partial read fail ("the board does not read
even in part"): nothing was named, the bot waited 60 s and stopped (our own Erudit page from
a cold start: ВЕЩУН with a wildcard В, see tests/vision/test_erudit_cold_own_page.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

from bot.games.erudit.adapter import EruditPlayer
from solvers.erudit.dictionary import WordGraph
from tests.bot.test_erudit_adapter import RULES, SITE
from vision.core.frame import Frame
from vision.erudit.look import EruditSite
from vision.erudit.reader import locate_erudit, read_erudit

CASES = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "cases"
SHOT = CASES / "own-cold-blank-in-last-move.png"
BEFORE = CASES / "own-cold-blank-in-last-move.before.txt"  # the board followed before ВЕЩУН


def test_the_opponents_wildcard_is_named_though_a_rack_tile_is_unknown(tmp_path):
    shutil.copytree(CASES / "own-cold-site", tmp_path / "site")
    site = EruditSite.load(tmp_path / "site")  # (reading learns into it)
    assert "Ф" not in site.glyphs.chars  # the rack's Ф was never seen, and no Tesseract here

    def read(frame, location, check=True, known=None, partial=False, empty_rack=False,
             relearn=False, unknown_rack=False):
        return read_erudit(frame, location, site, RULES, ocr=False, check=check, known=known,
                           partial=partial, empty_rack=empty_rack,
                           new_letters_only=not relearn, unknown_rack=unknown_rack)

    player = EruditPlayer(SITE, RULES, WordGraph(["ВЕЩУН", "ВЕЩ"]), read=read, locate=None,
                          top=4)
    player.board = tuple(BEFORE.read_text("utf-8").replace("\n", ""))
    frame = Frame.from_file(SHOT)
    reading = player._read_board(frame, locate_erudit(frame), check=False, empty=False)
    assert reading.board[11] == ".вЕЩУН...К.О..."
    assert reading.rack[3] == "?"  # the Ф nothing names: left out of the moves
