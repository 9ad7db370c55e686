"""A two-player game simulator for self-play: bag, draws, turns, the end and its bonuses.

End of game: when a player lays their last tile with the bag empty they add the value of the
opponent's rack and the opponent loses it; after six scoreless turns in a row (passes and
exchanges), or two passes in a row with the bag empty, each player loses the value of their own
rack. Exchanges need at least ``rules.min_bag_to_exchange`` tiles in the bag.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from solvers.decision import Decision
from solvers.erudit.board import Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.lines import BoardLines, analyse
from solvers.erudit.moves import Exchange, MultiPlacement, Pass, Placement
from solvers.erudit.rules import Rules
from solvers.erudit.scoring import IllegalMoveError, check_placement

SCORELESS_LIMIT = 6


@dataclass
class TurnView:
    """What a player sees when it is their turn (the opponent's rack only once the bag is empty)."""

    rules: Rules
    graph: WordGraph
    board: Board
    lines: BoardLines
    rack: str
    bag_count: int
    unseen: str
    scores: tuple[int, int]  # (mine, theirs)
    passes: int = 0  # scoreless turns in a row so far

    @property
    def opponent_rack(self) -> str | None:
        if self.bag_count == 0 and len(self.unseen) <= self.rules.rack_size:
            return self.unseen
        return None


Chooser = Callable[[TurnView], Decision]


def rack_value(rack: str, rules: Rules) -> int:
    return sum(rules.values.get(ch, 0) for ch in rack)


@dataclass(frozen=True)
class TurnRecord:
    """One turn of a self-play game, as the benchmarks and the leave fit need it."""

    player: int
    move: str
    points: int
    kept: str | None  # tiles kept after a placement (None for exchanges and passes)
    bag_after: int
    board_before: Board
    rack: str


@dataclass
class GameRecord:
    """A finished self-play game: final scores and every turn."""

    scores: list[int]
    turns: list[TurnRecord] = field(default_factory=list)

    def points(self, player: int) -> list[int]:
        return [t.points for t in self.turns if t.player == player]


def remove_tiles(rack: str, tiles: str) -> str:
    out = list(rack)
    for ch in tiles:
        out.remove(ch)
    return "".join(out)


def apply_placements(
    board: Board, rack: str, parts: list[Placement], graph: WordGraph, rules: Rules
) -> tuple[Board, str, int]:
    """Lay placements one after another; returns (board, rack left, points with bonus)."""
    total = 0
    used_all = ""
    for part in parts:
        score, used = check_placement(board, part, rack, graph, rules)
        if len(used) == rules.rack_size:
            score -= rules.bingo_bonus  # the bonus counts once, for the whole turn
        board = board.place(part.new_tiles(board))
        rack = remove_tiles(rack, used)
        total += score
        used_all += used
    if len(used_all) == rules.rack_size:
        total += rules.bingo_bonus
    return board, rack, total


def play_game(
    players: tuple[Chooser, Chooser],
    rules: Rules,
    graph: WordGraph,
    rng: random.Random,
    first: int = 0,
    until_bag_empty: bool = False,
) -> GameRecord:
    """Play one game; ``first`` is the index of the player who starts.

    ``until_bag_empty`` stops as soon as the bag runs out (enough for fitting leave values,
    which only uses mid-game turns), leaving the scores unsettled.
    """
    bag = list(rules.full_bag())
    rng.shuffle(bag)
    racks = ["", ""]
    for p in (0, 1):
        racks[p] = "".join(bag.pop() for _ in range(min(rules.rack_size, len(bag))))
    board = Board.empty()
    scores = [0, 0]
    record = GameRecord(scores)
    turn = first
    scoreless = 0
    for _ in range(400):
        lines = analyse(board, graph, rules)
        board_before = board
        opp = 1 - turn
        unseen = "".join(bag) + racks[opp]
        view = TurnView(
            rules,
            graph,
            board,
            lines,
            racks[turn],
            len(bag),
            unseen,
            (scores[turn], scores[opp]),
            scoreless,
        )
        move = players[turn](view).move
        points = 0
        kept: str | None = None
        rack_before = racks[turn]
        if isinstance(move, Placement | MultiPlacement):
            parts = list(move.parts) if isinstance(move, MultiPlacement) else [move]
            board, racks[turn], points = apply_placements(board, racks[turn], parts, graph, rules)
            kept = racks[turn]
            while bag and len(racks[turn]) < rules.rack_size:
                racks[turn] += bag.pop()
        elif isinstance(move, Exchange):
            if len(bag) < rules.min_bag_to_exchange:
                raise IllegalMoveError(f"{move}: the bag has only {len(bag)} tiles")
            keep = remove_tiles(racks[turn], move.tiles)
            drawn = [bag.pop() for _ in range(len(move.tiles))]
            bag.extend(move.tiles)
            rng.shuffle(bag)
            racks[turn] = keep + "".join(drawn)
        scores[turn] += points
        record.turns.append(
            TurnRecord(turn, move.to_text(), points, kept, len(bag), board_before, rack_before)
        )
        scoreless = scoreless + 1 if points == 0 else 0
        if until_bag_empty and not bag:
            break
        if not racks[turn] and not bag:
            bonus = rack_value(racks[opp], rules)
            scores[turn] += bonus
            scores[opp] -= bonus
            break
        if scoreless >= SCORELESS_LIMIT or (not bag and scoreless >= 2 and isinstance(move, Pass)):
            for p in (0, 1):
                scores[p] -= rack_value(racks[p], rules)
            break
        turn = opp
    return record
