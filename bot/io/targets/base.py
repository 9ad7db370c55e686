"""What the loop needs to know about the program a game runs in, and the window it runs in.

A :class:`Target` is the running program: where its window is now, how to focus it, how to ask
it for a new game and clear the dialogs it shows. Its profile is the game's data about the
program (:class:`TargetProfile`: what every profile has; a Minesweeper program's
:class:`bot.games.minesweeper.programs.profile.Profile`, a site's
:class:`bot.web.sites.SiteProfile`). Per-program quirks live in each game's package.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, cast

from bot.errors import GamebotError
from bot.io import x11
from bot.io.screens.base import Screen
from bot.io.windows import finder as windows
from bot.io.windows.info import WindowInfo
from vision.core.geometry import Point, Region

if TYPE_CHECKING:
    from bot.run.act import Gesture


class TargetProfile(Protocol):
    """What the loop reads off any program's profile (Minesweeper's Profile, a site profile)."""

    @property
    def name(self) -> str: ...
    @property
    def park_pointer(self) -> bool: ...  # move the pointer off the board before each capture
    @property
    def redraw_timeout(self) -> float: ...  # seconds a move may take to show on screen
    @property
    def settle_gap(self) -> float: ...  # seconds between the two captures that must agree
    @property
    def end_animation(self) -> float: ...  # seconds a moving picture is waited out before the
    # program's dialogs are looked at (a program that animates a game's end, then asks)


#: covariant: a Target[Profile] (a Minesweeper program) is a Target[TargetProfile]
P = TypeVar("P", bound=TargetProfile, covariant=True)


def park_point(window: Region, board: Region) -> Point:
    """A pointer position inside the window but off the board (left margin, mid-height)."""
    margin = board.left - window.left
    x = window.left + max(1, margin // 2) if margin >= 2 else window.left + 1
    return Point(x, board.center.y)


class Target(Generic[P]):
    """A program on a screen. The base class is a whole-screen target with no window."""

    def __init__(self, profile: P) -> None:
        self.profile = profile

    def window_region(self, screen: Screen) -> Region:
        """The region to capture: the program's window (the whole screen by default)."""
        return screen.bounds()

    def prepare(self) -> None:
        """Make the program ready for input (e.g. give it the keyboard focus)."""

    def new_game_gestures(self, point: Point | None) -> list[Gesture]:
        """The gestures that ask the program for its next game (``point``: the new-game
        control the adapter recognised, if any); none by default: the adapter knows the
        game's own way (a page's buttons)."""
        return []

    def begin_new_game(self) -> int:
        """A new game is about to be asked for: how many ways of starting one
        :meth:`new_game_gestures` tries in turn, one a call, from the first (a program of
        known habits has one)."""
        return 1

    def new_game_worked(self) -> None:
        """The last way tried started a game: keep it."""

    def new_game_tried(self) -> str:
        """The ways tried so far, for a message when none worked."""
        return "the program's way"

    #: Dialogs of the program closed so far (:meth:`dismiss_dialogs`), for the summary.
    dialogs_closed = 0

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
Found = WindowInfo | int


class WindowTarget(Target[P]):
    """A program's top-level window, found by ``finder`` (and maybe started by us); measured
    and focused by the backend that found it (:mod:`bot.io.windows.finder`)."""

    def __init__(
        self,
        profile: P,
        finder: Callable[[], Found | None],
        program: x11.Program | None = None,
    ) -> None:
        super().__init__(profile)
        self._finder = finder
        self.program = program
        self.backend = "x11"
        self.app = ""  # the window's class, when its backend listed it (dialogs share it)
        self.window = self._find()

    def _find(self) -> int:
        found: Found | None
        if self.program is not None:
            # (mypy joins WindowInfo | int to object when it solves wait_window's type)
            found = cast("Found", self.program.wait_window(self._finder))
        else:
            found = self._finder()
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
            try:
                self.window = self._find()  # re-created (some programs rebuild their window)
            except GamebotError as exc:  # it exited while we looked: its window is gone
                if self.program is not None and not self.program.running:
                    raise x11.WindowLost(f"{self.profile.name} exited while its window was "
                                         "looked for again") from exc
                raise
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
