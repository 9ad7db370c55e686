"""What the Erudit adapter asks of vision, as types: the calls
:func:`bot.games.erudit.player.make_erudit_player` builds for a site (tests stand in for them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.erudit.reader import BoardLocation, EruditReading


class ReadBoard(Protocol):
    """Board and rack of a located board (``relearn``: a tile refused twice with the same
    pixels may be named by Tesseract even as a new look of a letter the bank knows;
    ``unknown_rack``: a rack tile nothing names reads ``?``)."""

    def __call__(
        self, frame: Frame, location: BoardLocation, check: bool = True,
        known: dict[int, str] | None = None, partial: bool = False, empty_rack: bool = False,
        relearn: bool = False, unknown_rack: bool = False,
    ) -> EruditReading: ...


#: The board in a page picture.
LocateBoard = Callable[[Frame], BoardLocation]
#: The wildcard dialog's letter keys (screen pixels), read like a palette.
LetterKeys = Callable[[Frame, BoardLocation], dict[str, Region]]
#: Scores (ours, theirs) and tiles left, the way the site's look shows them.
ReadNumbers = Callable[[Frame, Sequence[Region]], tuple[tuple[int, int] | None, int | None]]
