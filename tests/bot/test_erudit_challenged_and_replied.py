"""Xanado's computer challenged our JEW off the board and at once laid ZAP on its squares
(run 9 of the cold Xanado campaign): the board no longer read as followed (A3 held the J we
had laid; its tile now shows a Z worth 10, never seen by the cold look) and the page's
«successfully challenged your play» was read only on a frame whose board reads: 90 s, stop.
A frame whose board does not read is checked for the challenge: our move comes off the board
as followed, and the computer's reply reads against the board before it."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from bot.games.erudit.adapter import EruditPlayer
from bot.games.erudit.player import settled_squares
from bot.games.erudit.reading import EruditSeen
from bot.web.sites import load_profile
from solvers.erudit.board import EMPTY
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.rules import load_rules
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry
from vision.core.ocr import tesseract_lang
from vision.core.page_text import PageText
from vision.erudit.look import EruditSite
from vision.erudit.reader import locate_erudit, read_erudit

CASES = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "cases"
SHOT = CASES / "xanado-challenged-and-replied.png"
FOLLOWED = CASES / "xanado-challenged-and-replied.followed.txt"  # JEW on A3, as followed
JEW = [(30, "J"), (31, "E"), (32, "W")]
RULES = load_rules("scrabble-en")


def player_after_our_jew(tmp_path: Path) -> EruditPlayer:
    shutil.copytree(CASES / "xanado-challenged-site", tmp_path / "site")
    site = EruditSite.load(tmp_path / "site")
    profile = load_profile(str(CASES / "xanado-challenged-site.json"), "click")

    def read(frame, location, check=True, known=None, partial=False, empty_rack=False,
             relearn=False, unknown_rack=False):  # as play reads (bot/games/erudit/player.py)
        return read_erudit(frame, location, site, RULES, check=check, known=known,
                           partial=partial, empty_rack=empty_rack,
                           new_letters_only=not relearn, unknown_rack=unknown_rack,
                           settled=settled_squares(player.board))

    words = WordGraph(["ZAP", "AL", "PE", "JEW", "EL", "WE", "LEUCO"])
    player = EruditPlayer(profile, RULES, words, read=read, locate=locate_erudit,
                          text=PageText(tesseract_lang("en")), top=4)
    followed = tuple(FOLLOWED.read_text("utf-8").replace("\n", ""))
    before = tuple(EMPTY if i in dict(JEW) else ch for i, ch in enumerate(followed))
    player.board = followed
    player.scores = (153 + 38, 92)
    player._last_move = (before, list(JEW), 38, "A3 JEW across")
    edges = tuple(range(16))
    player._last_seen = EruditSeen(followed, "SUEE", (), GridGeometry(edges, edges),
                                   frozenset({"ours"}))
    return player


@pytest.mark.xfail(strict=True, reason="open: the challenge is found and our move undone, but"
                   " the cold bank names the computer's Z a J (accepted) and P a W, so the tiles"
                   " the game then names (Z, P) lose to the bank's letters")
def test_a_move_challenged_off_and_replied_on_its_squares_reads(tmp_path):
    player = player_after_our_jew(tmp_path)
    frame = Frame.from_file(SHOT)
    seen = player.read(frame, locate_erudit(frame))
    assert "".join(seen.board[30:33]) == "ZAP"  # the computer's reply, read
    assert "challenged" in seen.kinds
    assert all(player.board[sq] == EMPTY for sq, _ in JEW)  # ours off the board as followed
    assert player.scores == (153, 92) and "A3 JEW across" in player._refused


def test_without_the_pages_word_a_board_that_does_not_read_is_refused(tmp_path):
    player = player_after_our_jew(tmp_path)
    player.site = replace(player.site, challenged=())  # a profile that lacks the phrase
    frame = Frame.from_file(SHOT)
    with pytest.raises(ReadError):
        player.read(frame, locate_erudit(frame))
    assert player.board[30] == "J"  # nothing undone on a guess
