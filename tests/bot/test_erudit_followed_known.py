"""A tile followed once keeps its letter in a later look (issue 23, scrabble-wordgame run c8:
an X on I1, read when the computer played it, no longer read in a later frame while our move
was laid; five unreadable frames stopped the game). The adapter tells the reader every
square of the board as followed, as it tells it the tiles it laid itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import vision.erudit.reader as reader
from bot.games.erudit.adapter import EruditPlayer
from bot.games.erudit.cold_site import ColdSite
from bot.web.sites import parse_profile
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.position import Position
from solvers.erudit.rules import load_rules
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.erudit.look import EruditSite
from vision.erudit.reader import locate_erudit, read_erudit

ROOT = Path(__file__).resolve().parent.parent.parent
COLD = ROOT / "recordings" / "erudit" / "cold"
PROFILE = parse_profile(json.loads((ROOT / "tests/e2e/wordgame.json").read_text("utf-8")),
                        "wordgame.json")


def test_a_followed_tile_no_look_names_keeps_its_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_rules("wwf")
    cold = ColdSite(EruditSite.empty("wordgame", rules.alphabet), Path("/nonexistent"), [rules])
    cold.site.save = lambda folder: None  # type: ignore[method-assign]  # (nothing written)
    first = Frame.from_file(COLD / "wordgame-wwf-100-t00.png")
    cold.learn(first, locate_erudit(first))  # a bank of the first rack's letters only
    # Tesseract and the rendered shapes name nothing: only what the reader is told is known
    monkeypatch.setattr(reader, "letter_by_rules", lambda *a, **k: None)
    monkeypatch.setattr(reader, "wildcard_letter", lambda *a, **k: None)
    monkeypatch.setattr(reader, "letter_by_two", lambda *a, **k: None)

    def read(frame, location, check=True, known=None, partial=False, empty_rack=False,
             relearn=False, unknown_rack=False):
        return read_erudit(frame, location, cold.site, rules, check=check, known=known,
                           partial=partial, empty_rack=empty_rack, unknown_rack=unknown_rack,
                           new_letters_only=not relearn)

    player = EruditPlayer(PROFILE, rules, WordGraph(["JIAO"]), read=read, locate=locate_erudit)
    frame = Frame.from_file(COLD / "wordgame-wwf-100-t03-rack-x.png")
    label = Position.from_text((COLD / "wordgame-wwf-100-t03-rack-x.txt").read_text("utf-8"))
    rows = label.board.rows()
    followed = tuple("".join(rows))
    assert sum(ch.isalpha() for ch in followed) == 32 and "s" in followed  # a wildcard too
    location = locate_erudit(frame)
    with pytest.raises(ReadError):
        read(frame, location, known={})  # unknown to the bank: the frame alone does not read
    player.board = followed
    seen = player.read(frame, location)
    assert seen.board == followed  # every tile, the wildcard's letter in lower case
    assert set(seen.rack) == {"?"} | set(seen.rack) & set(cold.site.glyphs.chars)
