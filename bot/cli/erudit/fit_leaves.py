"""``gamebot erudit fit-leaves``: measure leaves by rollouts on self-play boards, fit, store.

Rollouts are the slow part (a move generation for every leave of a rack and every draw), so
their groups can be appended to a ``--groups`` file as they are measured and fitted again later
with more (``--games 0`` fits the file alone). Ctrl+C stops the measuring and fits what was
measured. The stored file's ``how`` says the command, what was measured and how well the fit
predicts held-out groups against the values it replaces.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bot.cli.options import count, named_input, positive_int
from bot.cli.registry import Command


def _configure(p: argparse.ArgumentParser) -> None:
    from bot.cli.erudit.engine import _rules_options

    p.add_argument("--games", type=count, metavar="N", default=200,
                   help="self-play games whose boards are measured (default 200; 0: fit the "
                   "--groups file alone)")
    p.add_argument("--per-game", type=positive_int, metavar="N", default=2,
                   help="boards taken from each game (default 2)")
    p.add_argument("--racks", type=positive_int, metavar="N", default=1,
                   help="racks drawn on each board, every leave of each measured (default 1)")
    p.add_argument("--draws", type=positive_int, metavar="N", default=2,
                   help="draws that fill each leave up to a rack (default 2)")
    p.add_argument("--seed", type=int, default=1000, help="seed (default 1000)")
    p.add_argument("--jobs", type=positive_int, metavar="N", default=1,
                   help="worker processes for the rollouts (default 1)")
    p.add_argument("--leaves", metavar="FILE.json",
                   help="leave values the rollouts play with (default: the rules' own)")
    p.add_argument("--groups", metavar="FILE.jsonl",
                   help="append the measured groups here and fit every group the file holds")
    _rules_options(p)
    p.add_argument("--out", metavar="FILE", help="where to write (default: the rules' data file)")


def _run(args: argparse.Namespace) -> int:
    from bot.cli.erudit.engine import _load
    from bot.cli.interrupt import until_interrupted
    from bot.cli.output_paths import check_file
    from bot.cli.progress import progress_bar
    from bot.errors import GamebotError
    from solvers.erudit.leave_fit import fit_with_holdout
    from solvers.erudit.leave_rollouts import (
        RolloutGroup,
        RolloutSpec,
        group_line,
        read_groups,
        rollout_boards,
        run_rollouts,
    )
    from solvers.erudit.leaves import LeaveModel, load_leaves, save_leaves
    from solvers.erudit.rules import DATA

    if args.out:
        check_file(args.out, "--out", (".json",))
    if args.groups:
        check_file(args.groups, "--groups", (".jsonl",))
    rules, graph = _load(args)
    if args.leaves:
        with named_input(args.leaves):
            raw = json.loads(Path(args.leaves).read_text(encoding="utf-8"))
            before = LeaveModel.from_json(raw, rules.vowels)
    else:
        before = load_leaves(rules)
    groups: list[RolloutGroup] = []
    if args.groups and Path(args.groups).exists():
        with named_input(args.groups):
            groups = read_groups(Path(args.groups))
    earlier = len(groups)
    boards = []
    with until_interrupted() as stop:
        if args.games:
            with progress_bar(args.games, f"{rules.name} self-play boards") as bar:
                boards = rollout_boards(rules, graph, before, args.games, args.seed,
                                        args.per_game, bar.advance)
            spec = RolloutSpec(rules, graph, before, args.racks, args.draws, args.seed)
            with progress_bar(len(boards), "leave rollouts") as bar:
                for measured in run_rollouts(spec, boards, args.jobs):
                    groups.extend(measured)
                    if args.groups:
                        with open(args.groups, "a", encoding="utf-8") as f:
                            f.writelines(group_line(g) + "\n" for g in measured)
                    bar.advance()
    if len(groups) < 10:
        raise GamebotError(f"{len(groups)} rollout groups are too few to fit: measure more "
                           "(--games) or give a --groups file that holds them")
    model, report, chosen = fit_with_holdout(groups, rules, before)
    out = Path(args.out) if args.out else DATA / rules.leaves
    command = (f"gamebot erudit fit-leaves --rules {rules.name} --games {args.games} "
               f"--per-game {args.per_game} --racks {args.racks} --draws {args.draws} "
               f"--seed {args.seed}" + (f" --groups {Path(args.groups).name}"
                                        if args.groups else ""))
    note = {
        "command": command,
        "target": "best equity next turn with the leave, minus with a whole new rack (rollouts "
                  "on self-play boards, the leaves of a rack sharing board and draws)",
        "groups": len(groups),
        "groups_from_file": earlier,
        "boards_this_run": len(boards),
        "leaves_measured": report.leaves_measured,
        "table_entries": report.table_entries,
        "holdout_groups": report.holdout_groups,
        "holdout_rmse": report.rmse,
        "holdout_rmse_before": report.rmse_before,
        "holdout_rmse_no_leaves": report.rmse_zero,
        **chosen,
    }
    save_leaves(model, out, note)
    best = sorted(model.tile.items(), key=lambda kv: -kv[1])
    print(f"{len(groups)} rollout groups ({earlier} from the file), "
          f"{report.leaves_measured} leaves measured; held-out error {report.rmse:.2f} "
          f"(before {report.rmse_before:.2f}, no leave values {report.rmse_zero:.2f}); "
          f"ridge {chosen['ridge']:g}, shrink {chosen['shrink']:g}, "
          f"{report.table_entries} table entries; wrote {out}")
    print("tile values: " + " ".join(f"{k}{v:+.1f}" for k, v in best))
    for line in stop.line():
        print(line)
    return stop.exit_code()


COMMANDS: list[Command] = [
    Command(
        "erudit",
        "fit-leaves",
        "fit leave values to rollouts on self-play boards and store them as the rules' data",
        _configure,
        _run,
    ),
]
