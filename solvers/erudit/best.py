"""The best moves of a position text: what ``gamebot erudit best`` and a screen bot ask for.

With the bag known to be empty and the opponent's rack known (or deducible as the unseen
tiles) the exact endgame search decides; otherwise the equity player ranks placements and the
best exchange, and, when the rules allow several words a turn, the best such turn comes first;
given time to think, the simulating player picks the first move among the equity player's best.
"""

from __future__ import annotations

from solvers.decision import Decision
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.game import TurnView
from solvers.erudit.leaves import load_leaves
from solvers.erudit.lines import analyse
from solvers.erudit.movegen import raw_moves, to_play
from solvers.erudit.moves import Move
from solvers.erudit.player import EquityPlayer
from solvers.erudit.position import Position
from solvers.erudit.simulation import SimulationPlayer
from solvers.timing import Parts, part


def view_of(position: Position, graph: WordGraph) -> TurnView:
    """The player to move's view.

    With the bag and the opponent's rack both given they are used as they are; otherwise the
    unseen tiles (the set less the board and the known rack) stand for them, and an unknown bag
    holds all unseen tiles but a rack's worth.
    """
    rules = position.rules
    opp = position.racks[1 - position.to_move]
    if position.bag is not None and opp is not None:
        unseen = position.bag + opp  # both known: no need to count tiles
    else:
        unseen = position.unseen()
    if position.bag is not None:
        bag_count = len(position.bag)
    else:
        bag_count = max(0, len(unseen) - (len(opp) if opp is not None else rules.rack_size))
    me, them = position.scores[position.to_move], position.scores[1 - position.to_move]
    return TurnView(
        rules,
        graph,
        position.board,
        analyse(position.board, graph, rules),
        position.rack,
        bag_count,
        unseen,
        (me, them),
    )


def best_moves(
    position: Position,
    graph: WordGraph,
    top: int = 10,
    greedy: bool = False,
    endgame_budget: int = 5000,
    breadth: int | None = None,
    parts: Parts | None = None,
    think: float = 0.0,
    seed: int = 0,
) -> list[Decision[Move]]:
    """Up to ``top`` decisions, best first.

    ``endgame_budget`` bounds the endgame search (nodes); ``breadth`` limits the several-words
    search to the best placements at each step (None: the full search). ``think`` > 0 lets the
    simulating player spend that many CPU seconds choosing the first move among the equity
    player's best (playouts seeded by ``seed`` and the position); the rest stay in equity
    order. ``parts`` collects the seconds of each stage (cross-checks, move generation,
    ranking, endgame, several-words search or simulation), disjoint, for a command to report.
    """
    with part(parts, "cross-checks"):
        view = view_of(position, graph)
    with part(parts, "move generation"):
        moves = raw_moves(view.lines, view.rack, graph, view.rules)
    if greedy:
        with part(parts, "ranking by score"):
            moves = sorted(moves, key=lambda m: -m[4])
            return [
                Decision(to_play(m, view.board).placement, "greedy", "score", score=m[4])
                for m in moves[:top]
            ]
    with part(parts, "ranking by equity (leaves, exchanges)"):
        player = EquityPlayer(
            load_leaves(view.rules), endgame_budget=endgame_budget, multiword_breadth=breadth
        )
        ranked = player.ranked(view, top, moves)
    if view.bag_count == 0 or view.rules.multiword:
        if view.bag_count == 0 and view.opponent_rack is not None:
            name = "endgame search"
        elif view.rules.multiword:
            name = "several-words search"
        else:
            name = "ranking by equity (leaves, exchanges)"
        with part(parts, name):
            first = player.choose(view)
        ranked = [first] + [d for d in ranked if d.move != first.move][: top - 1]
    elif think > 0 and len(ranked) > 1:
        with part(parts, "simulation"):
            sim = SimulationPlayer(load_leaves(view.rules), think=think, seed=seed,
                                   endgame_budget=endgame_budget)
            first = sim.choose(view)
        ranked = [first] + [d for d in ranked if d.move != first.move][: top - 1]
    return ranked
