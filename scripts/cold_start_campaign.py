#!/usr/bin/env python3
"""Cold starts on every Minesweeper program the project develops against, at its hardest level,
measured, recorded and replayed.

    scripts/cold_start_campaign.py --games 30 [--only kmines,builtin-win7] [--display :170]
    scripts/cold_start_campaign.py --sim-only --sim-games 5000      # the simulated rates alone

For each program: ``gamebot play minesweeper --target T --launch --skin none --record DIR`` at
its hardest level (no skin, no calibration, a user skin folder of its own that starts empty;
the program's dialogs left on: private settings, the built-in window with ``--window-dialogs``),
then ``gamebot replay DIR`` with another empty skin folder (every frame must agree: the
recording carries the look it learned). The simulated win rate for that program's rules
(board, mines, first-click rule) comes from ``gamebot bench minesweeper`` run under
``nice -n 19`` (``--sim-games``; for xdemineur, which opens a first area itself, the whole bot
on the simulated screen plays a tenth as many). The sessions themselves are not niced: they are
timing-sensitive and run one at a time.
Prints a table (games, won, rate with its 95 % interval, misreads, refused clicks, stops,
seconds a game, dialogs answered, replay agreement, the simulated rate) and, with ``--json``,
one JSON line. Without ``--display`` each session starts its own private virtual display.
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
NICE = ["nice", "-n", "19"]
ROOT = Path(__file__).resolve().parent.parent

#: program -> (play arguments at its hardest level, the simulated run for the same board and
#: first-click rule)
BENCH = ["bench", "minesweeper", "--jobs", "1"]
PROGRAMS: dict[str, tuple[list[str], list[str]]] = {
    # xdemineur opens a first area itself: the whole bot on the simulated screen does that too
    "xdemineur": (["--target", "xdemineur", "--level", "expert"],
                  ["play", "minesweeper", "--target", "sim", "--level", "expert",
                   "--auto-open"]),
    "gnome-mines": (["--target", "gnome-mines", "--level", "expert"],
                    [*BENCH, "--level", "expert", "--rules", "opening"]),
    "kmines": (["--target", "kmines", "--level", "expert"],
               [*BENCH, "--level", "expert", "--rules", "opening"]),
    "ace-minesweeper": (["--target", "ace-minesweeper"],
                        [*BENCH, "--level", "32x32/200", "--rules", "none"]),
    "minesweeper-classic": (["--target", "minesweeper-classic", "--level", "expert"],
                            [*BENCH, "--level", "expert", "--rules", "safe"]),
    "builtin-winxp": (["--target", "builtin", "--level", "expert", "--window-dialogs"],
                      [*BENCH, "--level", "expert", "--rules", "xp"]),
    "builtin-win7": (["--target", "builtin", "--level", "expert", "--window-look", "win7",
                      "--window-dialogs"],
                     [*BENCH, "--level", "expert", "--rules", "opening"]),
}
PLAYED = ("games", "wins", "win_rate", "win_rate_ci95", "unfinished", "misreads",
          "refused_clicks", "stopped", "seconds_per_game_median", "first_move_seconds",
          "dialogs_closed", "looks_named", "looks_unnamed", "mines", "mines_from", "rules")


def last_json(text: str) -> dict:
    for line in reversed(text.strip().splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    raise ValueError("no JSON line in the output")


def run(cmd: list[str], env: dict[str, str], timeout: float) -> tuple[dict, str]:
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout,
                              cwd=ROOT, check=False)
    except subprocess.TimeoutExpired:
        return {}, f"no answer within {timeout:.0f} s"
    try:
        return last_json(done.stdout), ""
    except ValueError:
        return {}, (done.stderr.strip().splitlines() or ["no output"])[-1]


def play_and_replay(name: str, args: argparse.Namespace) -> dict:
    """One cold-start session of ``name``, recorded, then replayed on an empty skin folder."""
    play_args, _ = PROGRAMS[name]
    out = args.out / name
    record = out / "recording"
    base = dict(os.environ)
    if args.display:
        base["DISPLAY"] = args.display
    with tempfile.TemporaryDirectory(prefix="gamebot-skins-") as skins:
        cmd = [*GAMEBOT, "play", "minesweeper", *play_args, "--launch", "--skin", "none",
               "--games", str(args.games), "--seed", str(args.seed), "--out", str(out),
               "--record", str(record), "--json"]
        print(f"{name}: playing {args.games} games from a cold start ...", flush=True)
        played, problem = run(cmd, dict(base, GAMEBOT_SKINS=skins), timeout=300 + 120 * args.games)
    with tempfile.TemporaryDirectory(prefix="gamebot-skins-") as skins:
        replay_cmd = [*GAMEBOT, "replay", str(record), "--json"]
        replayed, replay_problem = run(replay_cmd, dict(os.environ, GAMEBOT_SKINS=skins),
                                       timeout=3600)
    return {"program": name, "command": " ".join(["gamebot", *cmd[3:]]),
            "error": problem, **{k: played.get(k) for k in PLAYED},
            "replay_frames": replayed.get("frames"), "replay_agreed": replayed.get("agreed"),
            "replay_mismatches": replayed.get("mismatches"),
            "replay_error": replay_problem, "recording": str(record)}


def simulate(name: str, args: argparse.Namespace) -> dict:
    """The simulated win rate for ``name``'s board and rules, under nice (CPU-heavy)."""
    _, sim_args = PROGRAMS[name]
    sim_games = args.sim_games if sim_args[0] == "bench" else max(1, args.sim_games // 10)
    cmd = [*NICE, *GAMEBOT, *sim_args, "--games", str(sim_games), "--seed", str(args.seed),
           "--json"]
    print(f"{name}: simulating {sim_games} games ...", flush=True)
    sim, problem = run(cmd, dict(os.environ), timeout=4 * 3600)
    return {"program": name, "sim_command": " ".join(["gamebot", *cmd[6:]]),
            "sim_error": problem, "sim_rate": sim.get("win_rate"),
            "sim_ci95": sim.get("win_rate_ci95") or [sim.get("ci95_low"), sim.get("ci95_high")],
            "sim_games": sim.get("games")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--sim-games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated program names")
    parser.add_argument("--out", type=Path, default=Path("out/cold-start"))
    parser.add_argument("--display", default="", help="an X display to play on (else private)")
    parser.add_argument("--sim-only", action="store_true", help="only the simulated rates")
    parser.add_argument("--no-sim", action="store_true", help="no simulated rates")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    chosen = [p for p in PROGRAMS if not args.only or p in args.only.split(",")]
    rows = []
    for name in chosen:
        row: dict = {"program": name}
        if not args.sim_only:
            row.update(play_and_replay(name, args))
        if not args.no_sim:
            row.update(simulate(name, args))
        rows.append(row)
        print(table_row(row), flush=True)
    print()
    print("| program | games | won | rate (95 % CI) | misreads | refused | stops | s/game"
          " | dialogs | replay agrees | simulated rate (95 % CI, n) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(table_row(row))
    if args.json:
        print(json.dumps({"programs": rows}))
    return 0 if all(not r.get("error") and not r.get("stopped") and not r.get("misreads")
                    and not r.get("replay_mismatches") for r in rows) else 1


def pct(rate: float | None, ci: list[float] | None) -> str:
    if rate is None:
        return "-"
    low, high = ci if ci and None not in ci else (float("nan"), float("nan"))
    return f"{100 * rate:.1f} % ({100 * low:.1f}-{100 * high:.1f})"


def table_row(row: dict) -> str:
    seconds = row.get("seconds_per_game_median")
    frames, agreed = row.get("replay_frames"), row.get("replay_agreed")
    replay = "-" if frames is None else f"{agreed}/{frames}"
    sim = pct(row.get("sim_rate"), row.get("sim_ci95"))
    if row.get("sim_games"):
        sim += f", n={row['sim_games']}"
    return (f"| {row['program']} | {row.get('games', '-')} | {row.get('wins', '-')} |"
            f" {pct(row.get('win_rate'), row.get('win_rate_ci95'))} |"
            f" {row.get('misreads', '-')} | {row.get('refused_clicks', '-')} |"
            f" {row.get('stopped') or row.get('error') or 0} |"
            f" {'-' if seconds is None else f'{seconds:.1f}'} |"
            f" {row.get('dialogs_closed', '-')} | {replay or row.get('replay_error')} | {sim} |")


if __name__ == "__main__":
    sys.exit(main())
