"""What one Minesweeper program is, as data, and how it is asked for a new game.

A :class:`Profile` is data: the skin to read with, the first-click rule for the solver, the
mouse controls, whether the program wants every mine flagged, how to start the next game (its
keys, else a click on the face the adapter recognised). The target classes here are the generic
targets with that way of starting a game mixed in (:class:`KeysOrFace`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from bot.games.minesweeper.gestures import MouseControls
from bot.games.minesweeper.programs.own_dialogs import OwnDialogs
from bot.io import x11
from bot.io.screens.base import Button
from bot.io.targets.base import Found, Target, WindowTarget
from bot.run.act import Gesture
from solvers.minesweeper.rules import FirstClick
from vision.core.geometry import Point, Region


class FlagPolicy(Enum):
    """When the bot places flags. AT_END: only once every safe cell is open (programs such as
    xdemineur count a game as won only when every mine is flagged)."""

    NEVER = "never"
    AT_END = "at-end"
    ALWAYS = "always"


@dataclass(frozen=True)
class Profile:
    """How one Minesweeper program behaves, as data (see the module docstring)."""

    name: str
    skin: str | None  # the vision skin; None: let vision find out
    rules: FirstClick  # the program's first-click guarantee, for the solver
    controls: MouseControls = field(default_factory=MouseControls)
    flags: FlagPolicy = FlagPolicy.NEVER
    new_game_keys: tuple[str, ...] = ()  # keys that start the next game; () = click the face
    park_pointer: bool = True  # move the pointer off the board before each capture
    redraw_timeout: float = 2.0  # seconds a move may take to show on screen
    settle_gap: float = 0.003  # seconds between the two captures that must agree
    #: Seconds an unreadable, moving picture is waited out before the program's dialogs are
    #: answered: Windows 7 sets its mines off, then asks "Play again?" (default: none).
    end_animation: float = 0.0
    auto_opens: bool = False  # the program opens a first area by itself
    # where ``rules`` comes from: "program" (known for this program), "look" (decided by the skin
    # the board reads with: bot.games.minesweeper.first_click_rule), "user" (given on the command
    # line)
    rules_source: str = "program"


def face_point(window: Region, board: Region) -> Point:
    """Where the smiley face is in programs that draw it centred above the board."""
    return Point(board.center.x, window.top + max(1, (board.top - window.top) // 2))


class KeysOrFace:
    """A program's new game: its profile's keys, else a click on the face (mixed into a
    target; :class:`bot.games.minesweeper.programs.new_game_ways.UsualNewGame` tries more)."""

    profile: Profile

    def new_game_gestures(self, point: Point | None) -> list[Gesture]:
        if self.profile.new_game_keys:
            return [Gesture.key(*self.profile.new_game_keys)]
        if point is None:
            return []
        return [Gesture.click(point, Button.LEFT)]

    def new_game_tried(self) -> str:
        return ("the profile's keys" if self.profile.new_game_keys
                else "a click on the new-game face or button")


class ProgramWindow(OwnDialogs[Profile], KeysOrFace, WindowTarget[Profile]):
    """A Minesweeper program's top-level window; its own dialogs are closed when they keep
    the game from taking input (:mod:`bot.games.minesweeper.programs.own_dialogs`)."""

    def __init__(self, profile: Profile, finder: Callable[[], Found | None],
                 program: x11.Program | None = None) -> None:
        super().__init__(profile, finder, program)


class WholeScreen(KeysOrFace, Target[Profile]):
    """A Minesweeper program that is the whole screen (the simulated one)."""
