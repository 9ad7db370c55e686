"""A page that never says whose turn it is (scrabble-wordgame): after our move is taken the
turn is the opponent's until its tiles show or the page says something new. The page's log of
our own move («You: CAR, AH, CAY (34 pts)», written while its computer still thinks) is not
that: the bot took its turn, laid a tile, and stopped when the reply's tiles came in ("4 new
tiles after laying one", runs c13 and c14)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import numpy as np

from bot.games.erudit.adapter import EruditPlayer, Submit
from bot.games.erudit.reading import names_any
from bot.games.erudit.track import words_through
from bot.run.game import Turn, Verdict
from bot.web.sites import parse_profile
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.rules import load_rules
from tests.bot.test_erudit_adapter import (
    EMPTY_BOARD,
    GEOMETRY,
    followed,
    lay,
    rack_regions,
    seen,
)
from vision.core.frame import Frame
from vision.core.geometry import Region

SITE = parse_profile({
    "name": "t-quiet", "game": "erudit", "language": "ru", "title": "T",
    "styles": {"drag": [{"do": "drag-tile"}]},
    "submit": [{"do": "click-at", "cell": [15.2, 14.2]}],
    "cancel": [{"do": "click-at", "cell": [15.2, 9.8]}],
    "pass": [{"do": "click-at", "cell": [15.2, 12.0]}],
    "texts": {"rejected": ["нет в словаре"], "won": ["Вы победили"]},
}, "test")
RULES = load_rules("erudit")
GRAPH = WordGraph(["КОТ", "ТОК", "КОТА", "КИТ", "ТИК", "КОК", "ОКО"])


class Said:
    """The page's text lines, as the test sets them: beside the board, or over the rack."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.rack = ""  # what OCR makes of our rack's tiles

    def lines(self, frame: Frame, exclude: object = ()) -> list[SimpleNamespace]:
        out = [SimpleNamespace(text=t, region=Region(900, 100 + 20 * i, 200, 16))
               for i, t in enumerate(self.texts)]
        if self.rack:
            out.append(SimpleNamespace(text=self.rack, region=Region(110, 608, 200, 20)))
        return out


def frame(t: float) -> Frame:
    return replace(Frame.from_pixels(np.zeros((50, 50, 3), dtype=np.uint8)), timestamp=t)


def test_the_pages_log_of_our_own_move_is_not_the_opponents_reply() -> None:
    said = Said()
    player = EruditPlayer(SITE, RULES, GRAPH, read=None, locate=None, top=4, text=said)
    first = seen(EMPTY_BOARD, "КОТАИЖШ", "ours", t=1.0)
    player.turn(followed(player, first))
    (step,) = player.decide(followed(player, first))
    board, rack = EMPTY_BOARD, "КОТАИЖШ"
    while not isinstance(step.move, Submit):
        pending = player.pending([step], first)
        board = lay(board, [(step.move.square, step.move.char)])
        rack = rack.replace(step.move.char.upper(), "", 1)
        now = seen(board, rack, "ours")
        assert player.check(pending.board, pending, now)[0] is Verdict.OK
        (step,) = player.decide(followed(player, now))
    word = step.move.move.word
    pending = player.pending([step], now)
    taken = seen(board, "ЖШАБВГД", "ours", t=4.0)  # the rack refilled: taken
    assert player.check(pending.board, pending, taken)[0] is Verdict.OK
    assert player.turn(followed(player, taken)) is Turn.THEIRS  # its text read before
    assert player.board == board and player._reply_due == 4.0

    def read(frame, location, **kwargs):
        return SimpleNamespace(board=board, rack="ЖШАБВГД", rack_tiles=rack_regions(7),
                               geometry=GEOMETRY, bag=None)

    player._read = read
    said.texts, said.rack = [f"You: {word} (5 pts)"], "Hes [ur [lo] ey"  # the rack refilled
    assert "ours" not in player.read(frame(6.0), None).kinds  # the page's computer thinks
    said.rack = "Wes [ur [la] ey"
    assert "ours" not in player.read(frame(7.0), None).kinds
    said.texts.append("AI: ТОК (6 pts)")  # the reply is in
    assert "ours" in player.read(frame(8.0), None).kinds


def test_a_page_that_stays_quiet_is_the_opponents_for_half_the_time_it_may_think() -> None:
    """No reply and nothing said: a pass, after half the profile's opponent-timeout (30 s at
    least). wordgame's computer thought 30-57 s on a loaded machine; taken for a pass at 30 s,
    its move came in over ours (run i23-wg2 c4)."""
    slow = replace(SITE, opponent_timeout=180.0)
    player = EruditPlayer(slow, RULES, GRAPH, read=None, locate=None, top=4, text=Said())
    player._wait_reply(seen(EMPTY_BOARD, "КОТАИЖШ", "ours", t=10.0), frozenset({"КОТ"}))
    assert "ours" not in player._page(frame(10.0 + 45), ())[1]
    assert "ours" in player._page(frame(10.0 + 95), ())[1]
    quick = EruditPlayer(SITE, RULES, GRAPH, read=None, locate=None, top=4, text=Said())
    quick._wait_reply(seen(EMPTY_BOARD, "КОТАИЖШ", "ours", t=10.0), frozenset({"КОТ"}))
    assert "ours" not in quick._page(frame(10.0 + 25), ())[1]
    assert "ours" in quick._page(frame(10.0 + 35), ())[1]  # the default 60 s: 30 s quiet


def test_a_move_names_every_word_it_formed_and_ocr_may_get_a_letter_wrong() -> None:
    cells = list("." * 225)
    for square, ch in [(112, "К"), (113, "О"), (114, "Т"), (98, "Т"), (128, "К")]:
        cells[square] = ch  # КОТ across H8, ТОК down through its О
    assert words_through(cells, [98, 128]) == {"ТОК"}
    assert words_through(cells, [112, 114]) == {"КОТ"}
    assert words_through(cells, [113]) == {"КОТ", "ТОК"}
    assert names_any("You: CAR, AH, CAY (34 pts)", frozenset({"CAY", "AH", "CAR"}))
    assert names_any("You: CAV (34 pts)", frozenset({"CAY"}))  # a letter misread
    assert not names_any("AI: NAIF, AIF (21 pts)", frozenset({"CAY", "AH", "CAR"}))
    assert not names_any("AI: AH (5 pts)", frozenset({"OH"}))  # two letters: exact only


def test_our_pass_is_taken_when_the_opponents_tiles_show() -> None:
    """A page that never says whose turn, whose computer replies to our pass before the bot
    sees a frame not ours: its tiles say the pass was taken (run i23-wg2 c8: the bot waited
    180 s for "the page has not taken the turn yet" and stopped)."""
    player = EruditPlayer(SITE, RULES, GRAPH, read=None, locate=None, top=4, text=Said())
    first = seen(EMPTY_BOARD, "ЖШЩЫЭЮЪ", "ours", t=1.0)  # no word: a pass
    player.turn(followed(player, first))
    (step,) = player.decide(followed(player, first))
    assert step.move.to_text() == "pass"
    player.gestures([step], first)
    pending = player.pending([step], first)
    reply = lay(EMPTY_BOARD, [(112, "К"), (113, "О"), (114, "Т")])
    now = seen(reply, "ЖШЩЫЭЮЪ", "ours", t=3.0)
    assert player.check(pending.board, pending, now)[0] is Verdict.OK
    followed(player, now)
    assert player.board == reply
    assert [who for who, _ in player.log.moves] == [0, 1] and player.log.moves[0][1] == "pass"
