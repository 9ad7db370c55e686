"""Our page's variants read right with the built-in look: a Words-With-Friends grid under
Scrabble rules (the board's layout is taken for scoring), the computer's tiles bordered
(a border is a look, not a letter), recordings/erudit/variants/."""

from __future__ import annotations

from pathlib import Path

from bot.games.erudit.board_layout import board_layout
from solvers.erudit.position import Position
from solvers.erudit.rules import load_rules
from vision.core.frame import Frame
from vision.erudit.look import EruditSite
from vision.erudit.reader import locate_erudit, read_erudit

ROOT = Path(__file__).resolve().parents[2]
SHOT = ROOT / "recordings/erudit/variants/gamebot-scrabble-en-classic-wwf-bordered-end"


def test_bordered_tiles_on_another_layout_read_exactly_and_the_layout_is_the_boards():
    label = Position.from_text(SHOT.with_suffix(".txt").read_text("utf-8"))
    frame = Frame.from_file(SHOT.with_suffix(".png"))
    site = EruditSite.load(ROOT / "calibration/sites/gamebot-erudit")
    rules = load_rules("scrabble-en")
    # the wildcard's letter is the one the bot chose: the loop tells the reader (``known``)
    reading = read_erudit(frame, locate_erudit(frame), site, rules, known={7 * 15 + 7: "c"})
    assert reading.board == tuple(label.board.rows())
    assert reading.rack == "Z"
    assert not reading.premiums_match and reading.layout == "wwf"
    taken = "".join((board_layout(reading.premiums, rules.premium_text) or "").split())
    wwf, scrabble = ("".join(load_rules(n).premium_text.split()) for n in ("wwf", "scrabble-en"))
    under = {i for i, ch in enumerate("".join(label.board.rows())) if ch != "."}
    assert len(taken) == 225 and under  # squares under tiles: the rules' (never seen)
    assert all(taken[i] == (scrabble[i] if i in under else wwf[i]) for i in range(225))
