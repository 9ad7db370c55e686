"""``gamebot bench vision --game erudit``: every labelled Erudit/Scrabble screenshot read, square
by square and rack tile by rack tile, with the site looks shipped in ``calibration/sites``;
median times of locating the board and of reading it.

``recordings/erudit/labelled`` (or ``--fixtures DIR``) holds the pictures, ``expected/<name>.txt``
(the position text; player 1's rack in the order its tiles stand) and ``labels.json``: per
picture its site, and optionally ``holdout`` (kept out of the site's banks), ``scores`` and
``bag`` as the page shows them, or ``error`` (a phrase the refusal must contain). Reading times
leave out the page's text (scores, tiles left), which is read once per picture and reported
apart.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

from bot.errors import GamebotError

DEFAULT = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "labelled"


def load_labels(folder: Path) -> dict[str, dict[str, Any]]:
    path = folder / "labels.json"
    if not path.is_file():
        raise GamebotError(f"{folder}: no labels.json")
    try:
        data = json.loads(path.read_text("utf-8"))
    except json.JSONDecodeError as exc:
        raise GamebotError(f"{path}: not valid JSON ({exc})") from None
    pictures = data.get("pictures")
    if not isinstance(pictures, dict) or not pictures:
        raise GamebotError(f"{path}: 'pictures' must name the labelled screenshots")
    return pictures


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        return 0.0
    return ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2


def bench_erudit(folder: Path, repeat: int, on_picture: Any = None) -> tuple[dict[str, Any],
                                                                             list[str]]:
    """Read every labelled picture; the figures and the report lines."""
    from bot.games.erudit.sites import find_site
    from solvers.erudit.position import Position
    from vision.core.errors import ReadError
    from vision.core.frame import Frame
    from vision.core.page_text import PageText
    from vision.erudit.look import EruditSite
    from vision.erudit.reader import locate_erudit, read_erudit, rules_lang
    from vision.erudit.text import read_scores
    from vision.erudit.tiles import TileCache

    labels = load_labels(folder)
    totals = {"pictures": 0, "squares": 0, "squares_exact": 0, "rack_tiles": 0, "rack_exact": 0,
              "pictures_exact": 0, "holdout_pictures": 0, "holdout_exact": 0,
              "error_pictures": 0, "errors_as_expected": 0, "scores_shown": 0,
              "scores_exact": 0, "bag_shown": 0, "bag_exact": 0, "named_by_ocr": 0}
    read_ms: list[float] = []
    read_cpu: list[float] = []
    cached_ms: list[float] = []
    locate_ms: list[float] = []
    locate_cpu: list[float] = []
    text_ms: list[float] = []
    lines: list[str] = []
    texts: dict[str, PageText] = {}
    for name, meta in sorted(labels.items()):
        if on_picture is not None:
            on_picture(name)
        frame = Frame.from_file(folder / name)
        site_dir = find_site(str(meta["site"]))
        if "error" in meta:
            totals["error_pictures"] += 1
            rules = _rules(meta)
            try:
                read_erudit(frame, locate_erudit(frame), EruditSite.load(site_dir), rules)
            except (ReadError, GamebotError) as exc:
                ok = str(meta["error"]).lower() in str(exc).lower()
                totals["errors_as_expected"] += ok
                lines.append(f"{name}: refused{'' if ok else ' (NOT AS EXPECTED)'}: {exc}")
                continue
            lines.append(f"{name}: READ, but it must be refused ({meta['error']})")
            continue
        expected = Position.from_text((folder / "expected" / f"{Path(name).stem}.txt")
                                      .read_text("utf-8"))
        rules = expected.rules
        rows = expected.board.rows()
        rack = expected.racks[0] or ""
        totals["pictures"] += 1
        totals["squares"] += 225
        totals["rack_tiles"] += len(rack)
        holdout = bool(meta.get("holdout"))
        totals["holdout_pictures"] += holdout
        timings, cpu = [], []
        for _ in range(max(1, repeat)):
            start, used = time.perf_counter(), time.process_time()
            location = locate_erudit(frame)
            timings.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - used) * 1000)
        locate_ms.append(_median(timings))
        locate_cpu.append(_median(cpu))
        site = EruditSite.load(site_dir)
        try:
            reading = read_erudit(frame, location, site, rules)  # first read: Tesseract may help
        except ReadError as exc:
            lines.append(f"{name}: NOT READ: {exc}")
            continue
        timings, cpu = [], []
        for _ in range(max(1, repeat)):
            start, used = time.perf_counter(), time.process_time()
            read_erudit(frame, location, site, rules)
            timings.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - used) * 1000)
        read_ms.append(_median(timings))
        read_cpu.append(_median(cpu))
        cache = TileCache()  # as a bot reads frame after frame: unchanged tiles not cut again
        read_erudit(frame, location, site, rules, cache=cache)
        timings = []
        for _ in range(max(1, repeat)):
            start = time.perf_counter()
            read_erudit(frame, location, site, rules, cache=cache)
            timings.append((time.perf_counter() - start) * 1000)
        cached_ms.append(_median(timings))
        totals["named_by_ocr"] += len(reading.learned)
        squares = sum(a == b for ra, rb in zip(reading.board, rows, strict=True)
                      for a, b in zip(ra, rb, strict=True))
        tiles = sum(a == b for a, b in zip(reading.rack, rack, strict=False))
        totals["squares_exact"] += squares
        totals["rack_exact"] += tiles
        exact = squares == 225 and reading.rack == rack
        totals["pictures_exact"] += exact
        totals["holdout_exact"] += exact and holdout
        lang = rules_lang(rules)
        text = texts.setdefault(lang, PageText(lang))
        start = time.perf_counter()
        scores, bag = read_scores(frame, text, site, lang, [reading.geometry.bounds,
                                                            *reading.rack_tiles])
        text_ms.append((time.perf_counter() - start) * 1000)
        notes = []
        if "scores" in meta:
            totals["scores_shown"] += 1
            good = scores is not None and list(scores) == list(meta["scores"])
            totals["scores_exact"] += good
            if not good:
                notes.append(f"scores read {scores}, shown {meta['scores']}")
        if "bag" in meta:
            totals["bag_shown"] += 1
            good = bag == meta["bag"]
            totals["bag_exact"] += good
            if not good:
                notes.append(f"tiles left read {bag}, shown {meta['bag']}")
        status = "exact" if exact else f"{225 - squares} squares and {len(rack) - tiles} rack" \
            " tiles wrong"
        extra = f"; {'; '.join(notes)}" if notes else ""
        lines.append(f"{name}: {status}{' (held out)' if holdout else ''}{extra}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    summary: dict[str, Any] = {
        **totals,
        "read_ms_median": round(_median(read_ms), 1),
        "locate_ms_median": round(_median(locate_ms), 1),
        "read_cpu_ms_median": round(_median(read_cpu), 1),
        "read_cached_ms_median": round(_median(cached_ms), 1),
        "locate_cpu_ms_median": round(_median(locate_cpu), 1),
        "text_ms_median": round(_median(text_ms), 1),
        "repeat": repeat,
        "load_average": None if load is None else round(load, 2),
    }
    head = [
        f"{totals['pictures']} pictures: {totals['squares_exact']}/{totals['squares']} squares"
        f" and {totals['rack_exact']}/{totals['rack_tiles']} rack tiles exact,"
        f" {totals['pictures_exact']} pictures exact ({totals['holdout_exact']} of"
        f" {totals['holdout_pictures']} held out)",
        f"refused as they must be: {totals['errors_as_expected']} of {totals['error_pictures']}",
        f"scores {totals['scores_exact']}/{totals['scores_shown']}, tiles left"
        f" {totals['bag_exact']}/{totals['bag_shown']} read right; glyphs Tesseract named"
        f" (confirmed by their values): {totals['named_by_ocr']}",
        f"median read {summary['read_ms_median']} ms, locate {summary['locate_ms_median']} ms"
        f" (CPU {summary['read_cpu_ms_median']} and {summary['locate_cpu_ms_median']} ms;"
        f" a read with the tiles of an earlier frame cached {summary['read_cached_ms_median']}"
        f" ms;"
        f" {repeat} timings a picture), page text {summary['text_ms_median']} ms;"
        f" load average {summary['load_average']}",
    ]
    return summary, head + lines


def _rules(meta: dict[str, Any]) -> Any:
    from solvers.erudit.rules import load_rules

    return load_rules(str(meta.get("rules", "erudit")))


def run_erudit_bench(args: argparse.Namespace) -> int:
    from bot.cli.progress import progress_bar
    from bot.cli.report import emit

    folder = Path(args.fixtures) if args.fixtures else DEFAULT
    count = len(load_labels(folder))
    repeat = max(1, min(args.repeat, 50))
    with progress_bar(count, "erudit pictures") as bar:
        summary, lines = bench_erudit(folder, repeat, lambda name: bar.advance(status=name))
    emit(summary, lines, args.json)
    return 0
