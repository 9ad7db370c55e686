"""Each game's glue for the loop, one package a game, and the registry of their specs.

A game registers itself by its package's ``spec`` module (its :class:`bot.run.spec.GameSpec`
named ``SPEC``); the session root, replay and the command line ask :func:`spec` for it.
"""

from __future__ import annotations

import importlib
from typing import Any

#: Every game, in the order the command line lists them.
GAMES = ("minesweeper", "balda", "erudit", "hangman")


def spec(game: str) -> Any:
    """The :class:`bot.run.spec.GameSpec` of ``game`` (its package imported only now)."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}: gamebot plays {', '.join(GAMES)}")
    return importlib.import_module(f"bot.games.{game}.spec").SPEC
