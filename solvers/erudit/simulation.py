"""The simulating player: the equity player's best few moves, each played out a couple of plies
against racks drawn from the unseen tiles, and the one with the best mean outcome chosen.

Static equity judges a move by its points and the tiles it keeps; a playout also sees what the
move opens for the opponent and what the tiles drawn after it are likely to be. Each round
draws one opponent rack and one bag order from the unseen tiles (the tiles neither on the
board nor on our rack) and plays every candidate against that same draw, so the candidates'
differences are not drowned by the luck of the draw. A playout is scored by its spread plus
the leave each side keeps at the horizon. Rounds go on while the CPU-time budget lasts; only
whole rounds count. The draws follow a seed and the position, so a run with a round limit
is reproducible. With the bag empty the exact endgame search of the equity player decides.

The candidates race: after ``min_rounds`` rounds, a candidate whose blended mark is below the
leader's by more than ``z`` standard errors of their paired difference (the same draws, so the
difference is far less noisy than either mean) is dropped, and once one is left the move is
decided before the time is up. Clear moves then cost a few rounds, and the time left goes to
the close calls of later moves (the bench reports the seconds a move used).
"""

from __future__ import annotations

import random
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from solvers.decision import Decision
from solvers.erudit.board import Board
from solvers.erudit.game import TurnView, rack_value
from solvers.erudit.leaves import LeaveModel
from solvers.erudit.lines import BoardLines, analyse
from solvers.erudit.moves import Exchange, Move, Placement
from solvers.erudit.player import EquityPlayer
from solvers.erudit.playout import Replier, play_to_end
from solvers.erudit.scoring import check_placement

#: The default number of static candidates played out and the plies of each playout.
CANDIDATES = 8
PLIES = 1
#: Rounds' worth of trust in the static ranking: a candidate's mark is
#: (PRIOR x static equity + rounds x mean playout) / (PRIOR + rounds), so a round or two of
#: luck does not throw away the static order.
PRIOR = 2.0
#: Racing: rounds before any candidate may be dropped, and how many standard errors behind
#: the leader a candidate must be to go.
MIN_ROUNDS = 4
Z = 2.0
#: With this many tiles or fewer in the bag a playout goes on to the end of the game and is
#: scored by the final spread plus WIN points for a win (minus for a loss): near the end,
#: winning is what counts, and the static equity (its leaves) no longer says much, so it is
#: not blended in.
END_BAG = 7
WIN = 100.0


@dataclass(frozen=True)
class SimResult:
    """Each candidate's mean playout value over the rounds it took part in."""

    means: list[float]
    rounds: list[int]  # rounds each candidate was played out (fewer once dropped)
    total: int  # whole rounds played
    alive: list[int]  # candidates still in the race at the end


@dataclass(frozen=True)
class _Candidate:
    decision: Decision[Move]
    score: int
    kept: str  # our tiles after the move, before drawing
    board: Board  # the board after the move
    lines: BoardLines


