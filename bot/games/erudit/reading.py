"""What an Erudit/Scrabble page shows, read for the adapter: board, rack, the page's phrases
and text lines, scores, the wildcard dialog's keys; a tile no glyph names is named by the
game's logic (:mod:`calibration.erudit.naming`) and taught to the site's look.

The adapter (:mod:`bot.games.erudit.adapter`) mixes this in; the state it reads and keeps is
declared here.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from bot.games.erudit.steps import Awaits, Expect, Step
from bot.games.erudit.track import square_text
from bot.games.erudit.vision_calls import LetterKeys, LocateBoard, ReadBoard, ReadNumbers
from bot.run.game import Calibration
from bot.web.sites import SiteProfile
from bot.web.steps import Line, find_line, matches
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.rules import Rules
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Region
from vision.core.page_text import PageText, number_beside
from vision.erudit.drift import board_offset
from vision.erudit.reader import BoardLocation, EruditReading

logger = logging.getLogger(__name__)

#: Seconds a page that never says whose turn it is may take to show its computer's reply
#: (a text of its own, or its tiles, ends the wait sooner).
REPLY_QUIET = 30.0


@dataclass(frozen=True)
class EruditSeen:
    """A frame read: the board (225 squares, "." empty, lower case = a wildcard), our rack
    ('*' = a wildcard) and where each rack tile is, the page's phrases and text lines."""

    board: tuple[str, ...]
    rack: str
    rack_tiles: tuple[Region, ...]  # screen pixels, in the order of ``rack``
    geometry: GridGeometry  # the board's squares, screen pixels
    kinds: frozenset[str]
    lines: tuple[Line, ...] = ()
    scores: tuple[int, int] | None = None
    bag: int | None = None
    letter_keys: dict[str, Region] = field(default_factory=dict)  # the wildcard dialog's
    t: float = 0.0
    laid: tuple[tuple[int, str], ...] = ()  # our unsent tiles the read was told of

    def laid_text(self) -> list[str]:
        """Our unsent tiles as ``square=letter`` (lower case: a wildcard), for the record."""
        return [f"{square}={char}" for square, char in self.laid]

    def board_text(self) -> str:
        return "\n".join("".join(self.board[r * 15 : (r + 1) * 15]) for r in range(15)) + "\n"



@dataclass
class EruditLog:
    moves: list[tuple[int, str]] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)
    site_words: list[str] = field(default_factory=list)
    points: list[int] = field(default_factory=list)  # our score each turn we laid tiles


#: Phrases that tell a game's result, read even when the box saying it covers the board.
RESULTS = frozenset({"won", "lost", "drawn"})


