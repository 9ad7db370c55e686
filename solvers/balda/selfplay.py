"""Whole games between two move choosers, for benchmarks: who wins, and how deep the search got."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from solvers.balda.moves import BaldaMove
from solvers.balda.state import BaldaState
from solvers.decision import Decision

Chooser = Callable[[BaldaState], Decision[BaldaMove]]


@dataclass
class GameRecord:
    """The final position, every decision in order, and the result from player 1's side."""

    final: BaldaState
    decisions: list[Decision[BaldaMove]] = field(default_factory=list)

    @property
    def margin(self) -> int:
        """Player 1's score minus player 2's."""
        return self.final.scores[0] - self.final.scores[1]


def play_game(start: BaldaState, first: Chooser, second: Chooser) -> GameRecord:
    """Play from ``start`` until the game is over; ``first`` moves when player 1 is to move."""
    record = GameRecord(final=start)
    state = start
    while not state.is_over:
        chooser = first if state.to_move == 0 else second
        decision = chooser(state)
        record.decisions.append(decision)
        state = state.play(decision.move)
    record.final = state
    return record
