"""Laying a move's tiles in one go, once the page is seen to keep its rack slots.

Laying one tile, then grabbing a settled frame and reading the whole board before the next
(to be sure each tile landed where it was meant to) cost a read and a settle per tile: about
half the time from our turn showing to our move on screen (issue 23 item 9). Tiles can be laid
together when the rack positions read before the first one still hold for the others: the page
keeps each tile in its slot when one leaves (our page, Xanado), rather than closing the gap.
That is seen, never assumed: the first tile of the session is laid alone and the rack read
after it compared with the rack before (the tiles left where they were, give or take the page
moving a little as a whole). The whole batch is then checked on the next frame like one tile:
every tile on its square with its letter, nothing else new. A wildcard (the page asks its
letter) is laid on its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.erudit.steps import PlaceTile, Step
from bot.run.game import Verdict
from vision.core.geometry import Region


def batch_of(plan: Sequence[Step]) -> list[PlaceTile]:
    """The plain tiles at the head of ``plan`` (up to the first wildcard or other step)."""
    out: list[PlaceTile] = []
    for step in plan:
        if not isinstance(step, PlaceTile) or step.char.islower():
            break
        out.append(step)
    return out


def slots_kept(before: Sequence[Region], used: int, after: Sequence[Region]) -> bool:
    """Whether the rack tiles left after tile ``used`` was taken still lie where they did
    (all moved alike by less than a third of a tile at most: the page moving as a whole)."""
    left = [r for i, r in enumerate(before) if i != used]
    if len(after) != len(left) or not left:
        return False
    dx = after[0].center.x - left[0].center.x
    dy = after[0].center.y - left[0].center.y
    if max(abs(dx), abs(dy)) > left[0].width / 3:
        return False
    return all(abs(a.center.x - b.center.x - dx) <= 3 and abs(a.center.y - b.center.y - dy) <= 3
               for a, b in zip(after, left, strict=True))


def check_batch(tiles: Sequence[PlaceTile], added: Sequence[tuple[int, str]]
                ) -> tuple[Verdict, str]:
    """The frame after laying ``tiles`` together (``added``: the squares new since, with
    their letters): all shown is OK, some not yet is STALE, a wrong or extra tile MISREAD."""
    shown = dict(added)
    for tile in tiles:
        got = shown.get(tile.square)
        if got is not None and got.upper() != tile.char:
            return Verdict.MISREAD, f"{tile.to_text()} shows {got!r}"
    extra = set(shown) - {t.square for t in tiles}
    if extra:
        return Verdict.MISREAD, f"{len(extra)} new tiles where none was laid"
    missing = [t for t in tiles if t.square not in shown]
    if missing:
        return Verdict.STALE, f"{', '.join(t.to_text() for t in missing)} not shown yet"
    return Verdict.OK, ""
