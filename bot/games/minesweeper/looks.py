"""The Minesweeper adapter's vision with learning: known skins first, else the program's own
looks, learned from its first frame on and named by the game's logic while the bot plays.

Cold start: when no built-in or learned skin fits the window (or ``--skin none`` asks for a
cold start), the board is found as the lattice of alike cells
(:func:`vision.minesweeper.looks.board_grid`)
and its looks become a skin of their own. A fresh board names its one look "covered" at once;
any other board is not a game the bot can join (nothing on it is named), so it is reported as
one to replace with a new game, and the loop starts one the profile's way (its keys, else the
face). From then on :class:`bot.games.minesweeper.learning.GlyphLearning` sees every settled frame
the loop accepts, with the moves sent before it, until every look has its name.
"""

from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from bot.games.minesweeper.counters import WATCH_SECONDS, CounterChoice
from bot.games.minesweeper.learning import GlyphLearning
from bot.games.minesweeper.reading import Located
from bot.run.game import LearnedGlyph, LearnRefused
from solvers.minesweeper.moves import Move
from solvers.minesweeper.state import Board, Cell
from vision.core.errors import BoardNotFoundError, ReadError
from vision.core.frame import Frame
from vision.minesweeper.reader import BoardLocation, MinesweeperReading
from vision.minesweeper.skin import Skin, load_skin

#: ``--skin none``: read with no known skin at all, as on a program never seen.
COLD = "none"
#: A solid rectangle of refused cells at least this many rows and columns is something drawn
#: over the board (a one-line message box hides one whole row and parts of its neighbours).
OBSCURED_SIDES = (1, 4)
#: A known skin guessed for a board that refuses more than this share of it is not its look.
FOREIGN_SHARE = 0.1
#: Whole readings of a location on which a window's counter is looked for, until one reads.
COUNTER_TRIES = 5
#: Seconds to wait before looking again at an obscured board (the loop looks a few times).
OBSCURED_WAIT = 2.0
#: Mean colour change (0-255) of an opened cell's pixels since the last frame taken that says
#: something is drawn over it (an opened cell never changes; a screen grab of one is exact).
CHANGED_LEVELS = 6.0


