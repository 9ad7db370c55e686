"""A game on a page that never says it is over ends by the rules (issue 23 item 5): a rack
runs out with the bag empty (ours, or theirs as the tile count leaves it), two scoreless turns
in a row with the bag empty, six in a row; never on a count that does not hold."""

from __future__ import annotations

import pytest

from bot.games.erudit.adapter import EruditPlayer, EruditSeen, PassTurn, PlaceTile, Submit
from bot.games.erudit.ending import RulesEnd
from bot.run.game import Turn, Verdict
from bot.web.steps import Line
from tests.bot.test_erudit_adapter import (
    EMPTY_BOARD,
    GEOMETRY,
    GRAPH,
    RULES,
    SITE,
    followed,
    lay,
    rack_regions,
)
from vision.core.geometry import Region

KOT = lay(EMPTY_BOARD, [(112, "К"), (113, "О"), (114, "Т")])  # КОТ across H8


def seen(board, rack, *kinds, bag=None, scores=None):
    lines = (Line("Сделать ход", Region(900, 80, 120, 20)),
             Line("Пропустить ход", Region(900, 120, 120, 20)))
    return EruditSeen(tuple(board), rack, rack_regions(len(rack)), GEOMETRY, frozenset(kinds),
                      lines, scores, bag, {}, 0.0)


# ----- the count and the turns alone -----------------------------------------------------------
def test_the_opponents_rack_is_what_the_tile_count_leaves():
    end = RulesEnd(7, 40)
    end.seen(on_board=10, rack=7, bag=16)  # 40 - 10 - 7 - 16 = 7: a full rack, as it must be
    assert end.count_holds and end.theirs == 7 and end.reason(7) is None
    end.seen(on_board=30, rack=7, bag=0)
    assert end.theirs == 3 and end.reason(7) is None
    end.seen(on_board=33, rack=7, bag=None)  # the bag not read on this frame: still 0
    assert end.theirs == 0 and end.reason(7) == "out"


def test_our_rack_empty_with_the_bag_empty_is_out_and_not_before():
    end = RulesEnd(7, None)  # (the set unknown: our own rack still counts)
    assert end.reason(0) is None  # the bag never shown
    end.seen(20, 0, 3)
    assert end.reason(0) is None  # a rack emptied while the bag holds tiles is refilled
    end.seen(20, 0, 0)
    assert end.reason(0) == "out" and end.reason(2) is None


def test_a_count_that_does_not_hold_never_ends_the_game():
    end = RulesEnd(7, 100)  # a set of 100 assumed where the site plays with another
    end.seen(on_board=10, rack=7, bag=70)  # 13 left for their rack: not this set
    assert not end.count_holds
    end.seen(on_board=93, rack=7, bag=0)  # would leave 0 for their rack
    assert end.theirs is None and end.reason(7) is None


def test_scoreless_turns_in_a_row_end_the_game_as_the_rules_say():
    end = RulesEnd(7, None)
    end.seen(20, 7, 12)
    for _ in range(5):
        end.turn(scored=False)
    assert end.reason(7) is None  # five with the bag full: not yet
    end.turn(scored=True)
    for _ in range(5):
        end.turn(scored=False)
    assert end.reason(7) is None  # a move that scored starts the count again
    end.turn(scored=False)
    assert end.reason(7) == "scoreless"
    short = RulesEnd(7, None)
    short.seen(90, 5, 0)
    short.turn(scored=False)
    assert short.reason(5) is None
    short.turn(scored=False)
    assert short.reason(5) == "passes"


# ----- the player on a page that says nothing ------------------------------------------------
def player(tiles=None):
    return EruditPlayer(SITE, RULES, GRAPH, read=None, locate=None, top=4, tiles=tiles)


def test_our_last_tile_laid_with_the_bag_empty_ends_the_game():
    p = player()
    first = followed(p, seen(KOT, "А", "ours", bag=0, scores=(10, 8)))
    assert p.outcome(first) is None
    (step,) = p.decide(first)
    assert isinstance(step.move, PlaceTile) and step.move.char == "А"
    board = lay(KOT, [(step.move.square, "А")])
    laid = followed(p, seen(board, "", "ours", bag=0, scores=(10, 8)))
    assert p.outcome(laid) is None  # laid, not submitted: the rack is empty, the move not made
    (step,) = p.decide(laid)
    assert isinstance(step.move, Submit)
    pending = p.pending([step], laid)
    # the page takes it and says nothing of an end: its turn line names the computer
    taken = seen(board, "", "theirs", bag=0, scores=(16, 8))
    assert p.check(pending.board, pending, taken)[0] is Verdict.OK
    followed(p, taken)
    assert p.outcome(taken) == "won"
    details = p.game_details(taken)
    assert details["scores"] == [16, 8]
    assert details["ended_by"] == "the rules: a rack ran out with the bag empty"
    p.reset()
    assert p.outcome(seen(KOT, "", "theirs", bag=0)) is None  # a new game starts afresh


def test_the_opponent_laying_its_last_tiles_ends_the_game():
    # 3 tiles on the board, our 7, the bag empty: the 14-tile game leaves them 4
    p = player(tiles=14)
    start = followed(p, seen(KOT, "АИЖШЩЫЭ", "theirs", bag=0, scores=(5, 9)))
    assert p.outcome(start) is None and p.ending.theirs == 4
    two = lay(KOT, [(98, "Т"), (128, "К")])  # ТОК down: two of their four
    after = followed(p, seen(two, "АИЖШЩЫЭ", "ours", bag=0, scores=(5, 14)))
    assert p.outcome(after) is None and p.ending.theirs == 2
    p.turn(after)
    both = lay(two, [(99, "И"), (100, "К")])  # (not a word we know: the site's) ТИК across
    gone = followed(p, seen(both, "АИЖШЩЫЭ", "ours", bag=0, scores=(5, 20)))
    assert p.ending.theirs == 0
    assert p.outcome(gone) == "lost" and p.turn(gone) is Turn.OURS
    assert p.game_details(gone)["ended_by"] == "the rules: a rack ran out with the bag empty"


