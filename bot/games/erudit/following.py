"""Following an Erudit/Scrabble game from accepted readings, for the adapter: our move taken
by the page, the opponent's move read off the board, a move the page challenged off, and the
turns and tile count that end a game by the rules (:mod:`.ending`).

The adapter (:mod:`bot.games.erudit.adapter`) mixes this in; the state it follows is declared
here.
"""

from __future__ import annotations

import logging

from bot.games.erudit.ending import RulesEnd
from bot.games.erudit.reading import EruditLog, EruditSeen
from bot.games.erudit.steps import Awaits, ConfirmExchange, Expect, Step
from bot.games.erudit.track import (
    EruditTrackError,
    new_tiles,
    read_move,
    square_text,
    words_through,
)
from bot.run.game import ImpossibleState
from bot.web.sites import SiteProfile
from solvers.decision import Decision
from solvers.erudit.board import EMPTY, Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.moves import Exchange, MultiPlacement, Pass, Placement
from solvers.erudit.rules import Rules

logger = logging.getLogger(__name__)

ENDED = ("won", "lost", "drawn", "over")
#: Words a page logs our pass with (wordgame: «You: Passed»).
PASS_WORDS = frozenset({"PASS", "PASSED", "ПАС", "ПРОПУСК", "ПРОПУСТИЛ", "ПРОПУСТИЛИ"})


