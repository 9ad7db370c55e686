"""Erudit and Scrabble: one engine, rules as data (tile sets, premiums, bonuses, wildcards).

Layers: :mod:`rules` (data files), :mod:`board`/:mod:`position`/:mod:`moves` (values with text
forms), :mod:`dictionary` (DAWG), :mod:`lines` + :mod:`movegen` (anchors and cross-checks),
:mod:`scoring` + :mod:`bruteforce` (the slow oracle), :mod:`leaves` + :mod:`player` (equity),
:mod:`multiword` (several words a turn), :mod:`endgame` (exact search), :mod:`game` and
:mod:`selfplay` (simulation), :mod:`best` (what the CLI and a screen bot call).
"""

from solvers.erudit.best import best_moves
from solvers.erudit.board import Board
from solvers.erudit.dictionary import WordGraph, graph_for
from solvers.erudit.movegen import generate
from solvers.erudit.moves import Exchange, MultiPlacement, Pass, Placement, Play, move_from_text
from solvers.erudit.position import Position
from solvers.erudit.rules import Rules, load_rules

__all__ = [
    "Board",
    "Exchange",
    "MultiPlacement",
    "Pass",
    "Placement",
    "Play",
    "Position",
    "Rules",
    "WordGraph",
    "best_moves",
    "generate",
    "graph_for",
    "load_rules",
    "move_from_text",
]