def test_two_passes_in_a_row_with_the_bag_empty_end_the_game():
    p = player()
    first = followed(p, seen(KOT, "ЖШЩ", "ours", bag=0, scores=(5, 9)))
    (step,) = p.decide(first)
    assert isinstance(step.move, PassTurn)  # nothing to lay, no exchange on this site
    pending = p.pending([step], first)
    still = seen(KOT, "ЖШЩ", "ours", bag=0, scores=(5, 9))
    assert p.check(pending.board, pending, still)[0] is Verdict.STALE
    assert p.outcome(still) is None  # our pass is not taken yet
    theirs = followed(p, seen(KOT, "ЖШЩ", "theirs", bag=0, scores=(5, 9)))
    assert p.outcome(theirs) is None and p.ending.scoreless == 1
    back = followed(p, seen(KOT, "ЖШЩ", "ours", bag=0, scores=(5, 9)))  # they passed too
    assert p.outcome(back) == "lost"
    details = p.game_details(back)
    assert details["moves_played"][-2:] == ["us: pass", "them: pass or exchange"]
    assert details["ended_by"] == "the rules: two scoreless turns in a row with the bag empty"


@pytest.mark.parametrize("bag", [5, None])
def test_passes_with_tiles_in_the_bag_or_no_bag_shown_go_on(bag):
    p = player()
    for _ in range(2):
        first = followed(p, seen(KOT, "ЖШЩ", "ours", bag=bag))
        (step,) = p.decide(first)
        assert isinstance(step.move, PassTurn)
        followed(p, seen(KOT, "ЖШЩ", "theirs", bag=bag))
        back = followed(p, seen(KOT, "ЖШЩ", "ours", bag=bag))
    assert p.ending.scoreless == 4 and p.outcome(back) is None


def test_a_turn_that_comes_back_unseen_is_not_counted_as_their_pass():
    """Our move taken on a frame that still shows our turn (a page that has not switched
    yet): no frame of theirs showed, so no pass of theirs is counted."""
    p = player()
    first = followed(p, seen(KOT, "ЖШЩ", "ours", bag=0))
    p.decide(first)
    p._sent = None  # (as if the page took a move of ours on a frame that shows ours)
    p._handed = 1
    followed(p, seen(KOT, "ЖШЩ", "ours", bag=0))
    assert p.ending.scoreless == 0


def test_an_exchange_the_page_refuses_is_no_turn_taken():
    from bot.games.erudit.steps import ConfirmExchange

    p = player()
    first = followed(p, seen(KOT, "ЖШЩ", "ours", bag=3))
    p._step(ConfirmExchange("Ж"), first)
    refused = followed(p, seen(KOT, "ЖШЩ", "ours", "rejected", bag=3))
    (step,) = p.decide(refused)  # recalled: the exchange did not happen
    followed(p, seen(KOT, "ЖШЩ", "ours", bag=3))
    assert p._sent is None and p.ending.scoreless == 0


def test_no_exchange_is_tried_with_fewer_tiles_in_the_bag_than_the_rules_allow():
    """(Both e2e games tried 'exchange В' with 3 tiles left: refused by the page, a turn
    lost to the recall before the pass.) The bag shown decides; unknown, the engine does."""
    from bot.games.erudit.adapter import OpenExchange
    from bot.web.sites import parse_profile
    from tests.bot.test_erudit_adapter import SITE_DATA

    site = parse_profile({**SITE_DATA, "exchange": [{"do": "button", "label": ["Обмен"]}],
                          "exchange-confirm": [{"do": "button", "label": ["Обменять"]}]}, "t")
    rack = "ЪЪЬЬЫЫЁ"
    for bag, wanted in ((30, OpenExchange), (None, OpenExchange), (6, PassTurn)):
        p = EruditPlayer(site, RULES, GRAPH, read=None, locate=None, top=4)
        first = followed(p, seen(EMPTY_BOARD, rack, "ours", bag=bag))
        (step,) = p.decide(first)
        assert isinstance(step.move, wanted), (bag, step)


def test_a_sites_own_scoreless_limit_replaces_the_rules():
    """Xanado ends a game when each player has passed twice (four scoreless turns in a row),
    whatever the bag holds, and plays on after two with the bag empty: its profile's
    ``scoreless-end`` 4 must not end the game at two (the rules' limit) nor wait for six."""
    end = RulesEnd(7, None, scoreless_end=4)
    end.seen(on_board=80, rack=7, bag=0)
    for _ in range(3):
        end.turn(scored=False)
        assert end.reason(rack=7) is None
    end.turn(scored=False)
    assert end.reason(rack=7) == "scoreless"
    full = RulesEnd(7, None, scoreless_end=4)
    full.seen(on_board=10, rack=7, bag=60)
    for _ in range(4):
        full.turn(scored=False)
    assert full.reason(rack=7) == "scoreless"
    out = RulesEnd(7, None, scoreless_end=4)
    out.seen(on_board=80, rack=0, bag=0)
    assert out.reason(rack=0) == "out"  # a rack out still ends it


def test_the_xanado_profile_says_four_scoreless_turns_end_its_games():
    from bot.web.sites import load_profile

    assert load_profile("xanado").scoreless_end == 4
    player = EruditPlayer(load_profile("xanado"), RULES, GRAPH, read=None, locate=None)
    assert player.ending.scoreless_end == 4
