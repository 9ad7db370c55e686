"""Steps outside a move, for the loop: a page's start steps and the ways of asking for a new
game, performed as intents (:mod:`bot.run.act`), each waited for until the screen shows it,
through the click guard, and recorded with the frame it acted on."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Generic

from bot.io.targets.base import Target, TargetProfile
from bot.run.act import ActionFailed, Find, Gesture, GestureKind, Intent, Waiter, perform
from bot.run.game import GameAdapter, L, P, S, St
from bot.run.recorder import box
from bot.run.safety import GuardedScreen
from vision.core.frame import Frame

#: The gap between the two captures that must agree, and how long the window may take to
#: settle.
STEP_GAP, STEP_TIMEOUT = 0.05, 10.0


class StepsOutsideMoves(Generic[L, S, P, St]):
    """Mixed into :class:`bot.run.loop.Loop` (which has the screen, target, player, waiter and
    the recording)."""

    screen: GuardedScreen
    target: Target[TargetProfile]
    player: GameAdapter[L, S, P, St]
    waiter: Waiter

    def record_event(self, event: dict[str, object], frame: Frame | None = None) -> None:
        raise NotImplementedError  # the loop's

    def start_page(self) -> None:
        """The game's start steps on a program just opened (a page's menu in front of the
        first game), before its board is looked for."""
        self.perform_steps(self.player.start_steps(self.target), "start")

    def perform_steps(self, intents: Sequence[Intent], phase: str) -> None:
        """Intents outside a move, in turn, each waited for until the screen shows it (a
        button until it is there; a ``settle`` until the window stops changing), through the
        click guard, and recorded (``action`` events) with the frame each acted on."""
        if not intents:
            return
        self.target.prepare()
        for intent in intents:
            self.screen.check_stop()
            if isinstance(intent, Find):
                self._find_and_click(intent, phase)
                continue
            window = self.target.window_region(self.screen)
            if intent.kind is GestureKind.SETTLE:
                frame, _ = self.waiter.settled(window, gap=STEP_GAP, timeout=STEP_TIMEOUT)
                self.record_event({"event": "action", "phase": phase, "intent": "settle",
                                   "region": box(frame)}, frame)
                continue
            perform(self.screen, [intent])
            self.record_event({"event": "action", "phase": phase, "intent": intent.to_text(),
                               "gestures": [intent.to_text()]})

    def _find_and_click(self, intent: Find, phase: str) -> None:
        """Click what ``intent`` looks for once a settled frame shows it; an optional one not
        shown within its timeout is skipped, a required one raises ActionFailed."""
        deadline = time.monotonic() + intent.timeout
        while True:
            self.screen.check_stop()
            window = self.target.window_region(self.screen)
            frame, _ = self.waiter.settled(window, gap=STEP_GAP, timeout=STEP_TIMEOUT)
            point, shown = intent.look(frame)
            if point is not None:
                before = self.screen.grab(window)
                click = Gesture.click(point)
                perform(self.screen, [click])
                self.record_event({"event": "action", "phase": phase, "intent": intent.to_text(),
                                   "gestures": [click.to_text()], "region": box(frame)}, frame)
                self.waiter.changed(window, before, gap=STEP_GAP,
                                    timeout=min(STEP_TIMEOUT, 2.0))
                self.waiter.settled(window, gap=STEP_GAP, timeout=STEP_TIMEOUT)
                return
            if time.monotonic() > deadline:
                self.record_event({"event": "action", "phase": phase, "intent": intent.to_text(),
                                   "gestures": [], "shown": shown, "region": box(frame)}, frame)
                if intent.optional:
                    return
                raise ActionFailed(f"{intent.what} did not show within {intent.timeout:.0f} s"
                                   f" (the page shows: {shown})")
            time.sleep(0.1)

