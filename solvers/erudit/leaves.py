"""What the tiles kept after a move are worth: leave values fitted from self-play positions.

A leave's value is the sum of a few parts: a value per tile kept, a penalty per duplicate of a
letter (each copy beyond the first), a term for each pair of different letters kept together
(how well they go together: ``ER`` and ``QU`` are worth more than their tiles, ``QX`` less), a
term for the balance of vowels and consonants (indexed by how many of each are kept), and a
correction for each leave that was measured often enough to stand on its own (``table``). A
leave missing from the table backs off to its parts.

The numbers are fitted by :mod:`solvers.erudit.leave_fit` from the rollouts of
:mod:`solvers.erudit.leave_rollouts` (``gamebot erudit fit-leaves``) and stored as
``data/leaves-<rules>.json`` with the command that made them, so a run never fits anything.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from solvers.erudit.rules import DATA, WILDCARD, Rules


@dataclass(frozen=True)
class LeaveModel:
    """The fitted worth of kept tiles (see the module docstring for its parts)."""

    tile: dict[str, float]  # letter (or "*") -> value of keeping one
    duplicate: dict[str, float]  # letter -> value of each copy beyond the first
    balance: dict[tuple[int, int], float]  # (vowels, consonants) kept -> value
    vowels: frozenset[str]
    pair: dict[str, float] = field(default_factory=dict)  # two different letters, sorted
    table: dict[str, float] = field(default_factory=dict)  # sorted leave -> correction

    def __post_init__(self) -> None:
        # keys in sorted order, as value() looks them up, whatever order they came in
        for name in ("pair", "table"):
            parts = getattr(self, name)
            if any(k != "".join(sorted(k)) for k in parts):
                object.__setattr__(self, name, {"".join(sorted(k)): x for k, x in parts.items()})

    def value(self, leave: str) -> float:
        """Equity of keeping ``leave`` (tiles, ``*`` for a wildcard)."""
        if not leave:
            return 0.0
        counts = Counter(leave)
        total = 0.0
        v = c = 0
        for ch, n in counts.items():
            total += self.tile.get(ch, 0.0) * n
            if n > 1:
                total += self.duplicate.get(ch, 0.0) * (n - 1)
            if ch == WILDCARD:
                continue
            if ch in self.vowels:
                v += n
            else:
                c += n
        total += self.balance.get((v, c), 0.0)
        if self.pair and len(counts) > 1:
            letters = sorted(counts)
            pair = self.pair
            for i, a in enumerate(letters):
                for b in letters[i + 1 :]:
                    total += pair.get(a + b, 0.0)
        if self.table:
            total += self.table.get("".join(sorted(leave)), 0.0)
        return total

    def to_json(self) -> dict[str, object]:
        return {
            "tile": {k: round(x, 3) for k, x in self.tile.items()},
            "duplicate": {k: round(x, 3) for k, x in self.duplicate.items()},
            "balance": {f"{v},{c}": round(x, 3) for (v, c), x in self.balance.items()},
            "pair": {k: round(x, 3) for k, x in sorted(self.pair.items())},
            "table": {k: round(x, 2) for k, x in sorted(self.table.items())},
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any], vowels: str) -> LeaveModel:
        balance = {}
        for key, x in raw.get("balance", {}).items():
            v, c = key.split(",")
            balance[(int(v), int(c))] = float(x)
        return cls(
            tile={k: float(x) for k, x in raw.get("tile", {}).items()},
            duplicate={k: float(x) for k, x in raw.get("duplicate", {}).items()},
            balance=balance,
            vowels=frozenset(vowels),
            pair={k: float(x) for k, x in raw.get("pair", {}).items()},
            table={k: float(x) for k, x in raw.get("table", {}).items()},
        )

    @classmethod
    def zero(cls, rules: Rules) -> LeaveModel:
        return cls({}, {}, {}, frozenset(rules.vowels))


@cache
def load_leaves(rules: Rules) -> LeaveModel:
    """The fitted model shipped for ``rules`` (zero if none is stored yet)."""
    path = DATA / rules.leaves
    if not path.exists():
        return LeaveModel.zero(rules)
    raw = json.loads(path.read_text(encoding="utf-8"))
    return LeaveModel.from_json(raw, rules.vowels)


def save_leaves(model: LeaveModel, path: Path, note: dict[str, object]) -> None:
    """Write the model with ``note`` (how it was made) atomically: a reader never sees half."""
    data = {"how": note, **model.to_json()}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)
