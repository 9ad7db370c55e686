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
    """Today's vision with the skin the session read with."""
    from bot.games.minesweeper.replay_reader import vision_reader

    skin = header.get("skin")
    return vision_reader(None if skin is None else str(skin))


SPEC: GameSpec[PlayConfig, MinesweeperPlayer] = GameSpec(
    name="minesweeper",
    check=check,
    open=open_table,
    summary=summarize,
    lines=human_lines,
    reader=reader,
)
