"""Self-play: matches between two players and move-generation timings.

Everything is seeded, so a run with the same ``seed`` replays the same games. Game ``i`` uses
``Random(seed * 1_000_003 + i)`` and the players take turns going first.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from solvers.erudit.board import Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.game import Chooser, GameRecord, play_game
from solvers.erudit.lines import analyse
from solvers.erudit.movegen import raw_moves
from solvers.erudit.rules import WILDCARD, Rules


@dataclass
class MatchResult:
    """Totals of a match, from player A's side where it matters (wins, losses, ties)."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    ties: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])  # total per player
    turns: list[int] = field(default_factory=lambda: [0, 0])
    final: list[int] = field(default_factory=lambda: [0, 0])  # total final scores
    exchanges: list[int] = field(default_factory=lambda: [0, 0])
    bingos: list[int] = field(default_factory=lambda: [0, 0])  # turns that laid a whole rack
    boards: list[tuple[Board, str]] = field(default_factory=list)  # midgame boards + unseen

    @property
    def win_rate(self) -> float:
        """Wins of player A, ties counting half."""
        return (self.wins + 0.5 * self.ties) / self.games if self.games else 0.0

    def points_per_turn(self, player: int) -> float:
        return self.points[player] / self.turns[player] if self.turns[player] else 0.0


def game_rng(seed: int, index: int) -> random.Random:
    return random.Random(seed * 1_000_003 + index)


def play_match(
    a: Chooser,
    b: Chooser,
    rules: Rules,
    graph: WordGraph,
    games: int,
    seed: int,
    on_game: Callable[[int, GameRecord, MatchResult], None] | None = None,
    keep_boards: int = 0,
    result: MatchResult | None = None,
) -> MatchResult:
    """Play ``games`` games of A (player 0) against B (player 1), alternating who starts
    (``result``, filled in place game by game, keeps the totals so far if stopped early)."""
    result = MatchResult() if result is None else result
    for i in range(games):
        rng = game_rng(seed, i)
        record = play_game((a, b), rules, graph, rng, first=i % 2)
        result.games += 1
        sa, sb = record.scores
        if sa > sb:
            result.wins += 1
        elif sa < sb:
            result.losses += 1
        else:
            result.ties += 1
        for p in (0, 1):
            pts = record.points(p)
            result.points[p] += sum(pts)
            result.turns[p] += len(pts)
            result.final[p] += record.scores[p]
            for t in record.turns:
                if t.player == p and t.move.startswith("exchange"):
                    result.exchanges[p] += 1
                if t.player == p and t.kept == "" and len(t.rack) == rules.rack_size:
                    result.bingos[p] += 1
        if len(result.boards) < keep_boards:
            boards = midgame_boards(record, rules, rng)
            result.boards.extend(boards[: keep_boards - len(result.boards)])
        if on_game is not None:
            on_game(i, record, result)
    return result


def midgame_boards(
    record: GameRecord, rules: Rules, rng: random.Random, per_game: int = 3
) -> list[tuple[Board, str]]:
    """Up to ``per_game`` mid-game boards (20+ tiles, bag not empty) and the tiles not on them."""
    middle = [
        t
        for t in record.turns
        if t.bag_after >= rules.rack_size and len(t.board_before.tiles()) >= 20
    ]
    out = []
    for turn in rng.sample(middle, min(per_game, len(middle))):
        left = list(rules.full_bag())
        for ch in turn.board_before.tiles():
            left.remove(ch)
        out.append((turn.board_before, "".join(left)))
    return out


def time_movegen(
    boards: list[tuple[Board, str]],
    graph: WordGraph,
    rules: Rules,
    wildcards: int,
    seed: int,
    times: list[float] | None = None,
    tick: Callable[[], None] | None = None,
) -> list[float]:
    """CPU seconds to generate all moves of each board for a random rack with ``wildcards``.

    CPU time, not wall time, so a busy shared machine does not inflate the figures. ``times``
    (appended to board by board) keeps the figures so far when the run is stopped early.
    """
    rng = random.Random(seed)
    times = [] if times is None else times
    for board, left in boards:
        letters = [ch for ch in left if ch != WILDCARD]
        rack = "".join(rng.sample(letters, rules.rack_size - wildcards)) + WILDCARD * wildcards
        lines = analyse(board, graph, rules)
        start = time.process_time()
        raw_moves(lines, rack, graph, rules)
        times.append(time.process_time() - start)
        if tick:
            tick()
    return times
