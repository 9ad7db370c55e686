"""Hangman, registered: how its sessions are set up and summed up, how replay reads it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot.games.hangman.replay_reader import hangman_reader
from bot.games.hangman.session import HangmanConfig, check, human_lines, open_table, summarize
from bot.run.replay import TextReader
from bot.run.spec import GameSpec

if TYPE_CHECKING:
    from bot.games.hangman.adapter import HangmanAdapter


def reader(header: dict[str, object], directory: Path) -> TextReader:
    return hangman_reader(directory)


SPEC: GameSpec[HangmanConfig, HangmanAdapter] = GameSpec(
    name="hangman",
    check=check,
    open=open_table,
    summary=summarize,
    lines=human_lines,
    reader=reader,
)
