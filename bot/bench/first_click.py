"""Where to click first: candidate first-click cells played on the same seeded layouts.

Game ``i`` of every candidate is laid out from the same seed. Under the XP and NONE rules the
program draws its mines before it knows the click, so every candidate plays the very same
layouts (only the relocation of a first-click mine differs), and the difference between two
candidates is measured on paired games: the games one wins and the other loses. Each
candidate's outcomes are saved as a line of 0/1 per game, so a long comparison can be run a
few candidates at a time and tabulated at the end.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from bot.bench.minesweeper import BenchSpec, run_games
from bot.bench.paired import Paired, paired
from bot.run.stats import wilson_interval
from solvers.minesweeper.opening import place
from solvers.minesweeper.rules import FirstClick, Level


@dataclass(frozen=True)
class Candidate:
    """One first-click cell's games: ``outcomes[i]`` is True when game ``i`` was won."""

    cell: tuple[int, int]  # as asked (negative: from the bottom / right edge)
    on_board: tuple[int, int]
    outcomes: tuple[bool, ...]

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def wins(self) -> int:
        return sum(self.outcomes)


def pair(this: Candidate, reference: Candidate) -> Paired:
    return paired(this.outcomes, reference.outcomes)


def saved_path(
    folder: Path, level: Level, rules: FirstClick, seed: int, cell: tuple[int, int]
) -> Path:
    size = f"{level.rows}x{level.cols}-{level.mines}"
    return folder / f"{rules.value}-{size}-seed{seed}-cell{cell[0]}_{cell[1]}.txt"


def load(path: Path, games: int) -> tuple[bool, ...] | None:
    """Saved outcomes, if the file holds at least ``games`` of them (else None)."""
    if not path.exists():
        return None
    lines = path.read_text().splitlines()
    bits = lines[-1].strip() if lines else ""
    if len(bits) < games or set(bits) - {"0", "1"}:
        return None
    return tuple(ch == "1" for ch in bits[:games])


def play(
    level: Level,
    rules: FirstClick,
    seed: int,
    cell: tuple[int, int],
    games: int,
    jobs: int,
    folder: Path | None = None,
    on_chunk: object = None,
) -> Candidate:
    """One candidate's outcomes, from its saved file when it has enough, else played (and
    saved)."""
    on_board = place(cell, level.rows, level.cols)
    path = saved_path(folder, level, rules, seed, cell) if folder is not None else None
    kept = load(path, games) if path is not None else None
    if kept is not None:
        return Candidate(cell, on_board, kept)
    spec = BenchSpec(level, rules, seed, first_cell=cell)
    won = [False] * games
    for chunk in run_games(spec, games, jobs):
        for result in chunk:
            won[result.index] = result.won
        if callable(on_chunk):
            on_chunk(len(chunk))
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        head = {"level": level.name, "rules": rules.value, "seed": seed, "cell": list(cell),
                "on_board": list(on_board), "games": games}
        path.write_text(json.dumps(head) + "\n" + "".join("1" if w else "0" for w in won) + "\n")
    return Candidate(cell, on_board, tuple(won))


class Versus(TypedDict):
    """A candidate paired against the reference cell on the same layouts."""

    reference: list[int]
    games: int
    only_this_won: int
    only_reference_won: int
    difference: float
    ci95: list[float]


class Row(TypedDict):
    """One candidate cell's figures (a JSON object of the bench's output)."""

    cell: list[int]
    asked: list[int]
    games: int
    wins: int
    win_rate: float
    ci95: list[float]
    vs_reference: Versus


def table(candidates: list[Candidate], reference: Candidate) -> list[Row]:
    """One row per candidate, best first: games, win rate with its Wilson interval, and the
    paired difference against ``reference``."""
    rows: list[Row] = []
    for cand in sorted(candidates, key=lambda c: -c.wins / c.games):
        low, high = wilson_interval(cand.wins, cand.games)
        p = pair(cand, reference)
        dlow, dhigh = p.interval()
        rows.append(
            {
                "cell": list(cand.on_board),
                "asked": list(cand.cell),
                "games": cand.games,
                "wins": cand.wins,
                "win_rate": cand.wins / cand.games,
                "ci95": [low, high],
                "vs_reference": {
                    "reference": list(reference.on_board),
                    "games": p.games,
                    "only_this_won": p.only_this,
                    "only_reference_won": p.only_reference,
                    "difference": p.difference,
                    "ci95": [dlow, dhigh],
                },
            }
        )
    return rows
