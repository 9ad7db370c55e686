"""Head-to-head matches for ``gamebot bench erudit``: games in worker processes, totals by seat.

Game ``i`` depends only on the seed and ``i`` (see :mod:`solvers.erudit.headtohead`), and the
totals are added in game order, so a run gives the same figures whatever ``--jobs`` is (a
player with a time budget aside: how far it searches depends on the machine).
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Iterator
from dataclasses import dataclass, field

from bot.run.stats import wilson_interval
from solvers.erudit.board import Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.game import Chooser
from solvers.erudit.headtohead import GameOutcome, paired_game
from solvers.erudit.players import PlayerSpec, make_player
from solvers.erudit.rules import Rules


@dataclass
class Record:
    """Wins, losses and ties of the player (draws count half in the rate)."""

    wins: int = 0
    losses: int = 0
    ties: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.ties

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.ties

    @property
    def rate(self) -> float:
        return self.points / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.points, self.games)

    def add(self, mine: int, theirs: int) -> None:
        if mine > theirs:
            self.wins += 1
        elif mine < theirs:
            self.losses += 1
        else:
            self.ties += 1


@dataclass
class HeadToHead:
    """A match's totals: the player's record overall and by seat, and each side's figures."""

    overall: Record = field(default_factory=Record)
    first: Record = field(default_factory=Record)  # games the player moved first
    second: Record = field(default_factory=Record)
    first_mover: Record = field(default_factory=Record)  # whoever moved first, either side
    final: list[int] = field(default_factory=lambda: [0, 0])  # summed final scores
    points: list[int] = field(default_factory=lambda: [0, 0])
    turns: list[int] = field(default_factory=lambda: [0, 0])
    exchanges: list[int] = field(default_factory=lambda: [0, 0])
    bingos: list[int] = field(default_factory=lambda: [0, 0])
    seconds: list[list[float]] = field(default_factory=lambda: [[], []])
    boards: list[tuple[Board, str]] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.overall.games

    def add(self, game: GameOutcome, keep_boards: int = 0) -> None:
        mine, theirs = game.scores
        self.overall.add(mine, theirs)
        (self.first if game.player_first else self.second).add(mine, theirs)
        if game.player_first:
            self.first_mover.add(mine, theirs)
        else:
            self.first_mover.add(theirs, mine)
        for side in (0, 1):
            self.final[side] += game.scores[side]
            self.points[side] += game.points[side]
            self.turns[side] += game.turns[side]
            self.exchanges[side] += game.exchanges[side]
            self.bingos[side] += game.bingos[side]
            self.seconds[side].extend(game.seconds[side])
        room = keep_boards - len(self.boards)
        if room > 0:
            self.boards.extend(game.boards[:room])

    def mean_final(self, side: int) -> float:
        return self.final[side] / self.games if self.games else 0.0

    def points_per_turn(self, side: int) -> float:
        return self.points[side] / self.turns[side] if self.turns[side] else 0.0


@dataclass(frozen=True)
class MatchSpec:
    """What a match plays: the two players, the rules and word graph, the seed."""

    player: PlayerSpec
    opponent: PlayerSpec
    rules: Rules
    graph: WordGraph
    seed: int
    boards_per_game: int = 0


_WORKER: tuple[MatchSpec, Chooser, Chooser] | None = None


def _start_worker(spec: MatchSpec) -> None:
    """Each worker builds its own players once (workers ignore Ctrl+C: the parent stops)."""
    from solvers.pool_workers import leave_ctrl_c_to_the_parent

    global _WORKER
    leave_ctrl_c_to_the_parent()
    _WORKER = (spec, make_player(spec.player, spec.rules), make_player(spec.opponent, spec.rules))


def _play(index: int) -> GameOutcome:
    assert _WORKER is not None
    spec, player, opponent = _WORKER
    return paired_game(player, opponent, spec.rules, spec.graph, spec.seed, index,
                       spec.boards_per_game)


def run_games(spec: MatchSpec, games: int, jobs: int) -> Iterator[GameOutcome]:
    """Each game's outcome, in game order, played in ``jobs`` processes."""
    if jobs <= 1 or games <= 1:
        player, opponent = make_player(spec.player, spec.rules), make_player(spec.opponent,
                                                                             spec.rules)
        for i in range(games):
            yield paired_game(player, opponent, spec.rules, spec.graph, spec.seed, i,
                              spec.boards_per_game)
        return
    # fork: the workers share the parent's word graph instead of pickling it
    ctx = mp.get_context("fork")
    with ctx.Pool(min(jobs, games), initializer=_start_worker, initargs=(spec,)) as pool:
        yield from pool.imap(_play, range(games))
