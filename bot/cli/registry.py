"""Command registry: each module here lists its ``COMMANDS``; ``bot.cli.main`` builds the parser.

A command is a (verb, game) pair such as ``bench minesweeper``; ``game=None`` makes the verb
itself the command (``gamebot demo``). Modules import heavy libraries inside ``run`` only, so
``gamebot --help`` stays fast and works without a display.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    verb: str
    game: str | None
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str = ""


# Verbs in the order ``gamebot --help`` lists them, with their one-line help.
VERBS: dict[str, str] = {
    "play": "play a game on screen by itself",
    "read": "read a screenshot into a state text",
    "solve": "best move for a position given as text",
    "calibrate": "learn a game's look (skin) from screenshots",
    "profile": "draft a word-game site's profile by looking at its page",
    "record": "record what the screen shows, without playing",
    "replay": "re-read a recorded session and measure it",
    "skins": "list the Minesweeper skins, built-in and learned",
    "bench": "benchmarks that print figures (add --json for a machine-readable last line)",
    "demo": "the built-in default: the bot plays a game it can run by itself",
    "serve": "serve the project's own game pages on 127.0.0.1 (for a person or the bot)",
    "balda": "Balda (Балда) helpers: moves, best move",
    "erudit": "Erudit / Scrabble helpers: best move, verify against brute force, fit leaves",
    "hangman": "Hangman helpers: hardest words",
}

# Every module that contributes commands; one per area of work so edits do not collide.
MODULES: tuple[str, ...] = (
    "bot.cli.minesweeper.engine",
    "bot.cli.minesweeper.vision",
    "bot.cli.minesweeper.play",
    "bot.cli.balda.engine",
    "bot.cli.balda.vision",
    "bot.cli.balda.play",
    "bot.cli.serve",
    "bot.cli.solve_aliases",
    "bot.cli.erudit.engine",
    "bot.cli.erudit.fit_leaves",
    "bot.cli.erudit.vision",
    "bot.cli.erudit.play",
    "bot.cli.hangman.engine",
    "bot.cli.minesweeper.skins",
    "bot.cli.profile",
)


def all_commands() -> list[Command]:
    import importlib

    commands: list[Command] = []
    for name in MODULES:
        commands.extend(importlib.import_module(name).COMMANDS)
    return commands
