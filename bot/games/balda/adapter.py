"""Balda on a web page, for the loop: read the grid and the page's words, check, decide, enter.

A reading (:class:`BaldaSeen`) is the grid from letter vision plus what the page's text says
(whose turn, a refused word, the end of the game). The checks between frames are the game's
rules: letters never change or vanish; after our move the grid is the old one plus our letter;
the opponent adds exactly one letter, next to a filled cell, and the turn comes back. Anything
else is a stale frame (wait) or a misread (re-read, then stop). A word the site refuses is
cancelled the site's way, remembered for that site (an append-only file), and the next best
move is played. How moves are entered is the site profile's business (:mod:`bot.web.sites`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import replace

from bot.games.balda.checks import FrameChecks
from bot.games.balda.common_words import rare_words
from bot.games.balda.reading import ENDED, OUTCOMES, REFUSED, GridReading
from bot.games.balda.seen import Awaits, BaldaSeen, Cancel, Confirm, Expect
from bot.games.balda.track import (
    UNKNOWN,
    GameLog,
    TrackError,
    blind_move,
    new_cells,
    opponent_move,
    state_from_grid,
)
from bot.io.targets.base import Target, TargetProfile
from bot.run.act import Gesture, GestureKind, Intent
from bot.run.game import (
    AdapterDefaults,
    Calibration,
    ImpossibleState,
    LearnedGlyph,
    LearnRefused,
    Turn,
)
from bot.web.rejected_words import RejectedWords
from bot.web.site_copies import SiteCopies
from bot.web.sites import MIN_ZIPF, SiteProfile
from bot.web.steps import (
    key_gesture,
    move_intents,
    plain_gestures,
    step_intents,
)
from solvers.balda.lexicon import Lexicon
from solvers.balda.moves import BaldaMove
from solvers.balda.players import search_decision
from solvers.balda.state import BaldaState
from solvers.decision import Decision
from solvers.words.alphabet import fold_yo
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Point, Region
from vision.core.glyph_bank import GlyphBank
from vision.core.letters import GridLocation
from vision.core.page_text import PageText
from vision.core.palette import Palette

logger = logging.getLogger(__name__)



class BaldaPlayer(GridReading, FrameChecks,
                  AdapterDefaults[GridLocation, BaldaSeen, Expect, tuple[str, ...]]):
    """Plays one side (or both) of Balda on one site."""

    game = "balda"

    def __init__(
        self,
        site: SiteProfile,
        lexicon: Lexicon,
        bank: GlyphBank,
        alphabet: str,
        think: float = 1.0,
        sides: str = "one",
        rejected: RejectedWords | None = None,
        text: PageText | None = None,
        lang: str = "rus",
        sizes: Sequence[int] = (5, 6, 7),
        copies: SiteCopies | None = None,
    ) -> None:
        self.site = site
        self.lexicon = lexicon
        self.bank = bank
        self.alphabet = alphabet
        self.think = think
        self.both_sides = sides == "both"
        self.rejected = rejected or RejectedWords(None)
        self.text = text
        self.lang = lang
        self.sizes = tuple(sizes)
        self.state: BaldaState | None = None  # the position as the bot follows it
        self.log = GameLog()
        self._pending: Expect | None = None
        self._geometry: GridGeometry | None = None  # the grid's cells at the last reading
        self._uses_palette = any(step.do == "palette-letter" for step in site.move)
        self._palette: Palette | None = None  # the page's letter keys, screen pixels
        self._palette_frame: Frame | None = None  # the frame the palette was read on
        self._turn_since: float | None = None  # when the current turn of ours first showed
        self.move_seconds: list[float] = []  # "our turn shows" -> "our move shows as played"
        self.learned_glyphs = 0  # glyphs OCR named during play (checked by the game)
        self._retries = 0  # lost inputs of the move being entered
        self._redo = False  # the move shows but the page never took it: taken back, redone
        self._mover = 0  # the side our pending move is for (playing both sides)
        self._not_taken: set[str] = set()  # this game's words the page never took
        self._location: GridLocation | None = None  # the grid found last
        self._unknown_bank = -1  # the bank's size when unknown letters were last tried
        self._asked: dict[bytes, tuple[frozenset[str], str | None]] = {}  # Tesseract, by glyph
        # The recording's copies of the site (its profile, its glyph bank), for replay
        # anywhere: the bank is copied at the start and whenever a reading changed it.
        self.copies = copies
        self._copied: tuple[object, ...] | None = None  # the bank's templates when copied
        if copies is not None:
            copies.keep_profile(site)
            self._keep_bank()

    def _keep_bank(self) -> None:
        """A copy of the glyph bank in the recording, if it changed since the last copy
        (OCR, the game's logic or the palette named a glyph; a wrong one was forgotten)."""
        if self.copies is None:
            return
        now = (*self.bank.templates, *self.bank.plain_faces)
        if self._copied is not None and len(now) == len(self._copied) and all(
            a is b for a, b in zip(now, self._copied, strict=True)
        ):
            return
        self.copies.keep_look(self.bank.save)
        self._copied = now

    # --- vision -------------------------------------------------------------------------------
    def locate(self, frame: Frame) -> GridLocation:
        """The grid; under the game-over banner (a grid faded out of sight) the grid of the
        game that just ended, so that the frame is read as that game's end."""
        from vision.core.letters import locate_letter_grid

        try:
            self._location = locate_letter_grid(frame, self.sizes)
        except ReadError:
            if self._location is None or self.state is None or self.text is None:
                raise
            if not self._kinds(self._all_lines(frame)) & set(ENDED):
                raise
        return self._location

    def read(self, frame: Frame, location: GridLocation) -> BaldaSeen:
        geometry = location.geometry.offset(frame.region.left, frame.region.top)
        try:
            if self._uses_palette and (self._palette is None or geometry != self._geometry):
                # first: the palette shows the whole alphabet in the page's look, which
                # the bank learns before it meets the grid's letters
                self._palette = self._read_palette(frame, location)
                self._palette_frame = frame
            seen = self._read(frame, location)
        finally:
            self._keep_bank()  # what this frame taught, also when it was refused after
        self._geometry = geometry
        return seen

    def calibrate(
        self, frame: Frame, location: GridLocation, seen: BaldaSeen, window: Region
    ) -> Calibration:
        """Clicks anywhere on the page itself (the window holds the page only): the grid,
        its buttons and palette are all part of the game's region."""
        return Calibration(seen.geometry.bounds, (window,), (window,), None)

    @staticmethod
    def board_region(location: GridLocation, frame: Frame) -> Region:
        return Region(0, 0, frame.width, frame.height)  # the turn line matters as much

    def is_fresh(self, seen: BaldaSeen) -> bool:
        if seen.kinds & set(ENDED):
            return False
        n = seen.size
        start = (n - 1) // 2
        if not all(seen.grid[start * n : (start + 1) * n]):
            return False
        return sum(1 for ch in seen.grid if ch) <= n + 1

    def outcome(self, seen: BaldaSeen) -> str | None:
        for kind in OUTCOMES:
            if kind in seen.kinds:
                return kind
        if seen.kinds & {*REFUSED, "confirm"}:
            # the letter that filled the grid is still asked about (add this word?) or
            # refused: not played yet (hot-seat canvas: the game was ended, 49:44, while the
            # page asked about ЗАПИРАНЬЕ, a word worth 9 to the other side)
            return None
        # Over as the page says, or by the rules: a full grid is over whatever the page's turn
        # line still says (some pages never say it); passes are only the page's word or silence
        # (ours are counted before the page shows them)
        full = bool(seen.grid) and all(seen.grid)
        ended = "over" in seen.kinds or full or (
            self.state is not None and self.state.is_over and not seen.kinds & {"ours", "theirs"}
        )
        if not ended:
            return None
        ours, theirs = self.final_scores(seen)
        return "won" if ours > theirs else "lost" if ours < theirs else "drawn"

    def final_scores(self, seen: BaldaSeen) -> tuple[int, int]:
        """The page's scores when it shows them, else the ones the bot followed."""
        if seen.scores is not None:
            return seen.scores
        return self.state.scores if self.state is not None else (0, 0)

    def turn(self, seen: BaldaSeen) -> Turn:
        if seen.kinds & set(ENDED):
            return Turn.OVER
        if seen.kinds & {*REFUSED, "confirm"}:
            return Turn.OURS
        if self.both_sides or ("ours" in seen.kinds and "theirs" not in seen.kinds):
            return Turn.OURS
        return Turn.THEIRS

    def follow(self, seen: BaldaSeen) -> None:
        """Bring the followed game up to an accepted reading, and note when a turn of ours
        first showed (for the seconds it takes to play it)."""
        self._sync(seen)
        if self._turn_since is None and self.outcome(seen) is None and not (
            seen.kinds & REFUSED
        ) and self.turn(seen) is Turn.OURS:
            self._turn_since = seen.t

    # --- following the game -------------------------------------------------------------------
    def _sync(self, seen: BaldaSeen) -> None:
        """Bring the followed position up to the grid shown (idempotent per grid)."""
        if self.state is None or self.state.size != seen.size:
            self.state = state_from_grid(seen.grid)
            self.log = GameLog()
            return
        try:
            added = new_cells(self.state.grid, seen.grid)
        except TrackError as exc:
            raise ImpossibleState(f"the grid no longer follows the game: {exc}") from exc
        self._name_unknown(seen)
        if not added:
            return
        if seen.kinds & {*REFUSED, "confirm"} or self._redo:
            return  # our refused (or not yet confirmed, or lost) letter showing: no move yet
        pending = self._pending
        if pending is not None and pending.kind is Awaits.MOVE and pending.move is not None:
            ours = pending.move
            assert ours.cell is not None
            cell = self.state.index(ours.cell)
            if cell in added and seen.grid[cell] == ours.letter:
                self.state = self.state.play(ours)
                self.log.moves.append((0, ours.to_text()))
                added.remove(cell)
                self._pending = None
                self._retries = 0
                if self._turn_since is not None:
                    self.move_seconds.append(max(0.0, seen.t - self._turn_since))
                self._turn_since = None
        for cell in added:
            if not self.both_sides and self.state.to_move == 0:
                self.state = replace(self.state, to_move=1)  # a letter we did not place
            side = self.state.to_move
            length = None
            if seen.scores is not None and len(added) == 1:
                length = seen.scores[side] - self.state.scores[side]  # the page's count
                if not 0 < length <= len(seen.grid):
                    length = None  # a score misread (OCR took other digits for it)
            self.state, move = opponent_move(
                self.state, self.lexicon, cell, seen.grid[cell], length if length else None,
                self._shown_words(seen),
            )
            if move is None:
                if length:  # the page counted the word we cannot name: count it too
                    scores = list(self.state.scores)
                    scores[side] += length
                    self.state = replace(self.state, scores=(scores[0], scores[1]))
                row, col = divmod(cell, seen.size)
                if seen.grid[cell] == UNKNOWN:
                    self.log.unknown.append(f"{UNKNOWN}@{row},{col}")
                    self.log.moves.append((side, f"{UNKNOWN}@{row},{col} (an unknown letter)"))
                    continue
                self.log.site_words.append(f"{seen.grid[cell]}@{row},{col}")
                self.log.moves.append((side, f"{seen.grid[cell]}@{row},{col} (site word)"))
                logger.info("opponent word at %s,%s is not in our dictionary", row, col)
            else:
                self.log.moves.append((side, move.to_text()))

    def _shown_words(self, seen: BaldaSeen) -> frozenset[str]:
        """The words the page's text shows (its lists of words played, its messages)."""
        yo = "Ё" in self.alphabet
        return frozenset(
            word.upper() if yo else fold_yo(word.upper())
            for line in seen.lines for word in line.text.replace("«", " ").replace("»", " ")
            .split() if word.isalpha() and len(word) >= 2
        )

    def _name_unknown(self, seen: BaldaSeen) -> None:
        """Unknown letters the grid now reads (the bank has learned their look since):
        named in the game followed."""
        assert self.state is not None
        grid = list(self.state.grid)
        named = [i for i, ch in enumerate(grid) if ch == UNKNOWN and seen.grid[i] not in
                 ("", UNKNOWN)]
        for i in named:
            grid[i] = seen.grid[i]
            row, col = divmod(i, seen.size)
            self.log.moves.append((-1, f"{UNKNOWN}@{row},{col} named {grid[i]}"))
            logger.info("the unknown letter at %s,%s reads %r now", row, col, grid[i])
        if named:
            used = self.state.used
            n, row = seen.size, self.state.rules.start_row
            start = "".join(grid[row * n : (row + 1) * n])
            if used and UNKNOWN in used[0] and UNKNOWN not in start:
                used = (start, *used[1:])  # the start word, whole at last
            self.state = replace(self.state, grid=tuple(grid), used=used)

    def state_of(self, seen: BaldaSeen) -> tuple[str, ...]:
        assert self.state is not None
        return self.state.grid

    # --- deciding and entering ----------------------------------------------------------------
    def decide(self, seen: BaldaSeen) -> list[Decision[BaldaMove | Cancel | Confirm]]:
        assert self.state is not None
        pending = self._pending
        if "confirm" in seen.kinds and pending is not None and pending.move is not None:
            return [self._confirm(pending)]
        if seen.kinds & REFUSED or (
                pending is not None and pending.kind is Awaits.MOVE):
            self._redo = False
            word = pending.move.word if pending is not None and pending.move is not None else ""
            refused = bool(seen.kinds & REFUSED)
            other = self._other_word(seen, word) if refused else ""
            if other:  # the page refused what it got, not our word: the input was garbled
                refused = False
                logger.info("the page refused %s, not our %s: entered again", other, word)
            elif refused and "garbled" in seen.kinds:  # what we entered, not the word
                refused = False
                logger.info("the page refused the input of %s, not the word: entered again",
                            word)
            if word and refused and "used" in seen.kinds:
                # played before (a word of the opponent's we named another): not the site's
                # dictionary's doing, and only for this game
                self.state = replace(self.state, used=(*self.state.used, word))
                self.log.used.append(word)
            elif word and refused:
                self.rejected.add(word)
                self.log.rejected.append(word)
            elif not refused:
                self._retries += 1
                self.log.retried.append(word)
                if word and self._retries > 2:  # the page never takes it: play another
                    self._not_taken.add(word)
                    self._retries = 0
            why = f"the site refused {word}" if refused else f"{word}: the input did not go through"
            self._pending = Expect(Awaits.CANCEL, self.state.grid)
            return [Decision(Cancel(word), "cancel", why)]
        state = self.state
        if not self.both_sides and state.to_move != 0:
            state = replace(state, to_move=0)
        excluded = tuple(w for w in self.rejected.words | self._not_taken
                         if w not in state.used_words)
        floor = MIN_ZIPF if self.site.min_zipf is None else self.site.min_zipf
        rare = rare_words(state, self.lexicon, self.site.language, floor)
        excluded += tuple(w for w in rare if w not in excluded)  # the site likely lacks them
        thinking = replace(state, used=state.used + excluded) if excluded else state
        decision = search_decision(thinking, self.lexicon, seconds=self.think)
        move = decision.move
        if move.is_pass:
            self._pending = Expect(Awaits.PASS, state.grid)
            self.state = state.play(move)
            self.log.moves.append((state.to_move, "pass"))
            return [decision]
        self._pending = Expect(Awaits.MOVE, state.grid, move, time.monotonic())
        self._mover = state.to_move
        self.state = state
        return [decision]

    def _confirm(self, pending: Expect) -> Decision[BaldaMove | Cancel | Confirm]:
        """The page asks whether to take our word (not in its dictionary: add it?): yes, by
        the site's ``confirm`` steps; the move stays the one awaited."""
        assert pending.move is not None
        word = pending.move.word
        if not self.site.confirm:
            raise ImpossibleState(
                f"the page asks about {word} ({', '.join(self.site.confirm_asked)}) but the"
                " site profile has no 'confirm' steps to answer it")
        self._pending = replace(pending, sent=time.monotonic())
        self.log.confirmed.append(word)
        return Decision(Confirm(word), "confirm", f"the page asks about {word}: add it")

    def gestures(self, decisions: Sequence[Decision[BaldaMove | Cancel | Confirm]], seen: BaldaSeen
                 ) -> list[Intent]:
        """The move's gestures; in the cancel, confirm and pass steps a button after a click
        is looked for on a frame grabbed after the click (as Erudit's)."""
        out: list[Intent] = []
        for decision in decisions:
            move = decision.move
            if isinstance(move, Cancel):
                out += move_intents(self.site.cancel, seen.lines, seen.geometry,
                                    self._all_lines)
            elif isinstance(move, Confirm):  # the question shows on this very frame
                out += move_intents(self.site.confirm, seen.lines, seen.geometry,
                                    self._all_lines)
            elif move.is_pass:
                out += move_intents(self.site.pass_turn, seen.lines, seen.geometry,
                                    self._all_lines)
            else:
                out += self._move_gestures(move, seen)
        return out

    def _move_gestures(self, move: BaldaMove, seen: BaldaSeen) -> list[Gesture]:
        assert move.cell is not None
        centre = seen.geometry.cell_center
        letter = move.letter.lower()
        out: list[Gesture] = []
        for step in self.site.move:
            if step.do == "click-new-cell":
                out.append(Gesture.click(centre(*move.cell)))
            elif step.do == "type-letter":
                if out and out[-1].kind is not GestureKind.SETTLE:
                    out.append(Gesture.settle())  # the page must show the cell chosen first
                out.append(Gesture.type(letter))
            elif step.do == "drag-path":
                # each cell held until the page draws it picked (half a cell around
                # its centre changed), at most the site's step
                out.append(Gesture.drag([centre(r, c) for r, c in move.path],
                                        step=self.site.drag_step,
                                        watch=max(2, round(min(seen.geometry.pitch) / 4))))
            elif step.do == "click-path":
                for cell in move.path:
                    out.append(Gesture.click(centre(*cell)))
                    if step.type_at_new and cell == move.cell:
                        out += [Gesture.settle(), Gesture.type(letter)]
            elif step.do == "palette-letter":
                out.append(Gesture.click(self._palette_point(move.letter, seen)))
            elif step.do == "key":
                out.append(key_gesture(step))
            else:
                out += plain_gestures([step], seen.lines, seen.geometry)
        return out

    def _read_palette(self, frame: Frame, location: GridLocation) -> Palette:
        from vision.core.palette import read_palette

        palette = read_palette(
            frame, location.geometry.bounds, location.pitch, self.bank, self.alphabet, self.lang,
            teach=True,
        )
        return palette.offset(frame.region.left, frame.region.top)

    def _palette_point(self, letter: str, seen: BaldaSeen) -> Point:
        key = self._palette.keys.get(letter) if self._palette is not None else None
        if key is None and self._palette_frame is not None and self._location is not None:
            # the bank has grown since the palette was read: read it again
            self._palette = self._read_palette(self._palette_frame, self._location)
            key = self._palette.keys.get(letter)
        if key is None:
            known = "".join(sorted(self._palette.keys)) if self._palette is not None else ""
            raise ImpossibleState(
                f"the letter {letter!r} was not found on the page's palette"
                f" (keys read: {known or 'none'})"
            )
        return key.center

    def pending(self, decisions: Sequence[Decision[BaldaMove | Cancel | Confirm]], seen: BaldaSeen
                ) -> Expect:
        assert self._pending is not None
        return self._pending

    def awaiting(self, seen: BaldaSeen) -> Expect:
        return Expect(Awaits.REPLY, self.state_of(seen))

    def unreadable_while_waiting(self, pending: Expect | None) -> bool:
        """Frames the bot cannot read while the opponent moves (letters lit as it picks them)
        are waited out, not misreads: the bot does nothing on them."""
        if not isinstance(pending, Expect):
            return True  # the page is still coming up (a menu fading, a game starting)
        return pending.kind in (Awaits.MOVE, Awaits.REPLY, Awaits.PASS)

    def wait_seconds(self, pending: Expect | None, default: float) -> float:
        if isinstance(pending, Expect) and pending.kind in (Awaits.REPLY, Awaits.PASS):
            return self.site.opponent_timeout
        if isinstance(pending, Expect) and pending.kind is Awaits.MOVE:
            return self.site.redraw_timeout + self.site.opponent_timeout
        return max(default, self.site.redraw_timeout)

    # --- records ------------------------------------------------------------------------------
    def describe(self, seen: BaldaSeen) -> dict[str, object]:
        state = self.state.to_text() if self.state is not None else seen.to_text()
        out: dict[str, object] = {"state": state, "grid": seen.to_text(),
                                  "page": sorted(seen.kinds)}
        if self.copies is not None and self.copies.looks:
            out["look"] = self.copies.looks  # the bank copy this frame was read with: replay's
        if seen.followed:
            out["grid_followed"] = True  # not read off this frame: replay does not re-read it
        elif seen.known:
            n = seen.size  # the letters play already knew: replay reads with them again
            out["known"] = "".join("".join(ch or "." for ch in seen.known[r * n : (r + 1) * n])
                                   + "\n" for r in range(n))
        return out

    def game_details(self, seen: BaldaSeen) -> dict[str, object]:
        scores = self.final_scores(seen)
        return {
            "scores": list(scores),
            "margin": scores[0] - scores[1],
            "moves_played": [
                f"{('us', 'them', 'seen')[side]}: {text}" for side, text in self.log.moves
            ],
            "rejected_words": list(self.log.rejected),
            "played_before": list(self.log.used),
            "confirmed_words": list(self.log.confirmed),
            "site_words": list(self.log.site_words),
            "unknown_letters": list(self.log.unknown),
            # the last grid followed (not "grid": an outcome event's grid is a frame's reading)
            "final_grid": (self.state.to_text().splitlines()[-self.state.size:]
                           if self.state else []),
            **({"ended_by": why} if (why := self._ended_by_rules(seen)) else {}),
        }

    def _ended_by_rules(self, seen: BaldaSeen) -> str:
        """Why a game the page did not call over is over (games.jsonl's ``ended_by``, as
        Erudit's), else ""."""
        if seen.kinds & {*OUTCOMES, "over"}:
            return ""
        if seen.grid and all(seen.grid):
            return "the rules: the grid is full"
        if self.state is not None and self.state.is_over:
            return "the rules: passes in a row"
        return ""

    def header(self, target: Target[TargetProfile]) -> dict[str, object]:
        return {
            "site": self.site.name,
            "style": self.site.style,
            "language": self.site.language,
            "sides": "both" if self.both_sides else "one",
            "think_seconds": self.think,
        }

    def reset(self) -> None:
        """Forget the game followed so far (a new game, or the page started again)."""
        self.state, self._pending, self.log = None, None, GameLog()
        self._palette, self._geometry, self._turn_since = None, None, None
        self._retries, self._redo = 0, False
        self._not_taken = set()

    def new_game(self, target: Target[TargetProfile], calibration: Calibration) -> list[Intent]:
        self.state, self._pending, self.log = None, None, GameLog()
        self._not_taken = set()
        return step_intents((*self.site.dismiss, *self.site.new_game), self._all_lines,
                            self._geometry)

    def start_steps(self, target: Target[TargetProfile]) -> list[Intent]:
        """The site's start steps on a page just opened (a menu in front of the first game);
        a page still loading gets a while to show them."""
        return step_intents(self.site.start, self._all_lines, self._geometry, grace=10.0)

    def where(self, location: GridLocation) -> object:
        return location.geometry

    def keep_learned(self) -> str | None:
        """Save the glyphs named during play into the user's bank for this site."""
        from bot.web.site_data import save_learned

        return str(save_learned(self.site, self.bank))

    def learn(self, frame: Frame, location: GridLocation, previous: tuple[str, ...] | None
              ) -> list[LearnedGlyph]:
        raise LearnRefused("letter glyphs are named by vision as they appear")


__all__ = ["BaldaPlayer", "BaldaSeen", "Cancel", "Expect", "RejectedWords", "blind_move"]
