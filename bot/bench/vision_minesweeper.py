"""Figures for ``gamebot bench vision``: read and locate times, exact cells on labelled fixtures.

Accuracy: every labelled screenshot is read at every scale asked for, resized both bilinearly
and nearest-neighbour (the two ways desktop DPI scaling draws old programs); a cell counts as
exact when it reads as its label, or, for cells labelled unreadable, when the reader refuses it.
Hold-out: the same pictures read by each skin without one of its glyphs (:mod:`bot.bench.holdout`);
the held-out glyph must be refused, nothing misread. Speed: reading a located 30 x 16 board,
and locating boards pasted into busy 1920 x 1080 desktop pictures.
"""

from __future__ import annotations

import functools
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from bot.bench.holdout import HoldoutResult, variant_tag
from bot.bench.holdout import score_picture as holdout_picture
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.minesweeper.fixtures import Fixture, load_fixtures, rescale
from vision.minesweeper.reader import cell_verdicts, locate_minesweeper, read_minesweeper
from vision.minesweeper.skin import load_skin


@dataclass
class Score:
    pictures: int = 0
    pictures_exact: int = 0
    cells: int = 0
    cells_exact: int = 0
    refusals_expected: int = 0
    refusals_ok: int = 0
    panel_checked: int = 0
    panel_exact: int = 0


def score_picture(fixture: Fixture, pixels: np.ndarray, score: Score,
                  holdout: HoldoutResult | None = None, tag: str = "") -> str | None:
    """Read one (possibly rescaled) fixture; returns a line describing any miss. With
    ``holdout``, the picture also goes into the hold-out matrix (read where it was found)."""
    frame = Frame.from_pixels(pixels)
    if fixture.error is not None:
        score.refusals_expected += 1
        try:
            read_minesweeper(frame, fixture.skin)
        except ReadError:
            score.refusals_ok += 1
            return None
        return "read although it should be refused"
    assert fixture.state is not None
    rows, cols = len(fixture.state), len(fixture.state[0])
    score.pictures += 1
    score.cells += rows * cols
    try:
        location = locate_minesweeper(frame)
    except ReadError as exc:
        return f"not located: {exc}"
    verdict = cell_verdicts(frame, location)
    if verdict.best.shape != (rows, cols):
        return f"found {verdict.best.shape[0]}x{verdict.best.shape[1]}, expected {rows}x{cols}"
    if holdout is not None and location.skin == fixture.skin:
        holdout_picture(holdout, fixture, frame, location, tag)
    chars = verdict.text().split("\n")
    misses = []
    for r in range(rows):
        for c in range(cols):
            ok = bool(verdict.accepted[r, c])
            if (r, c) in fixture.unreadable:
                exact = not ok
            else:
                exact = ok and chars[r][c] == fixture.state[r][c]
            score.cells_exact += exact
            if not exact:
                misses.append((r, c))
    if not misses:
        score.pictures_exact += 1
    panel_line = ""
    skin = load_skin(location.skin)
    if not fixture.unreadable and not misses and (skin.counter is not None or skin.faces):
        # Only skins that draw 7-segment counters or a face have them read.
        reading = read_minesweeper(frame, location=location)
        score.panel_checked += 1
        got = (reading.counter, reading.timer, reading.face)
        want = (fixture.counter, fixture.timer, fixture.face)
        if got == want:
            score.panel_exact += 1
        else:
            panel_line = f"counter/timer/face {got} != {want}"
    if misses:
        return f"{len(misses)} cells wrong, first {misses[0]}"
    return panel_line or None


