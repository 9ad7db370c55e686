"""What every solver returns: the move, how good it is, and which stage found it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

M = TypeVar("M", covariant=True)  # a Decision[Move] is a Decision[Move | Cancel]


@dataclass(frozen=True)
class Decision(Generic[M]):
    """A chosen move with its figures of merit, for logs and ``--explain``.

    ``probability`` is the chance the move fails (Minesweeper: mine under the cell); ``score``
    and ``equity`` are game points; ``stage`` names the solver stage that chose the move and
    ``reason`` says why in a sentence.
    """

    move: M
    stage: str
    reason: str = ""
    probability: float | None = None
    score: float | None = None
    equity: float | None = None
    extra: dict[str, object] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready view; the move is given in its text form."""
        text = self.move.to_text() if hasattr(self.move, "to_text") else str(self.move)
        out: dict[str, object] = {"move": text, "stage": self.stage, "reason": self.reason}
        for key in ("probability", "score", "equity"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out.update(self.extra)
        return out
