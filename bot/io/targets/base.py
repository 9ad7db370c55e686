"""What the loop needs to know about one Minesweeper program, and the window it runs in.

A :class:`Profile` is data: the skin to read with, the first-click rule for the solver, the
mouse controls, whether the program wants every mine flagged, how to start the next game. A
:class:`Target` is the running program: where its window is now, how to focus it, how to start
a new game and clear the dialogs it shows. Per-program quirks live in the small modules next to
this one (builtin, xdemineur, gnome_mines, window_title), nowhere else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from bot.io import x11
from bot.io.screens.base import Button, Screen
from bot.io.windows import finder as windows
from bot.io.windows.info import WindowInfo
from bot.run.act import MouseControls
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
    auto_opens: bool = False  # the program opens a first area by itself
    # where ``rules`` comes from: "program" (known for this program), "look" (decided by the skin
    # the board reads with: bot.games.minesweeper.first_click_rule), "user" (given on the command
    # line)
    rules_source: str = "program"


class TargetProfile(Protocol):
    """What the loop reads off any program's profile (Minesweeper's Profile, a site profile)."""

    name: str
    park_pointer: bool
    redraw_timeout: float
    settle_gap: float


def face_point(window: Region, board: Region) -> Point:
    """Where the smiley face is in programs that draw it centred above the board."""
    return Point(board.center.x, window.top + max(1, (board.top - window.top) // 2))


def park_point(window: Region, board: Region) -> Point:
    """A pointer position inside the window but off the board (left margin, mid-height)."""
    margin = board.left - window.left
    x = window.left + max(1, margin // 2) if margin >= 2 else window.left + 1
    return Point(x, board.center.y)


class Target:
    """A program on a screen. The base class is a whole-screen target with no window."""

    def __init__(self, profile: Any) -> None:
        self.profile = profile  # a Profile, or any TargetProfile (a site's)

    def window_region(self, screen: Screen) -> Region:
        """The region to capture: the program's window (the whole screen by default)."""
        return screen.bounds()

    def prepare(self) -> None:
        """Make the program ready for input (e.g. give it the keyboard focus)."""

    def new_game_clicks(self, face: Region) -> tuple[Region, ...]:
        """Regions outside the board the bot may click to start a new game (the face)."""
        return () if self.profile.new_game_keys else (face,)

    def new_game(self, screen: Screen, face: Point) -> None:
        """Start the next game: the profile's keys, or a click on the face."""
        self.prepare()
        if self.profile.new_game_keys:
            screen.press(*self.profile.new_game_keys)
        else:
            screen.click(face, Button.LEFT)

    def begin_new_game(self) -> int:
        """A new game is about to be asked for: how many ways of starting one :meth:`new_game`
        tries in turn, one a call, from the first (a program of known habits has one)."""
        return 1

    def new_game_worked(self) -> None:
        """The last way tried started a game: keep it."""

    def new_game_tried(self) -> str:
        """The ways tried so far, for a message when none worked."""
        return "the profile's keys" if self.profile.new_game_keys else "a click on the face"

    def dismiss_dialogs(self) -> bool:
        """Close any dialog the program opened (a win message); True if one was closed."""
        return False

    def game_over_shown(self, since: float) -> bool:
        """Did the program say the game is over (a dialog of its own, closed by
        :meth:`dismiss_dialogs`) after ``since`` (``time.monotonic()`` of the bot's last
        move)? Then a message it leaves over the board may be clicked away: a click on a
        finished game's board opens nothing."""
        return False

    def describe(self) -> str:
        return self.profile.name

    def close(self) -> None:
        """Stop what this target started."""


#: What a target's finder returns: the window found (its backend measures and focuses it), a
#: bare X window id (found with xdotool: the X11 backend), or None while there is none.
Found = WindowInfo | int | None


class WindowTarget(Target):
    """A program's top-level window, found by ``finder`` (and maybe started by us); measured
    and focused by the backend that found it (:mod:`bot.io.windows.finder`)."""

    def __init__(
        self,
        profile: Any,
        finder: Callable[[], Found],
        program: x11.Program | None = None,
    ) -> None:
        super().__init__(profile)
        self._finder = finder
        self.program = program
        self.backend = "x11"
        self.app = ""  # the window's class, when its backend listed it (dialogs share it)
        self.window = self._find()

    def _find(self) -> int:
        found = self.program.wait_window(self._finder) if self.program is not None else (
            self._finder())
        if found is None:
            raise x11.WindowLost(f"no {self.profile.name} window on the display")
        if isinstance(found, WindowInfo):
            self.backend, self.app = found.backend, found.app
            return found.id
        self.backend = "x11"
        return found

    def region(self) -> Region:
        """The window's client area on the screen now, found again if it was re-created."""
        try:
            return windows.client_region(self.window, self.backend)
        except x11.WindowLost:
            if self.program is not None and not self.program.running:
                raise
            self.window = self._find()  # re-created (some programs rebuild their window)
            return windows.client_region(self.window, self.backend)

    def window_region(self, screen: Screen) -> Region:
        return self.region()

    def prepare(self) -> None:
        windows.focus(self.window, self.backend)

    def window_label(self) -> str:
        """The window and the backend that found it, for descriptions and recordings."""
        return f"window {self.window:#x}, found by {self.backend}"

    def describe(self) -> str:
        return f"{self.profile.name} ({self.window_label()})"

    def close(self) -> None:
        if self.program is not None:
            self.program.stop()
