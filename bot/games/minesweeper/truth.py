"""A recorded session checked against the true boards its games ended with: was a low win rate
the bot's fault (a board misread, a certain move onto a mine) or the luck of its guesses?

A game's true layout is known from its end when the end shows every mine: a lost board that
shows as many mines as the game has (many programs show them all when a mine goes off), and a
won board (every cell not opened is a mine). Against it, every recorded board of that game is
checked cell by cell (an opened cell is no mine and shows the count of mines around it), every
certain decision is checked safe, and every risky one (a guess, a 50/50, an endgame pick)
adds its predicted mine probability to what was expected to hit. Predicted hits near the hits
that happened, with nothing misread and no certain move onto a mine, say the bot saw and
chose as its simulation does: the difference in win rate was its draw.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from solvers.minesweeper.state import Board, Cell

Layout = frozenset[tuple[int, int]]
SHOWN_MINES = (Cell.MINE, Cell.EXPLODED, Cell.FLAG)  # what a lost board shows of its mines
RISKY = 1e-9  # a decision with a larger predicted mine probability was a risk taken


def end_layout(board: Board, outcome: str, mines: int | None) -> Layout | None:
    """Where the mines were, from a game's last board; None when the end does not show
    them all (a loss showing only the mine that went off, an unknown total on a loss)."""
    if outcome == "won":
        return frozenset(rc for rc in board.positions()
                         if Cell(board[rc]).is_covered or board[rc] in SHOWN_MINES)
    if outcome != "lost" or mines is None:
        return None
    shown = frozenset(rc for rc in board.positions() if board[rc] in SHOWN_MINES)
    return shown if len(shown) == mines else None


def neighbours(board: Board, r: int, c: int) -> Iterator[tuple[int, int]]:
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < board.rows and 0 <= c + dc < board.cols:
                yield r + dr, c + dc


def misread_cells(board: Board, layout: Layout) -> list[str]:
    """Opened cells the true layout contradicts: a mine read as opened, a wrong count."""
    wrong = []
    for (r, c), value in zip(board.positions(), board.cells, strict=True):
        cell = Cell(value)
        if not (cell.is_number or cell is Cell.OPENED):
            continue
        if (r, c) in layout:
            wrong.append(f"({r}, {c}) read {cell.char!r}, a mine")
        elif cell.is_number:
            true = sum(rc in layout for rc in neighbours(board, r, c))
            if true != int(cell):
                wrong.append(f"({r}, {c}) read {cell.char!r}, shows {true}")
    return wrong


@dataclass
class TruthReport:
    """What a recording's games, checked against their true layouts, came to."""

    games: int = 0
    wins: int = 0
    checked_games: int = 0  # games whose end showed every mine
    steps: int = 0  # boards checked cell by cell
    misread: list[str] = field(default_factory=list)  # "game 3 step 7: (1, 2) read '2', ..."
    unsafe_certain: list[str] = field(default_factory=list)  # certain moves onto a mine
    risky: int = 0
    predicted_hits: float = 0.0
    predicted_variance: float = 0.0
    hits: int = 0
    stages: dict[str, list[float]] = field(default_factory=dict)  # [moves, predicted, hits]

    def summary(self, sim_rate: float | None = None) -> dict[str, object]:
        out: dict[str, object] = {
            "games": self.games, "wins": self.wins, "checked_games": self.checked_games,
            "steps_checked": self.steps, "misread_cells": len(self.misread),
            "misread_examples": self.misread[:5], "unsafe_certain_moves": len(self.unsafe_certain),
            "unsafe_examples": self.unsafe_certain[:5], "risky_moves": self.risky,
            "predicted_hits": round(self.predicted_hits, 2),
            "predicted_hits_sd": round(math.sqrt(self.predicted_variance), 2),
            "hits": self.hits,
            "stages": {k: {"moves": int(v[0]), "predicted": round(v[1], 2), "hits": int(v[2])}
                       for k, v in sorted(self.stages.items())},
        }
        if sim_rate is not None and self.games:
            out["sim_rate"] = sim_rate
            out["p_wins_at_most"] = round(binomial_cdf(self.wins, self.games, sim_rate), 4)
            out["p_wins_at_least"] = round(
                1 - binomial_cdf(self.wins - 1, self.games, sim_rate), 4)
        return out


def binomial_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(0, k + 1))


def cell_of(move: str) -> tuple[str, tuple[int, int]] | None:
    """``"open 3 4"`` -> ("open", (3, 4)); None for anything else."""
    parts = move.split()
    if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
        return None
    return parts[0], (int(parts[1]), int(parts[2]))


def check_game(number: int, steps: list[dict], end: dict, mines: int | None,
               report: TruthReport) -> None:
    """One game's recorded steps against its end's layout, added to ``report``."""
    report.games += 1
    report.wins += end.get("outcome") == "won"
    layout = end_layout(Board.from_text(end["state"]), str(end.get("outcome")), mines)
    if layout is None:
        return
    report.checked_games += 1
    for step in steps:
        board = Board.from_text(step["state"])
        report.steps += 1
        report.misread += [f"game {number} step {step.get('step')}: {w}"
                           for w in misread_cells(board, layout)]
        for decision in step.get("decisions", []):
            judge(number, step, board, decision, layout, report)


def judge(number: int, step: dict, board: Board, decision: dict, layout: Layout,
          report: TruthReport) -> None:
    parsed = cell_of(str(decision.get("move", "")))
    if parsed is None:
        return
    kind, (r, c) = parsed
    if kind == "open":
        opened = [(r, c)]
    elif kind == "chord":
        opened = [rc for rc in neighbours(board, r, c) if board[rc] is Cell.UNKNOWN]
    else:
        return
    hit = any(rc in layout for rc in opened)
    p = float(decision.get("probability") or 0.0)
    where = f"game {number} step {step.get('step')}: {decision.get('move')}"
    if p <= RISKY:
        if hit:
            report.unsafe_certain.append(f"{where} ({decision.get('stage')}) opened a mine")
        return
    report.risky += 1
    report.predicted_hits += p
    report.predicted_variance += p * (1 - p)
    report.hits += hit
    stage = report.stages.setdefault(str(decision.get("stage")), [0.0, 0.0, 0.0])
    stage[0] += 1
    stage[1] += p
    stage[2] += hit


def check_events(events: Iterable[dict]) -> TruthReport:
    """Every game of a recording's events (``session.jsonl``), checked."""
    report = TruthReport()
    mines: int | None = None
    steps: dict[tuple[int, object], list[dict]] = {}
    session = 0
    for event in events:
        kind = event.get("event")
        if kind == "session":
            session += 1
            total = event.get("mines")
            mines = int(total) if isinstance(total, int) else None
        elif kind == "step":
            steps.setdefault((session, event.get("game_no")), []).append(event)
        elif kind == "outcome" and event.get("state"):
            game = steps.pop((session, event.get("game_no")), [])
            check_game(int(event.get("game_no") or 0), game, event, mines, report)
    return report
