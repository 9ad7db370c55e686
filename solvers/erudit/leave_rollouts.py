"""Leave values measured by rollouts: what keeping a few tiles is worth on the next turn.

The value of a leave ``L`` is how much better the next turn goes with ``L`` on the rack than
with a rack drawn wholly from the bag: ``V(L) = E[best(L + draw)] - E[best(draw)]``, where
``best`` is the equity of the best move of a rack on the board (score plus the value of the
leave that move keeps, or the best exchange). Self-play of the equity player provides the
boards; on each board a rack is drawn from the tiles not on it, and every leave of that rack
(every subset of up to ``rack_size - 1`` tiles, the empty leave too) is filled up from the same
shuffles of the remaining tiles. The leaves of one rack therefore share the board and the draws,
so their differences are measured with the luck of both largely cancelled: exactly the
comparisons the equity player makes between the moves of one rack. A group of such
measurements is fitted by :mod:`solvers.erudit.leave_fit`; fitting again from rollouts that
used the new values (a second round) makes the values consistent with themselves.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from solvers.erudit.board import Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.game import play_game
from solvers.erudit.leaves import LeaveModel
from solvers.erudit.lines import analyse
from solvers.erudit.playout import Replier
from solvers.erudit.rules import Rules
from solvers.erudit.selfplay import game_rng


@dataclass(frozen=True)
class RolloutGroup:
    """Every leave of one rack on one board and its mean best equity over the shared draws."""

    rack: str
    leaves: tuple[str, ...]  # sorted tiles; the empty leave first
    values: tuple[float, ...]


def rollout_boards(
    rules: Rules, graph: WordGraph, leaves: LeaveModel, games: int, seed: int,
    per_game: int = 4, on_game: Callable[[], None] | None = None,
) -> list[tuple[Board, str]]:
    """Boards the equity player met in self-play with at least a rack's worth in the bag, and
    the tiles not on each (``per_game`` a game, chosen at random among its turns)."""
    from solvers.erudit.player import EquityPlayer

    player = EquityPlayer(leaves, endgame_budget=0)
    out: list[tuple[Board, str]] = []
    for i in range(games):
        rng = game_rng(seed, i)
        record = play_game((player, player), rules, graph, rng, first=i % 2,
                           until_bag_empty=True)
        # a board after the first move, with a rack and a refill's worth still unseen
        turns = [t for t in record.turns[1:] if t.bag_after >= rules.rack_size]
        for t in rng.sample(turns, min(per_game, len(turns))):
            out.append((t.board_before, _without(rules.full_bag(), t.board_before.tiles())))
        if on_game is not None:
            on_game()
    return out


def rack_leaves(rack: str, max_size: int) -> list[str]:
    """The distinct leaves of ``rack`` of up to ``max_size`` tiles, sorted, the empty one first."""
    tiles = "".join(sorted(rack))
    seen: dict[str, None] = {}
    for k in range(min(max_size, len(tiles)) + 1):
        for keep in combinations(tiles, k):
            seen.setdefault("".join(keep), None)
    return list(seen)


def measure_rack(
    board: Board, pool: str, rack: str, draws: int, rng: random.Random, replier: Replier,
) -> RolloutGroup:
    """Mean best equity of every leave of ``rack`` on ``board`` (``pool``: the tiles not on the
    board, the rack among them), each leave filled from the same ``draws`` shuffles."""
    rules = replier.rules
    lines = analyse(board, replier.graph, rules)
    rest = list(_without(pool, rack))
    size = rules.rack_size
    shuffles = [rng.sample(rest, min(size, len(rest))) for _ in range(draws)]
    seen: dict[str, float] = {}
    leaves = rack_leaves(rack, size - 1)
    values = []
    for leave in leaves:
        need = size - len(leave)
        bag_after = len(rest) - need
        weight = 1.0 if bag_after >= size else max(0, bag_after) / size
        exchange = bag_after >= rules.min_bag_to_exchange
        total = 0.0
        for drawn in shuffles:
            full = "".join(sorted(leave + "".join(drawn[:need])))
            value = seen.get(full)
            if value is None:
                value = replier.best_equity(lines, board, full, weight, exchange)
                seen[full] = value
            total += value
        values.append(total / draws)
    return RolloutGroup(rack, tuple(leaves), tuple(values))


@dataclass(frozen=True)
class RolloutSpec:
    """What the rollouts of one round measure: the rules, graph and the leave values in use."""

    rules: Rules
    graph: WordGraph
    leaves: LeaveModel
    racks_per_board: int
    draws: int
    seed: int


def _board_groups(spec: RolloutSpec, index: int, board: Board, pool: str) -> list[RolloutGroup]:
    replier = Replier(spec.leaves, spec.graph, spec.rules, reuse_lines=False)
    rng = random.Random(spec.seed * 1_000_003 + index)
    out = []
    for _ in range(spec.racks_per_board):
        rack = "".join(rng.sample(pool, spec.rules.rack_size))
        out.append(measure_rack(board, pool, rack, spec.draws, rng, replier))
    return out


_WORKER: RolloutSpec | None = None


def _start_worker(spec: RolloutSpec) -> None:
    import signal

    global _WORKER
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER = spec


def _work(task: tuple[int, Board, str]) -> list[RolloutGroup]:
    assert _WORKER is not None
    return _board_groups(_WORKER, *task)


def run_rollouts(
    spec: RolloutSpec, boards: list[tuple[Board, str]], jobs: int = 1,
) -> Iterator[list[RolloutGroup]]:
    """The groups of each board, in board order (the same whatever ``jobs`` is)."""
    tasks = [(i, b, pool) for i, (b, pool) in enumerate(boards)]
    if jobs <= 1:
        for task in tasks:
            yield _board_groups(spec, *task)
        return
    ctx = mp.get_context("fork")  # the workers share the parent's word graph
    with ctx.Pool(jobs, initializer=_start_worker, initargs=(spec,)) as pool:
        yield from pool.imap(_work, tasks)


def _without(tiles: str, used: str) -> str:
    left = list(tiles)
    for ch in used:
        left.remove(ch)
    return "".join(left)


def group_line(group: RolloutGroup) -> str:
    """One group as a line of JSON (the ``--groups`` file of ``erudit fit-leaves``)."""
    return json.dumps({"rack": group.rack, "leaves": list(group.leaves),
                       "values": [round(v, 3) for v in group.values]}, ensure_ascii=False)


def read_groups(path: Path) -> list[RolloutGroup]:
    """The groups of a file of :func:`group_line` lines; a bad line is an error naming it."""
    out = []
    with path.open(encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                raw = json.loads(line)
                group = RolloutGroup(str(raw["rack"]), tuple(str(x) for x in raw["leaves"]),
                                     tuple(float(x) for x in raw["values"]))
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"{path}, line {number}: not a rollout group ({exc})") from None
            if len(group.leaves) != len(group.values):
                raise ValueError(f"{path}, line {number}: {len(group.leaves)} leaves but "
                                 f"{len(group.values)} values")
            out.append(group)
    return out
