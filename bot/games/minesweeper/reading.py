"""What the Minesweeper adapter trades with vision, as types: where a board is and what a
frame of it shows (vision's own classes fit, and so do the tests' stand-ins)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from solvers.minesweeper.state import Board
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    class Located(DataclassInstance, Protocol):
        """Where a board is in a frame (frame pixels): a dataclass, so that a part of it can
        be made with :func:`dataclasses.replace` (:mod:`bot.games.minesweeper.delta`)."""

        @property
        def geometry(self) -> GridGeometry: ...
else:

    class Located(Protocol):
        """Where a board is in a frame (frame pixels), a dataclass."""

        @property
        def geometry(self) -> GridGeometry: ...


class BoardRead(Protocol):
    """A frame's board, where its cells are (frame pixels), its mine counter and face."""

    @property
    def board(self) -> Board: ...
    @property
    def geometry(self) -> GridGeometry: ...
    @property
    def counter(self) -> int | None: ...
    @property
    def face(self) -> str | None: ...


Locate = Callable[[Frame], Located]
Read = Callable[[Frame, Located], BoardRead]
