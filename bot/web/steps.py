"""Site-profile steps that need no board: keys, buttons found by their label, waiting to settle.

A button is found the way a person finds it: by reading the page. Its label is looked up among
the text lines vision reads off the frame (fuzzy: OCR drops accents and confuses look-alikes),
and the click goes to the centre of the line. Steps outside a move (a new game, a dialog)
become intents the loop performs (:func:`step_intents`), waiting, like Playwright's
auto-waiting, until each button shows, with a timeout.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.run.act import ActionFailed, Find, Gesture, GestureKind, Intent, Sighting
from bot.web.sites import Step
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Point
from vision.core.page_text import TextLine, phrase_in
from vision.core.page_text import number_near as number_near

# pyautogui's names for the keys site profiles write the X11 / web way.
KEY_NAMES = {"return": "enter", "escape": "esc", "backspace": "backspace", "control": "ctrl"}

#: The steps' names for page text's line and phrase matcher (one of each, in
#: :mod:`vision.core.page_text`, for every page).
Line = TextLine
matches = phrase_in


class StepFailed(ActionFailed):
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


def step_intents(
    steps: Sequence[Step],
    read_lines: Callable[[Frame], list[Line]],
    geometry: GridGeometry | None = None,
    grace: float = 1.5,
    timeout: float = 10.0,
) -> list[Intent]:
    """A profile's steps outside a move (a new game, a dialog) as intents for the loop: a
    button is found by its label on a settled frame of the window (``read_lines`` turns one
    into screen-pixel text lines), waited for up to ``timeout`` seconds (an optional one up
    to ``grace``, then skipped); a key or a click at a grid point is followed by waiting for
    the window to settle."""
    out: list[Intent] = []
    for step in steps:
        if step.do == "button":
            out.append(_find(step, read_lines, grace, timeout))
        elif step.do == "settle":
            out.append(Gesture.settle())
        else:
            out += [*plain_gestures([step], [], geometry), Gesture.settle()]
    return out


def move_intents(
    steps: Sequence[Step],
    lines: Sequence[Line],
    geometry: GridGeometry | None,
    read_lines: Callable[[Frame], list[Line]],
    after_input: bool = False,
    grace: float = 1.5,
    timeout: float = 10.0,
) -> list[Intent]:
    """A move's key/button/settle/click-at steps (a submit, a pass, a recall) on the frame
    read, whose text lines are ``lines``: as :func:`plain_gestures`, but a ``button`` after
    a step that sent input (``after_input``: one before these steps did) is looked for on a
    settled frame grabbed after that input, as :func:`step_intents` finds its buttons (a
    pop-up's «Yes» shows only once «Pass» is clicked; on the frame from before the click it
    was never there)."""
    out: list[Intent] = []
    for step in steps:
        if step.do == "button" and after_input:
            out.append(_find(step, read_lines, grace, timeout))
            continue
        gestures = plain_gestures([step], lines, geometry)
        out += gestures
        after_input = after_input or any(g.kind is not GestureKind.SETTLE for g in gestures)
    return out


def _find(step: Step, read_lines: Callable[[Frame], list[Line]], grace: float,
          timeout: float) -> Find:
    """A button step as a click the loop sends once a settled frame shows the button."""
    return Find(f"button {' / '.join(step.label)!r}", _looker(step, read_lines),
                optional=step.optional, timeout=min(timeout, grace) if step.optional else timeout)


def _looker(step: Step, read_lines: Callable[[Frame], list[Line]]) -> Callable[[Frame], Sighting]:
    """Where a step's button is on a frame (by its label, else beside another label)."""

    def look(frame: Frame) -> Sighting:
        lines = read_lines(frame)
        line = find_line(lines, step.label)
        point = line.region.center if line is not None else _beside(step, lines)
        return point, "; ".join(repr(x.text) for x in lines[:12]) or "no text"

    return look


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
