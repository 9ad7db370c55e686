"""Fit leave values to rollout groups: a least-squares model of parts, then a table per leave.

Each :class:`~solvers.erudit.leave_rollouts.RolloutGroup` measures the leaves of one rack on
one board against the same draws, so a group's values share an unknown offset (how good that
board is for anyone). The fit removes it by comparing leaves only within their group (the
values and the features of a group are centred on the group's mean before least squares). The
empty leave has no features, so every value reads as "points better than drawing a whole new
rack". The parts (tiles, duplicates, pairs of letters, vowel/consonant balance; see
:class:`~solvers.erudit.leaves.LeaveModel`) are shrunk towards 0 by ``ridge``; then each leave's
own mean of what the parts left unexplained is added as a table entry, shrunk by ``shrink``
(a leave measured ``n`` times keeps ``n / (n + shrink)`` of its mean), so a leave seen often
stands on its own and one seen rarely backs off to its parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from solvers.erudit.leave_rollouts import RolloutGroup
from solvers.erudit.leaves import LeaveModel
from solvers.erudit.rules import WILDCARD, Rules


@dataclass(frozen=True)
class Features:
    """Column numbers of the model's parts for one rule set."""

    columns: dict[tuple[str, str], int]
    vowels: frozenset[str]

    @classmethod
    def of(cls, rules: Rules) -> Features:
        letters = sorted(rules.alphabet) + [WILDCARD]
        columns: dict[tuple[str, str], int] = {}
        for ch in letters:
            columns[("tile", ch)] = len(columns)
        for ch in letters:
            columns[("dup", ch)] = len(columns)
        for i, a in enumerate(letters):
            for b in letters[i + 1 :]:
                columns[("pair", "".join(sorted(a + b)))] = len(columns)
        for v in range(rules.rack_size):
            for c in range(rules.rack_size - v):
                if v + c:
                    columns[("bal", f"{v},{c}")] = len(columns)
        return cls(columns, frozenset(rules.vowels))

    def entries(self, leave: str) -> dict[int, float]:
        """``leave``'s features that are not zero: column -> value."""
        counts: dict[str, int] = {}
        for ch in leave:
            counts[ch] = counts.get(ch, 0) + 1
        cols = self.columns
        out: dict[int, float] = {}
        v = c = 0
        for ch, n in counts.items():
            out[cols[("tile", ch)]] = float(n)
            if n > 1:
                out[cols[("dup", ch)]] = float(n - 1)
            if ch != WILDCARD:
                if ch in self.vowels:
                    v += n
                else:
                    c += n
        letters = sorted(counts)
        for i, a in enumerate(letters):
            for b in letters[i + 1 :]:
                out[cols[("pair", a + b)]] = 1.0
        if v + c:
            out[cols[("bal", f"{v},{c}")]] = 1.0
        return out


@dataclass(frozen=True)
class FitReport:
    """How well a fit predicts held-out groups: root mean square error of the within-group
    differences, the fitted model's and the one it is compared with."""

    groups: int
    leaves_measured: int
    table_entries: int
    holdout_groups: int
    rmse: float
    rmse_before: float
    rmse_zero: float


