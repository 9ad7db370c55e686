"""The capture -> read -> check -> decide -> act loop, game after game, for every game.

The game is an adapter (:class:`bot.run.game.GameAdapter`: Minesweeper, Balda, Hangman); the
loop owns what they share. It never acts on a frame it could not read. Each capture is repeated
until two grabs of the board agree (the program finished drawing), then read and checked
against the last state: a frame that does not show the last moves yet is *stale* (wait and grab
again, up to the profile's redraw timeout); one that contradicts the last state, or cannot be
read, is a *misread* (grab again, re-locate the board in case the window moved; after a bounded
number of tries the bot stops with the frame saved). When the frame shows the opponent's turn,
the loop waits for the reply to show the same way. Clicks go through a
:class:`bot.run.safety.GuardedScreen` calibrated to the board just located, so a wrong point never
reaches the mouse.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from bot.io.targets.base import Target, park_point
from bot.io.x11 import WindowLost
from bot.run import memtrace
from bot.run.act import (
    ActionFailed,
    Find,
    Gesture,
    GestureKind,
    Intent,
    Waiter,
    perform,
    watched_drag,
)
from bot.run.game import (
    Calibration,
    GameAdapter,
    ImpossibleState,
    L,
    LearnRefused,
    P,
    S,
    St,
    Turn,
    Verdict,
)
from bot.run.interrupts import held_interrupts
from bot.run.out_dir import default_out
from bot.run.recorder import FORMAT_VERSION, JsonlWriter, Recorder, RecordingError, box
from bot.run.results import GameResult, SessionStats
from bot.run.safety import ClickRefused, GuardedScreen, StopRequested
from bot.run.steps import StepsOutsideMoves
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import Region

logger = logging.getLogger(__name__)


#: Tries at starting a new game the page's way (its buttons may show late), and the pause
#: between them.
NEW_GAME_TRIES, NEW_GAME_PAUSE = 3, 2.0
#: Dialogs of the program answered while one new game is asked for (a best-times name box
#: after a win, then maybe a "play again?"): more is a program that keeps opening them.
DIALOG_ANSWERS = 3


class LoopStopped(RuntimeError):
    """The loop cannot go on safely (unreadable screen, a move that never showed)."""

    def __init__(self, message: str, frame_path: Path | None = None) -> None:
        super().__init__(message)
        self.frame_path = frame_path


@dataclass
class LoopOptions:
    games: int | None = None  # stop after this many games (None: no limit)
    hours: float | None = None  # stop after this much time (None: no limit)
    settle_tries: int = 25  # grabs before a frame is taken as is
    stale_sleep: float = 0.005  # wait before grabbing again when the last move has not shown
    misread_tries: int = 5  # unreadable or contradictory frames in a row before stopping
    drawing_wait: float = 0.1  # between grabs of an unreadable frame: was it mid-animation?
    look_again_after: float = 1.0  # a page unreadable this long is looked for afresh (also
    # every 10th unreadable frame): on a loaded machine 10 frames can take longer than waiting
    #: A picture that keeps moving (a game's end animated on a loaded machine) is waited for
    #: past the program's redraw timeout, up to this many seconds from the move: it is no
    #: screen that "did not change".
    moving_patience: float = 30.0
    drawing_patience: float = 0.5  # how long such a frame is watched for a change (a loaded
    # machine draws an animation's frames further apart)
    max_steps: int = 5000  # moves in one game before giving up on it
    pace: float = 0.0  # seconds to wait before each batch of clicks (so a person can watch)
    locate_timeout: float = 8.0  # seconds to find the board when the session starts
    max_restarts_per_hour: int = 6  # program restarts after a crash (with a restart callback)
    #: where frames that stopped the bot are saved ($GAMEBOT_OUT/problems, else out/problems)
    problems_dir: Path = field(default_factory=lambda: default_out() / "problems")
    keep_games: bool = True  # keep every GameResult in the stats (off: counts only, for nights)


Status = Callable[[SessionStats], None]


class Loop(StepsOutsideMoves[L, S, P, St]):
    """Plays games on one target through one screen until a limit, a stop, or a problem."""

    def __init__(
        self,
        screen: GuardedScreen,
        target: Target,
        player: GameAdapter[L, S, P, St],
        options: LoopOptions | None = None,
        recorder: Recorder | None = None,
        log: JsonlWriter | None = None,
        on_status: Status | None = None,
        on_note: Callable[[str], None] | None = None,
        restart: Callable[[], Target] | None = None,
    ) -> None:
        self.screen, self.target, self.player = screen, target, player
        self.options = options or LoopOptions()
        self.recorder, self.log = recorder, log
        self.on_status, self.on_note = on_status, on_note
        self.restart = restart  # starts the program again after a crash (None: stop instead)
        self._restarts: list[float] = []
        self.stats = SessionStats(keep_games=self.options.keep_games)
        self._memtrace = memtrace.from_env()  # GAMEBOT_MEMTRACE: memory figures every K games
        self.window: Region | None = None
        self.location: L | None = None
        self.board_area = Region(0, 0, 1, 1)  # in frame pixels
        self.calibration = Calibration(Region(0, 0, 1, 1), ())  # in screen pixels
        self.last_frame: Frame | None = None
        self.waiter = Waiter(screen)  # its last_grab: perf_counter() of the frame in hand
        self._read_ms = 0.0  # how long reading the frame in hand took
        self._message_clicked = False  # a message over the board was clicked since the game
        self._acted_at = 0.0  # time.monotonic() of the last gestures sent
        self.gesture_ms: list[int] = []  # how long each gesture of the last act took
        # events held back until the session header is written (None: none held)
        self._held: list[tuple[dict[str, object], Frame | None]] | None = None

    # --- where the board is -------------------------------------------------------------------
    def locate(self, required: bool = True) -> bool:
        """Find the window and the board in it; calibrate the click guard to them.

        Returns False when no board is found and ``required`` is off; when it is on, keeps
        trying for ``locate_timeout`` seconds (a program just started may not have drawn its
        board yet), then raises LoopStopped with the frame saved.
        """
        deadline = time.monotonic() + (self.options.locate_timeout if required else 0.0)
        while True:
            self.target.prepare()
            window = self.target.window_region(self.screen)
            frame = self.screen.grab(window)
            try:
                location = self.player.locate(frame)
                seen = self.player.read(frame, location)
                break
            except ReadError as exc:
                if self.target.dismiss_dialogs():
                    continue  # a message box over the board (the last game's high scores)
                if not required:
                    return False
                if time.monotonic() < deadline:
                    time.sleep(0.2)
                    continue
                path = self._save_problem(frame, "locate")
                where = self.target.describe()
                raise LoopStopped(f"no readable board in {where}: {exc}", path) from exc
        calibration = self.player.calibrate(frame, location, seen, window)
        self.window, self.location = window, location
        self.board_area = self.player.board_region(location, frame)
        self.screen.guard.allow(calibration.clicks, moves=calibration.moves or (window,))
        self.calibration = calibration
        return True

    @property
    def located(self) -> L:
        """Where the board is (the loop reads no frame before it located the board)."""
        if self.location is None:
            raise LoopStopped("no board located yet")
        return self.location

    def _relocated(self) -> bool:
        """Locate the board again; True if it is somewhere else now."""
        before = (self.window, self.player.where(self.located))
        if not self.locate(required=False):
            return False
        return (self.window, self.player.where(self.located)) != before

    def moved(self) -> bool:
        try:
            now = self.target.window_region(self.screen)
        except Exception:
            return True
        return now != self.window

    # --- seeing -------------------------------------------------------------------------------
    def grab_settled(self, first: Frame | None = None) -> tuple[Frame, bool]:
        """Grab until two captures of the board agree (``first``: one just taken to start
        from); returns the frame and whether it settled."""
        assert self.window is not None
        return self.waiter.settled(self.window, self.board_pixels,
                                   self.target.profile.settle_gap, tries=self.options.settle_tries,
                                   first=first)

    def wait_for_change(self, before: Frame | None, timeout: float = 1.0) -> None:
        """After a gesture: until the screen shows it (differs from ``before``, grabbed just
        before the gesture) and stops changing. A page processes input in its own time, so
        the next gesture waits for this one to show instead of sleeping a fixed time; if
        nothing changes within ``timeout`` the next gesture goes anyway (its own check follows).
        """
        if self.window is None:
            return
        first = None
        if before is not None and self.waiter.changed(self.window, before, self.board_pixels,
                                                      timeout=timeout):
            first = self.waiter.last_change  # settling starts from it: one grab fewer
        self.grab_settled(first)

    def still_drawing(self, frame: Frame) -> bool:
        """True when the board changes within ``drawing_patience`` of an unreadable frame (one
        grab every ``drawing_wait``): the program was between two pictures (gnome-mines fades a
        cell's colour over several GTK frames, and two grabs can fall on one of them), so the
        frame is stale, not misread."""
        assert self.window is not None
        o = self.options
        before = self.board_pixels(frame)
        deadline = time.monotonic() + max(o.drawing_patience, o.drawing_wait)
        while True:
            time.sleep(o.drawing_wait)
            later = self.screen.grab(self.window)
            if not np.array_equal(before, self.board_pixels(later)):
                return True
            if time.monotonic() >= deadline:
                return False

    def board_pixels(self, frame: Frame) -> np.ndarray:
        """The board's part of a window frame: what settling and redraw checks compare."""
        area = self.board_area
        return frame.pixels[area.top : area.bottom, area.left : area.right]

    def observe(self, previous: St | None, pending: P | None, fresh: bool = False) -> S:
        """The next frame that reads, agrees with ``previous`` and shows ``pending``."""
        o = self.options
        timeout = self.player.wait_seconds(pending, self.target.profile.redraw_timeout)
        deadline = time.monotonic() + timeout
        misreads = stale = learned = unreadable = answered = 0
        relocated = False
        last_problem = ""
        waited_from = looked_again = time.monotonic()
        shown: np.ndarray | None = None  # the board's pixels in the frame before
        while True:
            self.screen.check_stop()
            frame, settled = self.grab_settled()
            self.last_frame = frame
            board_now = self.board_pixels(frame)
            # a board that changed since the frame before is a program still drawing (a
            # game's end animated for seconds on a loaded machine, before its dialog)
            changing = shown is not None and (shown.shape != board_now.shape
                                              or not np.array_equal(shown, board_now))
            shown = board_now
            t0 = time.perf_counter()
            covered = False  # something drawn over the board was seen on this frame
            moving = changing  # the picture was seen changing (no screen that stands still)
            try:
                seen = self.player.read(frame, self.located)
                self._read_ms = (time.perf_counter() - t0) * 1000.0
            except ReadError as exc:
                waiting = self.player.unreadable_while_waiting(pending)
                # A program that animates a game's end and then asks "Play again?" (Windows
                # 7) gets its moving picture waited out first: the dialog answered before the
                # end was seen would start a new game behind the bot's back.
                early = not waiting and (
                    time.monotonic() - waited_from < self.target.profile.end_animation)
                if early and self.still_drawing(frame):
                    verdict, last_problem = Verdict.STALE, f"still drawing: {exc}"
                    moving = True
                elif (not waiting and learned < o.misread_tries
                      and self.target.profile.end_animation
                      and self.learn(frame, previous, exc) is None):
                    # ...and its end is read (the looks it shows first learned) before the
                    # dialog is answered, however long a loaded machine took to show it (a
                    # cold start answered Play again after 2 s of a slow end, never saw the
                    # loss, and took the new board for a misread).
                    learned += 1
                    continue
                elif self.target.dismiss_dialogs():
                    answered += 1
                    if answered <= DIALOG_ANSWERS:  # the program's time starts anew, a few
                        deadline = time.monotonic() + timeout  # times (not a dialog loop)
                    continue
                elif self._click_message_away(frame, previous):
                    continue
                elif waiting:
                    # The opponent is making its move (its letters lit one by one), or the
                    # page is coming up: nothing is done on this frame, so waiting for a
                    # readable one is safe. Now and then the grid is looked for again, in
                    # case it was found while the page was still moving.
                    verdict, last_problem = Verdict.STALE, f"waiting for a readable page: {exc}"
                    unreadable += 1
                    now = time.monotonic()
                    if unreadable % 10 == 0 or now - looked_again >= o.look_again_after:
                        looked_again = now
                        if self.locate(required=False):
                            continue  # found afresh (a grid found mid-animation can be off)
                elif not early and self.still_drawing(frame):
                    verdict, last_problem = Verdict.STALE, f"still drawing: {exc}"
                    moving = True
                else:
                    why = self.learn(frame, previous, exc) if learned < o.misread_tries else ""
                    if why is None:
                        learned += 1  # bounded: a frame that never reads is still a misread
                        continue  # read it again with the grown skin
                    # Waiting for a new game, a screen that is no board (a program's level
                    # chooser, a way of starting a game that did something else) is a game
                    # not shown yet, not a board misread.
                    verdict = Verdict.STALE if fresh else Verdict.MISREAD
                    last_problem = ("the new game has not shown yet: " if fresh else
                                    "unreadable frame: ") + str(exc)
                    if why:
                        last_problem += f" (not learned: {why})"
            else:
                if fresh:
                    ok = self.player.is_fresh(seen)
                    verdict = Verdict.OK if ok else Verdict.STALE
                    last_problem = "" if ok else "the new game has not started"
                else:
                    verdict, last_problem = self.player.check(previous, pending, seen)
                    if verdict is Verdict.MISREAD and (changing or not settled):
                        # a picture still changing (a highlight fading, a letter flying in on
                        # a loaded machine) is no contradiction yet: waited out, bounded
                        verdict, moving = Verdict.STALE, True
                        last_problem = f"still drawing: {last_problem}"
                    elif verdict is Verdict.MISREAD and self.player.overlay(
                            frame, previous) is not None:
                        # Something drawn over the board (a message when a game ends) that
                        # lets cells show through, read as others: waited out, never taken.
                        verdict, covered = Verdict.STALE, True
                        last_problem = f"something is drawn over the board ({last_problem})"
                if verdict is Verdict.OK:
                    self.player.follow(seen)
                    return seen
                if verdict is Verdict.STALE and not fresh and not covered:
                    # A click the page let go by (a button redrawn under the pointer): the
                    # player may send it again, once the screen has had time to show it.
                    again = self.player.nudge(pending, seen, time.monotonic() - waited_from)
                    if again:
                        self.target.prepare()  # the window focused again before the resend
                        self.act(again)
                        self.record_event({"event": "nudge", "region": box(frame),
                                           "why": last_problem,
                                           "gestures": [g.to_text() for g in again]}, frame)
                        waited_from = time.monotonic()
                        deadline = waited_from + timeout  # the resent input gets its time
                        continue
            if verdict is Verdict.STALE:
                self.stats.stale_frames += 1
                stale += 1
                if moving:  # the program is still drawing: its time runs from now, bounded
                    deadline = max(deadline, min(time.monotonic() + timeout,
                                                 waited_from + o.moving_patience))
                if stale % 25 == 0 and not relocated and self.moved():
                    relocated = True  # a moved window can look like a screen that never changes
                    self.stats.relocations += 1
                    self.locate()
                    pending = None
                    continue
                if time.monotonic() > deadline:
                    self.target.window_region(self.screen)  # a window gone: WindowLost
                    path = self._save_problem(frame, "stale")
                    raise LoopStopped(
                        f"the screen did not change within {timeout:.1f} s ({last_problem})", path
                    )
                time.sleep(o.stale_sleep)
                continue
            if not relocated and (settled or self.moved()):
                relocated = True  # the window, or the board in it, may have moved
                if self._relocated():
                    self.stats.relocations += 1
                    pending = None  # clicks sent to the old place may be lost: decide again
                    continue
            if settled:
                self.stats.misreads += 1
                self.record_problem(frame, "misread", last_problem)
            misreads += 1
            if misreads >= o.misread_tries:
                path = self._save_problem(frame, "misread")
                raise LoopStopped(f"{misreads} bad frames in a row: {last_problem}", path)

    def _click_message_away(self, frame: Frame, previous: St | None) -> bool:
        """After the program said the game is over (a dialog closed since the bot's last
        move), a message it leaves over the board (kmines' «You have lost.») is clicked away,
        once a game: the board under it ends the game. True when a click was sent."""
        if not self.target.game_over_shown(self._acted_at) or self._message_clicked:
            return False
        point = self.player.overlay(frame, previous)
        if point is None:
            return False
        self._message_clicked = True
        self.note(f"clicking away a message over the board at {point.x},{point.y}")
        self.screen.click(point)
        self.record_event({"event": "message", "region": box(frame),
                           "point": [point.x, point.y]}, frame)
        time.sleep(self.options.stale_sleep)
        return True

    def learn(self, frame: Frame, previous: St | None, exc: ReadError) -> str | None:
        """Try to learn the glyphs a settled, unreadable frame refused (issue 3); returns None
        when they were learned, else why not ('' when learning is off). Every glyph learned is
        counted, recorded with its frame and reported through ``on_note``."""
        if not self.player.learns():
            return ""
        if not exc.cells:
            return "no cell was refused"
        try:
            learned = self.player.learn(frame, self.located, previous)
        except LearnRefused as why:
            return str(why)
        skin = self.player.look_name()
        for glyph in learned:
            self.stats.learned += 1
            r, c = glyph.cell
            self.record_event(
                {"event": "learned", "region": box(frame), "cell": [r, c], "char": glyph.char,
                 "skin": skin},
                frame,
            )
            self.note(f"learned glyph {glyph.char!r} at row {r}, col {c} (skin {skin})")
        return None

    def note(self, line: str) -> None:
        """A line for the person watching (logged too)."""
        logger.info(line)
        if self.on_note is not None:
            self.on_note(line)

    # --- acting -------------------------------------------------------------------------------
    def act(self, gestures: Sequence[Intent]) -> float:
        """Send gestures and park the pointer; returns frame-to-first-click latency in ms.

        A ``settle`` gesture waits for the screen to stop changing before the next one (a page
        that redraws after a click): the precondition is seen on screen, not slept for. A
        :class:`Find` (a button that shows only after the gestures before it: a pop-up's
        «Yes») is clicked once a settled frame grabbed after them shows it, as the steps
        outside a move are (recorded as an ``action`` with that frame).
        """
        latency = float("nan")
        before: Frame | None = None
        self._acted_at = time.monotonic()
        self.gesture_ms = []
        for i, gesture in enumerate(gestures):
            began = time.perf_counter()
            if i == 0:  # the moment the first click is issued
                latency = (began - self.waiter.last_grab) * 1000.0
            if isinstance(gesture, Find):
                self._find_and_click(gesture, "move")
                before = None
                self.gesture_ms.append(round((time.perf_counter() - began) * 1000.0))
                continue
            if gesture.kind is GestureKind.SETTLE:
                self.wait_for_change(before)
                before = None
                self.gesture_ms.append(round((time.perf_counter() - began) * 1000.0))
                continue
            after = gestures[i + 1] if i + 1 < len(gestures) else None
            if isinstance(after, Gesture) and after.kind is GestureKind.SETTLE:
                before = self.screen.grab(self.window) if self.window is not None else None
            if gesture.kind is GestureKind.DRAG and gesture.watch and self.window is not None:
                watched_drag(self.screen, gesture, self.window)
            else:
                perform(self.screen, [gesture])
            self.gesture_ms.append(round((time.perf_counter() - began) * 1000.0))
        if self.target.profile.park_pointer and self.window is not None:
            self.screen.move_to(park_point(self.window, self.calibration.board))
        return latency

    # --- one game, many games -----------------------------------------------------------------
    def play_game(self, number: int, seen: S) -> GameResult:
        started = time.monotonic()
        result = GameResult(number, "unfinished", 0.0, 0, 0, 0)
        self.record_event({"event": "game", "game": number})
        player = self.player
        try:
            while result.steps < self.options.max_steps:
                try:
                    end = player.outcome(seen)
                    theirs = end is None and player.turn(seen) is Turn.THEIRS
                except ImpossibleState as exc:  # the game as followed and the screen disagree
                    assert self.last_frame is not None
                    path = self._save_problem(self.last_frame, "impossible")
                    raise LoopStopped(str(exc), path) from exc
                if end is not None:
                    result.outcome = end
                    break
                if theirs:
                    seen = self.observe(player.state_of(seen), player.awaiting(seen))
                    continue
                t0 = time.perf_counter()
                try:
                    decisions = player.decide(seen)
                    decide_ms = (time.perf_counter() - t0) * 1000.0
                    if not decisions:
                        # deciding may have learned what the game is (a mine total the
                        # board proved wrong, replaced): then it may be over already
                        end = player.outcome(seen)
                        if end is not None:
                            result.outcome = end
                            break
                        state = player.describe(seen)["state"]
                        raise LoopStopped(f"the solver has no move for:\n{state}")
                    gestures = player.gestures(decisions, seen)
                except ImpossibleState as exc:  # a misread got through, or no way to enter it
                    assert self.last_frame is not None
                    path = self._save_problem(self.last_frame, "impossible")
                    raise LoopStopped(str(exc), path) from exc
                frame = self.last_frame
                if self.options.pace:
                    time.sleep(self.options.pace)
                    self.waiter.last_grab = time.perf_counter()  # waiting is not latency
                acting = time.perf_counter()
                try:
                    latency = self.act(gestures)
                except ActionFailed as exc:  # a button the move's click opens never showed
                    assert self.last_frame is not None
                    path = self._save_problem(self.last_frame, "action")
                    raise LoopStopped(str(exc), path) from exc
                act_ms = (time.perf_counter() - acting) * 1000.0
                result.latencies_ms.append(latency)
                result.read_ms.append(self._read_ms)
                if player.chose():  # (a word's next tile was chosen before: not a decision)
                    result.decide_ms.append(decide_ms)
                result.steps += 1
                result.moves += len(decisions)
                result.guesses += sum(1 for d in decisions if 0.0 < (d.probability or 0.0) < 1.0)
                self.record_event(
                    {
                        "event": "step",
                        "region": box(frame),
                        "game": number,
                        "step": result.steps,
                        **player.describe(seen),
                        "decisions": [d.to_dict() for d in decisions],
                        "gestures": [g.to_text() for g in gestures],
                        "latency_ms": round(latency, 2),
                        "read_ms": round(self._read_ms, 2),
                        "decide_ms": round(decide_ms, 2),
                        "act_ms": round(act_ms, 2),  # sending the gestures, waits between
                        "gesture_ms": self.gesture_ms,  # each gesture's (a settle: its wait)
                    },
                    frame,
                )
                seen = self.observe(player.state_of(seen), player.pending(decisions, seen))
        except BaseException as exc:  # Ctrl+C, a stop, an error: the game is still counted
            result.seconds = time.monotonic() - started
            self._cut_short(result, seen, exc)
            raise
        finally:
            result.seconds = time.monotonic() - started
        result.details = player.game_details(seen)
        self.record_event(
            {
                "event": "outcome",
                "region": box(self.last_frame),
                "game": number,
                "outcome": result.outcome,
                **player.describe(seen),
                **result.details,
                "seconds": round(result.seconds, 3),
            },
            self.last_frame,
        )
        return result

    def _cut_short(self, result: GameResult, seen: S, exc: BaseException) -> None:
        """A game the session stopped in: counted unfinished, with what it had (its words,
        scores, refusals) and why, in the log and the recording, so no figure loses it."""
        try:
            details = self.player.game_details(seen)
        except Exception:  # the reason we stop may be the very state it would describe
            details = {}
        why = "interrupted (Ctrl+C)" if isinstance(exc, KeyboardInterrupt) else str(exc)
        result.details = {**details, "ended_by": why or type(exc).__name__}
        try:
            self.record_event({"event": "outcome", "game": result.number,
                               "outcome": result.outcome, **result.details,
                               "seconds": round(result.seconds, 3)})
        except RecordingError:
            pass  # the recording may be why the session stops
        try:
            self._finish(result)
        except OSError:
            pass  # counted all the same; the game log may be why the session stops

    def start_game(self, seen: S | None) -> S:
        """Start a new game the program's way, unless the screen shows one that is not over."""
        if seen is not None and self.player.outcome(seen) is None:
            return seen
        if self.moved():
            self.stats.relocations += 1
            self.locate()
        assert self.window is not None
        self.target.dismiss_dialogs()
        ways = self.target.begin_new_game()
        self._message_clicked = False
        way, answered = 1, 0
        while way <= ways:
            self._ask_new_game()
            try:
                seen = self.observe(None, None, fresh=True)
            except LoopStopped as exc:
                if answered < DIALOG_ANSWERS and self.target.dismiss_dialogs():
                    # a dialog of the program opened late and took the request: the ways
                    # are tried again from the first now that it is answered
                    answered += 1
                    logger.info("new game: a dialog of the program was in the way (%s)", exc)
                    ways, way = self.target.begin_new_game(), 1
                    continue
                if way == ways:
                    if ways == 1:
                        raise
                    raise LoopStopped(
                        f"no new game started (tried {self.target.new_game_tried()}): start"
                        " one in the program, or give the keys that start one with"
                        f" --new-game-keys ({exc})", exc.frame_path) from exc
                logger.info("new game: way %d of %d did not start one (%s)", way, ways, exc)
                way += 1
                continue
            self.target.new_game_worked()
            return seen
        raise LoopStopped("the program has no way of starting a new game")

    def _ask_new_game(self) -> None:
        """One request for a new game (a page's button shown late is asked for again)."""
        assert self.window is not None
        for attempt in range(1, NEW_GAME_TRIES + 1):
            try:
                self.perform_steps(self.player.new_game(self.target, self.calibration),
                                   "new-game")
                break
            except ImpossibleState as exc:  # a page's button late (a banner still fading)
                if attempt == NEW_GAME_TRIES:
                    raise LoopStopped(f"no new game after {attempt} tries: {exc}") from exc
                logger.info("new game, try %d: %s", attempt, exc)
                time.sleep(NEW_GAME_PAUSE)
        if self.target.profile.park_pointer:
            self.screen.move_to(park_point(self.window, self.calibration.board))

    def _more(self) -> bool:
        o, s = self.options, self.stats
        if o.games is not None and s.played >= o.games:
            return False
        return o.hours is None or time.monotonic() - s.started < o.hours * 3600

    def run(self) -> SessionStats:
        """Play until the limits; Ctrl+C, the fail-safe or a problem end it with stats kept."""
        try:
            self._session()
        except KeyboardInterrupt:
            self.stats.stopped = "interrupted (Ctrl+C)"
        except StopRequested as exc:
            self.stats.stopped = str(exc)
        except ClickRefused as exc:
            self.stats.stopped = f"refused click: {exc}"
        except LoopStopped as exc:
            where = f" (frame saved to {exc.frame_path})" if exc.frame_path else ""
            self.stats.stopped = f"{exc}{where}"
        except WindowLost as exc:
            self.stats.stopped = f"the game's window is gone: {exc}"
        except RecordingError as exc:
            self.stats.stopped = f"the recording cannot be written: {exc}"
        except OSError as exc:  # the game log (games.jsonl): a full disk, a lost mount
            self.stats.stopped = f"the game log cannot be written: {exc}"
        except Exception as exc:  # any other error still ends in the session's figures
            logger.exception("the session stopped on an error")
            self.stats.stopped = f"error: {exc}"
        except BaseException as exc:  # the caller reports it; the recording says it first
            self._end_recording(str(exc) or type(exc).__name__)
            raise
        self._end_recording(self.stats.stopped or "done")
        return self.stats

    def _session(self) -> None:
        self._held = []  # the start steps' events wait for the header (it needs the board)
        self.start_page()
        self.locate()
        self._open_recording()
        seen: S | None = self.observe(None, None)
        while self._more():
            number = self.stats.played + 1
            try:
                seen = self.start_game(seen)
                result = self.play_game(number, seen)
            except WindowLost as exc:  # a game in play was counted unfinished already
                if not self._restart(exc):
                    raise
                seen = self.observe(None, None)
                continue
            self._finish(result)
            seen = None

    def _finish(self, result: GameResult) -> None:
        with held_interrupts():  # counted and logged together, or neither
            self.stats.add(result)
            if self.log is not None:
                self.log.write(result.to_dict())
        if self.on_status is not None:
            self.on_status(self.stats)
        if self._memtrace is not None:
            self._memtrace(self.stats.played)

    def _restart(self, exc: WindowLost) -> bool:
        """Start the program again after it crashed or its window closed (``--launch``), at
        most ``max_restarts_per_hour`` times an hour; False when that is not allowed."""
        if self.restart is None:
            return False
        now = time.monotonic()
        recent = [t for t in self._restarts if now - t < 3600]
        if len(recent) >= self.options.max_restarts_per_hour:
            self.note(f"not restarting: {len(recent)} restarts in the last hour")
            return False
        self._restarts = [*recent, now]
        self.stats.restarts += 1
        self.note(f"the program is gone ({exc}); starting it again")
        self.record_event({"event": "restart", "reason": str(exc)})
        try:
            self.target.close()
        except Exception:  # the old program is dead anyway; its cleanup must not stop us
            logger.debug("closing the lost target failed", exc_info=True)
        self.target = self.restart()
        self.start_page()
        self.locate()
        return True

    # --- records ------------------------------------------------------------------------------
    def header(self) -> dict[str, object]:
        """The session event that opens a recording: what was played, where, by which rules."""
        return {
            "event": "session",
            "format": FORMAT_VERSION,
            "game": self.player.game,
            "target": self.target.describe(),
            "profile": self.target.profile.name,
            **self.player.header(self.target),
            "window": None if self.window is None else self.window.to_list(),
        }

    def _open_recording(self) -> None:
        """Write the session header, then the events held for it. A session that stops before
        its board is found (a page's start steps that failed on a page attached to mid-game,
        a board no site reads) writes it too, with no window: without a header the recording
        is no recording to replay."""
        if self._held is None:
            return
        held, self._held = self._held, None
        self.record_event(self.header())
        for event, frame in held:
            self.record_event(event, frame)

    def _end_recording(self, reason: str) -> None:
        try:
            self._open_recording()
            self.record_event({"event": "stop", "reason": reason})
        except RecordingError:
            pass  # already the reason the session stopped

    def record_event(self, event: dict[str, object], frame: Frame | None = None) -> None:
        if self._held is not None:
            self._held.append((event, frame))
        elif self.recorder is not None:
            self.recorder.event(event, frame)

    def record_problem(self, frame: Frame, kind: str, message: str) -> None:
        self.record_event({"event": "problem", "kind": kind, "message": message}, frame)

    def _save_problem(self, frame: Frame, kind: str) -> Path:
        folder = self.recorder.directory if self.recorder is not None else self.options.problems_dir
        path = Path(folder) / f"problem-{kind}-{time.strftime('%Y%m%d-%H%M%S')}.png"
        return frame.save(path)
