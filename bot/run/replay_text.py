"""What ``gamebot replay`` prints: the summary of a re-read recording, for people.

A recording made by ``gamebot record`` holds frames but no games or clicks, so its game
seconds and latencies were never measured: they print as a dash, never as "nan".
"""

from __future__ import annotations

import math
from collections.abc import Mapping


def figure(value: object, digits: int = 1) -> str:
    """A measured figure, or a dash for one never measured (NaN or missing)."""
    if not isinstance(value, int | float) or math.isnan(value):
        return "-"
    return f"{value:.{digits}f}"


def replay_lines(s: Mapping[str, object]) -> list[str]:
    rate = s["win_rate"]
    interval = s["win_rate_ci95"]
    assert isinstance(interval, list | tuple)
    low, high = interval
    lines = [
        f"frames re-read {s['frames']}: {s['agreed']} agree, {s['mismatches']} mismatches"
        f" ({s['problems_recorded']} frames were flagged while playing)",
        f"games {s['games']}: won {s['wins']}"
        + (f", drawn {s['draws']}" if s.get("draws") else "")
        + f", lost {s['losses']}"
        + (f", win rate {rate:.1%} (95 % CI {low:.1%}-{high:.1%})"
           if isinstance(rate, float) else "")
        + (f"; unfinished {s['unfinished']}" if s.get("unfinished") else ""),
        f"recorded: seconds a game (median) {figure(s['seconds_per_game_median'], 2)}, latency"
        f" median {figure(s['latency_ms_median'])} ms; reading today"
        f" {figure(s['read_ms_median'])} ms a frame",
    ]
    if s.get("stopped") not in (None, "", "done"):
        lines.append(f"recorded stop: {s['stopped']}")
    mismatches = s["first_mismatches"]
    assert isinstance(mismatches, list)
    lines += [f"mismatch {m['frame']}: {m['message']}" for m in mismatches]
    return lines
