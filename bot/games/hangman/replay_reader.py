"""Hangman frames of a recording read again with the terminal font learned from it."""

from __future__ import annotations

from pathlib import Path

from bot.run.recorder import RecordingError
from bot.run.replay import TextReader
from vision.core.frame import Frame


def hangman_reader(directory: Path) -> TextReader:
    """The terminal font is learned again from the recording's calibration screen."""
    from vision.hangman.reader import read_hangman
    from vision.hangman.terminal import Glyphs

    path = directory / "calibration.png"
    if not path.is_file():
        raise RecordingError(f"{path}: missing (the terminal font is learned from it)")
    glyphs = Glyphs.learn(Frame.from_file(path))
    return TextReader(lambda frame: read_hangman(frame, glyphs)[0].to_text(), "state")