class _Design:
    """Every measured leave as a sparse row of features (a few of several hundred columns are
    not zero), its value, and the group of each row; the products least squares needs are
    sums over the entries, so nothing dense as large as the rows is ever built."""

    def __init__(self, groups: Sequence[RolloutGroup], feats: Features) -> None:
        self.feats = feats
        self.leaves: list[str] = []
        cols: list[int] = []
        vals: list[float] = []
        row_of: list[int] = []
        group_of: list[int] = []
        ys: list[float] = []
        known: dict[str, dict[int, float]] = {}
        for gi, g in enumerate(groups):
            for leave, value in zip(g.leaves, g.values, strict=True):
                nz = known.get(leave)
                if nz is None:
                    nz = known[leave] = self.feats.entries(leave)
                cols.extend(nz)
                vals.extend(nz.values())
                row_of.extend([len(ys)] * len(nz))
                self.leaves.append(leave)
                group_of.append(gi)
                ys.append(value)
        self.cols = np.asarray(cols, dtype=np.int64)
        self.vals = np.asarray(vals)
        self.row_of = np.asarray(row_of, dtype=np.int64)  # the row of each entry
        self.group = np.asarray(group_of, dtype=np.int64)  # the group of each row
        self.groups = len(groups)
        self.y = np.asarray(ys)

    def _centred(self, values: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """``values`` (one a row) minus their group's mean over the ``rows`` kept."""
        g = self.group[rows]
        sums = np.bincount(g, weights=values[rows], minlength=self.groups)
        counts = np.maximum(np.bincount(g, minlength=self.groups), 1)
        out = np.zeros_like(values)
        out[rows] = values[rows] - (sums / counts)[g]
        return out

    def normal(self, wanted: np.ndarray, chunk: int = 2_000_000) -> tuple[np.ndarray, np.ndarray]:
        """``X'X`` and ``X'y`` of the ``wanted`` groups' rows, centred within each group."""
        n = len(self.feats.columns)
        rows = np.flatnonzero(wanted[self.group])
        keep = wanted[self.group[self.row_of]]
        cols, vals, row_of = self.cols[keep], self.vals[keep], self.row_of[keep]
        # X'X of the raw rows: every pair of entries of a row, summed by column pair
        starts = np.flatnonzero(np.r_[True, row_of[1:] != row_of[:-1]])
        lengths = np.diff(np.r_[starts, len(row_of)])
        xtx = np.zeros(n * n)
        entry = 0
        while entry < len(row_of):
            first = np.searchsorted(starts, entry)
            last = first
            total = 0
            while last < len(starts) and total + lengths[last] ** 2 <= chunk:
                total += lengths[last] ** 2
                last += 1
            last = max(last, first + 1)
            lo, hi = starts[first], starts[last] if last < len(starts) else len(row_of)
            rep = np.repeat(lengths[first:last], lengths[first:last])
            e1 = np.repeat(np.arange(lo, hi), rep)
            base = np.repeat(np.repeat(starts[first:last], lengths[first:last]), rep)
            offs = np.arange(len(e1)) - np.repeat(np.cumsum(rep) - rep, rep)
            e2 = base + offs
            xtx += np.bincount(cols[e1] * n + cols[e2], weights=vals[e1] * vals[e2],
                               minlength=n * n)
            entry = hi
        # minus what each group's mean takes away: sum over groups of (sum x)(sum x)' / size
        g = self.group[row_of]
        sizes = np.maximum(np.bincount(self.group[rows], minlength=self.groups), 1)
        sums = np.zeros((self.groups, n))
        np.add.at(sums, (g, cols), vals)
        centred_xtx = xtx.reshape(n, n) - (sums / sizes[:, None]).T @ sums
        yc = self._centred(self.y, rows)
        xty = np.bincount(cols, weights=vals * yc[row_of], minlength=n)
        return centred_xtx, xty

    def residuals(self, wanted: np.ndarray, beta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The ``wanted`` rows and what the parts leave unexplained of each, group offsets
        removed."""
        rows = np.flatnonzero(wanted[self.group])
        pred = np.bincount(self.row_of, weights=self.vals * beta[self.cols],
                           minlength=len(self.y))
        return rows, self._centred(self.y - pred, rows)[rows]


def _solve(design: _Design, wanted: np.ndarray, ridges: Sequence[float]) -> list[np.ndarray]:
    xtx, xty = design.normal(wanted)
    n = len(xty)
    return [np.linalg.solve(xtx + r * np.eye(n), xty) for r in ridges]


def _residual_sums(design: _Design, wanted: np.ndarray, beta: np.ndarray
                   ) -> tuple[dict[str, float], dict[str, int]]:
    """Per leave: the sum of what the parts leave unexplained, and how often it was measured."""
    sums: dict[str, float] = {}
    counts: dict[str, int] = {}
    leaves = design.leaves
    rows, resid = design.residuals(wanted, beta)
    for r, value in zip(rows.tolist(), resid.tolist(), strict=True):
        leave = leaves[r]
        if leave:
            sums[leave] = sums.get(leave, 0.0) + value
            counts[leave] = counts.get(leave, 0) + 1
    return sums, counts


def _table(sums: dict[str, float], counts: dict[str, int], shrink: float,
           min_count: int) -> dict[str, float]:
    return {leave: s / (counts[leave] + shrink) for leave, s in sums.items()
            if counts[leave] >= min_count}


def fit_groups(
    groups: Sequence[RolloutGroup], rules: Rules, ridge: float = 20.0, shrink: float = 4.0,
    min_count: int = 2,
) -> LeaveModel:
    """The leave model fitted to ``groups`` (see the module docstring); table entries only for
    leaves measured at least ``min_count`` times."""
    feats = Features.of(rules)
    design = _Design(groups, feats)
    everything = np.ones(design.groups, dtype=bool)
    (beta,) = _solve(design, everything, [ridge])
    sums, counts = _residual_sums(design, everything, beta)
    return _model(feats, beta, _table(sums, counts, shrink, min_count))
def _model(feats: Features, beta: np.ndarray, table: dict[str, float]) -> LeaveModel:
    parts: dict[str, dict[str, float]] = {"tile": {}, "dup": {}, "pair": {}, "bal": {}}
    for (kind, key), col in feats.columns.items():
        parts[kind][key] = float(beta[col])
    balance = {}
    for key, x in parts["bal"].items():
        v, c = key.split(",")
        balance[(int(v), int(c))] = x
    return LeaveModel(parts["tile"], parts["dup"], balance, feats.vowels, parts["pair"], table)


def holdout_rmse(model: LeaveModel, groups: Sequence[RolloutGroup]) -> float:
    """Root mean square error of ``model`` on the within-group differences of ``groups``."""
    total = 0.0
    count = 0
    for g in groups:
        pred = np.array([model.value(leave) for leave in g.leaves])
        y = np.asarray(g.values)
        err = (y - y.mean()) - (pred - pred.mean())
        total += float(err @ err)
        count += len(err)
    return (total / count) ** 0.5 if count else 0.0


def fit_with_holdout(
    groups: Sequence[RolloutGroup], rules: Rules, before: LeaveModel, holdout: float = 0.2,
    ridges: Sequence[float] = (5.0, 20.0, 80.0), shrinks: Sequence[float] = (2.0, 8.0, 32.0),
    min_count: int = 2,
) -> tuple[LeaveModel, FitReport, dict[str, float]]:
    """Choose ``ridge`` and ``shrink`` on held-out groups (every ``1/holdout``-th), report the
    held-out error against ``before`` and no leave values at all, then fit on every group."""
    step = max(2, round(1 / holdout))
    feats = Features.of(rules)
    design = _Design(groups, feats)
    test_mask = np.arange(design.groups) % step == 0
    test = [g for i, g in enumerate(groups) if i % step == 0]
    best: tuple[float, float, float] | None = None
    for ridge, beta in zip(ridges, _solve(design, ~test_mask, ridges), strict=True):
        sums, counts = _residual_sums(design, ~test_mask, beta)
        for shrink in shrinks:
            model = _model(feats, beta, _table(sums, counts, shrink, min_count))
            err = holdout_rmse(model, test)
            if best is None or err < best[0]:
                best = (err, ridge, shrink)
    assert best is not None
    err, ridge, shrink = best
    everything = np.ones(design.groups, dtype=bool)
    (beta,) = _solve(design, everything, [ridge])
    sums, counts = _residual_sums(design, everything, beta)
    model = _model(feats, beta, _table(sums, counts, shrink, min_count))
    report = FitReport(
        groups=len(groups),
        leaves_measured=sum(len(g.leaves) for g in groups),
        table_entries=len(model.table),
        holdout_groups=len(test),
        rmse=round(err, 3),
        rmse_before=round(holdout_rmse(before, test), 3),
        rmse_zero=round(holdout_rmse(LeaveModel.zero(rules), test), 3),
    )
    return model, report, {"ridge": ridge, "shrink": shrink}
