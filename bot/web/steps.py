"""Site-profile steps that need no board: keys, buttons found by their label, waiting to settle.

A button is found the way a person finds it: by reading the page. Its label is looked up among
the text lines vision reads off the frame (fuzzy: OCR drops accents and confuses look-alikes),
and the click goes to the centre of the line. Steps outside a move (a new game, a dialog)
become intents the loop performs (:func:`step_intents`), waiting, like Playwright's
auto-waiting, until each button shows, with a timeout.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.run.act import ActionFailed, Find, Gesture, Intent, Sighting
from bot.web.sites import Step
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Point, Region

# pyautogui's names for the keys site profiles write the X11 / web way.
KEY_NAMES = {"return": "enter", "escape": "esc", "backspace": "backspace", "control": "ctrl"}
_PUNCTUATION = re.compile(r"[^\w\s]+")
# Latin and Cyrillic letters that look alike (OCR mixes them up), folded the same way on both
# sides of a comparison, so Russian, Ukrainian and English phrases all compare fairly.
_LOOKALIKES = str.maketrans("aeopcxykmthbiі", "аеорсхукмтнвii")


class StepFailed(ActionFailed):
    """A step could not be done (its button never showed); names the step and what was seen."""


@dataclass(frozen=True)
class Line:
    """A line of text on the screen, in screen pixels."""

    text: str
    region: Region


def normalise(text: str) -> str:
    """Lower case, Ё as Е, punctuation and extra spaces gone: what OCR and labels agree on."""
    folded = text.casefold().replace("ё", "е").translate(_LOOKALIKES)
    return " ".join(_PUNCTUATION.sub(" ", folded).split())


def _word_like(a: str, b: str) -> bool:
    """One word read against one expected: equal, or an OCR slip in a word of 4+ letters."""
    if a == b:
        return True
    if min(len(a), len(b)) < 4:
        return False
    return difflib.SequenceMatcher(None, a, b).ratio() >= 0.8


def matches(text: str, phrase: str) -> bool:
    """Does ``phrase`` occur in ``text`` word for word, allowing an OCR slip in a long word?

    Whole words are compared in order, so «Ходит компьютер» never passes for «Победил
    компьютер» however much of it is alike; a phrase may end inside a longer text.
    """
    if phrase.startswith("@") and len(phrase) > 2:
        return marked(text, phrase[1], phrase[2:])
    t, p = normalise(text).split(), normalise(phrase).split()
    if not p or len(t) < len(p):
        return False
    for start in range(len(t) - len(p) + 1):
        if all(_word_like(t[start + i], w) for i, w in enumerate(p[:-1])):
            last = t[start + len(p) - 1]
            # the phrase's last word may be cut (a phrase that is a prefix: "нет в словар...")
            if _word_like(last, p[-1]) or (len(p[-1]) >= 4 and last.startswith(p[-1])):
                return True
    return False


def marked(text: str, marker: str, word: str) -> bool:
    """A line that holds ``marker`` (a turn arrow OCR reads as '>') and ``word``, even glued to
    an icon read as a letter (``> BYou``): a profile writes it as ``@>You``."""
    return marker in text and normalise(word).replace(" ", "") in normalise(text).replace(" ", "")


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


_NUMBER = re.compile(r"\d+")


def number_near(lines: Sequence[Line], label: str) -> int | None:
    """The score shown beside ``label`` (``"Вы|You"``: either): the nearest line holding only
    a number at least as tall as the label (scores are big; word lists beside them small),
    within a dozen label heights; else a number on the label's own line. Only a line that is
    the label itself counts as the label («Победил компьютер» is no score label)."""
    for one in label.split("|"):
        want = len(normalise(one).split())
        for line in lines:
            words = normalise(line.text).split()
            if not matches(line.text, one) or len(words) > want + 1:
                continue
            here = line.region.center
            reach = 12.0 * max(line.region.height, 8)
            best: tuple[float, int] | None = None
            for other in lines:
                text = other.text.strip()
                if other is line or not text.isdigit() or other.region.height < line.region.height:
                    continue
                there = other.region.center
                d = ((there.x - here.x) ** 2 + (there.y - here.y) ** 2) ** 0.5
                if d <= reach and (best is None or d < best[0]):
                    best = (d, int(text))
            if best is not None:
                return best[1]
            found = _NUMBER.findall(line.text)
            if found:
                return int(found[-1])
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
            out.append(Find(f"button {' / '.join(step.label)!r}", _looker(step, read_lines),
                            optional=step.optional,
                            timeout=min(timeout, grace) if step.optional else timeout))
        elif step.do == "settle":
            out.append(Gesture.settle())
        else:
            out += [*plain_gestures([step], [], geometry), Gesture.settle()]
    return out


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
