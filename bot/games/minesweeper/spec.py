"""Minesweeper, registered: how its sessions are set up and summed up, how replay reads it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from bot.games.minesweeper.session import PlayConfig, check, human_lines, open_table, summarize
from bot.run.replay import TextReader
from bot.run.spec import GameSpec

if TYPE_CHECKING:
    from bot.games.minesweeper.adapter import MinesweeperPlayer


def reader(header: dict[str, object], directory: Path) -> TextReader:
    """Today's vision with the skin the session read with: the last copy of the look it
    learned, kept in the recording, else the skin its header names."""
    from bot.games.minesweeper.replay_reader import recorded_skin, vision_reader

    return vision_reader(recorded_skin(header, directory))


SPEC: GameSpec[PlayConfig, MinesweeperPlayer] = GameSpec(
    name="minesweeper",
    check=check,
    open=open_table,
    summary=summarize,
    lines=human_lines,
    reader=reader,
)
