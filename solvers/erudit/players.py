"""The players a bench or a screen bot can name: ``greedy``, ``equity`` and ``simulation``.

One place turns a name and its settings into a chooser, so the bench, ``erudit best`` and the
on-screen player all mean the same thing by a name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from solvers.erudit.game import Chooser
from solvers.erudit.leaves import LeaveModel, load_leaves
from solvers.erudit.player import EquityPlayer, greedy
from solvers.erudit.rules import Rules
from solvers.erudit.simulation import CANDIDATES, END_BAG, PLIES, SimulationPlayer, Z

#: Names in order of strength.
PLAYERS = ("greedy", "equity", "simulation")


class UnknownPlayerError(ValueError):
    """A player name that is not one of :data:`PLAYERS`."""


@dataclass(frozen=True)
class PlayerSpec:
    """A player by name with its settings (picklable: bench workers build their own)."""

    name: str
    think: float = 1.0  # seconds a move, for players that search
    seed: int = 0
    endgame_budget: int = 300
    candidates: int = CANDIDATES  # simulation: static moves played out
    plies: int = PLIES  # simulation: plies of each playout
    end_bag: int = END_BAG  # simulation: playouts to the end with this many tiles in the bag
    race: bool = True  # simulation: drop candidates clearly behind (see simulation.Z)
    leaves: str | None = None  # a leave-values .json to use instead of the rules' own

    def __post_init__(self) -> None:
        if self.name not in PLAYERS:
            raise UnknownPlayerError(
                f"unknown player {self.name!r}: choose from {', '.join(PLAYERS)}"
            )


def leaves_of(spec: PlayerSpec, rules: Rules) -> LeaveModel:
    """The spec's own leave values if it names a file, else those shipped for ``rules``."""
    if spec.leaves is None:
        return load_leaves(rules)
    raw = json.loads(Path(spec.leaves).read_text(encoding="utf-8"))
    return LeaveModel.from_json(raw, rules.vowels)


def make_player(spec: PlayerSpec, rules: Rules) -> Chooser:
    """The chooser ``spec`` names, with its leave values (see :func:`leaves_of`)."""
    if spec.name == "greedy":
        return greedy
    if spec.name == "simulation":
        return SimulationPlayer(leaves_of(spec, rules), think=spec.think, seed=spec.seed,
                                endgame_budget=spec.endgame_budget,
                                candidates=spec.candidates, plies=spec.plies,
                                end_bag=spec.end_bag, z=Z if spec.race else None)
    return EquityPlayer(leaves_of(spec, rules), endgame_budget=spec.endgame_budget)
