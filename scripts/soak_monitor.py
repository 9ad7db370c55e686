#!/usr/bin/env python3
"""Watch a long ``gamebot play`` run: memory, open files and child processes against games played.

    scripts/soak_monitor.py -- gamebot play minesweeper --target sim --level expert \\
        --games 5000 --record out/soak --json

Starts the command, samples its resident memory (VmRSS), open file descriptors and child
processes every few seconds from /proc (Linux), counts the games in the run's ``games.jsonl``
(``--log`` or ``--record DIR``), and at the end prints one JSON line: the samples nearest the
games asked for (``--at 100,1000,5000``), the peak, and what the process had at the start and
at the end. The command's own output goes to ``--out FILE``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def fds(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/fd").iterdir()))


def children(pid: int) -> int:
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        kids = (task / "children").read_text().split()
        total += len(kids)
    return total


def games_done(log: Path | None) -> int:
    if log is None or not log.is_file():
        return 0
    with open(log, "rb") as fh:
        return sum(1 for _ in fh)


def log_of(command: list[str]) -> Path | None:
    for flag in ("--log", "--record"):
        if flag in command:
            value = Path(command[command.index(flag) + 1])
            return value if flag == "--log" else value / "games.jsonl"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--every", type=float, default=5.0, help="seconds between samples")
    parser.add_argument("--at", default="100,1000,5000", help="games to report memory at")
    parser.add_argument("--out", type=Path, default=Path("out/soak-monitor.log"))
    parser.add_argument("--samples", type=Path, help="also append every sample to this JSONL file")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to run after --")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    log = log_of(command)
    with open(args.out, "w") as out:
        proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        samples = []
        start = None
        while proc.poll() is None:
            try:
                sample = {
                    "t": round(time.monotonic(), 1),
                    "games": games_done(log),
                    "rss_mb": round(rss_mb(proc.pid), 1),
                    "fds": fds(proc.pid),
                    "children": children(proc.pid),
                }
            except (FileNotFoundError, ProcessLookupError):
                break
            start = start or sample
            samples.append(sample)
            if args.samples:
                with open(args.samples, "a") as fh:
                    fh.write(json.dumps(sample) + "\n")
            time.sleep(args.every)
        proc.wait()
    wanted = [int(x) for x in args.at.split(",") if x]
    at = {}
    for n in wanted:
        near = [s for s in samples if s["games"] >= n]
        if near:
            at[n] = near[0]
    peak = max((s["rss_mb"] for s in samples), default=float("nan"))
    report = {
        "command": command,
        "exit_code": proc.returncode,
        "games": games_done(log),
        "start": start,
        "end": samples[-1] if samples else None,
        "at": at,
        "peak_rss_mb": peak,
        "samples": len(samples),
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
