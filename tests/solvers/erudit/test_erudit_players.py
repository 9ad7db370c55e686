"""Player names: each builds the player it names, with the settings given."""

from __future__ import annotations

from solvers.erudit.player import EquityPlayer, greedy
from solvers.erudit.players import PLAYERS, PlayerSpec, make_player
from solvers.erudit.simulation import SimulationPlayer


def test_each_name_builds_its_player(en_rules):
    assert PLAYERS == ("greedy", "equity", "simulation")
    assert make_player(PlayerSpec("greedy"), en_rules) is greedy
    equity = make_player(PlayerSpec("equity", endgame_budget=77), en_rules)
    assert isinstance(equity, EquityPlayer) and equity.endgame_budget == 77
    sim = make_player(PlayerSpec("simulation", think=0.25, seed=9, candidates=5, plies=2),
                      en_rules)
    assert isinstance(sim, SimulationPlayer)
    assert (sim.think, sim.seed, sim.candidates, sim.plies) == (0.25, 9, 5, 2)
    assert (sim.end_bag, sim.z) == (7, 2.0)
    plain = make_player(PlayerSpec("simulation", end_bag=-1, race=False), en_rules)
    assert isinstance(plain, SimulationPlayer) and (plain.end_bag, plain.z) == (-1, None)