class EruditPageReader:
    """Reading frames for :class:`bot.games.erudit.adapter.EruditPlayer` (mixed into it)."""

    site: SiteProfile
    rules: Rules
    graph: WordGraph
    _read: ReadBoard
    _locate: LocateBoard | None
    text: PageText | None
    _popup_text: PageText | None  # a pop-up's lines: the page's language and English
    letter_keys: LetterKeys | None
    numbers: ReadNumbers | None
    board: tuple[str, ...] | None
    plan: list[Step]
    laid: list[tuple[int, str]]
    _pending: Expect | None
    _unknown: tuple[object, bytes] | None
    _last_seen: EruditSeen | None
    learned_glyphs: int
    #: When our move (or pass) was taken, on a page that never says whose turn it is: the
    #: turn is the opponent's until its tiles show or the page stays quiet REPLY_QUIET seconds.
    _reply_due: float | None
    _reply_lines: frozenset[str]  # the page's text lines when our move was taken
    _reply_ours: frozenset[str]  # our move's words (or a pass's): a line naming them is ours
    #: (the loop's location, where the board is now) after the page moved the board under it
    _moved: tuple[BoardLocation, BoardLocation] | None
    _undo_challenged: Callable[[], bool]  # (following: our last move off the board as followed)
    _last_move: tuple[tuple[str, ...], list[tuple[int, str]], int, str] | None

    def locate(self, frame: Frame) -> BoardLocation:
        if self._locate is None:
            raise ReadError("this player was given no way of finding the board")
        return self._locate(frame)

    def _page(self, frame: Frame, exclude: Sequence[Region], quiet: Region | None = None
              ) -> tuple[list[Line], frozenset[str]]:
        """The page's text lines and the kinds of phrase they hold. A line within ``quiet``
        (the rack row, screen pixels) is never the opponent's reply on a page that never says
        whose turn it is: OCR of our rack's tiles («Hes [ur [lo] ey») changes as soon as the
        page refills it, while its computer still thinks (run i23-wg2 c1: the bot took its
        turn then, laid a word and the computer's reply refused it)."""
        dx, dy = frame.region.left, frame.region.top
        lines = []
        if self.text is not None:
            found = self.text.lines(frame, exclude=exclude)
            lines = [Line(t.text, t.region.offset(dx, dy)) for t in found]
        kinds = frozenset(
            kind
            for kind, phrases in self.site.phrases.items()
            if any(matches(line.text, p) for line in lines for p in phrases)
        )
        if not self.site.turn_ours and not kinds & {"theirs", "won", "lost", "drawn", "over"}:
            # A page that never says whose turn it is (its computer replies at once): ours
            # whenever it says nothing else, once the opponent's reply to our move has shown
            # or the page stayed quiet a while (the opponent passed).
            due = self._reply_due
            texts = {line.text.strip() for line in lines
                     if quiet is None or quiet.intersect(line.region) is None}
            said = any(sum(ch.isalpha() for ch in t) >= 3 and t not in self._reply_lines
                       and not names_any(t, self._reply_ours)
                       for t in texts)  # the page says something new (not of our move)
            # (quiet for half the time the profile gives its opponent to think, at least
            # REPLY_QUIET: wordgame's computer, its page niced with the bot on a loaded machine,
            # thought 30-57 s; taken for a pass after 30 s, its move came in over ours)
            silence = max(REPLY_QUIET, self.site.opponent_timeout / 2)
            if due is not None and (said or frame.timestamp - due > silence):
                self._reply_due = due = None
            if due is None:
                kinds = kinds | {"ours"}
        return lines, kinds

    def _kinds(self, lines: Sequence[Line]) -> frozenset[str]:
        return frozenset(kind for kind, phrases in self.site.phrases.items()
                         if any(matches(line.text, p) for line in lines for p in phrases))

    def _popup_lines(self, frame: Frame) -> list[Line]:
        """The lines of a pop-up over a dimmed page, read alone (:mod:`vision.core.popup`):
        with every line of the page at once Tesseract lost them. Read in the page's language
        and English: JScrab's end says «You win !» on its Russian page, which Russian alone
        read «Уои м/п !» (the game's end was never seen, the bot waited and stopped)."""
        from vision.core.popup import popup_box

        box = popup_box(frame.pixels)
        page = frame.width * frame.height
        if self.text is None or box is None or box.width * box.height * 4 > page:
            return []
        if self._popup_text is None:
            lang = self.text.lang
            self._popup_text = PageText(lang if "eng" in lang.split("+") else f"{lang}+eng")
        crop = frame.pixels[box.top : box.bottom, box.left : box.right].copy()
        dx, dy = frame.region.left + box.left, frame.region.top + box.top
        return [Line(t.text, t.region.offset(dx, dy))
                for t in self._popup_text.lines(Frame.from_pixels(crop))]

    def read(self, frame: Frame, location: BoardLocation) -> EruditSeen:
        given = location
        check = not (self.plan or self.laid)  # our move half laid is no legal position yet
        # Every tile of ours laid, every tile marked for an exchange (marked tiles change
        # colour), or the bag empty: the rack may be empty indeed.
        last = self._last_seen
        marking = self._pending is not None and self._pending.kind in (Awaits.EXCHANGE, Awaits.MARK)
        empty = bool(self.laid) or marking or (last is not None and last.bag == 0)
        location = self._where_now(frame, location)
        try:
            try:
                reading = self._read_board(frame, location, check, empty)
            except ReadError:
                moved = self._board_moved(frame, location)
                if moved is None:
                    raise
                location = moved  # the page reflowed (Xanado: a scroll bar came or went)
                self._moved = (given, moved)
                reading = self._read_board(frame, location, check, empty)
        except ReadError as exc:
            last = self._last_seen
            if last is None:
                raise
            lines, kinds = self._page(frame, ())
            if self._last_move is not None and self.site.challenged and "challenged" not in kinds:
                # (two more Tesseract reads: only on a page whose profile names a challenge)
                kinds |= self._kinds(self._beside_board_lines(frame, location))
            if "challenged" in kinds and self._undo_challenged():
                # The page's computer challenged our move off and at once laid its own on
                # those squares (Xanado's ZAP over our JEW): its tiles did not read as the
                # letters we had followed there. Read against the board before our move.
                reading = self._read_board(frame, location, check, empty)
            else:
                return self._unread_board(frame, location, last, lines, kinds, exc)
        dx, dy = frame.region.left, frame.region.top
        lines, kinds = self._page(frame, [reading.geometry.bounds],
                                  rack_row(reading.rack_tiles, dx, dy))
        scores, bag = None, getattr(reading, "bag", None)
        if self.numbers is not None:
            scores, shown_bag = self.numbers(frame, [reading.geometry.bounds])
            bag = shown_bag if bag is None else bag
        ours_label, theirs_label = self.site.score_labels
        if scores is None and ours_label:
            a, b = number_beside(lines, ours_label), number_beside(lines, theirs_label)
            scores = None if a is None or b is None else (a, b)
        keys = {}
        if "choose" in kinds:  # the dialog may lie over the board: read the whole page
            keys = self._dialog_keys(frame, location, self._page(frame, ())[0])
        seen = EruditSeen(
            tuple("".join(reading.board)),
            str(reading.rack),
            tuple(r.offset(dx, dy) for r in reading.rack_tiles),
            reading.geometry.offset(dx, dy),
            kinds,
            tuple(lines),
            scores,
            bag,
            keys,
            frame.timestamp,
            tuple(self.laid),
        )
        self._last_seen = seen
        return seen

    def _read_board(self, frame: Frame, location: BoardLocation, check: bool, empty: bool
                    ) -> EruditReading:
        try:
            return self._read(frame, location, check=check, known=self._known(),
                              empty_rack=empty)
        except ReadError as exc:
            named = self._name_by_logic(frame, location) if exc.cell else {}
            if named:
                # named by the game on a settled frame: their looks are learned (a last move's
                # white letters), so the next frame reads them without the game's help
                known = {**self._known(), **named}
                try:
                    return self._read(frame, location, check=check, known=known,
                                      empty_rack=empty, relearn=True)
                except ReadError as again:
                    if again.cell is not None:
                        raise
                    # a rack tile nothing names besides: left out of the moves, as below
                    return self._read(frame, location, check=check, known=known,
                                      empty_rack=empty, relearn=True, unknown_rack=True)
            if self._still_unknown(exc):
                # the same tile, pixel for pixel, in a later frame: no animation, a new look
                # of a letter the bank knows; Tesseract may name it (value-checked)
                try:
                    return self._read(frame, location, check=check, known=self._known(),
                                      empty_rack=empty, relearn=True)
                except ReadError:
                    if exc.cell is not None:
                        raise
                # a rack tile nothing names, settled (JScrab's Э with its 8 joined): an
                # unknown tile, never a guess; the moves are made of the others
                return self._read(frame, location, check=check, known=self._known(),
                                  empty_rack=empty, relearn=True, unknown_rack=True)
            if exc.cell is None and str(exc).startswith("rack tile"):
                # the first sight of it: left out of this move as well (an unreadable frame
                # was counted a misread; a tile left out is never a wrong letter)
                return self._read(frame, location, check=check, known=self._known(),
                                  empty_rack=empty, unknown_rack=True)
            raise

    def _beside_board_lines(self, frame: Frame, location: BoardLocation) -> list[Line]:
        """The text lines left and right of the board, each side read on its own: with the
        whole page at once Tesseract lost Xanado's log lines («Computer successfully
        challenged your play»)."""
        if self.text is None:
            return []
        bounds = location.bounds
        out = []
        for left, right in ((0, bounds.left), (bounds.right, frame.width)):
            if right - left < 40:
                continue
            crop = Frame.from_pixels(frame.pixels[:, left:right].copy())
            dx, dy = frame.region.left + left, frame.region.top
            out += [Line(x.text, x.region.offset(dx, dy)) for x in self.text.lines(crop)]
        return out

    def _unread_board(self, frame: Frame, location: BoardLocation, last: EruditSeen,
                      lines: list[Line], kinds: frozenset[str], exc: ReadError) -> EruditSeen:
        """A frame whose board does not read: what it says over it (a pop-up, the game's
        end, the wildcard's letter dialog) with the board as last seen; else the ReadError."""
        popped = popup_kinds(kinds, lines, self.site)
        if not popped or ("over" in popped and not popped & RESULTS):
            # the pop-up's lines read on their own; also when the whole page's lines said
            # the end but not who won (JScrab: «Компьютер выигрывает.» lost in the page's
            # lines, the game recorded won by the scores before the racks' deduction)
            boxed = self._popup_lines(frame)
            if boxed:
                alone = popup_kinds(self._kinds(boxed), boxed, self.site)
                if alone:
                    lines, popped = [*lines, *boxed], popped | alone
        if popped:
            # an in-page pop-up over the board, its veil dimming it (JScrab): the board is
            # as it was; the pop-up's words (a refusal, the end, a notice to clear) are
            # what this frame is for
            final = end_scores(lines, self.site) if popped & (RESULTS | {"over"}) else None
            return replace(last, kinds=popped, lines=tuple(lines), t=frame.timestamp,
                           scores=final or last.scores)
        if kinds & RESULTS and "choose" not in kinds:
            # The game's end told in a box over the board (scrabble-wordgame's «Final
            # Score ... You win!»): the board is as it was, the end is what this frame
            # says (the bot waited for a readable board 60 s and stopped, uncounted).
            return replace(last, kinds=kinds, lines=tuple(lines), letter_keys={},
                           t=frame.timestamp)
        keys = self._dialog_keys(frame, location, lines) if self.plan else {}
        if "choose" not in kinds:
            # the dialog's heading may be lost to OCR (joined to the board beside it):
            # the alphabet's keys themselves say the dialog is open
            if len(keys) < len(self.rules.alphabet) * 2 // 3:
                raise exc
            kinds = kinds | {"choose"}
        # The wildcard's letter dialog covers the board: the board is as it was, and
        # the dialog's letter keys are what this frame is for.
        return replace(last, kinds=kinds, lines=tuple(lines), letter_keys=keys,
                       t=frame.timestamp)

    def _known(self) -> dict[int, str]:
        """The squares whose letters the reader is told: every tile of the game as followed
        (a tile followed once keeps its letter in a later look: run c8's X on I1, read when
        it was played, no longer read while our move was laid, and five unreadable frames
        stopped the game; the computer's wildcards, drawn with no value, keep their letter),
        and our own tiles laid but not sent."""
        known = {} if self.board is None else {
            square: ch for square, ch in enumerate(self.board) if ch != "."}
        return {**known, **dict(self.laid)}

    def _where_now(self, frame: Frame, location: BoardLocation) -> BoardLocation:
        """Where the board is in this frame: where the loop located it, or where it was found
        after the page moved it (the loop locates only now and then). A board read a quarter
        square off still reads, wrongly: every tile cut through its value number, a stray
        stroke of the neighbour read as a "0" (Xanado moves its board 15 px when its log gains
        or loses a scroll bar: the computer's tiles read as wildcards). So the square edges
        are looked for where the location says, each frame (a few ms), and a board whose
        edges lie elsewhere is located again."""
        if self._locate is None:
            return location  # (nothing to locate it again with)
        given = location
        if self._moved is not None and self._moved[0] == location:
            location = self._moved[1]
        pixels = frame.pixels
        if board_offset(pixels, location.geometry) == (0, 0):
            return location
        found = self._board_moved(frame, location)
        if found is None:
            return location  # not found elsewhere: the reading and its checks decide
        logger.info("the board moved from %s to %s (the page reflowed): read there",
                    location.bounds.to_dict(), found.bounds.to_dict())
        self._moved = (given, found)
        return found

    def _board_moved(self, frame: Frame, location: BoardLocation) -> BoardLocation | None:
        """The board found again in a frame that did not read, if it is elsewhere now (the
        loop re-locates only now and then; a page that reflows moves it under the reader)."""
        if self._locate is None:
            return None
        try:
            found = self._locate(frame)
        except ReadError:
            return None
        same = found.geometry == location.geometry
        return None if same else found

    def _still_unknown(self, exc: ReadError) -> bool:
        """Was this tile refused, with these very pixels, in the frame before too?"""
        import hashlib

        if exc.crop is None:
            return False
        where = exc.cell if exc.cell is not None else str(exc).split(":")[0]  # a rack tile
        key = (where, hashlib.blake2b(exc.crop.tobytes(), digest_size=16).digest())
        again = key == self._unknown
        self._unknown = key
        return again

    def _dialog_keys(self, frame: Frame, location: BoardLocation, lines: Sequence[Line]
                     ) -> dict[str, Region]:
        """The wildcard dialog's keys: the pop-up's buttons named by the profile's
        ``blank-keys`` (JScrab's small bold letters OCR never reads), else tiles read like a
        palette, else rows of letters read as text (:mod:`.letter_dialog`)."""
        from bot.web.letter_dialog import fill_between, keys_from_lines, keys_from_lone_letters

        keys: dict[str, Region] = {}
        if self.site.blank_keys:  # buttons OCR cannot read, their letters the profile's
            from vision.core.popup_keys import popup_keys

            found = popup_keys(frame.pixels, len(self.site.blank_keys))
            if found is not None:
                dx, dy = frame.region.left, frame.region.top
                return {ch: r.offset(dx, dy) for ch, r in zip(self.site.blank_keys, found,
                                                              strict=True)}
        if self.letter_keys is not None:
            try:
                keys = dict(self.letter_keys(frame, location))
            except ReadError:
                keys = {}
        if len(keys) < len(self.rules.alphabet):
            keys = {**keys_from_lines(lines, self.rules.alphabet), **keys}
        if len(keys) < len(self.rules.alphabet):
            keys = {**keys_from_lone_letters(lines, self.rules.alphabet), **keys}
        if len(keys) < len(self.rules.alphabet):
            keys = fill_between(keys, self.rules.alphabet)  # a key missed in a row of keys
        return keys

    def _name_by_logic(self, frame: Frame, location: BoardLocation) -> dict[int, str]:
        """Tiles whose glyph the bank does not know, named by the game (:mod:`.erudit_naming`):
        a partial read shows them as ``?`` with their values."""
        from calibration.erudit.naming import UNKNOWN, names_by_logic

        try:
            partial = self._read(
                frame, location, check=False, known=self._known(), partial=True,
                empty_rack=True, unknown_rack=True,  # (the rack names no board tile)
            )
        except (ReadError, TypeError) as exc:
            logger.info("no tile named by the game: the board does not read even in part (%s)",
                        exc)
            return {}
        board = "".join(partial.board)
        followed = self.board
        if followed is not None and self.laid:
            cells = list(followed)
            for square, ch in self.laid:
                cells[square] = ch
            followed = tuple(cells)
        lines, _ = self._page(frame, [partial.geometry.bounds])
        shown = frozenset(  # "AI played TAWED, AT, KA for 33 points": its words
            word.upper().replace("Ё", "Е")
            for line in lines for word in re.split(r"[^\w]+|\d+|_", line.text) if word
        )
        names = names_by_logic(board, followed, partial.values, self.graph, self.rules, shown)
        missing = [i for i, ch in enumerate(board) if ch == UNKNOWN and i not in names]
        if missing:
            logger.info("the game names no letter for %s (one naming of the new tiles must make"
                        " words, alone)", ", ".join(square_text(i) for i in missing))
            return {}
        for square, char in names.items():
            logger.info("named the tile on %s %r by the game's logic", square_text(square), char)
        self.learned_glyphs += len(names)
        return names

    def calibrate(
        self, frame: Frame, location: BoardLocation, seen: EruditSeen, window: Region
    ) -> Calibration:
        """Clicks anywhere on the page (the window holds the page only)."""
        return Calibration(seen.geometry.bounds, (window,), (window,), None)

    @staticmethod
    def board_region(location: BoardLocation, frame: Frame) -> Region:
        return Region(0, 0, frame.width, frame.height)



