"""Minesweeper moves as mouse gestures: which button opens, flags and chords on a program.

How a program maps a move to buttons (which button flags, how to chord, how many right clicks
take a flag off when question marks are on) is data in :class:`MouseControls`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.io.screens.base import Button
from bot.run.act import Gesture
from solvers.minesweeper.moves import Move, MoveKind
from vision.core.geometry import GridGeometry


@dataclass(frozen=True)
class MouseControls:
    """How one Minesweeper program takes moves from the mouse."""

    open: Button = Button.LEFT
    flag: Button = Button.RIGHT
    chord: Button = Button.MIDDLE
    unflag_clicks: int = 2  # right clicks from a flag back to covered (flag -> ? -> covered)


def minesweeper_gestures(
    move: Move, geometry: GridGeometry, controls: MouseControls
) -> list[Gesture]:
    """Clicks for one move on a board whose cells are at ``geometry`` (screen coordinates)."""
    point = geometry.cell_center(move.row, move.col)
    if move.kind is MoveKind.OPEN:
        return [Gesture.click(point, controls.open)]
    if move.kind is MoveKind.FLAG:
        return [Gesture.click(point, controls.flag)]
    if move.kind is MoveKind.UNFLAG:
        return [Gesture.click(point, controls.flag)] * controls.unflag_clicks
    return [Gesture.click(point, controls.chord)]
