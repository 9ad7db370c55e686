"""When an Erudit/Scrabble game is over by the rules, for pages that never say so.

Some pages show no game-over text: the turn line goes on naming whoever would move next. The
game is over all the same when a rack runs out with the bag empty (someone went out), after two
scoreless turns in a row with the bag empty, or after six scoreless turns in a row
(:mod:`solvers.erudit.game`). The bag is what the page shows ("tiles left"); the opponent's
rack is what the tile count leaves: the set's tiles less the board, our rack and the bag. That
count checks itself: while the bag holds tiles the opponent's rack is full, so a count that
says otherwise means the set is not the one assumed (another site's set), and the opponent's
rack is then never taken as empty. No answer is ever a guess: unknown is "not over".
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from solvers.erudit.game import SCORELESS_LIMIT

logger = logging.getLogger(__name__)

#: scoreless turns in a row (passes: nothing else is left) that end a game with the bag empty
PASSES_WITH_BAG_EMPTY = 2


@dataclass
class RulesEnd:
    """Follows one game's tile count and scoreless turns; :meth:`reason` says why it is over.

    ``tiles``: how many tiles the game is played with (the whole set, or a page's short game),
    None when unknown (then the opponent's rack is never counted).
    """

    rack_size: int
    tiles: int | None
    # the site's own limit of scoreless turns in a row, whatever the bag (then the rules' two
    # with the bag empty and six in a row do not apply: Xanado plays on after two)
    scoreless_end: int | None = None
    bag: int | None = None  # tiles left in the bag, as the page last showed them
    theirs: int | None = None  # tiles on the opponent's rack, as the count leaves them
    scoreless: int = 0  # scoreless turns in a row, both sides'
    count_holds: bool = True  # False once the count has contradicted itself this game

    def seen(self, on_board: int, rack: int, bag: int | None) -> None:
        """A settled frame: ``on_board`` tiles on the board (ours laid count too), ``rack``
        tiles on our rack, the bag as shown (None: not shown on this frame)."""
        if bag is not None:
            self.bag = bag
        if self.tiles is None or self.bag is None or not self.count_holds:
            return
        left = self.tiles - on_board - rack - self.bag
        if left < 0 or left > self.rack_size or (self.bag > 0 and left != self.rack_size):
            logger.info("the tile count does not hold (%d tiles, %d on the board, %d on our"
                        " rack, %d in the bag): the opponent's rack is not counted this game",
                        self.tiles, on_board, rack, self.bag)
            self.count_holds, self.theirs = False, None
            return
        self.theirs = left

    def turn(self, scored: bool) -> None:
        """A turn taken, by either side: a move that scored, or not (a pass, an exchange)."""
        self.scoreless = 0 if scored else self.scoreless + 1

    def reason(self, rack: int) -> str | None:
        """Why the game is over by the rules ("out", "passes", "scoreless"), or None (not over
        or not known to be). ``rack``: tiles on our rack, none of them laid."""
        limit = SCORELESS_LIMIT if self.scoreless_end is None else self.scoreless_end
        if self.scoreless >= limit:
            return "scoreless"
        if self.bag != 0:
            return None
        if rack == 0 or (self.count_holds and self.theirs == 0):
            return "out"
        if self.scoreless_end is None and self.scoreless >= PASSES_WITH_BAG_EMPTY:
            return "passes"
        return None