def rack_row(tiles: Sequence[Region], dx: int = 0, dy: int = 0) -> Region | None:
    """The rack's tiles and half a tile around them (screen pixels: moved by dx, dy)."""
    if not tiles:
        return None
    left, top = min(r.left for r in tiles), min(r.top for r in tiles)
    right, bottom = max(r.right for r in tiles), max(r.bottom for r in tiles)
    pad_x, pad_y = tiles[0].width // 2, tiles[0].height // 2
    return Region(left - pad_x + dx, top - pad_y + dy, right - left + 2 * pad_x,
                  bottom - top + 2 * pad_y)


def names_any(text: str, words: frozenset[str]) -> bool:
    """Does the line name one of ``words`` (upper case), as a whole word, or OCR's reading of
    one with a letter wrong (three letters or more)?"""
    for token in re.split(r"[^\w]+|\d+|_", text.upper()):
        for word in words:
            if token == word or (len(token) == len(word) >= 3
                                 and sum(a != b for a, b in zip(token, word, strict=True)) == 1):
                return True
    return False


#: What a pop-up over the board may say that the bot acts on without the board.
POPUP_KINDS = frozenset({"rejected", "won", "lost", "drawn", "over"})


def end_scores(lines: Sequence[Line], site: SiteProfile) -> tuple[int, int] | None:
    """The final scores an end message gives after the profile's ``end-score-labels`` (JScrab:
    «You:256 компьютер:264», the racks' tiles deducted: the panel still said 279:265)."""
    ours, theirs = site.end_score_labels
    if not ours:
        return None
    found: list[int] = []
    for label in (ours, theirs):
        want = re.compile(re.escape(label.strip().lower()) + r"\s*(\d+)")
        hits = [m for line in lines if (m := want.search(line.text.lower()))]
        if not hits:
            return None
        found.append(int(hits[0].group(1)))
    return found[0], found[1]


def popup_kinds(kinds: frozenset[str], lines: Sequence[Line], site: SiteProfile
                ) -> frozenset[str]:
    """The kinds of a frame whose board does not read because a pop-up lies over it: its
    words when they refuse our move, end the game or are a notice to clear (``texts.notice``:
    «У меня нет ходов, ваша очередь»); else ``notice`` when one of the site's ``dismiss``
    buttons shows by its label; else none (the frame waits, as before)."""
    if kinds & (POPUP_KINDS | {"notice"}):
        return kinds
    if any(step.do == "button" and find_line(lines, step.label) is not None
           for step in site.dismiss):
        return kinds | {"notice"}
    return frozenset()