def desktop(board: np.ndarray, seed: int, size: tuple[int, int] = (1920, 1080)) -> np.ndarray:
    """A busy desktop picture with ``board`` pasted at a random place: gradient, windows,
    text and icons around it, so locating has something to ignore."""
    rng = np.random.default_rng(seed)
    w, h = size
    ys, xs = np.mgrid[0:h, 0:w]
    img = np.empty((h, w, 3), np.uint8)
    img[..., 0] = (90 + 60 * xs / w).astype(np.uint8)
    img[..., 1] = (60 + 50 * ys / h).astype(np.uint8)
    img[..., 2] = 40
    for _ in range(12):
        x0, y0 = int(rng.integers(0, w - 200)), int(rng.integers(0, h - 150))
        ww, hh = int(rng.integers(150, 700)), int(rng.integers(100, 500))
        colour = tuple(int(v) for v in rng.integers(120, 256, 3))
        cv2.rectangle(img, (x0, y0), (x0 + ww, y0 + hh), colour, -1)
        cv2.rectangle(img, (x0, y0), (x0 + ww, y0 + 22), (150, 90, 40), -1)
        for line in range(1, hh // 18):
            text = "".join(chr(int(c)) for c in rng.integers(97, 123, int(rng.integers(5, 40))))
            cv2.putText(img, text, (x0 + 6, y0 + 22 + 16 * line), cv2.FONT_HERSHEY_SIMPLEX, 0.4,
                        (20, 20, 20), 1)
    for _ in range(20):
        x0, y0 = int(rng.integers(0, w - 48)), int(rng.integers(0, h - 48))
        icon = tuple(int(v) for v in rng.integers(0, 256, 3))
        cv2.rectangle(img, (x0, y0), (x0 + 40, y0 + 40), icon, -1)
    bh, bw = board.shape[:2]
    x, y = int(rng.integers(0, max(1, w - bw))), int(rng.integers(0, max(1, h - bh)))
    img[y : y + bh, x : x + bw] = board[: h - y, : w - x]
    return img


def _median_ms(fn: Callable[[], object], repeat: int) -> tuple[float, float, float]:
    """Median wall, median CPU and fastest wall milliseconds of ``fn`` over ``repeat`` calls
    (after one warm-up). On a busy machine the fastest run is the closest to a quiet one."""
    fn()
    wall, cpu = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return statistics.median(wall), statistics.median(cpu), min(wall)


class VisionBench:
    """The two passes of ``gamebot bench vision`` as steps, so a caller can show progress and
    sum up what finished if it is stopped (Ctrl+C) between or inside them."""

    def __init__(self, folder: Path | None, scales: list[float], repeat: int) -> None:
        self.fixtures = load_fixtures(folder)
        self.scales = scales
        self.repeat = repeat
        self.score = Score()
        self.holdout = HoldoutResult()
        self.misses: list[str] = []
        self.read_times: dict[str, float] = {}
        self.read_cpu: dict[str, float] = {}
        self.read_fast: dict[str, float] = {}
        self.locate_fast: list[float] = []
        self.locate_times: list[float] = []
        self.locate_cpu: list[float] = []
        self.screens_exact = 0

    def _variants(self) -> list[tuple[float, bool]]:
        return [(scale, nearest) for scale in self.scales
                for nearest in ((False, True) if scale != 1.0 else (False,))]

    def accuracy_pictures(self) -> int:
        """Pictures the accuracy pass reads (every fixture at every scale and resizing)."""
        return len(self.fixtures) * len(self._variants())

    def accuracy(self, progress: Callable[[str], None] | None = None) -> None:
        """Read every fixture at every scale; ``progress`` gets each picture's file name."""
        for fixture in self.fixtures:
            base = Frame.from_file(fixture.path).pixels
            for scale, nearest in self._variants():
                miss = score_picture(fixture, rescale(base, scale, nearest), self.score,
                                     self.holdout, variant_tag(scale, nearest))
                if miss:
                    how = "nearest" if nearest else "bilinear"
                    self.misses.append(f"  {fixture.path.name} at {scale:g} ({how}): {miss}")
                if progress:
                    progress(fixture.path.name)

    def speed_fixtures(self) -> list[Fixture]:
        return [f for f in self.fixtures if f.state and not f.unreadable]

    def speed(self, progress: Callable[[str], None] | None = None) -> None:
        """Time reading located 30x16 boards and locating boards in busy desktop pictures."""
        repeat = self.repeat
        for k, fixture in enumerate(self.speed_fixtures()):
            frame = Frame.from_file(fixture.path)
            rows, cols = len(fixture.state or []), len(fixture.state[0] if fixture.state else "")
            location = locate_minesweeper(frame)
            if (rows, cols) == (16, 30) and fixture.skin not in self.read_times:
                wall, cpu, fast = _median_ms(
                    functools.partial(read_minesweeper, frame, location=location), repeat
                )
                self.read_times[fixture.skin], self.read_cpu[fixture.skin] = wall, cpu
                self.read_fast[fixture.skin] = fast
            if frame.width <= 1920 and frame.height <= 1080:  # else it cannot be pasted whole
                screen = Frame.from_pixels(desktop(frame.pixels, seed=k))
                wall, cpu, fast = _median_ms(functools.partial(locate_minesweeper, screen),
                                             max(3, repeat // 5))
                self.locate_times.append(wall)
                self.locate_cpu.append(cpu)
                self.locate_fast.append(fast)
                try:
                    found = read_minesweeper(screen).board.to_text().split("\n") == fixture.state
                except ReadError:
                    found = False
                self.screens_exact += found
            if progress:
                progress(fixture.path.name)

    def report(self) -> tuple[dict[str, object], list[str]]:
        """(JSON summary, human lines) of what has been measured."""
        score, holdout, scales = self.score, self.holdout, self.scales
        read_times, read_cpu, read_fast = self.read_times, self.read_cpu, self.read_fast
        locate_times, locate_cpu, locate_fast = self.locate_times, self.locate_cpu, self.locate_fast
        screens_exact, fixtures = self.screens_exact, self.fixtures
        read_ms = read_times.get(
            "winxp", statistics.median(read_times.values()) if read_times else 0
        )
        summary: dict[str, object] = {
            "read_ms_median": round(read_ms, 2),
            "read_cpu_ms_median": round(read_cpu.get("winxp", 0.0), 2),
            "read_ms_fastest": round(read_fast.get("winxp", 0.0), 2),
            "read_ms_by_skin": {k: round(v, 2) for k, v in read_times.items()},
            "locate_ms_median": round(statistics.median(locate_times), 1) if locate_times else None,
            "locate_cpu_ms_median": round(statistics.median(locate_cpu), 1) if locate_cpu else None,
            "locate_ms_fastest_median": (
                round(statistics.median(locate_fast), 1) if locate_fast else None
            ),
            "locate_screens": len(locate_times),
            "locate_screens_read_exactly": screens_exact,
            "fixtures": len(fixtures),
            "pictures": score.pictures,
            "pictures_exact": score.pictures_exact,
            "cells": score.cells,
            "cells_exact": score.cells_exact,
            "refusals_expected": score.refusals_expected,
            "refusals_ok": score.refusals_ok,
            "panels_checked": score.panel_checked,
            "panels_exact": score.panel_exact,
            "holdout_cells": holdout.held_cells,
            "holdout_refused": holdout.refused,
            "holdout_misreads": holdout.misreads,
            "holdout": holdout.to_dict(),
            "scales": scales,
        }
        lines: list[str] = []
        lines.append(f"fixtures {len(fixtures)}, pictures read {score.pictures} (every fixture at"
                     f" scales {', '.join(f'{s:g}' for s in scales)}, bilinear and nearest)")
        lines.append(f"cells exact {score.cells_exact}/{score.cells}"
                     f" ({100 * score.cells_exact / max(1, score.cells):.3f} %),"
                     f" pictures exact {score.pictures_exact}/{score.pictures}")
        lines.append(f"refused as expected {score.refusals_ok}/{score.refusals_expected};"
                     f" counter/timer/face exact {score.panel_exact}/{score.panel_checked}")
        lines.extend(self.misses)
        lines.extend(holdout.lines())
        if read_times:
            by_skin = ", ".join(f"{k} {v:.2f}" for k, v in read_times.items())
            lines.append(f"read a located 30x16 board: median {read_ms:.2f} ms, fastest"
                         f" {read_fast.get('winxp', 0.0):.2f} ms (medians by skin: {by_skin})")
        if locate_times:
            lines.append(
                f"locate in 1920x1080 desktops: median {statistics.median(locate_times):.1f}"
                f" ms wall ({statistics.median(locate_fast):.1f} fastest),"
                f" {statistics.median(locate_cpu):.1f} ms CPU"
                f" over {len(locate_times)} screens ({screens_exact} read exactly)"
            )
        return summary, lines


def run_vision_bench(
    folder: Path | None, scales: list[float], repeat: int,
    progress: Callable[[str], None] | None = None,
) -> tuple[dict[str, object], list[str]]:
    """Everything ``gamebot bench vision`` prints: (JSON summary, human lines)."""
    bench = VisionBench(folder, scales, repeat)
    bench.accuracy(progress)
    bench.speed()
    return bench.report()