class LearningVision:
    """Locate and read one program's board, growing and naming its skin while playing.

    ``skin`` is what the profile or the command line asked for (a name, a Skin, None to try
    every known skin, :data:`COLD` for none); ``learning`` None turns learning off, and then
    only known skins read.
    """

    def __init__(self, skin: Skin | str | None, learning: GlyphLearning | None,
                 mines: int | None) -> None:
        self.cold_only = skin == COLD
        self.skin: Skin | str | None = None if self.cold_only else skin
        self.learning = learning
        self._mines = mines
        self.version = 0  # bumped whenever the skin changes (readings before are stale)
        self.starting = False  # a new game was asked for; its first frame is fresh
        self.unplayable = False  # the cold board shown is not a fresh game
        self._frame: Frame | None = None
        self._location: Located | None = None  # a stand-in reader's, or vision's
        #: The last frame the loop took, and where its board was: opened cells whose pixels
        #: changed since are covered up by something (a message box that lets them show
        #: through, read as empty cells: kmines' "Congratulations! You have won!").
        self._trusted: tuple[Frame, Located] | None = None
        self._verified: Frame | None = None
        self._known: tuple[tuple[int, int], BoardLocation] | None = None
        self._counter_tries: dict[int, int] = {}  # counter reads tried, by location
        self.counter_wanted = True  # the adapter has no mine total from the screen yet
        self.counters = CounterChoice()  # which number the window shows is its counter
        self._several = False  # the window shows more than one number
        self._watch_until: float | None = None  # watched until then (from a game's start)
        self._cold_seen: tuple[object, ...] | None = None
        #: (rows, cols) of the level the program was started at, when known: a board of
        #: another size is not taken (a program still drawing, as kmines under load).
        self.shape: tuple[int, int] | None = None

    @property
    def mines(self) -> int | None:
        return self._mines

    @mines.setter
    def mines(self, value: int | None) -> None:
        """The game's mine total, once known, is the naming's too (it decides a lot)."""
        self._mines = value
        if self.learning is not None and value is not None:
            self.learning.set_mines(value)

    # --- finding the board --------------------------------------------------------------------
    def locate(self, frame: Frame) -> BoardLocation:
        from vision.minesweeper.reader import locate_minesweeper

        if not self.cold_only or isinstance(self.skin, Skin):
            try:
                found = locate_minesweeper(frame, skin=self.skin)
                if self.skin is None and self.learning is not None and self._foreign(
                        frame, found):
                    raise BoardNotFoundError(f"the {found.skin} skin does not read this board")
            except BoardNotFoundError:
                if self.learning is None or self.skin is not None:
                    raise
            else:
                kept = self._kept(frame, found)
                self._check_shape(kept.geometry.rows, kept.geometry.cols)
                return kept
        return self._cold_locate(frame)

    def _check_shape(self, rows: int, cols: int) -> None:
        """A board of another size than the level's is a program still drawing (kmines, just
        started on a loaded machine, showed a 13x14 part of its 16x30 board twice) or another
        level shown: not taken, so the loop looks again."""
        if self.shape is not None and sorted((rows, cols)) != sorted(self.shape):
            raise BoardNotFoundError(
                f"a {rows}x{cols} board found where the level is {self.shape[0]}x"
                f"{self.shape[1]}: still being drawn, or the program shows another level")

    @staticmethod
    def _foreign(frame: Frame, found: BoardLocation) -> bool:
        """Is a known skin, guessed for a board, refusing more of it than play could ever learn
        (a tenth)? Then it is another program's look that fits a part: the look is learned
        from nothing instead (a built-in skin must never claim a board it cannot read)."""
        from vision.minesweeper.reader import cell_verdicts

        verdict = cell_verdicts(frame, found)
        return float((~verdict.accepted).mean()) > FOREIGN_SHARE

    def _kept(self, frame: Frame, found: BoardLocation) -> BoardLocation:
        """The board found, unless it is a part of the one already known in a frame of the same
        size (a skin still learning may not recognise every cell of a mostly open board: the
        board has not shrunk, a part of it was not recognised)."""
        known = self._known
        if known is not None and known[0] == (frame.width, frame.height):
            old, new = known[1].geometry, found.geometry
            same_pitch = all(abs(a - b) <= 0.05 * a for a, b in zip(old.pitch, new.pitch,
                                                                     strict=True))
            if same_pitch and old.bounds.intersect(new.bounds) == new.bounds and (
                    new.rows * new.cols < old.rows * old.cols) and known[1].grid.inside(
                    frame.width, frame.height):
                return known[1]
        self._known = ((frame.width, frame.height), found)
        return found

    def _cold_locate(self, frame: Frame) -> BoardLocation:
        from vision.minesweeper.looks import board_grid, fresh, look_indices

        if self.learning is None:
            raise BoardNotFoundError("no known skin fits this board and learning is off"
                                     " (--no-learn): drop --no-learn to learn its look")
        grid, skin = board_grid(frame)
        self._check_shape(grid.rows, grid.cols)
        # A program just started may not have drawn all of its board: the board is taken
        # once two frames show the same one (the loop looks again a moment later).
        seen = (frame.width, frame.height, grid.geometry())
        if seen != self._cold_seen:
            self._cold_seen = seen
            raise BoardNotFoundError(f"a {grid.rows}x{grid.cols} board found; looking again"
                                     " to make sure it is all drawn")
        skin = replace(skin, name=self.learning.name or "learned")
        location = BoardLocation(grid.geometry(), skin.name, 1.0, cells=grid)
        self.learning.start(skin, self.mines if self.mines is not None
                            else self._shown_total(frame, location))
        self._known = ((frame.width, frame.height), location)
        looks = look_indices(frame.pixels, grid, skin)
        # A program that opens a first area itself (xdemineur) starts with several looks: the
        # naming tells a fresh start from a game in progress there.
        self.unplayable = not (self.learning.auto_opens or fresh(skin, looks))
        if not self.unplayable:
            self.learning.new_game(True)
            try:
                self.learning.observe(frame, location, first=True)
            except LearnRefused:
                self.unplayable = True
        self._use(self.learning.skin)
        return location

    def _use(self, skin: Skin | None) -> None:
        if skin is not None and skin is not self.skin:
            self.skin = skin
            self.version += 1

    # --- reading ------------------------------------------------------------------------------
    def read(self, frame: Frame, location: BoardLocation) -> MinesweeperReading:
        from vision.minesweeper.reader import MinesweeperReading, read_minesweeper

        if self.unplayable and self.starting and self.learning is not None \
                and location is self._location:  # the whole board, not a part of it
            # A new game was asked for: a fresh board now names its look (covered).
            try:
                self.learning.new_game(True)
                self.learning.observe(frame, location, first=True)
            except LearnRefused:
                pass
            else:
                self.unplayable = self.starting = False
                self._use(self.learning.skin)
        if self.unplayable:
            # Nothing on this board is named: stand in an unknown board, which the adapter
            # reports as a game to replace (the loop then starts a new one).
            g = location.geometry
            board = Board(g.rows, g.cols, (int(Cell.OPENED),) * (g.rows * g.cols))
            return MinesweeperReading(board, g, location.skin, None, None, None, location.scale)
        reading = read_minesweeper(frame, skin=self.skin, location=location)
        watching = self.watching_counters
        if reading.counter is None and location is self._location and (
                self.counter_wanted or watching):
            # A look with no counter of its own (learned): read whatever counter the window
            # shows, for the first few whole readings of a location until one reads (a
            # program just started may draw its board before its status line), and while
            # more than one number may be it (bot.games.minesweeper.counters).
            tries = self._counter_tries.get(id(location), 0)
            if tries < COUNTER_TRIES or watching:
                self._counter_tries = {id(location): tries + 1}
                return replace(reading, counter=self._counter(frame, location, reading.board))
        return reading

    @property
    def watching_counters(self) -> bool:
        """The window shows more than one number that may be its mine counter, and play has
        not gone on long enough for a timer among them to tick."""
        until = self._watch_until
        return self._several and not self.counters.settled and (
            until is None or time.monotonic() < until)

    def _counter(self, frame: Frame, location: BoardLocation, board: Board | None = None
                 ) -> int | None:
        from vision.minesweeper.any_counter import read_any_counters

        geometry = getattr(location, "geometry", None)
        if geometry is None:
            return None
        numbers = read_any_counters(frame.pixels, geometry)
        flags = board.count(Cell.FLAG) if board is not None else 0
        self._several = self._several or len(numbers) > 1
        if self._several and self._watch_until is None and board is not None and any(
                v <= Cell.EIGHT for v in board.cells):  # a game on: its timer runs
            self._watch_until = time.monotonic() + WATCH_SECONDS
        return self.counters.observe(numbers, flags, geometry.rows * geometry.cols)

    def _shown_total(self, frame: Frame, location: BoardLocation) -> int | None:
        """The mine total before the adapter has one: the window's counter (a fresh board has
        no flags), else the standard level of this board size."""
        from solvers.minesweeper.rules import standard_mines

        counter = self._counter(frame, location)
        g = location.geometry
        return counter if counter is not None else standard_mines(g.rows, g.cols)

    @property
    def location(self) -> Located | None:
        """The whole-board location of the frame read last."""
        return self._location

    def showing(self, frame: Frame, location: Located) -> None:
        """The frame the adapter is reading, at its whole-board location (the reader itself
        may be handed a part of the grid: only the cells that changed)."""
        self._frame, self._location = frame, location

    def reread(self) -> Board | None:
        """The last frame read again with the skin as it is now (after looks were named)."""
        from vision.minesweeper.reader import read_minesweeper

        if self._frame is None or self.unplayable:
            return None
        location = self._location if isinstance(self._location, BoardLocation) else None
        try:
            return read_minesweeper(self._frame, skin=self.skin, location=location).board
        except ReadError:
            return None

    # --- learning -----------------------------------------------------------------------------
    def _started(self, location: BoardLocation) -> GlyphLearning:
        if self.learning is None:
            raise LearnRefused("learning is off")
        if self.learning.skin is None:
            skin = load_skin(self.skin if self.skin is not None else location.skin)
            self.learning.start(skin, self.mines)
            self._use(self.learning.skin)
        return self.learning

    def learn(self, frame: Frame, location: BoardLocation, previous: Board | None
              ) -> list[LearnedGlyph]:
        """A refused frame: new looks, names; raises LearnRefused when it cannot be fitted or
        when its looks still cannot all be read. A board something is drawn over (a message
        when a game ends) is waited for instead: nothing is learned from it."""

        if not isinstance(location, BoardLocation):
            raise LearnRefused("only the vision reader learns glyphs")
        learning = self._started(location)
        first = self.starting
        if first:
            self.unplayable = False
        try:
            learned = learning.observe(frame, location, first=first, previous=previous)
        except LearnRefused:
            if self._obscured(frame, location, previous):
                time.sleep(OBSCURED_WAIT)  # a message over the board: look again in a moment
                return []
            if first:
                self.unplayable = True
            raise
        if first:
            self.starting = False
        self._use(learning.skin)
        return learned

    def overlay(self, frame: Frame, previous: Board | None) -> tuple[int, int] | None:
        """The middle cell (row, col) of something drawn over the board in the frame the
        reader last refused, if anything is (see :meth:`_covered_up`)."""

        location = self._location
        learned = self.learning.skin if self.learning is not None else None
        skin = learned if learned is not None else self.skin
        if isinstance(location, BoardLocation) and not isinstance(skin, Skin):
            try:  # the skin a known look was found by (a look learned by an earlier session)
                skin = load_skin(location.skin)
            except (OSError, ValueError):
                return None
        if not isinstance(location, BoardLocation) or not isinstance(skin, Skin):
            return None
        rows, cols, top, left = self._covered_up(frame, location, skin, previous,
                                                 self._changed_opened(frame, location,
                                                                      previous))
        if rows < OBSCURED_SIDES[0] or cols < OBSCURED_SIDES[1]:
            return None
        return top + rows // 2, left + cols // 2

    def _obscured(self, frame: Frame, location: BoardLocation, previous: Board | None = None
                  ) -> bool:
        """Is something drawn over part of the board (a message or a page's window, as kmines
        and web pages show when a game ends)? Asked of a frame no naming fits: its cells no
        look fits then hold a solid rectangle, where new glyphs are scattered cells. A plain
        message box may pass for empty cells: a cell that shows anything but what it showed
        opened on the ``previous`` board (opened cells never change) counts as covered up."""
        assert self.learning is not None and self.learning.skin is not None
        rows, cols, _top, _left = self._covered_up(
            frame, location, self.learning.skin, previous,
            self._changed_opened(frame, location, previous))
        return rows >= OBSCURED_SIDES[0] and cols >= OBSCURED_SIDES[1]

    def _changed_opened(self, frame: Frame, location: BoardLocation, previous: Board | None
                        ) -> np.ndarray | None:
        """Cells opened on ``previous`` whose pixels changed since the last frame taken (None
        when that frame shows the board elsewhere or at another size)."""
        trusted = self._trusted
        if trusted is None or previous is None:
            return None
        old, where = trusted
        geometry = location.geometry
        if old.pixels.shape != frame.pixels.shape or not isinstance(where, BoardLocation) \
                or where.geometry != geometry or (previous.rows, previous.cols) != (
                    geometry.rows, geometry.cols):
            return None
        before = np.array(previous.cells, np.int64).reshape(geometry.rows, geometry.cols)
        opened = (before <= int(Cell.EIGHT)) | (before == int(Cell.OPENED))
        changed = np.zeros(opened.shape, bool)
        for r, c in np.argwhere(opened).tolist():
            rect = geometry.cell_rect(r, c)
            a = frame.pixels[rect.top : rect.bottom, rect.left : rect.right].astype(np.int16)
            b = old.pixels[rect.top : rect.bottom, rect.left : rect.right].astype(np.int16)
            changed[r, c] = float(np.abs(a - b).mean()) > CHANGED_LEVELS
        return changed

    @staticmethod
    def _covered_up(frame: Frame, location: BoardLocation, skin: Skin, previous: Board | None,
                    changed: np.ndarray | None = None) -> tuple[int, int, int, int]:
        """(rows, cols, top, left) of the largest block of cells no look fits, that show
        what an opened cell of ``previous`` never would, or (``changed``) opened cells whose
        pixels changed."""
        from vision.minesweeper.fit import verdict_of
        from vision.minesweeper.reader import board_values

        verdict = verdict_of(frame.pixels, location.grid, skin)
        hidden = ~verdict.accepted
        if changed is not None and changed.shape == hidden.shape:
            hidden |= changed
        if previous is not None and (previous.rows, previous.cols) == hidden.shape:
            before = np.array(previous.cells, np.int64).reshape(hidden.shape)
            now = board_values(verdict, skin)
            number, unnamed = before <= int(Cell.EIGHT), before == int(Cell.OPENED)
            closed = (now > int(Cell.EIGHT)) & (now != int(Cell.OPENED))
            hidden |= (number & (now != before) & (now >= 0)) | (unnamed & closed)
        return solid_rectangle(hidden)

    def accepted(self, fresh_game: bool) -> str:
        """The loop is taking the frame just read: show it to the learner while looks are
        unnamed. Returns why the frame cannot be taken ('' when it can): a frame no naming
        of the looks explains is a misread, whatever the reader made of it."""
        why = self._accept(fresh_game)
        if not why and self._frame is not None and self._location is not None:
            self._trusted = (self._frame, self._location)
        return why

    def _accept(self, fresh_game: bool) -> str:
        learning = self.learning
        if learning is None or self._frame is None or not isinstance(self.skin, Skin):
            return ""
        if self.unplayable:
            return ""  # a stand-in board: nothing to learn from it (a new game comes next)
        if fresh_game:
            self.starting = False
            learning.new_game(True)
        if not learning.active or not isinstance(self._location, BoardLocation):
            return ""
        try:
            learning.observe(self._frame, self._location, first=fresh_game)
        except LearnRefused as exc:
            return str(exc)
        finally:
            self._use(learning.skin)
        return ""

    def may_be_hit(self) -> bool:
        """Does the frame read last show a look that may still be the mine that went off as
        well as a number (a program that may show only that mine on a loss)? Then a board
        with only mines left covered may be a loss, not a win."""
        from vision.minesweeper.looks import look_indices
        from vision.minesweeper.reader import opened_look

        skin = self.learning.skin if self.learning is not None else None
        if skin is None or self._frame is None or not isinstance(self._location, BoardLocation):
            return False
        maybe = [len(skin.chars) + i for i, cands in enumerate(skin.unnamed_candidates)
                 if "X" in cands and opened_look(cands)]
        if not maybe:
            return False
        looks = look_indices(self._frame.pixels, self._location.grid, skin)
        return bool(np.isin(looks, maybe).any())

    def finished(self) -> None:
        """The frame just read ends a game: check every name against it (once per frame)."""
        learning = self.learning
        if learning is None or learning.skin is None or self._frame is None:
            return
        if self._frame is self._verified or not isinstance(self._location, BoardLocation):
            return
        self._verified = self._frame
        if learning.verify(self._frame, self._location):
            self._use(learning.skin)

    def sent(self, moves: list[Move]) -> None:
        if self.learning is not None:
            self.learning.sent(moves)


def solid_rectangle(mask: np.ndarray) -> tuple[int, int, int, int]:
    """(rows, cols, top, left) of the largest rectangle of True cells (by area)."""
    best, best_area = (0, 0, 0, 0), 0
    heights = np.zeros(mask.shape[1], np.int64)
    for r, row in enumerate(mask):
        heights = np.where(row, heights + 1, 0)
        stack: list[int] = []  # column indices of increasing heights
        for c in range(len(heights) + 1):
            h = int(heights[c]) if c < len(heights) else 0
            while stack and int(heights[stack[-1]]) >= h:
                top = int(heights[stack.pop()])
                left = stack[-1] + 1 if stack else 0
                if top * (c - left) > best_area:
                    best_area, best = top * (c - left), (top, c - left, r - top + 1, left)
            stack.append(c)
    return best
