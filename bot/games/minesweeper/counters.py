"""Which number above the board is the mine counter: told by how the numbers change.

Windows shows the mines left on the left and the timer on the right, but not every program
does. A timer ticks while no flag is placed or taken; a mine counter moves only with the flags.
So every number a window shows is watched: one that changed while the flags did not is a
timer, and the mine counter is the leftmost number left that a board of this size can hold
(mines left plus flags between 1 and the cells less one: a timer at 0 is no mine total).
"""

from __future__ import annotations

from collections.abc import Sequence

#: Seconds of play during which the numbers are watched once more than one may be the
#: counter: a timer ticks within about one.
WATCH_SECONDS = 4.0


class CounterChoice:
    """The numbers one window shows, frame after frame, and which of them is the counter."""

    def __init__(self) -> None:
        self.timers: set[int] = set()  # positions (left to right) seen ticking with no flag
        self.picked: int | None = None
        self.switched = ""  # why the counter picked changed at the last observation
        self._last: tuple[tuple[int, ...], int] | None = None

    def observe(self, numbers: Sequence[int], flags: int, cells: int) -> int | None:
        """The mines left as the counter shows them in this frame, or None."""
        numbers = tuple(numbers)
        if self._last is not None:
            before, flags_before = self._last
            if len(before) != len(numbers):
                self.timers.clear()  # another layout of numbers: start again
            elif flags == flags_before:
                self.timers |= {i for i, (a, b) in enumerate(zip(before, numbers, strict=True))
                                if a != b}
        self._last = (numbers, flags)
        fits = [i for i, v in enumerate(numbers)
                if i not in self.timers and 0 < v + flags < cells]
        pick = fits[0] if fits else None
        self.switched = ""
        if self.picked is not None and pick != self.picked and self.picked in self.timers:
            self.switched = (f"the number {_place(self.picked, len(numbers))} above the board"
                             " changed with no flag placed: it is a timer, not the mine counter")
        self.picked = pick
        return None if pick is None else numbers[pick]

    @property
    def settled(self) -> bool:
        """At most one number can still be the counter: nothing more to watch for."""
        if self._last is None:
            return False
        return len(self._last[0]) - len(self.timers) <= 1


def _place(index: int, count: int) -> str:
    if count == 2:
        return "on the left" if index == 0 else "on the right"
    return f"number {index + 1} from the left"
