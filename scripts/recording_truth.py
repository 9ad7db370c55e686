#!/usr/bin/env python3
"""Check Minesweeper recordings against the true boards their games ended with: boards misread,
certain moves onto a mine, and the risks taken (predicted mine probability) against the mines
hit; with ``--sim-rate``, how likely so few (or so many) wins were at the simulated rate.

    scripts/recording_truth.py out/cold-start/gnome-mines/recording --sim-rate 0.54 [--json]

Several recordings are summed. See :mod:`bot.games.minesweeper.truth` for what is checked.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.games.minesweeper.truth import TruthReport, check_events
from bot.run.recorder import read_events


def merge(total: TruthReport, part: TruthReport) -> None:
    for name in ("games", "wins", "checked_games", "steps", "risky", "predicted_hits",
                 "predicted_variance", "hits"):
        setattr(total, name, getattr(total, name) + getattr(part, name))
    total.misread += part.misread
    total.unsafe_certain += part.unsafe_certain
    for stage, figures in part.stages.items():
        mine = total.stages.setdefault(stage, [0.0, 0.0, 0.0])
        for i, value in enumerate(figures):
            mine[i] += value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("recordings", nargs="+", type=Path)
    parser.add_argument("--sim-rate", type=float, default=None,
                        help="the simulated win rate for the same rules, to compare with")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    total = TruthReport()
    for directory in args.recordings:
        merge(total, check_events(read_events(directory)))
    summary = total.summary(args.sim_rate)
    print(f"games {summary['games']}, won {summary['wins']}; {summary['checked_games']} ended"
          f" showing every mine: {summary['steps_checked']} boards checked,"
          f" {summary['misread_cells']} cells misread,"
          f" {summary['unsafe_certain_moves']} certain moves onto a mine")
    for line in [*summary["misread_examples"], *summary["unsafe_examples"]]:  # type: ignore[misc]
        print(f"  {line}")
    print(f"risky moves {summary['risky_moves']}: predicted hits {summary['predicted_hits']}"
          f" (sd {summary['predicted_hits_sd']}), hit {summary['hits']}")
    for stage, figures in summary["stages"].items():  # type: ignore[attr-defined]
        print(f"  {stage}: {figures['moves']} moves, predicted {figures['predicted']},"
              f" hit {figures['hits']}")
    if "sim_rate" in summary:
        print(f"at the simulated rate {summary['sim_rate']}: P(wins <= {summary['wins']})"
              f" = {summary['p_wins_at_most']}, P(wins >= {summary['wins']})"
              f" = {summary['p_wins_at_least']}")
    if args.json:
        print(json.dumps(summary))
    bad = summary["misread_cells"] or summary["unsafe_certain_moves"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
