"""A move's tiles laid in one go once the page is seen to keep its rack slots (issue 23 item 9:
a settled frame read after every tile was half the time from our turn to our move on screen).
The first tile is laid alone and the rack compared; a page that closes the gap keeps the tile
by tile laying; the batch is checked like one tile."""

from __future__ import annotations

import pytest

from bot.games.erudit.adapter import EruditPlayer, PlaceTile, Submit
from bot.games.erudit.batch import batch_of, check_batch, slots_kept
from bot.run.game import Verdict
from tests.bot.test_erudit_adapter import (
    EMPTY_BOARD,
    GRAPH,
    RULES,
    SITE,
    followed,
    lay,
    rack_regions,
    seen,
)
from vision.core.geometry import Region


def test_the_rack_keeps_its_slots_or_closes_the_gap():
    before = rack_regions(7)
    kept = tuple(r for i, r in enumerate(before) if i != 2)
    assert slots_kept(before, 2, kept)
    moved = tuple(Region(r.left + 10, r.top, r.width, r.height) for r in kept)  # a reflow
    assert slots_kept(before, 2, moved)
    closed = rack_regions(6)  # the tiles after the one taken slid left by a slot
    assert not slots_kept(before, 2, closed)
    assert not slots_kept(before, 0, closed)  # all slid alike, by a whole tile: not kept
    assert not slots_kept(before, 2, before)  # the tile never left


def test_a_batch_is_checked_like_one_tile():
    tiles = [PlaceTile(112, "К"), PlaceTile(113, "О"), PlaceTile(114, "Т")]
    assert check_batch(tiles, [(112, "К"), (113, "О"), (114, "Т")])[0] is Verdict.OK
    assert check_batch(tiles, [(112, "К")])[0] is Verdict.STALE
    assert check_batch(tiles, [(112, "К"), (113, "А"), (114, "Т")])[0] is Verdict.MISREAD
    extra = [(112, "К"), (113, "О"), (114, "Т"), (115, "А")]
    assert check_batch(tiles, extra)[0] is Verdict.MISREAD
    assert batch_of([*tiles[:2], PlaceTile(114, "т"), *tiles[2:]]) == tiles[:2]


def _first_tile(player, rack="КОТАИЖШ"):
    first = seen(EMPTY_BOARD, rack, "ours", t=1.0)
    player.turn(followed(player, first))
    (step,) = player.decide(followed(player, first))
    assert isinstance(step.move, PlaceTile)
    player.gestures([step], first)
    return step, first


@pytest.mark.parametrize("keeps", [True, False])
def test_after_a_lone_first_tile_the_rest_are_laid_together_only_on_a_page_keeping_slots(keeps):
    player = EruditPlayer(SITE, RULES, GRAPH, read=None, locate=None, top=4)
    step, first = _first_tile(player)
    used = first.rack.index(step.move.char)
    board = lay(EMPTY_BOARD, [(step.move.square, step.move.char)])
    rack = first.rack.replace(step.move.char, "", 1)
    after = seen(board, rack, "ours")
    regions = [r for i, r in enumerate(first.rack_tiles) if i != used] if keeps \
        else list(rack_regions(len(rack)))
    after = after.__class__(*(tuple(regions) if f == "rack_tiles" else getattr(after, f)
                              for f in after.__dataclass_fields__))
    pending = player.pending([step], first)
    assert player.check(pending.board, pending, after)[0] is Verdict.OK
    followed(player, after)
    assert player.slots_kept is keeps
    decisions = player.decide(after)
    if not keeps:
        assert len(decisions) == 1
        return
    assert len(decisions) >= 2 and all(isinstance(d.move, PlaceTile) for d in decisions)
    gestures = player.gestures(decisions, after)
    kinds = [g.kind.value for g in gestures]
    assert kinds == ["drag", *["settle", "drag"] * (len(decisions) - 1)]
    starts = [g.path[0] for g in gestures if g.kind.value == "drag"]
    assert len(set(starts)) == len(starts)  # each from a tile of its own
    pending = player.pending(decisions, after)
    laid = lay(board, [(d.move.square, d.move.char) for d in decisions])
    assert player.check(pending.board, pending, seen(board, rack, "ours"))[0] is Verdict.STALE
    assert player.check(pending.board, pending, seen(laid, "Ж", "ours"))[0] is Verdict.OK
    (submit,) = player.decide(followed(player, seen(laid, "Ж", "ours")))
    assert isinstance(submit.move, Submit)


def test_two_tiles_of_one_letter_are_taken_from_two_slots():
    player = EruditPlayer(SITE, RULES, GRAPH, read=None, locate=None, top=4)
    player.slots_kept = True
    player.board = EMPTY_BOARD
    player.plan = [PlaceTile(112, "О"), PlaceTile(113, "К"), PlaceTile(114, "О")]
    now = seen(EMPTY_BOARD, "ОКОТАИЖ", "ours")
    decisions = player.decide(now)
    assert len(decisions) == 3
    starts = [g.path[0] for g in player.gestures(decisions, now) if g.kind.value == "drag"]
    assert starts[0] != starts[2]


def test_a_new_move_on_a_page_known_to_keep_its_slots_is_laid_together_from_its_first_tile():
    """Xanado: the lone first tile of each move was followed by 17-25 s of frames (the page's
    panel redrawn, new text read) before the rest; once the slots are known, all go at once."""
    player = EruditPlayer(SITE, RULES, GRAPH, read=None, locate=None, top=4)
    player.slots_kept = True
    first = seen(EMPTY_BOARD, "КОТАИЖШ", "ours", t=1.0)
    player.turn(followed(player, first))
    decisions = player.decide(followed(player, first))
    assert len(decisions) >= 2 and all(isinstance(d.move, PlaceTile) for d in decisions)
    assert decisions[0].score is not None and ":" in decisions[0].reason  # the move's reason
    pending = player.pending(decisions, first)
    assert pending.board == EMPTY_BOARD and len(pending.tiles) == len(decisions)
