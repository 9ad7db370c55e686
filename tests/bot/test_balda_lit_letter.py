"""Our letter in the page's picked look, on a real frame: the English vladhuk page refused our
WARD and shows its first letter, our new W, teal. A bank that reads that look as another letter
(CI: "our 'R' at (0, 3) shows as 'T'", five frames, a stop) must not stop the game: the page's
refusal cancels the word whatever the letter reads as, and a letter still lit is waited out."""

from __future__ import annotations

from pathlib import Path

from bot.games.balda.adapter import BaldaPlayer
from bot.games.balda.seen import Awaits, Cancel, Expect
from bot.run.game import Verdict
from bot.web.rejected_words import RejectedWords
from bot.web.site_data import glyph_bank_for
from bot.web.sites import load_profile
from solvers.balda.lexicon import Lexicon
from solvers.balda.moves import BaldaMove
from solvers.balda.state import BaldaState
from vision.core.frame import Frame
from vision.core.letters import grid_inks, locate_letter_grid
from vision.core.page_text import PageText

FRAME = Path(__file__).resolve().parents[2] / "recordings" / "balda" / "cases" \
    / "vladhuk-en-refused-ward.png"
EN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def test_a_refused_word_whose_lit_first_letter_reads_as_another_is_cancelled(tmp_path,
                                                                            monkeypatch):
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    site = load_profile("vladhuk-balda-en", None)
    bank = glyph_bank_for(site, EN)
    frame = Frame.from_file(FRAME)
    location = locate_letter_grid(frame, (5,))
    inks = grid_inks(frame, location)
    bank.learn(inks[7], "M", "light-marked")  # a wrong name for the teal W, as CI's T for R
    player = BaldaPlayer(site, Lexicon(["AWARD", "WARD", "WAR", "RAW"]), bank, EN,
                         think=0.05, rejected=RejectedWords(tmp_path / "rejected.txt"),
                         text=PageText("eng"), lang="eng")
    player.state = BaldaState.new("AWARD")
    ward = BaldaMove(cell=(1, 2), letter="W", path=((1, 2), (2, 2), (2, 3), (2, 4)),
                     word="WARD")
    pending = Expect(Awaits.MOVE, player.state.grid, ward, 1.0)
    player._pending = pending  # our WARD entered, as the loop leaves it
    seen = player.read(frame, location)
    assert seen.grid[7] == "M" and seen.marked[7]  # misread, in its lit look
    assert "rejected" in seen.kinds  # «Word not found»
    assert player.check(pending.grid, pending, seen)[0] is Verdict.OK
    player.follow(seen)
    (cancel,) = player.decide(seen)
    assert isinstance(cancel.move, Cancel) and cancel.move.word == "WARD"
    assert player.state.grid == BaldaState.new("AWARD").grid
    still_lit = type(seen)(seen.grid, seen.geometry, frozenset({"ours"}), seen.lines, seen.t,
                           seen.scores, marked=seen.marked)
    player._pending = pending
    verdict, why = player.check(pending.grid, pending, still_lit)
    assert verdict is Verdict.STALE and "highlighted" in why
