"""Reading a Balda frame for the player: the grid by the glyph bank, then the game's logic,
then Tesseract checked by the rules; a new letter nothing names for sure is an unknown letter.

The bank reads what it knows. A glyph it does not know is named by the game
(:mod:`calibration.balda.naming`): the letter we placed, the start word that fits, the letter a
legal move needs. A name the bank gives a new letter in a look it has not seen that makes no
legal move is doubted and named by the game again (a serif Н and П are near alike: a bank that
has seen Н but never П must not make every П an Н). What is left goes to Tesseract, and a name
it is sure of is taken only when the rules allow it: the start row then a dictionary word, a
new letter then a legal move. A new letter still unnamed on our turn is an unknown letter
(``UNKNOWN``): the game goes on around it (no word of ours runs through it, the opponent's word
through it is the site's) and it is read again whenever the bank grows.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence, Set
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from bot.games.balda.seen import Awaits, BaldaSeen, Expect
from bot.games.balda.track import UNKNOWN
from bot.web.steps import Line, matches, number_near
from solvers.balda.movegen import generate_moves
from solvers.balda.moves import BaldaMove
from solvers.balda.state import BaldaState
from solvers.words.alphabet import fold_yo
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.core.letters import CellInk, GridLocation

if TYPE_CHECKING:
    from bot.web.sites import SiteProfile
    from solvers.balda.lexicon import Lexicon
    from vision.balda.reader import BaldaReading
    from vision.core.glyph_bank import GlyphBank
    from vision.core.page_text import PageText

logger = logging.getLogger(__name__)

OUTCOMES = ("won", "lost", "drawn")
#: What the page says when it did not take our word: not in its dictionary (or not a legal
#: move), or played before.
REFUSED = frozenset({"rejected", "used", "garbled"})
ENDED = (*OUTCOMES, "over")
#: A bank match this near is the same look as a template: no rule second-guesses it.
SURE = 0.05
#: No Balda score is this high (a 7x7 grid holds 42 letters): a bigger number is a misread.
MAX_SCORE = 999


#: One worker reading a frame's text while the main thread reads its grid.
TEXT_READER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="balda-text")


class GridReading:
    """The reading half of :class:`bot.games.balda.adapter.BaldaPlayer`."""

    site: SiteProfile
    lexicon: Lexicon
    bank: GlyphBank
    alphabet: str
    lang: str
    text: PageText | None
    state: BaldaState | None
    both_sides: bool
    learned_glyphs: int
    _pending: Expect | None
    _unknown_bank: int  # the bank's size when the unknown letters were last tried
    _asked: dict[bytes, tuple[frozenset[str], str | None]]  # Tesseract's answers by glyph

    def _read(self, frame: Frame, location: GridLocation) -> BaldaSeen:
        # the page's text (Tesseract, in its own process) is read while the grid is: a
        # quarter of a move's time on our page went to reading the two one after the other
        reading_lines = TEXT_READER.submit(self._lines, frame, location.geometry.bounds)
        known = self._known(location)
        try:
            bank: BaldaReading | ReadError = self._bank_reading(frame, location, known)
        except ReadError as refused:
            bank = refused
        finally:
            lines = reading_lines.result()  # the text is read before anything else uses it
        scores = self._scores(lines)
        kinds = self._kinds(lines)
        if not isinstance(bank, ReadError):
            reading = bank
        else:
            # A grid faded under the game-over banner: the game is over, and its faint
            # letters are no glyphs to learn.
            ended = self._ended_under_banner(frame, location, scores)
            if ended is not None:
                return ended
            doubts: dict[int, str] = getattr(bank, "doubted", {})
            doubted = frozenset(doubts)
            named: dict[int, str] = {}
            if bank.cells and self._name_by_logic(frame, location, scores, lines, named, doubted):
                known = {**known, **named}  # letters the game named under an overlay
            reading, known = self._checked_ocr(frame, location, known, kinds,
                                               self._still_doubted(frame, location, doubts)
                                               - set(named))
        geometry = location.geometry.offset(frame.region.left, frame.region.top)
        followed = tuple(known.get(i, "") for i in range(len(reading.grid))) if known else ()
        return BaldaSeen(
            tuple(reading.grid), geometry, kinds, tuple(lines), frame.timestamp, scores,
            known=followed, marked=tuple(reading.marked),
        )

    # ----- the bank, then the rules ---------------------------------------------------------
    def _bank_reading(self, frame: Frame, location: GridLocation, known: Mapping[int, str]
                      ) -> BaldaReading:
        """The grid as the bank reads it alone; a new letter the rules rule out, or that
        another letter the bank has never seen could be as well (in a look not sure), is an
        error on its cell, marked ``doubted``."""
        from vision.balda.reader import read_balda

        reading = read_balda(frame, location, self.bank, self.alphabet, lang=self.lang,
                             ocr=False, known=known)
        doubted = self._doubted(frame, location, reading, known)
        if doubted:
            n = location.cols
            error = ReadError(
                "the bank's reading of " + ", ".join(
                    f"row {i // n + 1} col {i % n + 1} ({reading.grid[i]})" for i in doubted)
                + " makes no legal move: named again by the game",
                cells=tuple(divmod(i, n) for i in sorted(doubted)))
            error.doubted = {i: reading.grid[i] for i in doubted}  # type: ignore[attr-defined]
            raise error
        return reading

    def _still_doubted(self, frame: Frame, location: GridLocation, doubts: Mapping[int, str]
                       ) -> frozenset[int]:
        """The doubted cells the bank still reads as it did (the game named none of them
        since: a name it gave would be a template, read now)."""
        from vision.core.letters import grid_inks

        if not doubts:
            return frozenset()
        inks = grid_inks(frame, location)
        cells = sorted(doubts)
        found = self.bank.classify_many([inks[i] for i in cells], self.alphabet)
        return frozenset(i for i, m in zip(cells, found, strict=True)
                         if not (m.accepted and m.char != doubts[i]))

    def _doubted(self, frame: Frame, location: GridLocation, reading: BaldaReading,
                 known: Mapping[int, str]) -> list[int]:
        """New letters the bank named in a look it is not sure of that the rules rule out,
        or that a letter it never saw could be too (a serif И 0.10 from an Н never seen)."""
        from vision.core.letters import grid_inks

        # The page's score says the word's length only while it is read right and up to date:
        # a reading is doubted by the rules alone, never by a length (a score read as 6 for 7
        # made a bank's right Д "illegal" and the game named it Р).
        wrong = self._against_rules(reading.grid, known, None, unseen=True)
        if not wrong:
            return []
        inks = grid_inks(frame, location)
        matches_ = self.bank.classify_many([inks[i] for i in wrong], self.alphabet)
        unsure = [i for i, m in zip(wrong, matches_, strict=True) if m.distance > SURE]
        return unsure if self._other_name_possible(reading.grid, known, unsure, inks) else []

    def _other_name_possible(self, grid: Sequence[str], known: Mapping[int, str],
                             cells: Sequence[int], inks: Sequence[CellInk]) -> bool:
        """Whether the game has another name for ``cells`` that the bank does not rule out
        (:func:`calibration.balda.naming.bank_allows`). The site's dictionary is not ours: a
        start word or an opponent's word we lack makes the bank's right reading "illegal",
        and a doubt with no other name the bank allows would only unname it."""
        from calibration.balda.naming import bank_allows

        if not cells:
            return False
        state = self.state
        n = int(round(len(grid) ** 0.5))

        def allows(i: int, ch: str) -> bool:
            return ch == grid[i] or bank_allows(inks[i], ch, self.bank, self.alphabet)

        if state is None or state.size != n:
            row = (n - 1) // 2
            sure = [i for i in range(row * n, (row + 1) * n) if i not in cells]
            return any(
                len(w) == n and w != "".join(grid[row * n : (row + 1) * n])
                and all(w[i - row * n] == grid[i] for i in sure)
                and all(allows(i, w[i - row * n]) for i in cells)
                for w in self.lexicon.words)
        base, _ = self._base(grid)
        return any(ch != grid[i] and allows(i, ch)
                   for i in cells for ch in self._legal_letters(base, i, None))

    def _against_rules(self, grid: Sequence[str], known: Mapping[int, str],
                       length: int | None = None, unseen: bool = False) -> list[int]:
        """Cells whose letters the rules do not allow: a start row that is no dictionary word
        (a fresh board), a new letter (not ours) that makes no legal move (of ``length``
        letters when the page's score says it); with ``unseen``, also a new letter where
        another letter the bank has no template of makes a legal move as well."""
        state = self.state
        n = int(round(len(grid) ** 0.5))
        if state is None or state.size != n:
            row = (n - 1) // 2
            cells = range(row * n, (row + 1) * n)
            word = "".join(grid[i] for i in cells)
            fresh = all(grid[i] for i in cells) and sum(1 for ch in grid if ch) == n
            return [] if not fresh or word in self.lexicon else list(cells)
        base, ours_cell = self._base(grid)
        added = [i for i, ch in enumerate(grid)
                 if ch and ch != UNKNOWN and not base.grid[i] and i not in known
                 and i != ours_cell]
        if len(added) != 1:
            return []
        cell = added[0]
        legal = self._legal_letters(base, cell, length)
        if grid[cell] not in legal:
            return [cell]
        if unseen and self.bank is not None and set(legal) - set(self.bank.chars) - {grid[cell]}:
            return [cell]
        return []

    def _legal_letters(self, base: BaldaState, cell: int, length: int | None) -> set[str]:
        """The letters that make a legal move in ``cell`` (of ``length`` letters when given)."""
        target = base.cell(cell)
        legal = {m.letter for m in generate_moves(base, self.lexicon)
                 if m.cell == target and (length is None or len(m.word) == length)}
        if UNKNOWN in base.grid:  # the word may run through a letter we could not name
            from calibration.balda.naming import letters_through

            legal |= letters_through(base.grid, cell, self.lexicon, length)
        return legal

    def _base(self, grid: Sequence[str]) -> tuple[BaldaState, int | None]:
        """The followed position, after our pending move when its letter shows; and that
        letter's cell."""
        state = self.state
        assert state is not None
        move = self._ours()
        if move is None or move.cell is None:
            return state, None
        at = state.index(move.cell)
        if grid[at] == move.letter and not state.grid[at]:
            return state.play(move), at
        return state, None

    def _ours(self) -> BaldaMove | None:
        pending = self._pending
        if pending is not None and pending.kind is Awaits.MOVE and pending.move is not None:
            return pending.move
        return None

    def _checked_ocr(self, frame: Frame, location: GridLocation, known: dict[int, str],
                     kinds: frozenset[str], doubted: Set[int] = frozenset(),
                     ) -> tuple[BaldaReading, dict[int, str]]:
        """The grid with Tesseract asked about what is left, every name it gives checked by
        the rules; a new letter still unnamed on our turn is ``UNKNOWN``, and so is one whose
        bank reading was ``doubted`` and that the game has not named since."""
        from vision.balda.reader import read_balda

        n = location.cols
        if doubted:
            cells = [divmod(i, n) for i in sorted(doubted)]
            unknown = self._unknown_cells(frame, location, cells, kinds)
            if len(unknown) < len(cells):
                raise ReadError("the bank's reading of " + ", ".join(
                    f"row {r + 1} col {c + 1}" for r, c in cells) + " is doubted and nothing"
                    " names it for sure", cells=tuple(cells))
            known = {**known, **{i: UNKNOWN for i in unknown}}
        for _ in range(2):
            try:
                reading = read_balda(frame, location, self.bank, self.alphabet, lang=self.lang,
                                     known=known)
            except ReadError as exc:
                unknown = self._unknown_cells(frame, location, exc.cells, kinds)
                if not unknown:
                    raise
                known = {**known, **{i: UNKNOWN for i in unknown}}
                continue
            refused = self._check_learned(reading, known)
            if not refused:
                return reading, known
            unknown = self._unknown_cells(frame, location, refused, kinds)
            if len(unknown) < len(refused):
                raise ReadError(
                    "Tesseract named " + ", ".join(
                        f"row {r + 1} col {c + 1} {reading.grid[r * n + c]}" for r, c in refused)
                    + " but the rules do not allow it", cells=tuple(refused))
            known = {**known, **{i: UNKNOWN for i in unknown}}
        raise ReadError("the grid does not read with its unknown letters", cells=())

    def _unknown_cells(self, frame: Frame, location: GridLocation,
                       cells: Sequence[tuple[int, int]], kinds: frozenset[str]) -> list[int]:
        """The cells to follow as unknown letters: those the game already follows as unknown
        (still unread), one new letter (a cell empty in the game followed, not ours) with
        steady ink on a frame where it is our turn, and on a fresh board up to half the start
        row (the start word's letters the game could not name); none when anything else is
        unread."""
        from vision.core.letters import cell_ink

        n = location.cols
        state = self.state
        ours_turn = self.both_sides or ("ours" in kinds and "theirs" not in kinds)

        def steady(where: Sequence[tuple[int, int]]) -> bool:
            return all(not ink.empty and not ink.faint and ink.steady
                       for ink in (cell_ink(frame, location, r, c) for r, c in where))

        if state is None or state.size != n:
            row = (n - 1) // 2
            fresh = bool(cells) and all(r == row for r, _ in cells) and len(cells) <= n // 2
            if not (fresh and ours_turn and steady(cells)):
                return []
            logger.info("the start word's letters at %s are named by nothing for sure:"
                        " followed as unknown letters", ", ".join(f"{r},{c}" for r, c in cells))
            self._unknown_bank = self._bank_size()
            return [r * n + c for r, c in cells]
        still = [r * n + c for r, c in cells if state.grid[r * n + c] == UNKNOWN]
        new = [(r, c) for r, c in cells if state.grid[r * n + c] != UNKNOWN]
        if not new:
            return still
        if len(new) != 1 or not ours_turn or not steady(new):
            return []
        (r, c), = new
        i = r * n + c
        move = self._ours()
        if state.grid[i] or (move is not None and move.cell == (r, c)):
            return []
        logger.info("the new letter at %s,%s is named by nothing for sure: followed as an"
                    " unknown letter", r, c)
        self._unknown_bank = self._bank_size()
        return [*still, i]

    def _bank_size(self) -> int:
        return len(self.bank.templates) if self.bank is not None else 0

    def _known(self, location: GridLocation) -> dict[int, str]:
        """The letters of the game followed (never re-read: a Balda letter never changes, and
        an arrow the page draws over them must not make them another); unknown letters are
        read again whenever the bank has grown since they were last tried."""
        state = self.state
        if state is None or state.size != location.cols:
            return {}
        again = self._bank_size() != self._unknown_bank
        return {i: ch for i, ch in enumerate(state.grid) if ch and not (ch == UNKNOWN and again)}

    def _check_learned(self, reading: BaldaReading, known: Mapping[int, str]
                       ) -> list[tuple[int, int]]:
        """A glyph named by OCR in this frame must make sense: never a change to a letter
        already known (an error), and the rules must allow it (else forgotten again, and its
        cell returned)."""
        learned = getattr(reading, "learned", ())
        self.learned_glyphs += len(learned)
        if not learned:
            return []
        if self.state is not None:
            size = self.state.size
            for row, col, char in learned:
                had = self.state.grid[row * size + col]
                if had and had != char and had != UNKNOWN:
                    self.bank.forget(char)
                    raise ReadError(
                        f"cell {row},{col}: OCR named a glyph {char!r} where {had!r} stands",
                        cells=((row, col),),
                    )
        n = reading.cols
        # A start row Tesseract is sure of may be a word of the site's dictionary, not ours:
        # only a new letter must make a legal move.
        wrong = set(self._against_rules(reading.grid, known)) if self.state is not None \
            else set()
        refused = [(r, c) for r, c, _ in learned if r * n + c in wrong]
        for r, c in refused:
            char = reading.grid[r * n + c]
            self.bank.forget_newest(char)
            self.learned_glyphs -= 1
            logger.info("Tesseract named %s,%s %r, which the rules do not allow", r, c, char)
        return refused

    def _length(self, scores: tuple[int, int] | None) -> int | None:
        """The length of the word just played when the page's score grew on one side only
        (and not by our move, whose length we know)."""
        if scores is None or self.state is None or self._ours() is not None:
            return None
        grown = [scores[k] - self.state.scores[k] for k in (0, 1)]
        grown = [g for g in grown if g > 0]
        # a word is at most the grid long: anything else is a score misread
        return grown[0] if len(grown) == 1 and grown[0] <= len(self.state.grid) else None

    def _name_by_logic(
        self,
        frame: Frame,
        location: GridLocation,
        scores: tuple[int, int] | None = None,
        lines: Sequence[Line] = (),
        untaught: dict[int, str] | None = None,
        doubted: frozenset[int] = frozenset(),
    ) -> bool:
        """Glyphs the bank does not know, named by the game (see
        :mod:`calibration.balda.naming`); the page's score, when it grew by one word, says
        how long that word is. Letters named under an overlay go into ``untaught``."""
        from calibration.balda.naming import name_by_logic

        ours = self._ours()
        length = self._length(scores)
        yo = "Ё" in self.alphabet  # Ё a letter of its own: the page's words keep it
        shown = frozenset(
            word.upper() if yo else fold_yo(word.upper())
            for line in lines for word in line.text.split() if word.isalpha()
        )
        if len(self._asked) > 2000:
            self._asked.clear()
        taught = name_by_logic(
            frame, location, self.bank, self.alphabet, self.lexicon, self.state, ours, length,
            self.lang, shown, untaught, doubted, self._asked,
        )
        for r, c, char in taught:
            logger.info("named the glyph at %s,%s %r by the game's logic", r, c, char)
        self.learned_glyphs += len(taught)
        return bool(taught or untaught)

    # ----- the page's words -------------------------------------------------------------------
    def _kinds(self, lines: Sequence[Line]) -> frozenset[str]:
        return frozenset(
            kind
            for kind, phrases in self.site.phrases.items()
            if any(matches(line.text, p) for line in lines for p in phrases)
        )

    def _ended_under_banner(
        self, frame: Frame, location: GridLocation, scores: tuple[int, int] | None
    ) -> BaldaSeen | None:
        """A page that says the game is over may fade its grid under the banner (drawn over
        the grid: the whole page is read for it): the game ends there with the page's scores,
        on the grid the bot followed (nothing is played on it any more, so no letter is
        guessed)."""
        lines = self._all_lines(frame)
        kinds = self._kinds(lines)
        scores = scores or self._scores(lines)
        if self.state is None or not kinds & set(ENDED):
            return None
        geometry = location.geometry.offset(frame.region.left, frame.region.top)
        return BaldaSeen(
            tuple(self.state.grid), geometry, kinds, tuple(lines), frame.timestamp, scores,
            followed=True,
        )

    def _scores(self, lines: Sequence[Line]) -> tuple[int, int] | None:
        ours_label, theirs_label = self.site.score_labels
        if not ours_label:
            return None
        ours, theirs = number_near(lines, ours_label), number_near(lines, theirs_label)
        if ours is None or theirs is None or max(ours, theirs) > MAX_SCORE:
            return None  # not shown, or other digits OCR took for it (a canvas palette)
        return (ours, theirs)

    def _all_lines(self, frame: Frame) -> list[Line]:
        if self.text is None:
            return []
        dx, dy = frame.region.left, frame.region.top
        return [Line(t.text, t.region.offset(dx, dy)) for t in self.text.lines(frame)]

    def _lines(self, frame: Frame, grid: Region) -> list[Line]:
        if self.text is None:
            return []
        dx, dy = frame.region.left, frame.region.top
        return [
            Line(t.text, t.region.offset(dx, dy)) for t in self.text.lines(frame, exclude=[grid])
        ]