class SimulationPlayer:
    """Choose among the static top ``candidates`` by playouts of ``plies`` plies (1 or 2).

    ``think`` is the CPU seconds a move may take (0: the static choice); ``max_rounds`` caps
    the rounds, which makes a choice independent of the machine's speed; ``prior`` is how many
    rounds the static equity counts for when the two are blended.
    """

    def __init__(
        self,
        leaves: LeaveModel,
        think: float = 1.0,
        candidates: int = CANDIDATES,
        plies: int = PLIES,
        seed: int = 0,
        max_rounds: int | None = None,
        endgame_budget: int = 300,
        prior: float = PRIOR,
        clock: Callable[[], float] = time.process_time,
        min_rounds: int = MIN_ROUNDS,
        z: float | None = Z,
        end_bag: int = END_BAG,
    ) -> None:
        if plies not in (1, 2):
            raise ValueError(f"a playout has 1 or 2 plies, not {plies}")
        if candidates < 1:
            raise ValueError(f"at least one candidate, not {candidates}")
        self.static = EquityPlayer(leaves, endgame_budget=endgame_budget)
        self.leaves = leaves
        self.think = think
        self.candidates = candidates
        self.plies = plies
        self.seed = seed
        self.max_rounds = max_rounds
        self.prior = prior
        self.clock = clock
        self.min_rounds = min_rounds
        self.z = z  # None: no racing, every candidate plays every round
        self.end_bag = end_bag  # -1: never play out to the end
        self._prior = prior  # the prior of the move being chosen (0 when played to the end)
        self._repliers: dict[int, Replier] = {}

    def __call__(self, view: TurnView) -> Decision[Move]:
        return self.choose(view)

    def choose(self, view: TurnView) -> Decision[Move]:
        endgame = view.bag_count == 0 and view.opponent_rack is not None
        if endgame or view.rules.multiword or self.think <= 0 or self.max_rounds == 0:
            return self.static.choose(view)
        ranked = self.static.ranked(view, top=self.candidates)
        if len(ranked) < 2:
            return ranked[0] if ranked else self.static.choose(view)
        self._prior = 0.0 if self._to_end(view) else self.prior
        result = self.simulate(view, ranked)
        if not result.total:
            first = ranked[0]
            return Decision(first.move, "equity", f"no time to simulate; {first.reason}",
                            score=first.score, equity=first.equity)
        alive = result.alive
        marks = {i: self._mark(ranked[i], result.means[i], result.rounds[i]) for i in alive}
        best = max(alive, key=lambda i: marks[i])
        chosen = ranked[best]
        return Decision(
            chosen.move,
            "simulation",
            f"{result.total} rounds, {len(ranked)} candidates ({len(alive)} left), "
            f"{self.plies} plies: mean {result.means[best]:+.1f}, blended {marks[best]:+.1f} "
            f"(static rank {best + 1}, equity {chosen.equity})",
            score=chosen.score,
            equity=round(marks[best], 2),
            extra={"rounds": result.total, "candidates": len(ranked), "left": len(alive),
                   "playouts": sum(result.rounds), "static_rank": best + 1},
        )

    def _mark(self, d: Decision[Move], mean: float, rounds: int) -> float:
        return (self._prior * (d.equity or 0.0) + rounds * mean) / (self._prior + rounds)

    def _to_end(self, view: TurnView) -> bool:
        return view.bag_count <= self.end_bag

    def simulate(self, view: TurnView, ranked: list[Decision[Move]]) -> SimResult:
        """Play the candidates out round by round while the time lasts, racing them."""
        deadline = self.clock() + self.think
        self._replier(view).forget_lines()
        rng = random.Random(self._seed_for(view))
        cands = [self._candidate(view, d) for d in ranked]
        unseen = list(view.unseen)
        opp_size = max(0, min(view.rules.rack_size, len(unseen) - view.bag_count))
        values: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        rounds = 0
        while (self.max_rounds is None or rounds < self.max_rounds) and len(alive) > 1:
            rng.shuffle(unseen)
            opp, bag = "".join(unseen[:opp_size]), unseen[opp_size:]
            row: list[float] = []
            for i in alive:
                row.append(self._playout(view, cands[i], opp, bag))
                if self.clock() > deadline and len(row) < len(alive):
                    break
            if len(row) < len(alive):
                break
            for i, v in zip(alive, row, strict=True):
                values[i].append(v)
            rounds += 1
            if self.clock() > deadline:
                break
            if self.z is not None and rounds >= self.min_rounds:
                alive = self._race(ranked, values, alive)
        return SimResult([sum(v) / len(v) if v else 0.0 for v in values],
                         [len(v) for v in values], rounds, alive)

    def _race(self, ranked: list[Decision[Move]], values: list[list[float]],
              alive: list[int]) -> list[int]:
        """The candidates not clearly behind the leader (see the module docstring)."""
        assert self.z is not None
        n = len(values[alive[0]])
        marks = {i: self._mark(ranked[i], sum(values[i]) / n, n) for i in alive}
        leader = max(alive, key=lambda i: marks[i])
        keep = []
        for i in alive:
            if i != leader:
                diffs = [a - b for a, b in zip(values[leader], values[i], strict=True)]
                mean = sum(diffs) / n
                var = sum((x - mean) ** 2 for x in diffs) / (n - 1) if n > 1 else 0.0
                se = max(var / n, 1e-6) ** 0.5 * n / (self._prior + n)
                if marks[leader] - marks[i] > self.z * se:
                    continue
            keep.append(i)
        return keep

    def _replier(self, view: TurnView) -> Replier:
        key = id(view.graph)
        replier = self._repliers.get(key)
        if replier is None or replier.rules is not view.rules:
            replier = Replier(self.leaves, view.graph, view.rules)
            self._repliers = {key: replier}
        return replier

    def _seed_for(self, view: TurnView) -> int:
        text = f"{self.seed}|{view.board.to_text()}|{view.rack}|{view.scores}"
        return zlib.crc32(text.encode("utf-8"))

    def _candidate(self, view: TurnView, d: Decision[Move]) -> _Candidate:
        move = d.move
        if isinstance(move, Exchange):
            kept = list(view.rack)
            for ch in move.tiles:
                kept.remove(ch)
            return _Candidate(d, 0, "".join(kept), view.board, view.lines)
        assert isinstance(move, Placement)
        score, used = check_placement(view.board, move, view.rack, view.graph, view.rules)
        kept = list(view.rack)
        for ch in used:
            kept.remove(ch)
        board = view.board.place(move.new_tiles(view.board))
        return _Candidate(d, score, "".join(kept), board, analyse(board, view.graph, view.rules))

    def _outcome(self, view: TurnView, spread: float) -> float:
        """A playout to the end: its spread, plus WIN if it wins the game, minus if it loses."""
        final = view.scores[0] - view.scores[1] + spread
        return spread + (WIN if final > 0 else -WIN if final < 0 else 0.0)

    def _weight(self, bag: int, view: TurnView) -> float:
        return 1.0 if bag >= view.rules.rack_size else bag / 7.0

    def _playout(self, view: TurnView, c: _Candidate, opp: str, bag: list[str]) -> float:
        """Our spread over the playout plus each side's leave at the horizon."""
        rules = view.rules
        replier = self._replier(view)
        need = rules.rack_size - len(c.kept)
        ours = c.kept + "".join(bag[:need])
        rest = bag[need:]
        spread = float(c.score)
        if not ours and not rest:
            spread += 2 * rack_value(opp, rules)  # we went out
            return self._outcome(view, spread) if self._to_end(view) else spread
        if self._to_end(view):
            spread -= play_to_end(replier, c.lines, c.board, opp, ours, rest)
            return self._outcome(view, spread)
        w_opp = self._weight(len(rest), view)
        reply = replier.best(c.lines, c.board, opp, w_opp)
        spread -= reply.score
        if self.plies == 1:
            w_ours = self._weight(view.bag_count, view)
            return spread + w_ours * replier.leave(c.kept) - w_opp * replier.leave(reply.kept)
        need = rules.rack_size - len(reply.kept)
        theirs, rest = reply.kept + "".join(rest[:need]), rest[need:]
        if not theirs and not rest:
            return spread - 2 * rack_value(ours, rules)  # they went out
        lines = c.lines if reply.passed else analyse(reply.board, view.graph, rules)
        w_ours = self._weight(len(rest), view)
        mine = replier.best(lines, reply.board, ours, w_ours)
        spread += mine.score
        if not mine.kept and not rest:
            return spread + 2 * rack_value(theirs, rules)
        return spread + w_ours * replier.leave(mine.kept) - w_opp * replier.leave(reply.kept)
