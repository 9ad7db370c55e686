"""The xterm running bsdgames hangman, as the loop's target."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.hangman.xterm import HangmanXterm
from bot.io.screens.base import Screen
from bot.io.targets.base import Target
from vision.core.geometry import Region


@dataclass(frozen=True)
class TerminalProfile:
    """What the loop reads off a target's profile, for the hangman terminal."""

    name: str = "hangman-xterm"
    park_pointer: bool = False  # the pointer rests in the xterm: focus follows it without a WM
    redraw_timeout: float = 5.0
    settle_gap: float = 0.02
    end_animation: float = 0.0


class HangmanTarget(Target[TerminalProfile]):
    """The xterm running hangman, as the loop's target."""

    def __init__(self, terminal: HangmanXterm) -> None:
        super().__init__(TerminalProfile())
        self.terminal = terminal

    def window_region(self, screen: Screen) -> Region:
        return self.terminal.locate()

    def prepare(self) -> None:
        if self.terminal.window is not None:
            from bot.io import x11

            x11.focus(self.terminal.window)

    def describe(self) -> str:
        return f"bsdgames hangman in an xterm ({self.terminal.title})"

    def close(self) -> None:
        self.terminal.stop()
