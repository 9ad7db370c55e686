"""One game of a head-to-head match between two players, seen from the first player's side.

Games come in pairs that share a deal: game ``2k`` and ``2k + 1`` shuffle the bag with the same
seed, and the second seats the players the other way round, so each gets the tiles and the
first move the other had. The luck of the draw then largely cancels within a pair, and seats
alternate game by game. Each move's CPU time is kept so a bench can report the seconds a move.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from solvers.decision import Decision
from solvers.erudit.board import Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.game import Chooser, GameRecord, TurnRecord, TurnView, play_game
from solvers.erudit.rules import Rules
from solvers.erudit.selfplay import game_rng, midgame_boards


@dataclass(frozen=True)
class GameOutcome:
    """A finished game: every pair is (player, opponent), whichever seat each had."""

    index: int
    player_first: bool  # the player made the first move
    scores: tuple[int, int]
    points: tuple[int, int]  # points laid (before the end-of-game rack values)
    turns: tuple[int, int]
    exchanges: tuple[int, int]
    bingos: tuple[int, int]  # turns that laid a whole rack
    seconds: tuple[tuple[float, ...], tuple[float, ...]]  # CPU seconds of each move
    boards: tuple[tuple[Board, str], ...] = ()  # mid-game boards and their unseen tiles


class _Timed:
    """A chooser that keeps the CPU seconds of each of its moves."""

    def __init__(self, chooser: Chooser) -> None:
        self.chooser = chooser
        self.seconds: list[float] = []

    def __call__(self, view: TurnView) -> Decision:
        start = time.process_time()
        decision = self.chooser(view)
        self.seconds.append(time.process_time() - start)
        return decision


def deal_rng(seed: int, index: int) -> random.Random:
    """The bag's shuffle of game ``index``: both games of a pair get the same one."""
    return game_rng(seed, index // 2)


def paired_game(
    player: Chooser,
    opponent: Chooser,
    rules: Rules,
    graph: WordGraph,
    seed: int,
    index: int,
    keep_boards: int = 0,
) -> GameOutcome:
    """Play game ``index``: the player sits first in even games, second in odd ones."""
    timed = (_Timed(player), _Timed(opponent))
    first = index % 2 == 0
    seats = (0, 1) if first else (1, 0)  # seats[k]: the seat of side k (0 player, 1 opponent)
    by_seat = (timed[0], timed[1]) if first else (timed[1], timed[0])
    rng = deal_rng(seed, index)
    record = play_game(by_seat, rules, graph, rng, first=0)
    boards = tuple(midgame_boards(record, rules, rng)[:keep_boards]) if keep_boards else ()
    return GameOutcome(
        index=index,
        player_first=first,
        scores=_pair(record.scores[s] for s in seats),
        points=_pair(sum(record.points(s)) for s in seats),
        turns=_pair(len(record.points(s)) for s in seats),
        exchanges=_pair(_count(record, s, _exchange) for s in seats),
        bingos=_pair(_count(record, s, _bingo(rules)) for s in seats),
        seconds=(tuple(timed[0].seconds), tuple(timed[1].seconds)),
        boards=boards,
    )


def _pair(values: Iterable[int]) -> tuple[int, int]:
    a, b = values
    return (a, b)


def _count(record: GameRecord, seat: int, test: Callable[[TurnRecord], bool]) -> int:
    return sum(1 for t in record.turns if t.player == seat and test(t))


def _exchange(turn: TurnRecord) -> bool:
    return turn.move.startswith("exchange")


def _bingo(rules: Rules) -> Callable[[TurnRecord], bool]:
    def laid_all(turn: TurnRecord) -> bool:
        return turn.kept == "" and len(turn.rack) == rules.rack_size

    return laid_all