class EruditFollower:
    """Following the game for :class:`bot.games.erudit.adapter.EruditPlayer` (mixed into it)."""

    site: SiteProfile
    rules: Rules
    graph: WordGraph
    board: tuple[str, ...] | None
    scores: tuple[int, int]
    log: EruditLog
    plan: list[Step]
    laid: list[tuple[int, str]]
    current: Decision[Placement | Exchange | Pass | MultiPlacement] | None
    move_seconds: list[float]
    leeway: bool
    corner_joins: bool
    tiles: int | None
    ending: RulesEnd
    _pending: Expect | None
    _refused: set[str]
    _turn_since: float | None
    _submitted: tuple[int, tuple[int, int] | None] | None
    _last_move: tuple[tuple[str, ...], list[tuple[int, str]], int, str] | None
    _reply_due: float | None
    _reply_lines: frozenset[str]
    _reply_ours: frozenset[str]
    _handed: int
    _sent: Step | None

    def _wait_reply(self, seen: EruditSeen, ours: frozenset[str] = PASS_WORDS) -> None:
        """The opponent's turn from now, on a page that never says whose turn it is: until its
        tiles show, it says something new, or it stays quiet a while. What it says of our own
        move (a line naming ``ours``: its words, or a pass) is not the reply (scrabble-wordgame
        logs «You: CAR, AH, CAY (34 pts)» while its computer still thinks: the bot took its
        turn, laid a tile, and the reply's tiles showing then stopped it, "4 new tiles after
        laying one")."""
        self._reply_due = seen.t
        self._reply_lines = frozenset(line.text.strip() for line in seen.lines)
        self._reply_ours = ours

    def _rules_end(self) -> RulesEnd:
        """A game's end by the rules, followed from its start (the set is the rules' own
        unless the game is played with fewer tiles; a cold site's rules are known late)."""
        tiles = self.tiles if self.tiles is not None else len(self.rules.full_bag())
        return RulesEnd(self.rules.rack_size, tiles, self.site.scoreless_end)

    def _over_by_rules(self, seen: EruditSeen) -> str | None:
        """Why the game is over by the rules on this frame (see :mod:`.ending`), if it is."""
        if self.board is None or self.plan or self.laid or self._sent is not None:
            return None
        if seen.kinds & {"rejected", "choose", "accept"}:
            return None
        return self.ending.reason(len(seen.rack))

    def _sync(self, seen: EruditSeen) -> None:
        self._sync_moves(seen)
        self._follow_turns(seen)

    def _follow_turns(self, seen: EruditSeen) -> None:
        """The scoreless turns and the tile count, for the end by the rules: our pass or
        exchange once the page has taken it; theirs when the turn comes back to us, after a
        frame that was not ours, with no new tile."""
        if self.board is None or self.plan or self.laid:
            return
        ours = "ours" in seen.kinds and "theirs" not in seen.kinds
        if not ours and "rejected" not in seen.kinds:
            self._sent_taken()
        if self._handed == 1 and not ours:
            self._handed = 2
        elif self._handed == 2 and ours and not seen.kinds & {"rejected", "choose", "accept"}:
            self._handed = 0  # the turn is back, no tile of theirs: a pass or an exchange
            self.ending.turn(scored=False)
            self.log.moves.append((1, "pass or exchange"))
        on_board = sum(1 for ch in seen.board if ch != EMPTY)
        self.ending.seen(on_board, len(seen.rack), seen.bag)

    def _sent_taken(self) -> None:
        """Our pass or exchange, sent, was taken by the page."""
        sent = self._sent
        if sent is None:
            return
        self._sent = None
        self.ending.turn(scored=False)
        said = f"exchange {sent.tiles}" if isinstance(sent, ConfirmExchange) else "pass"
        self.log.moves.append((0, said))
        self._handed = 1

    def _sync_moves(self, seen: EruditSeen) -> None:
        if self.board is None:
            self.board = seen.board
            self.scores = seen.scores or (0, 0)
            return
        self._challenged_off(seen)
        pending = self._pending
        if (
            pending is not None
            and pending.kind is Awaits.SUBMIT
            and "rejected" not in seen.kinds
            and (seen.kinds & {"theirs", *ENDED} or "ours" not in seen.kinds
                 or self._move_taken(seen) or self._opponent_moved(pending, seen))
        ):
            self._taken(seen)
        if self.plan or self.laid:
            return  # our own tiles are on the board until the move is submitted
        try:
            added = new_tiles(self.board, seen.board)
        except EruditTrackError as exc:
            raise ImpossibleState(f"the board no longer follows the game: {exc}") from exc
        if not added:
            if seen.scores is not None:
                self.scores = seen.scores
            return
        self._sent_taken()  # the opponent moved: our pass (or exchange) was taken
        before = Board(tuple(self.board))
        try:
            move = read_move(before, added, self.graph, self.rules, self.leeway)
        except EruditTrackError as exc:
            raise ImpossibleState(str(exc)) from exc
        if self.leeway:
            logger.info("opponent's %s is against our rules; the site made it", move.to_text())
            self.corner_joins = True
        self.leeway = False
        if not move.known:
            self.log.site_words.append(move.placement.to_text())
            logger.info("opponent's %s uses a word our dictionary lacks", move.to_text())
        self.log.moves.append((1, f"{move.to_text()} {move.score}"))
        self.ending.turn(scored=move.score > 0)
        self._handed = 0
        self.board = seen.board
        self._reply_due = None  # the opponent's reply showed
        ours, theirs = self.scores
        self.scores = seen.scores or (ours, theirs + move.score)

    def _challenged_off(self, seen: EruditSeen) -> bool:
        """The page's computer challenged our last move and won (Xanado: «successfully
        challenged your play»): its tiles left the board for our rack and its points are
        gone. The board as followed goes back to before it; the word is the site's refusal
        (never played again). True once, when that is what the frame shows."""
        last = self._last_move
        if last is None or "challenged" not in seen.kinds or self.board is None:
            return False
        if any(seen.board[sq] != EMPTY for sq, _ in last[1]):
            return False
        return self._undo_challenged()

    def _undo_challenged(self) -> bool:
        """Our last move off the board as followed, its points and its word taken back (the
        page says it was challenged off); False when there is none or it is undone already."""
        last = self._last_move
        if last is None or self.board is None:
            return False
        before, tiles, score, word = last
        if any(self.board[sq] == EMPTY for sq, _ in tiles):
            return False  # already followed
        self.board = before
        ours, theirs = self.scores
        self.scores = (ours - score, theirs)
        self.log.moves.append((0, f"{word} challenged off -{score}"))
        self.log.rejected.append(word)
        if self.log.points:
            self.log.points[-1] = 0
        self._refused.add(word)  # (which of its words the page refused it does not say)
        self._last_move = None
        logger.info("the page challenged %s off the board", word)
        return True

    def _move_taken(self, seen: EruditSeen) -> bool:
        """Our submitted move counted although the page shows our turn again (a computer that
        replied between two frames): the rack was refilled, or our score went up."""
        if self._submitted is None:
            return False
        rack, scores = self._submitted
        if len(seen.rack) > rack:
            return True
        return scores is not None and seen.scores is not None and seen.scores[0] > scores[0]

    @staticmethod
    def _opponent_moved(pending: Expect, seen: EruditSeen) -> bool:
        """Tiles beyond ours on the board: the opponent has replied, so ours were taken."""
        try:
            return bool(new_tiles(pending.board, seen.board))
        except EruditTrackError:
            return False

    def _taken(self, seen: EruditSeen) -> None:
        """The page took our submitted move: it is on the board for good."""
        assert self.board is not None and self.current is not None
        cells = list(self.board)
        for square, ch in self.laid:
            shown = seen.board[square]
            if shown.upper() != ch.upper():
                raise ImpossibleState(
                    f"our {ch!r} on {square_text(square)} shows as {shown!r} after the move"
                )
            cells[square] = shown
        before = self.board
        self.board = tuple(cells)
        score = int(self.current.score or 0)
        self._last_move = (before, list(self.laid), score, self.current.move.to_text())
        ours, theirs = self.scores
        self.scores = seen.scores or (ours + score, theirs)
        self.log.moves.append((0, f"{self.current.move.to_text()} {score}"))
        self.log.points.append(score)
        self.ending.turn(scored=score > 0)
        self._handed = 1
        words = words_through(self.board, [square for square, _ in self.laid])
        self.laid, self.current, self._pending, self._submitted = [], None, None, None
        if not self.site.turn_ours:  # the opponent's turn, on a page that never says so
            self._wait_reply(seen, words)
        if self._turn_since is not None:
            self.move_seconds.append(max(0.0, seen.t - self._turn_since))
        self._turn_since = None
