"""Printing results: human lines first; with ``--json`` one JSON object as the last stdout line."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable, Mapping


def _clean(value: object) -> object:
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return None
    if isinstance(value, Mapping):
        return {str(k): _clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_clean(v) for v in value]
    return value


def emit(summary: Mapping[str, object], lines: Iterable[str], as_json: bool) -> None:
    """Print the human-readable lines, then (if asked) the summary as the final JSON line."""
    for line in lines:
        print(line)
    if as_json:
        print(json.dumps(_clean(summary), ensure_ascii=False, sort_keys=False))
    sys.stdout.flush()
