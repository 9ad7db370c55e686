#!/usr/bin/env python3
"""Cold starts on every Minesweeper program the project develops against, measured.

    scripts/cold_start_campaign.py --games 30 [--only kmines,ace-minesweeper] [--json]

For each program: ``gamebot play minesweeper --target T --launch --skin none`` (no skin, no
calibration, a user skin folder of its own that starts empty), and the simulated win rate
for that program's rules (board, mines, first-click rule) from ``gamebot bench minesweeper``
(``--sim-games``; for xdemineur, which opens a first area itself, the whole bot on the
simulated screen plays a tenth as many).
Prints a table (games, won, rate with its 95 % interval, misreads, refused clicks, stops,
time to the first move, the simulated rate) and, with ``--json``, one JSON line. Each session
runs on its own private virtual display when there is no screen. Takes a few minutes a program.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

GAMEBOT = [sys.executable, "-m", "bot.cli.main"]
ROOT = Path(__file__).resolve().parent.parent

#: program -> (play arguments, the simulated run for the same board and first-click rule)
BENCH = ["bench", "minesweeper", "--jobs", "2"]
PROGRAMS: dict[str, tuple[list[str], list[str]]] = {
    "kmines": (["--target", "kmines", "--level", "expert"],
               [*BENCH, "--level", "expert", "--rules", "opening"]),
    "ace-minesweeper": (["--target", "ace-minesweeper"],
                        [*BENCH, "--level", "32x32/200", "--rules", "none"]),
    "minesweeper-classic": (["--target", "minesweeper-classic"],
                            [*BENCH, "--level", "beginner", "--rules", "safe"]),
    "builtin (skin deleted)": (["--target", "builtin", "--level", "intermediate"],
                               [*BENCH, "--level", "intermediate", "--rules", "xp"]),
    # xdemineur opens a first area itself: the whole bot on the simulated screen does that too
    "xdemineur (skin deleted)": (["--target", "xdemineur", "--level", "expert"],
                                 ["play", "minesweeper", "--target", "sim", "--level", "expert",
                                  "--auto-open"]),
    "gnome-mines (skin deleted)": (["--target", "gnome-mines", "--level", "intermediate"],
                                   [*BENCH, "--level", "intermediate", "--rules", "opening"]),
}


def last_json(text: str) -> dict:
    for line in reversed(text.strip().splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    raise ValueError("no JSON line in the output")


def run(cmd: list[str], env: dict[str, str], timeout: float) -> tuple[dict, str]:
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout,
                          cwd=ROOT, check=False)
    try:
        return last_json(done.stdout), ""
    except ValueError:
        return {}, (done.stderr.strip().splitlines() or ["no output"])[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--sim-games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated program names")
    parser.add_argument("--out", type=Path, default=Path("out/cold-start"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    chosen = [p for p in PROGRAMS if not args.only or p.split()[0] in args.only.split(",")]
    rows = []
    for name in chosen:
        play_args, sim_args = PROGRAMS[name]
        with tempfile.TemporaryDirectory(prefix="gamebot-skins-") as skins:
            env = dict(os.environ, GAMEBOT_SKINS=skins)
            out = args.out / name.split()[0]
            cmd = [*GAMEBOT, "play", "minesweeper", *play_args, "--launch", "--skin", "none",
                   "--games", str(args.games), "--seed", str(args.seed), "--out", str(out),
                   "--learn-into", str(out / "learned"), "--json"]
            print(f"{name}: playing {args.games} games from a cold start ...", flush=True)
            played, problem = run(cmd, env, timeout=120 + 90 * args.games)
        sim_games = args.sim_games if sim_args[0] == "bench" else max(1, args.sim_games // 10)
        sim, _ = run([*GAMEBOT, *sim_args, "--games", str(sim_games), "--seed", str(args.seed),
                      "--json"], dict(os.environ), timeout=7200)
        row = {"program": name, "command": " ".join(cmd[2:]), "error": problem,
               **{k: played.get(k) for k in ("games", "wins", "win_rate", "win_rate_ci95",
                                             "unfinished", "misreads", "refused_clicks",
                                             "stopped", "first_move_seconds", "looks_named",
                                             "looks_unnamed", "mines", "mines_from",
                                             "rules")},
               "sim_rate": sim.get("win_rate"),
               "sim_ci95": sim.get("win_rate_ci95") or [sim.get("ci95_low"), sim.get("ci95_high")],
               "sim_games": sim.get("games")}
        rows.append(row)
        print(table_row(row), flush=True)
    print()
    print("| program | games | won | rate (95 % CI) | misreads | refused | stops"
          " | first move | simulated rate (95 % CI) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(table_row(row))
    if args.json:
        print(json.dumps({"programs": rows}))
    return 0 if all(not r["error"] and not r["stopped"] and r["misreads"] == 0
                    for r in rows) else 1


def pct(rate: float | None, ci: list[float] | None) -> str:
    if rate is None:
        return "-"
    low, high = ci or (float("nan"), float("nan"))
    return f"{100 * rate:.1f} % ({100 * low:.1f}-{100 * high:.1f})"


def table_row(row: dict) -> str:
    first = row["first_move_seconds"]
    return (f"| {row['program']} | {row['games']} | {row['wins']} |"
            f" {pct(row['win_rate'], row['win_rate_ci95'])} | {row['misreads']} |"
            f" {row['refused_clicks']} | {row['stopped'] or row['error'] or 0} |"
            f" {'-' if first is None else f'{first:.1f} s'} |"
            f" {pct(row['sim_rate'], row['sim_ci95'])} |")


if __name__ == "__main__":
    sys.exit(main())
