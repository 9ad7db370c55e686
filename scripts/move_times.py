#!/usr/bin/env python3
"""Seconds from our turn showing to our move on screen, per move of an Erudit/Scrabble
recording, broken into read (vision on the frames the move's steps acted on), decide (the
engine) and act (gestures sent and the page waited for to show each one).

    scripts/move_times.py RECORDING [RECORDING...] [--json]

A move is the steps from the one that chose it (its reason names the word) through its submit
(or pass, or exchange); it starts when the frame its first step acted on was grabbed (the
step's time, recorded once its gestures were sent, less its gestures' time and its
frame-to-first-click latency) and ends when the submit click is sent (the page showing it
taken is one more frame: the session's own "seconds from our turn to our move on screen"
includes it). Act is split further into the gestures' own time (drags, settles, the rest:
clicks and keys, from each step's ``gesture_ms``) and waiting (observing frames between the
steps, less the read of the frame accepted). Prints n, median and p90 of each part (and of
the steps a move took), with ``--json`` one JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any


def _moves(events: list[dict[str, Any]]) -> list[dict[str, float]]:
    """Per move: start (the grab of the frame its first step acted on), submit (the submit,
    pass or exchange click sent), and the read and decide seconds of its steps."""
    out: list[dict[str, float]] = []
    current: dict[str, float] | None = None
    for e in events:
        if e.get("event") != "step":
            continue
        first = (e.get("decisions") or [{}])[0]
        move, reason = str(first.get("move", "")), str(first.get("reason", ""))
        t = float(e["t"])
        sent = float(e.get("act_ms") or 0.0) / 1000.0  # t is recorded after the gestures
        if move != reason:  # the step that chose the move: its reason names the word
            current = {"start": t - sent - float(e.get("latency_ms") or 0.0) / 1000.0,
                       "read": 0.0, "decide": 0.0, "steps": 0.0, "drags": 0.0,
                       "settles": 0.0, "clicks": 0.0}
        if current is None:
            continue
        current["read"] += float(e.get("read_ms") or 0.0) / 1000.0
        current["decide"] += float(e.get("decide_ms") or 0.0) / 1000.0
        current["steps"] += 1
        for text, ms in zip(e.get("gestures") or [], e.get("gesture_ms") or [], strict=False):
            kind = ("drags" if text.startswith("drag") else
                    "settles" if text == "settle" else "clicks")
            current[kind] += float(ms) / 1000.0
        if move.startswith(("submit", "pass", "confirm exchange", "exchange")):
            current["submit"] = t
            current["act"] = t - current["start"] - current["read"] - current["decide"]
            current["wait"] = max(0.0, current["act"] - current["drags"] - current["settles"]
                                  - current["clicks"])
            out.append(current)
            current = None
    return out


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("recordings", nargs="+", type=Path)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    moves: list[dict[str, float]] = []
    for rec in args.recordings:
        lines = (rec / "session.jsonl").read_text(encoding="utf-8").splitlines()
        moves += _moves([json.loads(line) for line in lines if line.strip()])
    if not moves:
        print("no moves in the recordings", file=sys.stderr)
        return 1
    result: dict[str, object] = {"moves": len(moves)}
    for part in ("total", "read", "decide", "act", "drags", "settles", "clicks", "wait",
                 "steps"):
        values = [m["submit"] - m["start"] if part == "total" else m[part] for m in moves]
        result[part] = {"median": round(statistics.median(values), 3),
                        "p90": round(_p90(values), 3)}
        print(f"{part:7} median {statistics.median(values):7.3f}   p90 {_p90(values):7.3f}")
    print(f"moves {len(moves)} (total: from the frame showing our turn to the submit click)")
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
