"""bsdgames hangman in an xterm the bot starts: launch, learn the font, grab settled frames.

The xterm first prints a calibration screen (a reverse-video bar and every printable
character) and waits for Enter; the bot learns the glyph templates from it, presses Enter, and
hangman starts in the same window with the same font. Only this module knows about xterm.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from bot.errors import GamebotError
from bot.io import x11
from bot.io.screens.base import Screen
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import Point, Region
from vision.hangman.reader import read_hangman
from vision.hangman.terminal import Glyphs, calibration_text

FONT, FONT_SIZE = "DejaVu Sans Mono", 11  # Debian: fonts-dejavu-core
COLS, ROWS = 80, 24
# The shell in the xterm: show the calibration text, wait for Enter, then become hangman.
SHELL = 'printf "%s" "$GAMEBOT_CALIBRATION"; read -r _; exec "$@"'


class HangmanXterm:
    """One xterm running hangman on the current display, and what the bot needs of it."""

    def __init__(
        self,
        screen: Screen,
        dictionary: Path | None = None,
        min_length: int | None = None,
        font: str = FONT,
        font_size: int = FONT_SIZE,
    ) -> None:
        self.screen = screen
        self.dictionary = dictionary
        self.min_length = min_length
        self.font, self.font_size = font, font_size
        self.title = f"gamebot-hangman-{os.getpid()}-{time.monotonic_ns() % 10**6}"
        self.program: x11.Program | None = None
        self.window: int | None = None
        self.region: Region | None = None
        self.glyphs: Glyphs | None = None
        self.calibration: Frame | None = None

    def argv(self) -> list[str]:
        game = [x11.find_program("hangman")]
        if self.dictionary is not None:
            game += ["-d", str(self.dictionary)]
        if self.min_length is not None:
            game += ["-m", str(self.min_length)]
        return [
            x11.find_program("xterm"),
            *("-geometry", f"{COLS}x{ROWS}+0+0", "-title", self.title),
            *("-fa", self.font, "-fs", str(self.font_size), "+sb"),
            *("-e", "sh", "-c", SHELL, "sh", *game),
        ]

    def start(self, timeout: float = 15.0) -> Glyphs:
        """Launch, learn the glyphs from the calibration screen, then let hangman start."""
        env = {**os.environ, "GAMEBOT_CALIBRATION": calibration_text(COLS)}
        self.program = x11.Program(self.argv(), env=env)
        self.window = self.program.wait_window(
            lambda: next(iter(x11.search(name=self.title)), None), timeout
        )
        self.locate()
        x11.focus(self.window)
        assert self.region is not None
        # The pointer rests inside the window: without a window manager focus follows it.
        inside = Point(
            self.region.left + self.region.width // 2, self.region.top + self.region.height * 3 // 4
        )
        self.screen.move_to(inside)
        deadline = time.monotonic() + timeout
        while True:
            frame = self.settled()
            try:
                self.glyphs = Glyphs.learn(frame, COLS, ROWS)
                break
            except ReadError:
                if time.monotonic() > deadline:
                    raise GamebotError("the xterm never showed its calibration screen") from None
                time.sleep(0.1)
        self.calibration = frame
        self.screen.press("enter")
        self.wait_for_game(time.monotonic() + timeout)
        return self.glyphs

    def wait_for_game(self, deadline: float) -> None:
        """Until hangman has replaced the calibration screen with its own (it takes a moment
        to start; that wait is not a misread)."""
        while True:
            try:
                read_hangman(self.settled(), self.glyphs_or_fail())
                return
            except ReadError:
                if time.monotonic() > deadline or not self.running:
                    raise GamebotError("hangman did not start in the xterm") from None
                time.sleep(0.05)

    def glyphs_or_fail(self) -> Glyphs:
        if self.glyphs is None:
            raise GamebotError("the terminal font was not learned: start() the xterm first")
        return self.glyphs

    def locate(self) -> Region:
        """Where the window is now (after a move, or if a window manager placed it)."""
        if self.window is None:
            raise GamebotError("hangman is not running")
        self.region = x11.geometry(self.window)
        return self.region

    def grab(self) -> Frame:
        if self.region is None:
            self.locate()
        assert self.region is not None
        return self.screen.grab(self.region)

    def settled(self, gap: float = 0.02, tries: int = 50) -> Frame:
        """A frame equal to the one grabbed just before it: the terminal finished drawing."""
        last = self.grab()
        for _ in range(tries):
            time.sleep(gap)
            frame = self.grab()
            if (frame.pixels == last.pixels).all():
                return frame
            last = frame
        return last

    def type(self, key: str) -> None:
        self.screen.check_stop()
        self.screen.type_text(key)

    @property
    def running(self) -> bool:
        return self.program is not None and self.program.running

    def stop(self) -> None:
        if self.program is not None:
            self.program.stop()
