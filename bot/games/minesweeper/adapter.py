"""Minesweeper for the loop: read a frame, check it against what the bot expects, decide, click.

The checks are what keep the bot from compounding a mistake. Between two frames, an opened cell
must keep its number and a flag must stay a flag (else the frame was misread), and every move
just made must show (else the program has not redrawn yet: the frame is stale, wait for the
next). The solver is :class:`solvers.minesweeper.solver.Solver`; vision is
``vision.minesweeper.reader``; both are passed in so tests can stand in for them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from bot.games.minesweeper.delta import DeltaReader
from bot.games.minesweeper.first_click_rule import AssumedRule, adopt
from bot.games.minesweeper.gestures import minesweeper_gestures
from bot.games.minesweeper.looks import LearningVision
from bot.games.minesweeper.mines import MineTotal, mine_total, refit
from bot.games.minesweeper.programs.new_game_button import NewGameButtons
from bot.games.minesweeper.programs.profile import FlagPolicy, Profile
from bot.games.minesweeper.reading import BoardRead, Locate, Located, Read
from bot.games.minesweeper.resend import ClickResend
from bot.run.act import Gesture
from bot.run.game import AdapterDefaults, Calibration, ImpossibleState, Turn, Verdict
from solvers.decision import Decision
from solvers.minesweeper.moves import Move, MoveKind
from solvers.minesweeper.rules import FirstClick
from solvers.minesweeper.state import Board, BoardError, Cell
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Point, Region
from vision.minesweeper.reader import BoardLocation

if TYPE_CHECKING:
    from bot.games.minesweeper.learning import GlyphLearning
    from bot.io.targets.base import Target, TargetProfile
    from bot.run.act import Intent
    from bot.run.game import LearnedGlyph
    from vision.minesweeper.skin import Skin

__all__ = ["COVERED", "MinesweeperPlayer", "Seen", "Verdict", "check", "is_fresh", "outcome"]

COVERED = (int(Cell.UNKNOWN), int(Cell.FLAG), int(Cell.QUESTION))
UNOPENED = (int(Cell.UNKNOWN), int(Cell.QUESTION))

logger = logging.getLogger(__name__)


class Planner(Protocol):
    """What the loop needs from a solver (``solvers.minesweeper.solver.Solver`` fits)."""

    def plan(self, board: Board, mines: int, flags: bool = False) -> list[Decision[Move]]: ...




@dataclass(frozen=True)
class Seen:
    """One frame, read: the board, where its cells are on the screen, the counter and face."""

    board: Board
    geometry: GridGeometry  # screen coordinates
    counter: int | None = None
    face: str | None = None


def unfinished_zero(board: Board) -> tuple[int, int] | None:
    """An open empty cell next to a covered one, which no finished drawing shows (programs open
    everything around an empty cell at once): the program is still drawing, or a cell under the
    pointer is lit so it looks open (gnome-mines). None when there is no such cell."""
    cells, cols = board.cells, board.cols
    for i, value in enumerate(cells):
        if value == Cell.ZERO:
            r, c = divmod(i, cols)
            if any(cells[rr * cols + cc] in UNOPENED for rr, cc in board.neighbors(r, c)):
                return r, c
    return None


def shows_loss(board: Board) -> bool:
    """The board of a lost game: the mine that went off, or the other mines shown (the one that
    went off may be a look not named yet, read as an opened cell of unknown number)."""
    return board.is_lost or board.count(Cell.MINE) > 0


def check(previous: Board | None, pending: Sequence[Move], board: Board) -> tuple[Verdict, str]:
    """Is ``board`` a possible successor of ``previous`` after the moves in ``pending``?

    Contradictions with ``previous`` are misreads; a drawing that is not finished yet (the moves
    not shown, an empty cell next to a covered one) is stale.
    """
    zero = unfinished_zero(board)
    unfinished = (Verdict.STALE, f"empty cell {zero} next to a covered cell: not drawn yet")
    if previous is None:
        return unfinished if zero is not None else (Verdict.OK, "")
    if (previous.rows, previous.cols) != (board.rows, board.cols):
        return Verdict.MISREAD, f"board size changed to {board.rows}x{board.cols}"
    unflagged = {(m.row, m.col) for m in pending if m.kind is MoveKind.UNFLAG}
    lost = shows_loss(board)
    for i, (before, now) in enumerate(zip(previous.cells, board.cells, strict=True)):
        # A number may read as an opened cell of unknown number (a close call with a look not
        # named yet): less known, nothing changed. Any other change of an open cell is a misread.
        changed = before <= Cell.EIGHT and now not in (before, Cell.OPENED)
        if changed or (before == Cell.OPENED and now in UNOPENED):
            r, c = divmod(i, board.cols)
            return (
                Verdict.MISREAD,
                f"open cell ({r}, {c}) changed from {Cell(before).char!r} to {Cell(now).char!r}",
            )
        if before == Cell.FLAG and now != Cell.FLAG and divmod(i, board.cols) not in unflagged:
            if not (lost and now == Cell.WRONG_FLAG):
                r, c = divmod(i, board.cols)
                return Verdict.MISREAD, f"flag at ({r}, {c}) became {Cell(now).char!r}"
    if zero is not None:
        return unfinished
    if lost:
        return Verdict.OK, ""
    for move in pending:
        shown = board[move.row, move.col]
        if move.kind is MoveKind.OPEN and int(shown) in UNOPENED:
            return Verdict.STALE, f"{move.to_text()} not shown yet"
        if move.kind is MoveKind.FLAG and shown is not Cell.FLAG:
            return Verdict.STALE, f"{move.to_text()} not shown yet"
        if move.kind is MoveKind.UNFLAG and shown is Cell.FLAG:
            return Verdict.STALE, f"{move.to_text()} not shown yet"
        if move.kind is MoveKind.CHORD:
            for rr, cc in board.neighbors(move.row, move.col):
                if int(board[rr, cc]) in UNOPENED:
                    return Verdict.STALE, f"{move.to_text()} not shown yet"
    return Verdict.OK, ""


def is_fresh(board: Board, mines: int, auto_opens: bool) -> bool:
    """A board as a new game shows it (covered, or with the first area a program opens)."""
    if board.is_lost or board.count(Cell.FLAG, Cell.MINE, Cell.WRONG_FLAG):
        return False
    if auto_opens:
        return sum(1 for v in board.cells if v in COVERED) > mines
    return board.count(Cell.UNKNOWN) == board.rows * board.cols


def outcome(board: Board, mines: int, policy: FlagPolicy, face: str | None = None) -> str | None:
    """ "won", "lost" or None (still playing), from the board (and the face, when read)."""
    if shows_loss(board) or face == "lost":
        return "lost"
    covered = [v for v in board.cells if v in COVERED]
    if len(covered) == mines:
        if policy is not FlagPolicy.AT_END or all(v == Cell.FLAG for v in covered):
            return "won"
    if face == "won":
        return "won"
    return None



def drawn_face(frame: Frame, geometry: GridGeometry) -> Region | None:
    """A smiley face above the board (screen pixels), found by its look alone: the face of a
    look learned from nothing (xdemineur starts a game only by its face)."""
    from vision.minesweeper.any_face import find_face

    dx, dy = frame.region.left, frame.region.top
    face = find_face(frame.pixels, geometry.bounds.offset(-dx, -dy), float(min(geometry.pitch)))
    return None if face is None else face.offset(dx, dy)


def vision_location(location: Located) -> BoardLocation:
    """A location vision found (its reader and learning need one, not a stand-in's)."""
    if not isinstance(location, BoardLocation):
        raise ReadError(f"a board located by another reader ({type(location).__name__})")
    return location

class MinesweeperPlayer(AdapterDefaults[Located, Seen, list[Move], Board]):
    """Reads, checks and decides for one program (its :class:`Profile`) and one mine count."""

    game = "minesweeper"

    def __init__(
        self,
        profile: Profile,
        planner: Planner | None,
        mines: int | None = None,
        locate: Locate | None = None,
        read: Read | None = None,
        delta: bool = True,
        skin: Skin | None = None,
        learning: GlyphLearning | None = None,
        level_mines: int | None = None,
        shape: tuple[int, int] | None = None,
    ) -> None:
        self.profile = profile
        self.buttons = NewGameButtons()
        self.resend = ClickResend(profile.redraw_timeout)
        self.planner = planner
        self.rule: AssumedRule | None = None  # the first-click rule, decided on first sight
        self._mines = mines
        #: --mines and the level's default; the screen's counter wins over both (learn_mines).
        self._given, self._level_mines = mines, level_mines
        self.mine_total: MineTotal | None = None
        self.learning = learning
        #: What vision reads with and learns into (bot.games.minesweeper.looks).
        self.vision = LearningVision(skin if skin is not None else profile.skin, learning, mines)
        self.vision.shape = shape  # the level's rows and cols, when the program was given one
        self._seen_version = 0
        self.first_move_at: float | None = None  # time.monotonic() of the first move sent
        self._locate = locate if locate is not None else self._vision_locate
        self._read = read if read is not None else self._vision_read
        self.delta = DeltaReader(self._read) if delta else None

    # --- vision -------------------------------------------------------------------------------
    @property
    def skin(self) -> Skin | str | None:
        """What vision reads with: a name, or a Skin object (one learned during play)."""
        return self.vision.skin

    def take_rule(self, rule: FirstClick) -> None:
        """The first-click rule decided on first sight, for a solver that keeps one."""
        planner = self.planner
        if planner is not None and hasattr(planner, "rules"):
            planner.rules = rule

    def learns(self) -> bool:
        return self.learning is not None

    def look_name(self) -> str | None:
        skin = self.skin
        return skin if skin is None or isinstance(skin, str) else skin.name

    def where(self, location: Located) -> object:
        return getattr(location, "geometry", None)

    def _vision_locate(self, frame: Frame) -> Located:
        return self.vision.locate(frame)

    def _vision_read(self, frame: Frame, location: Located) -> BoardRead:
        return self.vision.read(frame, vision_location(location))

    def learn(self, frame: Frame, location: Located, previous: Board | None) -> list[LearnedGlyph]:
        """Learn the looks an unreadable frame shows and read with the grown skin from now
        on; raises :class:`bot.run.game.LearnRefused` when that cannot be done
        safely."""
        from bot.run.game import LearnRefused

        if self.learning is None:
            raise LearnRefused("learning is off")
        if self._read != self._vision_read:
            raise LearnRefused("only the vision reader learns glyphs")
        learned = self.vision.learn(frame, vision_location(location), previous)
        self._skin_changed()
        return learned

    def overlay(self, frame: Frame, previous: Board | None) -> Point | None:
        """Where a message drawn over the board is (screen pixels), in a frame the reader
        refused: the loop clicks it away once the program has said the game is over."""
        cell = self.vision.overlay(frame, previous)
        location = self.vision.location
        if cell is None or location is None:
            return None
        return location.geometry.cell_center(*cell).offset(frame.region.left, frame.region.top)

    def _skin_changed(self) -> None:
        if self.delta is not None:
            self.delta.reset()  # cells read with the old skin are read again with the new one

    def locate(self, frame: Frame) -> Located:
        """Find the board in a frame (raises the reader's ReadError when there is none)."""
        return self._locate(frame)

    def read(self, frame: Frame, location: Located) -> Seen:
        """The board in a frame (only changed cells are read again when ``delta`` is on)."""
        self._seen_version = self.vision.version
        self.vision.showing(frame, location)
        # A stand-in board is read whole, and so are boards while the screen's counter has
        # not given the mine total (a whole reading reads the counter too).
        total = self.mine_total
        wanted = total is None or (total.source != "screen" and total.shown is None)
        self.vision.counter_wanted = wanted
        watching = self.vision.watching_counters  # which number is the counter: not sure yet
        whole = self.delta is None or self.vision.unplayable or wanted or watching
        if whole or self.delta is None:
            reading = self._read(frame, location)
        else:
            reading = self.delta.read(frame, location)
        if whole and self.delta is not None:
            self.delta.reset()
        geometry = reading.geometry.offset(frame.region.left, frame.region.top)
        seen = Seen(
            reading.board,
            geometry,
            reading.counter,
            reading.face,
        )
        if wanted and self.mine_total is not None and seen.counter is not None:
            self.mine_total = None  # the counter showed up late: it beats a guess (the
            # level's), and a disagreement with --mines is noted
            self.learn_mines(seen)
        switched, self.vision.counters.switched = self.vision.counters.switched, ""
        if switched and self.mine_total is not None:
            # the number taken for the counter is a timer: whatever the total was built on
            # (the screen's figure, or a refit after the board proved that figure wrong, or
            # a --mines disagreement with it), learn it again from the real counter
            self.mine_total = None
            self.learn_mines(seen)
            assert self.mine_total is not None
            note = "; ".join(n for n in (switched, self.mine_total.note) if n)
            self.mine_total = replace(self.mine_total, note=note)
            logger.info("%s: playing with %d mines", switched, self.mines)
        return seen

    @staticmethod
    def board_region(location: Located, frame: Frame) -> Region:
        """The board's part of a frame (frame pixels), compared to see the screen settle."""
        geometry = getattr(location, "geometry", None)
        if isinstance(geometry, GridGeometry):
            return geometry.bounds
        return Region(0, 0, frame.width, frame.height)

    @property
    def mines(self) -> int:
        if self._mines is None:
            raise RuntimeError("mine count unknown: call learn_mines() with a first reading")
        return self._mines

    def learn_mines(self, seen: Seen) -> int:
        """The game's mine count on first sight: the counter plus the flags on the board,
        else --mines, else the level's, else the standard level of this board size."""
        if self.mine_total is None:
            board = seen.board
            total = mine_total(board.rows, board.cols, seen.counter, board.count(Cell.FLAG),
                               self._given, self._level_mines)
            if total is None:
                raise BoardError(
                    f"a {board.rows}x{board.cols} board is no standard level and its mine"
                    " counter was not read: give the mine count (--mines N)"
                )
            self.mine_total, self._mines = total, total.mines
        self.vision.mines = self._mines
        return self.mines

    @staticmethod
    def face_region(location: Located, frame: Frame) -> Region | None:
        """Where the new-game face is, in screen pixels, if vision found it."""
        panel = getattr(location, "panel", None)
        face = getattr(panel, "face", None)
        if not isinstance(face, Region):
            return None
        return face.offset(frame.region.left, frame.region.top)

    # --- rules of the loop --------------------------------------------------------------------
    def check(
        self, previous: Board | None, pending: Sequence[Move] | None, seen: Seen
    ) -> tuple[Verdict, str]:
        verdict = check(previous, pending or (), seen.board)
        if verdict[0] is Verdict.OK:
            why = self._accepted(False)
            if why and shows_loss(seen.board):
                # a lost board the naming cannot take (its mines still going off: Windows 7
                # sets them off in steps, for seconds on a loaded machine) ends the game all
                # the same; nothing is learned from it
                logger.info("a lost board taken as the game's end, not learned from: %s", why)
                return Verdict.OK, ""
            if why:
                return Verdict.MISREAD, why
        return verdict

    def _accepted(self, fresh_game: bool) -> str:
        version = self.vision.version
        why = self.vision.accepted(fresh_game)
        if self.vision.version != version:
            self._skin_changed()
        return why

    def outcome(self, seen: Seen) -> str | None:
        if self.vision.unplayable:
            return "unknown"  # a board nothing is named on yet: replaced by a new game
        end = outcome(seen.board, self.mines, self.profile.flags, seen.face)
        if end == "won" and self.vision.may_be_hit():
            # the cell opened last may be the mine that went off, all a program may show of
            # a loss: never counted as a win (nor as a loss) while its look has no name
            return "unknown"
        if end is not None:
            version = self.vision.version
            self.vision.finished()  # a finished board fixes every number: check the names
            if self.vision.version != version:
                self._skin_changed()
        return end

    def is_fresh(self, seen: Seen) -> bool:
        board = seen.board
        ok = is_fresh(board, self.mines, self.profile.auto_opens) and not unfinished_zero(board)
        return ok and not self._accepted(True)

    def decide(self, seen: Seen) -> list[Decision[Move]]:
        """The solver's decisions; a board no layout fits is reported as the misread it is."""
        try:
            return self._decide(seen)
        except BoardError as exc:
            why = str(exc) if len(str(exc)) < 200 else f"{str(exc)[:200]}..."
            raise ImpossibleState(f"the board read is impossible: {why}") from exc

    def _decide(self, seen: Seen) -> list[Decision[Move]]:
        board = seen.board
        if self._seen_version != self.vision.version:  # looks named since it was read
            board = self.vision.reread() or board
        if self.profile.flags is FlagPolicy.AT_END:
            covered = [i for i, v in enumerate(board.cells) if v in COVERED]
            if len(covered) == self.mines:  # every safe cell is open: flag the rest to win
                return [
                    Decision(
                        Move.flag(*divmod(i, board.cols)),
                        "flag-to-win",
                        "every safe cell is open; the program wants the mines flagged",
                        probability=0.0,
                    )
                    for i in covered
                    if board.cells[i] in UNOPENED
                ]
        if self.planner is None:
            raise RuntimeError("this player only watches: it has no solver")
        flags = self.profile.flags is FlagPolicy.ALWAYS
        try:
            return self.planner.plan(board, self.mines, flags=flags)
        except BoardError:
            if not self._refit(board):
                raise
            return self.planner.plan(board, self.mines, flags=flags)

    def _refit(self, board: Board) -> bool:
        """The board proves the mine total wrong (a wrong --mines, a timer taken for the
        counter): take another total that fits, noted; False when none does."""
        from solvers.minesweeper.probability import fits

        if self.mine_total is None:
            return False
        better = refit(self.mine_total, board.rows, board.cols, lambda n: fits(board, n),
                       self._level_mines)
        if better is None:
            return False
        logger.info("%s", better.note)
        self.mine_total, self._mines = better, better.mines
        self.vision.mines = better.mines
        return True

    def gestures(self, decisions: Sequence[Decision[Move]], seen: Seen) -> list[Gesture]:
        out: list[Gesture] = []
        for decision in decisions:
            out += minesweeper_gestures(decision.move, seen.geometry, self.profile.controls)
        return out

    @staticmethod
    def moves(decisions: Sequence[Decision[Move]]) -> list[Move]:
        return [d.move for d in decisions]

    # --- the loop's adapter protocol (bot.run.game.GameAdapter) -------------------------------
    def calibrate(self, frame: Frame, location: Located, seen: Seen, window: Region) -> Calibration:
        """Clicks on the board and on the face (or the profile's keys start a game); the
        pointer may rest anywhere in the window. Reads the mine count on first sight (a
        counter written as text, ``UXB : 40``, when no LED counter was read)."""
        if seen.counter is None and self.mine_total is None:
            shown = self.buttons.mine_counter(frame, seen.geometry.bounds,
                                              seen.board.count(Cell.FLAG))
            if shown is not None:
                logger.info("the mine counter is written beside the board: %d left", shown)
                seen = replace(seen, counter=shown)
        self.learn_mines(seen)
        skin = getattr(location, "skin", None)  # a stand-in reader's location may name one
        self.rule = adopt(self, skin if isinstance(skin, str) else None)  # the look may tell it
        board = seen.geometry.bounds
        face = self.face_region(location, frame)
        if face is None and not self.profile.new_game_keys:
            # no face of the skin's seen: one drawn as a smiley, a button labelled as one, or
            # nothing (never a guessed point)
            face = drawn_face(frame, seen.geometry) or self.buttons.find(frame, board)
        if face is None or self.profile.new_game_keys:
            return Calibration(board, (board,), (window,), None if face is None else face.center)
        return Calibration(board, (board, face), (window,), face.center)

    def new_game(self, target: Target[TargetProfile], calibration: Calibration) -> list[Intent]:
        self.vision.starting = True
        return list(target.new_game_gestures(calibration.new_game))

    def turn(self, seen: Seen) -> Turn:
        return Turn.OURS if self.outcome(seen) is None else Turn.OVER

    def pending(self, decisions: Sequence[Decision[Move]], seen: Seen) -> list[Move]:
        moves = self.moves(decisions)
        self.vision.sent(moves)
        self.resend.decided(seen.board)
        if self.first_move_at is None:
            self.first_move_at = time.monotonic()  # for the summary: time to the first move
        return moves

    def nudge(self, pending: list[Move] | None, seen: Seen, waited: float) -> list[Gesture]:
        """The clicks of a move the program did not take, sent again (a bounded number of
        times: :mod:`bot.games.minesweeper.resend`)."""
        out: list[Gesture] = []
        for move in self.resend.due(pending, seen.board, waited):
            out += minesweeper_gestures(move, seen.geometry, self.profile.controls)
        return out

    def awaiting(self, seen: Seen) -> list[Move]:
        return []  # Minesweeper has no opponent

    def wait_seconds(self, pending: list[Move] | None, default: float) -> float:
        return default

    @staticmethod
    def state_of(seen: Seen) -> Board:
        return seen.board

    @staticmethod
    def describe(seen: Seen) -> dict[str, object]:
        return {"state": seen.board.to_text(), "counter": seen.counter}

    @staticmethod
    def game_details(seen: Seen) -> dict[str, object]:
        return {}

    def header(self, target: Target) -> dict[str, object]:
        profile = self.profile
        return {
            "skin": profile.skin,
            "rules": profile.rules.value,
            "flags": profile.flags.value,
            # None when the recording opens before the first reading gave the count
            "mines": self._mines,
        }
