"""What the tiles kept after a move are worth: a leave model fitted by self-play.

A leave's value is the sum of three parts: a value per tile kept, a penalty per duplicate of a
letter (each copy beyond the first), and a term for the balance of vowels and consonants
(indexed by how many of each are kept). The parts are fitted by least squares to the points a
player scored on their next turn, minus the mean, over the moves of self-play games (see
:func:`fit_leaves` and ``gamebot erudit fit-leaves``); the fitted numbers are stored as
``data/leaves-<rules>.json`` so a run never has to fit anything.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from solvers.erudit.rules import DATA, WILDCARD, Rules


@dataclass(frozen=True)
class LeaveModel:
    """The fitted worth of kept tiles: per tile, per duplicate, and vowel/consonant balance."""

    tile: dict[str, float]  # letter (or "*") -> value of keeping one
    duplicate: dict[str, float]  # letter -> value of each copy beyond the first
    balance: dict[tuple[int, int], float]  # (vowels, consonants) kept -> value
    vowels: frozenset[str]

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
        return total + self.balance.get((v, c), 0.0)

    def to_json(self) -> dict[str, object]:
        return {
            "tile": {k: round(x, 3) for k, x in self.tile.items()},
            "duplicate": {k: round(x, 3) for k, x in self.duplicate.items()},
            "balance": {f"{v},{c}": round(x, 3) for (v, c), x in self.balance.items()},
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
    data = {"how": note, **model.to_json()}
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def fit_leaves(
    samples: Sequence[tuple[str, float]], rules: Rules, ridge: float = 5.0
) -> LeaveModel:
    """Least-squares fit of the three parts to (leave, next-turn points) samples.

    The target is centred on the mean next-turn score, so an empty leave is worth 0 and a
    leave's value reads as "points more than an average next turn". ``ridge`` shrinks rarely
    seen features towards 0.
    """
    import numpy as np

    letters = list(rules.alphabet) + [WILDCARD]
    vowels = frozenset(rules.vowels)
    balance_keys = sorted({_balance(leave, vowels) for leave, _ in samples if leave} - {(0, 0)})
    col: dict[tuple[str, object], int] = {}
    for ch in letters:
        col[("tile", ch)] = len(col)
    for ch in letters:
        col[("dup", ch)] = len(col)
    for key in balance_keys:
        col[("bal", key)] = len(col)
    x = np.zeros((len(samples), len(col)))
    y = np.zeros(len(samples))
    mean = sum(t for _, t in samples) / max(1, len(samples))
    for i, (leave, target) in enumerate(samples):
        y[i] = target - mean
        counts = Counter(leave)
        for ch, n in counts.items():
            x[i, col[("tile", ch)]] += n
            if n > 1:
                x[i, col[("dup", ch)]] += n - 1
        if leave:
            key = _balance(leave, vowels)
            if key in balance_keys:
                x[i, col[("bal", key)]] = 1.0
    a = x.T @ x + ridge * np.eye(len(col))
    coef = np.linalg.solve(a, x.T @ y)
    tile = {ch: float(coef[col[("tile", ch)]]) for ch in letters}
    dup = {ch: float(coef[col[("dup", ch)]]) for ch in letters}
    bal = {key: float(coef[col[("bal", key)]]) for key in balance_keys}
    return LeaveModel(tile, dup, bal, vowels)


def _balance(leave: str, vowels: frozenset[str]) -> tuple[int, int]:
    v = sum(1 for ch in leave if ch in vowels)
    c = sum(1 for ch in leave if ch not in vowels and ch != WILDCARD)
    return (v, c)
