"""The checks between a Balda page's frames, by the game's rules (the half of
:class:`bot.games.balda.adapter.BaldaPlayer` the loop asks before it acts): letters never change
or vanish; our move shows as our letter and is taken only when the page passes the turn (or
counts it); the opponent adds exactly one letter; a refusal is about our word only when it
names it; an input the page never took is entered again, then left for another move."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from bot.games.balda.reading import ENDED, REFUSED
from bot.games.balda.seen import Awaits, BaldaSeen, Expect
from bot.games.balda.track import TrackError, new_cells
from bot.run.game import Verdict
from bot.web.steps import matches
from solvers.balda.state import BaldaState
from solvers.words.alphabet import fold_yo

if TYPE_CHECKING:
    from bot.web.sites import SiteProfile


class FrameChecks:
    """The checks half of the Balda player (its attributes are the player's)."""

    site: SiteProfile
    both_sides: bool
    alphabet: str
    state: BaldaState | None
    _retries: int
    _redo: bool
    _mover: int

    def check(self, previous: tuple[str, ...] | None, pending: Expect | None, seen: BaldaSeen
              ) -> tuple[Verdict, str]:
        if not seen.kinds:
            return Verdict.STALE, "the page shows none of the site's phrases yet"
        if previous is None or not isinstance(pending, Expect):
            return Verdict.OK, ""
        before = pending.grid
        try:
            added = new_cells(before, seen.grid)
        except TrackError as exc:
            return Verdict.MISREAD, str(exc)
        over = bool(seen.kinds & set(ENDED))
        ours = "ours" in seen.kinds and "theirs" not in seen.kinds
        if pending.kind is Awaits.MOVE:
            move = pending.move
            assert move is not None and move.cell is not None
            if "confirm" in seen.kinds:
                return Verdict.OK, ""  # the page asks about our word: answered by decide
            cell = move.cell[0] * seen.size + move.cell[1]
            lost = bool(pending.sent) and (
                time.monotonic() - pending.sent > self.site.redraw_timeout
            )
            if not added:
                if seen.kinds & REFUSED or over:
                    return Verdict.OK, ""
                if lost and ours:
                    # The page never showed our letter: the input was lost. Taking it back
                    # and entering the move again is safe (nothing was played).
                    return (Verdict.OK, "") if self._retry_left() else (
                        Verdict.MISREAD, f"{move.to_text()} never showed on the page")
                return Verdict.STALE, f"{move.to_text()} not shown yet"
            if seen.kinds & REFUSED:
                return Verdict.OK, ""  # cancelled whatever our letter reads as, lit as it is
            if cell not in added or seen.grid[cell] != move.letter:
                shown = seen.grid[cell] or "empty"
                why = f"our {move.letter!r} at {move.cell} shows as {shown!r}"
                if cell in added and cell < len(seen.marked) and seen.marked[cell]:
                    # in the page's picked or lit look (the word's first letter, a word the
                    # page is about to refuse): waited out, read again in its plain look
                    return Verdict.STALE, why + " in a highlighted look"
                return Verdict.MISREAD, why
            if len(added) > 2:
                return Verdict.MISREAD, f"{len(added)} new letters after one move"
            if over:
                return Verdict.OK, ""
            if len(added) == 1 and not self._taken(seen, ours):
                if lost and self._score_grew(seen, self._mover if self.both_sides else 0):
                    # counted, the turn line not passed yet (the English vladhuk page under
                    # load kept «End the turn» for seconds while its bot thought: the word
                    # was taken for lost, cancelled, and the bot stopped): waited for
                    return Verdict.STALE, f"{move.to_text()} counted, the turn not passed yet"
                if lost:
                    # our letter shows but the word never went: taken back and entered again,
                    # or after two tries left for another (a refusal the page's words did not
                    # say, or said in a font OCR cannot read)
                    self._redo = True
                    return Verdict.OK, ""
                return Verdict.STALE, f"{move.to_text()} not confirmed yet"
            if len(added) == 2 and not ours:
                return Verdict.STALE, "the opponent's reply is still being drawn"
            return Verdict.OK, ""
        if pending.kind is Awaits.CANCEL:
            if added or seen.kinds & REFUSED:
                return Verdict.STALE, "the refused word is still on the page"
            return Verdict.OK, ""
        if pending.kind in (Awaits.REPLY, Awaits.PASS):
            if len(added) > 1:
                return Verdict.MISREAD, f"{len(added)} new letters in one reply"
            if not added and ours and not over and self._their_score_grew(seen):
                # The page counted the opponent's word but its letter is not drawn yet (or
                # is fading in too faint to read): that is no pass.
                return Verdict.STALE, "the opponent's word is scored but its letter not shown"
            if over or ours:
                return Verdict.OK, ""
            return Verdict.STALE, "waiting for the opponent"
        return Verdict.OK, ""

    def _other_word(self, seen: BaldaSeen, word: str) -> str:
        """The word a refusal names when it is not ours (a drag that lost a cell sent «ДИЕР»
        for ДИЕРЕЗ), else ""."""
        phrases = (*self.site.rejected, *self.site.used)
        for line in seen.lines:
            if not any(matches(line.text, p) for p in phrases):
                continue
            text = line.text.upper()
            if "«" in text and "»" in text:
                named = text.split("«", 1)[1].split("»", 1)[0].strip()
                yo = "Ё" in self.alphabet
                named = named if yo else fold_yo(named)
                if named.isalpha() and named != word:
                    return named
        return ""

    def _taken(self, seen: BaldaSeen, ours: bool) -> bool:
        """Whether the page took our word (its letter showing is not enough: a letter picked
        but not sent shows too): the turn passed, or the mover's score grew. Playing one
        side, the page no longer says it is our turn; playing both, it names the other
        player, or the mover's score grew (a page that says only "your turn" to both)."""
        if not self.both_sides:
            return not ours
        mover = self._mover
        passed = ("theirs" in seen.kinds and "ours" not in seen.kinds) if mover == 0 else (
            "ours" in seen.kinds and "theirs" not in seen.kinds)
        if passed and self.site.turn_theirs:
            return True
        if seen.scores is not None and self.state is not None:
            return self._score_grew(seen, mover)
        return not self.site.turn_theirs  # nothing on the page tells: the letter it is

    def _score_grew(self, seen: BaldaSeen, side: int) -> bool:
        """Whether the page shows ``side``'s score above the one followed."""
        if seen.scores is None or self.state is None:
            return False
        return seen.scores[side] > self.state.scores[side]

    def _retry_left(self) -> bool:
        """Lost inputs are entered again at most twice a move, then it is a misread."""
        return self._retries < 2

    def _their_score_grew(self, seen: BaldaSeen) -> bool:
        if seen.scores is None or self.state is None:
            return False
        theirs = 1 if not self.both_sides else self.state.to_move
        return seen.scores[theirs] > self.state.scores[theirs]

