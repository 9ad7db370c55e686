"""Site-profile steps that need no board: keys, buttons found by their label, waiting to settle.

A button is found the way a person finds it: by reading the page. Its label is looked up among
the text lines vision reads off the frame (fuzzy: OCR drops accents and confuses look-alikes),
and the click goes to the centre of the line. Running steps outside a move (a new game, a
dialog) waits, like Playwright's auto-waiting, until the button shows, with a timeout.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from bot.io.screens.base import Screen
from bot.run.act import Gesture, perform
from bot.run.game import ImpossibleState
from bot.web.sites import Step
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Point, Region
from vision.core.page_text import TextLine, phrase_in
from vision.core.page_text import number_near as number_near

# pyautogui's names for the keys site profiles write the X11 / web way.
KEY_NAMES = {"return": "enter", "escape": "esc", "backspace": "backspace", "control": "ctrl"}

#: The steps' names for page text's line and phrase matcher (one of each, in
#: :mod:`vision.core.page_text`, for every page).
Line = TextLine
matches = phrase_in


class StepFailed(ImpossibleState):
    """A step could not be done (its button never showed); names the step and what was seen."""


def find_line(lines: Sequence[Line], labels: Sequence[str]) -> Line | None:
    """The line holding one of ``labels`` (labels tried in order). Of several, a line that is
    the label exactly, case and all, is the button: a word list on the page may show the same
    word («обмен» in the computer's moves, «Обмен» on the button)."""
    for label in labels:
        found = [line for line in lines if matches(line.text, label)]
        if found:
            exact = [line for line in found if line.text.strip() == label]
            return (exact or found)[0]
    return None


def key_gesture(step: Step) -> Gesture:
    return Gesture.key(*(KEY_NAMES.get(k.lower(), k.lower()) for k in step.keys))


def grid_point(geometry: GridGeometry, cell: tuple[float, float]) -> Point:
    """The screen point ``cell`` cells (row, col; fractional, maybe outside) from the centre
    of the grid's top-left cell."""
    top_left = geometry.cell_center(0, 0)
    pitch_x = (geometry.col_edges[-1] - geometry.col_edges[0]) / geometry.cols
    pitch_y = (geometry.row_edges[-1] - geometry.row_edges[0]) / geometry.rows
    return Point(round(top_left.x + cell[1] * pitch_x), round(top_left.y + cell[0] * pitch_y))


def plain_gestures(
    steps: Sequence[Step], lines: Sequence[Line], geometry: GridGeometry | None = None
) -> list[Gesture]:
    """Gestures for key/button/settle/click-at steps on a page whose text lines are ``lines``
    (and whose grid, for click-at, is at ``geometry`` in screen pixels)."""
    out: list[Gesture] = []
    for step in steps:
        if step.do == "click-at":
            if geometry is None:
                raise StepFailed(f"{step.to_text()} needs the grid located first")
            out.append(Gesture.click(grid_point(geometry, step.cell)))
        elif step.do == "key":
            out.append(key_gesture(step))
        elif step.do == "settle":
            out.append(Gesture.settle())
        elif step.do == "button":
            line = find_line(lines, step.label)
            if line is None:
                if step.optional:
                    continue
                shown = "; ".join(repr(x.text) for x in lines[:12]) or "no text"
                raise StepFailed(f"no button {' / '.join(step.label)!r} on the page ({shown})")
            out.append(Gesture.click(line.region.center))
        else:
            raise StepFailed(f"step {step.do!r} needs a move to act on")
    return out


def run_steps(
    screen: Screen,
    steps: Sequence[Step],
    read_lines: Callable[[Frame], list[Line]],
    window: Callable[[], Region],
    timeout: float = 10.0,
    settle_gap: float = 0.05,
    geometry: GridGeometry | None = None,
    grace: float = 1.5,
) -> None:
    """Do steps one at a time outside a move, each waiting until its button shows.

    ``read_lines`` turns a frame of ``window()`` into screen-pixel text lines. An optional
    button not shown within a short grace is skipped; a required one raises StepFailed.
    """
    for step in steps:
        if step.do != "button":
            if step.do != "settle":
                perform(screen, plain_gestures([step], [], geometry))
            _settle(screen, window(), settle_gap, timeout)
            continue
        deadline = time.monotonic() + (min(timeout, grace) if step.optional else timeout)
        lines: list[Line] = []
        while True:
            screen.check_stop()
            frame = _settle(screen, window(), settle_gap, timeout)
            lines = read_lines(frame)
            line = find_line(lines, step.label)
            point = line.region.center if line is not None else _beside(step, lines)
            if point is not None:
                before = screen.grab(window())
                screen.click(point)
                _changed(screen, window(), before, settle_gap, min(timeout, 2.0))
                break
            if time.monotonic() > deadline:
                if step.optional:
                    break
                shown = "; ".join(repr(x.text) for x in lines[:12]) or "no text"
                raise StepFailed(
                    f"button {' / '.join(step.label)!r} did not show within {timeout:.0f} s"
                    f" (the page shows: {shown})"
                )
            time.sleep(0.1)


def _beside(step: Step, lines: Sequence[Line]) -> Point | None:
    """The point a profile gives beside another label, for a button OCR does not read."""
    if step.beside is None:
        return None
    label, heights = step.beside
    near = find_line(lines, [label])
    if near is None:
        return None
    c = near.region.center
    return Point(round(c.x + heights * near.region.height), c.y)


def _changed(screen: Screen, region: Region, before: Frame, gap: float, timeout: float) -> None:
    """Until the page shows the click (differs from ``before``) and settles, or ``timeout``."""
    import numpy as np

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not np.array_equal(screen.grab(region).pixels, before.pixels):
            break
        time.sleep(gap)
    _settle(screen, region, gap, timeout)


def _settle(screen: Screen, region: Region, gap: float, timeout: float) -> Frame:
    """The next frame of ``region`` that equals the one before it (or the last after timeout)."""
    import numpy as np

    deadline = time.monotonic() + timeout
    before = screen.grab(region)
    while True:
        time.sleep(gap)
        now = screen.grab(region)
        if np.array_equal(before.pixels, now.pixels) or time.monotonic() > deadline:
            return now
        before = now
