"""Erudit / Scrabble on a web page, for the loop: read board and rack, check, decide, lay tiles.

A move is entered the way a person does, one tile at a time: each tile goes from the rack to
its square (dragged or clicked, as the site profile says), a wildcard's letter is picked on the
page's dialog, then the move is submitted. Every step waits for the one before it to show on
screen (the loop observes between steps), so a page that moves its rack tiles up as tiles leave
is read again before the next tile is taken. The checks are the game's rules: tiles never change
or vanish; ours show where we laid them; the opponent lays one line of tiles forming words
(words our dictionary lacks are the site's and are logged). A refused move is recalled the
site's way, remembered, and the next best move is played.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

from bot.games.erudit.batch import batch_of, check_batch, slots_kept
from bot.games.erudit.following import ENDED, EruditFollower
from bot.games.erudit.reading import EruditLog, EruditPageReader, EruditSeen
from bot.games.erudit.steps import (
    AcceptEnd,
    Awaits,
    ConfirmExchange,
    Dismiss,
    Expect,
    MarkTile,
    OpenExchange,
    PassTurn,
    PickLetter,
    PlaceTile,
    Recall,
    Step,
    Submit,
    WaitForPage,
)
from bot.games.erudit.track import EruditTrackError, new_tiles, partial_reply
from bot.games.erudit.vision_calls import LetterKeys, LocateBoard, ReadBoard, ReadNumbers
from bot.io.targets.base import Target, TargetProfile
from bot.run.act import Gesture, Intent
from bot.run.game import (
    AdapterDefaults,
    Calibration,
    ImpossibleState,
    LearnedGlyph,
    LearnRefused,
    Turn,
    Verdict,
)
from bot.web.rejected_words import RejectedWords
from bot.web.sites import SiteProfile
from bot.web.sites import Step as SiteStep
from bot.web.steps import Line, find_line, move_intents, step_intents
from solvers.decision import Decision
from solvers.erudit.board import EMPTY, Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.moves import Exchange, MultiPlacement, Pass, Placement
from solvers.erudit.position import Position
from solvers.erudit.rules import Rules
from vision.core.frame import Frame
from vision.core.geometry import Point, Region
from vision.core.page_text import PageText
from vision.erudit.reader import BoardLocation

logger = logging.getLogger(__name__)

NUDGE_AFTER = 6.0  # seconds a submitted move may show as ours before it is submitted again
NUDGES = 2
#: seconds a tile dragged (or clicked) may take to show on its square before it is laid again
#: (a drag the page let go by on a loaded machine: REDIPS never saw the press), and how often
RELAY_AFTER = 4.0
RELAYS = 2
SUBMIT_WAITS = 25  # frames to wait for the submit button before trying without it
OUTCOMES = ("won", "lost", "drawn")
#: Seconds the opponent's new tiles must stand still before a move our rules do not take is
#: followed as the site's (JScrab flies its tiles in one by one, well under a second each).
STILL = 4.0
RULES_ENDS = {  # why a game the page did not call over is over (games.jsonl's "ended_by")
    "out": "a rack ran out with the bag empty",
    "passes": "two scoreless turns in a row with the bag empty",
    "scoreless": "the site's limit of scoreless turns in a row (six by the rules)",
}


class EruditPlayer(EruditPageReader, EruditFollower,
                   AdapterDefaults[BoardLocation, EruditSeen, Expect, tuple[str, ...]]):
    """Plays our side of Erudit/Scrabble on one site."""

    game = "erudit"

    def __init__(
        self,
        site: SiteProfile,
        rules: Rules,
        graph: WordGraph,
        read: ReadBoard,
        locate: LocateBoard | None,
        text: PageText | None = None,
        top: int = 8,
        rejected: RejectedWords | None = None,
        letter_keys: LetterKeys | None = None,
        numbers: ReadNumbers | None = None,
        think: float = 0.0,
        tiles: int | None = None,
        common: WordGraph | None = None,
    ) -> None:
        self.site = site
        self.common = common  # the words a site of another list most likely takes, tried first
        self._still: tuple[tuple[str, ...], float] | None = None  # a board and since when
        self.leeway = False  # the opponent's tiles stood still: its move as the site made it
        # the site joined words corner to corner once: boards read so from then on (its
        # boards were refused as "not joined" and the game stopped on five bad frames)
        self.corner_joins = False
        self.think = think  # CPU seconds the simulating player may spend a move (0: equity)
        self.rules = rules
        self.graph = graph
        self._read, self._locate = read, locate
        self.text = text
        self._popup_text = None
        self.top = top
        self.rejected = rejected  # bot.games.balda.adapter.RejectedWords (append-only file)
        self.board: tuple[str, ...] | None = None  # the board as followed
        self._chose = False  # the last decide chose a move (the engine searched)
        self.scores = (0, 0)
        self.log = EruditLog()
        self.plan: list[Step] = []  # steps of the move being entered
        self.laid: list[tuple[int, str]] = []  # our tiles on the board, not yet submitted
        self.current: Decision[Placement | Exchange | Pass | MultiPlacement] | None = None
        self._pending: Expect | None = None
        self._refused: set[str] = set()  # moves (text) the site refused this game
        self._turn_since: float | None = None
        self.move_seconds: list[float] = []
        # (frame, location) -> {letter: key Region, screen pixels}: the wildcard dialog's keys
        self.letter_keys = letter_keys
        # (frame, exclude) -> ((ours, theirs) or None, tiles left or None), the site's look's
        # way (a score beside a bullet, "N tiles left"); else the profile's score labels
        self.numbers = numbers
        self._submitted: tuple[int, tuple[int, int] | None] | None = None  # rack size, scores
        self._nudges = 0  # submits sent again for the move being submitted
        self._relaid: tuple[PlaceTile, int] | None = None  # a tile laid again, how often
        self._rack_before = 0  # tiles on the rack when the awaited tile was laid
        self._waits = 0  # frames waited for the submit button to show
        # (board before, tiles, score, text) of our last move taken, while it may be challenged
        self._last_move: tuple[tuple[str, ...], list[tuple[int, str]], int, str] | None = None
        self._unknown: tuple[object, bytes] | None = None  # the last tile no glyph named
        self._moved: tuple[BoardLocation, BoardLocation] | None = None  # see _where_now
        self._last_seen: EruditSeen | None = None
        self.learned_glyphs = 0  # tiles named by the game's logic, taught to the site
        self._reply_due: float | None = None  # see EruditPageReader._reply_due
        self._reply_lines: frozenset[str] = frozenset()
        self._reply_ours: frozenset[str] = frozenset()
        # how many tiles a game is played with (the set's, or a page's short game): the
        # opponent's rack is what they leave, for the end by the rules (see .ending)
        self.tiles = tiles
        self.ending = self._rules_end()
        self._handed = 0  # 1: our turn was taken; 2: and a frame not ours has shown since
        self._sent: Step | None = None  # our pass or exchange, until the page takes it
        self._ended_by = ""  # why the game is over by the rules (its "out", "passes", ...)
        # whether the page keeps its rack slots when a tile leaves (tiles may then be laid
        # together: see .batch); None until seen, with the rack before a lone tile and its slot
        self.slots_kept: bool | None = None
        self._probe: tuple[tuple[Region, ...], int] | None = None

    # --- checks -------------------------------------------------------------------------------
    def check(self, previous: tuple[str, ...] | None, pending: Expect | None, seen: EruditSeen
              ) -> tuple[Verdict, str]:
        if not seen.kinds and (self.site.turn_ours or self._reply_due is None):
            return Verdict.STALE, "the page shows none of the site's phrases yet"
        if previous is None or not isinstance(pending, Expect):
            return Verdict.OK, ""
        if self._challenged_off(seen):
            return Verdict.OK, ""  # our last move taken back by the page: followed from here
        try:
            added = new_tiles(pending.board, seen.board)
        except EruditTrackError as exc:
            if pending.kind is Awaits.RECALL:
                return self._check_recall(seen)
            if pending.kind is Awaits.LETTER and self._wildcard_not_drawn(pending, seen):
                # the browser's prompt() box closing: its dimmed veil fades over the board
                return Verdict.STALE, f"the wildcard's letter is not drawn yet ({exc})"
            return Verdict.MISREAD, str(exc)
        ours = "ours" in seen.kinds and "theirs" not in seen.kinds
        over = bool(seen.kinds & set(ENDED))
        kind = pending.kind
        if added and kind in (Awaits.SUBMIT, Awaits.SENT, Awaits.REPLY, Awaits.PASS):
            coming = partial_reply(pending.board, added, self.graph, self.rules)
            if coming and not self._stood_still(seen):
                return Verdict.STALE, f"the opponent's tiles are still coming in ({coming})"
        if kind is Awaits.TILE and pending.tiles:
            return check_batch(pending.tiles, added)
        if kind is Awaits.TILE:
            step = pending.step
            assert isinstance(step, PlaceTile)  # a tile is awaited after it is laid
            shown = dict(added)
            if step.square not in shown:
                if step.char.islower() and "choose" in seen.kinds:
                    return Verdict.OK, ""  # the page asks for the wildcard's letter: it is down
                return Verdict.STALE, f"{step.to_text()} not shown yet"
            want = step.char.upper() if step.char.islower() else step.char
            got = shown[step.square]
            if got.upper() != want and not (step.char.islower() and "choose" in seen.kinds):
                return Verdict.MISREAD, f"{step.to_text()} shows {got!r}"
            if len(added) > 1:
                return Verdict.MISREAD, f"{len(added)} new tiles after laying one"
            return Verdict.OK, ""
        if kind is Awaits.LETTER:
            return (Verdict.STALE, "the letter dialog is still open") if "choose" in seen.kinds \
                else (Verdict.OK, "")
        if kind is Awaits.SUBMIT:
            if "rejected" in seen.kinds or over or not ours or added or self._move_taken(seen):
                return Verdict.OK, ""
            return Verdict.STALE, "the move is not confirmed yet"
        if kind is Awaits.RECALL:
            return self._check_recall(seen)
        if kind in (Awaits.EXCHANGE, Awaits.MARK, Awaits.WAIT):
            return Verdict.OK, ""
        if kind is Awaits.SENT:  # a pass or an exchange: the page must hand the turn over first
            # (or the opponent's reply is on the board already: wordgame's and JScrab's
            # computers answered our pass before the bot saw a frame not ours, on pages that
            # never say whose turn it is; the bot waited for the pass to be taken, and stopped)
            if over or not ours or "rejected" in seen.kinds or added:
                return Verdict.OK, ""
            return Verdict.STALE, "the page has not taken the turn yet"
        if kind in (Awaits.REPLY, Awaits.PASS):
            if over or ours or (added and not self.site.turn_ours):
                return Verdict.OK, ""  # (a page that never says whose turn: its tiles show)
            return Verdict.STALE, "waiting for the opponent"
        return Verdict.OK, ""

    def _stood_still(self, seen: EruditSeen) -> bool:
        """Has this board shown unchanged for :data:`STILL` seconds? Then tiles the rules
        do not take as a whole move are no move still flying in but the site's own."""
        if self._still is None or self._still[0] != seen.board:
            self._still = (seen.board, seen.t)
        if seen.t - self._still[1] < STILL:
            return False
        self.leeway = True  # followed as the site's move (track.SITE_LEEWAY)
        return True

    @staticmethod
    def _wildcard_not_drawn(pending: Expect, seen: EruditSeen) -> bool:
        """Only the wildcard whose letter was just given is missing from the board."""
        step = pending.step
        if not isinstance(step, PickLetter) or seen.board[step.square] != EMPTY:
            return False
        cells = list(pending.board)
        cells[step.square] = EMPTY
        try:
            new_tiles(cells, seen.board)
        except EruditTrackError:
            return False
        return True

    def _check_recall(self, seen: EruditSeen) -> tuple[Verdict, str]:
        assert self.board is not None
        if seen.board == self.board and "rejected" not in seen.kinds:
            return Verdict.OK, ""
        return Verdict.STALE, "the refused tiles are still on the board"

    def is_fresh(self, seen: EruditSeen) -> bool:
        if seen.kinds & set(ENDED):
            return False
        return sum(1 for ch in seen.board if ch != EMPTY) <= 15  # at most one move on it

    def outcome(self, seen: EruditSeen) -> str | None:
        for kind in OUTCOMES:
            if kind in seen.kinds:
                return kind
        # Over as the page says, or by the rules (some pages never say it: their turn line
        # goes on naming who would move next)
        if "over" not in seen.kinds:
            reason = self._over_by_rules(seen)
            if reason is None:
                return None
            if not self._ended_by:
                logger.info("the game is over by the rules (%s), though the page does not say"
                            " so", reason)
            self._ended_by = reason
        ours, theirs = seen.scores or self.scores
        return "won" if ours > theirs else "lost" if ours < theirs else "drawn"

    def turn(self, seen: EruditSeen) -> Turn:
        if seen.kinds & set(ENDED):
            return Turn.OVER
        if self._entering(seen):
            return Turn.OURS  # a move is being entered, taken back, or the end accepted
        if self._reply_due is not None and not self.site.turn_ours:
            # our move was taken on this very frame (its page text was read before that):
            # the opponent's reply is awaited (wordgame's computer thinks a few seconds; the
            # bot laid a word on that frame and the computer's reply landed on its squares)
            return Turn.THEIRS
        if "ours" in seen.kinds and "theirs" not in seen.kinds:
            return Turn.OURS
        return Turn.THEIRS

    def _entering(self, seen: EruditSeen) -> bool:
        return bool(self.plan or seen.kinds & {"rejected", "choose", "accept", "notice"})

    def follow(self, seen: EruditSeen) -> None:
        """Bring the followed game up to an accepted reading, and note when a new turn of
        ours first showed (for the seconds it takes to play it)."""
        self._sync(seen)
        if self._probe is not None:  # a lone tile laid: does the rack keep its slots?
            before, used = self._probe
            self._probe = None
            self.slots_kept = slots_kept(before, used, seen.rack_tiles)
            logger.info("the page %s its rack slots when a tile leaves: tiles are laid %s",
                        "keeps" if self.slots_kept else "does not keep",
                        "together" if self.slots_kept else "one by one")
        if (self._turn_since is None and self.outcome(seen) is None
                and not self._entering(seen) and self.turn(seen) is Turn.OURS):
            self._turn_since = seen.t

    def state_of(self, seen: EruditSeen) -> tuple[str, ...]:
        assert self.board is not None
        return self.board

    def position(self, seen: EruditSeen) -> Position:
        assert self.board is not None
        rows = ["".join(self.board[r * 15 : (r + 1) * 15]) for r in range(15)]
        board = Board.from_rows(rows, self.rules.alphabet)
        rack = seen.rack.replace("?", "")  # a tile nothing names is left out of the moves
        return Position(self.rules, board, (rack, None), self.scores, 0, None)

    # --- deciding -----------------------------------------------------------------------------
    def chose(self) -> bool:
        return self._chose

    def decide(self, seen: EruditSeen) -> list[Decision[Step]]:
        assert self.board is not None
        self._chose = False
        if "rejected" in seen.kinds:
            return [self._recall(seen)]
        if "accept" in seen.kinds and not self.plan and not self.laid:
            return [self._step(AcceptEnd(), seen)]
        if "notice" in seen.kinds:
            return [self._step(Dismiss(), seen)]
        if "choose" in seen.kinds and self.plan and isinstance(self.plan[0], PickLetter):
            return [self._step(self.plan.pop(0), seen)]
        if self.plan and isinstance(self.plan[0], Submit) and not self._submit_shown(seen):
            if self._waits < SUBMIT_WAITS:
                self._waits += 1
                return [self._step(WaitForPage("the submit button"), seen)]
        if self.plan:
            self._waits = 0
            batch = batch_of(self.plan) if self.slots_kept else []
            if len(batch) > 1:
                return self._lay_together(batch, seen)
            return [self._step(self.plan.pop(0), seen)]
        if self.laid:  # tiles of ours on the board with no plan: take them back
            return [self._recall(seen)]
        self._chose = True
        return self._new_move(seen)

    def _lay_together(self, batch: list[PlaceTile], seen: EruditSeen) -> list[Decision[Step]]:
        """Tiles laid in one go (see .batch), checked together on the next frame."""
        del self.plan[: len(batch)]
        decisions = [self._step(step, seen) for step in batch]
        assert self._pending is not None
        board = list(self._pending.board)
        for step in batch[:-1]:
            board[step.square] = EMPTY  # the board before the first of them
        self._pending = Expect(Awaits.TILE, tuple(board), batch[-1], tuple(batch))
        return decisions

    def _submit_shown(self, seen: EruditSeen) -> bool:
        """Is every button the site's submit steps click on the page?"""
        return all(find_line(seen.lines, step.label) is not None
                   for step in self.site.submit if step.do == "button" and not step.optional)

    def _recall(self, seen: EruditSeen) -> Decision[Step]:
        word = self.current.move.to_text() if self.current is not None else ""
        if word:
            self._refused.add(word)
            self.log.rejected.append(word)
            if self.rejected is not None and isinstance(self.current.move, Placement):  # type: ignore[union-attr]
                self.rejected.add(self.current.move.word.upper())  # type: ignore[union-attr]
        self.plan, self.laid, self.current = [], [], None
        self._sent = None  # an exchange refused is no turn taken
        assert self.board is not None
        self._pending = Expect(Awaits.RECALL, self.board, Recall(word))
        return Decision(Recall(word), "recall", f"the site refused {word or 'the tiles'}")

    def _options(self, position: Position, refused_words: set[str], seen: EruditSeen,
                 graph: WordGraph) -> list[Decision[Placement | Exchange | Pass | MultiPlacement]]:
        """The engine's best moves on ``graph`` the site has not refused and can take."""
        from solvers.erudit.best import best_moves

        return [
            d
            for d in best_moves(position, graph, top=self.top, think=self.think)
            if d.move.to_text() not in self._refused
            and (self.site.exchange or not isinstance(d.move, Exchange))  # no exchange steps
            and not (isinstance(d.move, Exchange) and seen.bag is not None
                     and seen.bag < self.rules.min_bag_to_exchange)  # the page would refuse it
            and not (isinstance(d.move, Placement) and d.move.word.upper() in refused_words)
        ]

    def _new_move(self, seen: EruditSeen) -> list[Decision[Step]]:
        position = self.position(seen)
        refused_words = set(self.rejected.words) if self.rejected is not None else set()
        options = self._options(position, refused_words, seen, self.common or self.graph)
        if self.common is not None and not any(
                isinstance(d.move, Placement | MultiPlacement) for d in options):
            # no word common enough: a rare one beats passing or exchanging
            options = self._options(position, refused_words, seen, self.graph)
        if not options:
            options = [Decision(Pass(), "pass", "no move the site has not refused")]
        chosen = options[0]

        self.current = chosen
        move = chosen.move
        if isinstance(move, Placement):
            board = Board(tuple(self.board or ()))
            tiles = move.new_tiles(board)
            steps: list[Step] = []
            for square, ch in tiles:
                steps.append(PlaceTile(square, ch))
                if ch.islower():
                    steps.append(PickLetter(square, ch.upper()))
            steps.append(Submit(move))
            self.plan = steps
        elif isinstance(move, Exchange):
            self.plan = [OpenExchange(move.tiles), *(MarkTile(ch) for ch in move.tiles),
                         ConfirmExchange(move.tiles)]
        else:
            self.plan = [PassTurn()]
        batch = batch_of(self.plan) if self.slots_kept else []
        if len(batch) > 1:
            decisions = self._lay_together(batch, seen)  # the page keeps its slots
        else:
            decisions = [self._step(self.plan.pop(0), seen)]
        decisions[0] = replace(
            decisions[0],
            reason=f"{move.to_text()}: {chosen.reason}",
            score=chosen.score,
            equity=chosen.equity,
        )
        return decisions

    def _step(self, step: Step, seen: EruditSeen) -> Decision[Step]:
        assert self.board is not None
        on = tuple(self.board)
        if self.laid:
            cells = list(on)
            for s, ch in self.laid:
                cells[s] = ch
            on = tuple(cells)
        if isinstance(step, PlaceTile):
            self._pending = Expect(Awaits.TILE, on, step)
            self.laid.append((step.square, step.char))
            self._rack_before = len(seen.rack)
        elif isinstance(step, PickLetter):
            self._pending = Expect(Awaits.LETTER, on, step)
        elif isinstance(step, Submit):
            self._pending = Expect(Awaits.SUBMIT, on, step)
            self._submitted = (len(seen.rack), seen.scores)
            self._nudges = 0
        elif isinstance(step, PassTurn):
            self._pending = Expect(Awaits.SENT, on, step)
            self._sent = step
            if not self.site.turn_ours:
                self._wait_reply(seen)
        elif isinstance(step, WaitForPage | Dismiss):
            self._pending = Expect(Awaits.WAIT, on, step)
        elif isinstance(step, OpenExchange | MarkTile):
            kind = Awaits.EXCHANGE if isinstance(step, OpenExchange) else Awaits.MARK
            self._pending = Expect(kind, on, step)
        else:
            # an exchange confirmed or the end accepted
            self._pending = Expect(Awaits.SENT, on, step)
            if isinstance(step, ConfirmExchange):
                self._sent = step
        return Decision(step, "enter", step.to_text())

    # --- entering -----------------------------------------------------------------------------
    def gestures(self, decisions: Sequence[Decision[Step]], seen: EruditSeen) -> list[Intent]:
        out: list[Intent] = []
        used: set[int] = set()  # rack tiles taken by the tiles laid before, in one go
        for decision in decisions:
            step = decision.move
            if isinstance(step, PlaceTile):
                if used:
                    out.append(Gesture.settle())  # the tile before has landed
                out += self._place(step, seen, used)
                if len(decisions) == 1 and self.slots_kept is None and step.char.isupper():
                    self._probe = (seen.rack_tiles, min(used))
            elif isinstance(step, PickLetter):
                key = seen.letter_keys.get(step.letter)
                if key is None and self.site.blank_letter:
                    out += self._typed_letter(step.letter, seen)  # a prompt() box: no keys
                elif key is None:
                    raise ImpossibleState(
                        f"the wildcard dialog shows no key {step.letter!r}"
                        f" (keys read: {''.join(sorted(seen.letter_keys)) or 'none'})"
                    )
                else:
                    out.append(Gesture.click(key.center))
            elif isinstance(step, Submit):
                out += self._plain(self.site.submit, seen)
            elif isinstance(step, Recall):
                out += self._plain(self.site.cancel, seen)
            elif isinstance(step, PassTurn):
                out += self._plain(self.site.pass_turn, seen)
            elif isinstance(step, OpenExchange):
                out += self._plain(self.site.exchange, seen)
            elif isinstance(step, MarkTile):
                out.append(Gesture.click(self._rack_tile(step.char, seen).center))
            elif isinstance(step, ConfirmExchange):
                out += self._plain(self.site.exchange_confirm, seen)
            elif isinstance(step, AcceptEnd):
                out += self._plain(self.site.accept, seen)
            elif isinstance(step, Dismiss):
                out += self._plain(self.site.dismiss, seen)
        return out

    def _plain(self, steps: Sequence[SiteStep], seen: EruditSeen, after_input: bool = False
               ) -> list[Intent]:
        """The profile's key/button/click-at steps on the frame read; a button after a click
        is looked for on a frame grabbed after it (:func:`bot.web.steps.move_intents`)."""
        return move_intents(steps, seen.lines, seen.geometry, self._page_lines, after_input)

    def _typed_letter(self, letter: str, seen: EruditSeen) -> list[Intent]:
        """A wildcard's letter typed where the page asks it with no keys to click (the
        browser's own prompt() box): the profile's ``blank-letter`` steps."""
        out: list[Intent] = []
        for s in self.site.blank_letter:
            if s.do == "type-letter":
                # lower case: the letters' key codes were given before the browser read the
                # key map; an upper-case one got its code late, and once a prompt got nothing
                out.append(Gesture.type(letter.lower()))
            else:
                out += self._plain((s,), seen, after_input=bool(out))
        return out

    def _rack_tile(self, char: str, seen: EruditSeen, used: set[int] | None = None) -> Region:
        """The first rack tile ``char`` not ``used`` yet (its index is added to ``used``)."""
        for i, (ch, region) in enumerate(zip(seen.rack, seen.rack_tiles, strict=False)):
            if ch == char and (used is None or i not in used):
                if used is not None:
                    used.add(i)
                return region
        raise ImpossibleState(f"no tile {char!r} on the rack {seen.rack!r}")

    def _place(self, step: PlaceTile, seen: EruditSeen, used: set[int]) -> list[Gesture]:
        tile = self._rack_tile(step.rack_char, seen, used).center
        r, c = divmod(step.square, 15)
        square: Point = seen.geometry.cell_center(r, c)
        out: list[Gesture] = []
        for s in self.site.move:
            if s.do == "drag-tile":
                mid = Point((tile.x + square.x) // 2, (tile.y + square.y) // 2)
                # at the profile's pace (our page drops where the pointer is let go: 0.02 s)
                out.append(Gesture.drag([tile, mid, square], step=self.site.drag_step))
            elif s.do == "click-tile":
                out.append(Gesture.click(tile))
            elif s.do == "click-square":
                out.append(Gesture.click(square))
            elif s.do == "settle":
                out.append(Gesture.settle())
        return out

    def nudge(self, pending: Expect | None, seen: EruditSeen, waited: float
              ) -> Sequence[Intent]:
        """Submit again when a submitted move still shows as ours, not taken, after a while
        with the submit button on the page (Xanado redraws its panel as a tile lands, and a
        click on the button at that moment is lost). A few times at most. A tile that never
        left the rack is laid again the same way (:meth:`_relay`)."""
        if pending is not None and pending.kind is Awaits.TILE:
            return self._relay(pending, seen, waited)
        if pending is None or pending.kind is not Awaits.SUBMIT or waited < NUDGE_AFTER:
            return []
        if self._nudges >= NUDGES or seen.kinds & {"rejected", "choose", "theirs", *ENDED}:
            return []
        if seen.board != pending.board:
            return []  # our tiles are not (only) what the board shows
        try:
            out = self._plain(self.site.submit, seen)
        except ImpossibleState:
            return []  # the button is gone: the page is taking the move
        self._nudges += 1
        logger.info("the move is not taken after %.0f s: submitting again", waited)
        return out

    def _relay(self, pending: Expect, seen: EruditSeen, waited: float) -> list[Gesture]:
        """The tile awaited, laid again when the page let its drag go by: the board shows
        nothing new and the tile is still on the rack (wordgame's drag-and-drop dropped a
        drag on a loaded machine; the bot stopped on "place A L8 not shown yet"). A rack
        shorter than when the tile was laid is a drag still under way, even when a twin of
        the tile stays on it (an S laid again while the first S was in flight landed on
        another square: "2 new tiles after laying one")."""
        step = pending.step
        if not isinstance(step, PlaceTile) or waited < RELAY_AFTER:
            return []
        if seen.kinds & {"rejected", "choose", "theirs", *ENDED} or seen.board != pending.board:
            return []  # something else happened, or the tile (or another) is down
        if step.rack_char not in seen.rack or len(seen.rack) < self._rack_before:
            return []  # it left the rack (a twin may stay): the page is drawing it
        done = self._relaid[1] if self._relaid is not None and self._relaid[0] == step else 0
        if done >= RELAYS:
            return []
        self._relaid = (step, done + 1)
        logger.info("%s not shown after %.1f s with the tile still on the rack: laid again",
                    step.to_text(), waited)
        return self._place(step, seen, set())

    def pending(self, decisions: Sequence[Decision[Step]], seen: EruditSeen) -> Expect:
        assert self._pending is not None
        return self._pending

    def awaiting(self, seen: EruditSeen) -> Expect:
        return Expect(Awaits.REPLY, self.state_of(seen))

    def unreadable_while_waiting(self, pending: Expect | None) -> bool:
        """Frames unreadable while the page comes up, the opponent moves or a dialog is open
        are waited out (nothing is done on them)."""
        if not isinstance(pending, Expect):
            return True
        return pending.kind in (Awaits.REPLY, Awaits.PASS, Awaits.SENT, Awaits.SUBMIT,
                                Awaits.LETTER)

    def wait_seconds(self, pending: Expect | None, default: float) -> float:
        waiting_for_them = (Awaits.REPLY, Awaits.PASS, Awaits.SENT, Awaits.SUBMIT)
        if isinstance(pending, Expect) and pending.kind in waiting_for_them:
            return self.site.opponent_timeout
        return max(default, self.site.redraw_timeout)

    # --- records ------------------------------------------------------------------------------
    def describe(self, seen: EruditSeen) -> dict[str, object]:
        record: dict[str, object] = {"state": seen.board_text(), "board": seen.board_text(),
                                     "rack": seen.rack, "page": sorted(seen.kinds)}
        if seen.laid:  # replay reads these squares as play did: told what it laid
            record["laid"] = seen.laid_text()
        return record

    def game_details(self, seen: EruditSeen) -> dict[str, object]:
        ours, theirs = seen.scores or self.scores
        turns = len(self.log.points)
        return {
            "scores": [ours, theirs],
            "margin": ours - theirs,
            "moves_played": [f"{'us' if s == 0 else 'them'}: {t}" for s, t in self.log.moves],
            "points_per_turn": round(sum(self.log.points) / turns, 2) if turns else None,
            "rejected_moves": list(self.log.rejected),
            "site_words": list(self.log.site_words),
            **({"ended_by": f"the rules: {RULES_ENDS[self._ended_by]}"} if self._ended_by
               else {}),
        }

    def header(self, target: Target[TargetProfile]) -> dict[str, object]:
        return {"site": self.site.name, "style": self.site.style, "rules": self.rules.name}

    def reset(self) -> None:
        self.board, self.scores, self.log = None, (0, 0), EruditLog()
        self.plan, self.laid, self.current, self._pending = [], [], None, None
        self._submitted, self._last_move = None, None
        self._refused, self._turn_since = set(), None
        self._reply_due = None
        self.ending = self._rules_end()
        self._handed, self._sent, self._ended_by = 0, None, ""

    def new_game(self, target: Target[TargetProfile], calibration: Calibration) -> list[Intent]:
        # (a click-at step needs the grid: JScrab's pop-ups' «Ладно» OCR does not read)
        geometry = self._last_seen.geometry if self._last_seen is not None else None
        self.reset()
        return step_intents((*self.site.dismiss, *self.site.new_game), self._page_lines,
                            geometry)

    def start_steps(self, target: Target[TargetProfile]) -> list[Intent]:
        """The site's start steps on a page just opened (a menu in front of the first game)."""
        return step_intents(self.site.start, self._page_lines, grace=10.0)

    def _page_lines(self, frame: Frame) -> list[Line]:
        return self._page(frame, ())[0]

    def where(self, location: BoardLocation) -> object:
        return location.geometry

    def keep_learned(self) -> str | None:
        """Tiles named by the game are taught to the site's look as they are named."""
        return None

    def learn(self, frame: Frame, location: BoardLocation, previous: tuple[str, ...] | None
              ) -> list[LearnedGlyph]:
        raise LearnRefused("tile glyphs are named by vision as they appear")
