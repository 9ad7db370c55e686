"""Figures for ``gamebot bench vision --game balda``: every labelled Balda screenshot read.

Accuracy with the site's shipped glyph bank (every cell must be exact; refused pictures must
be refused), the pictures kept out of the banks counted apart; hold-out letters (a bank without
one letter must refuse that letter's cells, never misread them); and an empty bank, every glyph
named by Tesseract, counting cells named right, named wrongly (must be 0) and refused. Speed:
median read of a located 5x5 grid and median locate in the 1600x1000 screenshots.
"""

from __future__ import annotations

import functools
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from vision.balda.fixtures import BaldaFixture, load_balda_fixtures
from vision.balda.reader import cell_verdicts, read_balda
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.glyph_bank import GlyphBank
from vision.core.letters import GridLocation, locate_letter_grid
from vision.core.ocr import tesseract_lang

BankFor = Callable[[str], GlyphBank]
AlphabetFor = Callable[[str], str]


@dataclass
class Counts:
    pictures: int = 0
    pictures_exact: int = 0
    cells: int = 0
    cells_exact: int = 0
    misread: int = 0
    refused: int = 0

    def add(self, want: tuple[str, ...], got: list[str], problems: set[int]) -> list[str]:
        """Count one picture's cells; returns lines naming the misses."""
        n = len(want)
        misses = []
        self.pictures += 1
        for i in range(n * n):
            r, c = divmod(i, n)
            label = want[r][c]
            self.cells += 1
            if i in problems:
                self.refused += 1
                misses.append(f"row {r + 1} col {c + 1} refused (is {label})")
            elif (got[i] or ".") == label:
                self.cells_exact += 1
            else:
                self.misread += 1
                misses.append(f"row {r + 1} col {c + 1} MISREAD as {got[i] or '.'} (is {label})")
        self.pictures_exact += not misses
        return misses

    def to_dict(self) -> dict[str, int]:
        return dict(self.__dict__)


@dataclass
class BenchResult:
    shipped: Counts = field(default_factory=Counts)
    holdout_pictures: Counts = field(default_factory=Counts)
    empty_bank: Counts = field(default_factory=Counts)
    held_letters: Counts = field(default_factory=Counts)
    refusals_expected: int = 0
    refusals_ok: int = 0
    read_ms: list[float] = field(default_factory=list)
    read_cpu_ms: list[float] = field(default_factory=list)
    locate_ms: list[float] = field(default_factory=list)
    locate_cpu_ms: list[float] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def _timed(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median wall and CPU milliseconds over ``repeat`` calls after one warm-up."""
    fn()
    wall, cpu = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def _held_letters(fx: BaldaFixture, frame: Frame, location: GridLocation, bank: GlyphBank,
                  alphabet: str, result: BenchResult) -> None:
    """Each letter of the picture left out of the bank in turn: its cells must be refused."""
    assert fx.rows is not None
    n = fx.size
    for letter in sorted({ch for row in fx.rows for ch in row if ch != "."}):
        v = cell_verdicts(frame, location, bank.without(letter), alphabet, ocr=False)
        for i in range(n * n):
            r, c = divmod(i, n)
            if fx.rows[r][c] != letter:
                continue
            result.held_letters.cells += 1
            if i in v.problems:
                result.held_letters.refused += 1
            else:
                result.held_letters.misread += 1
                result.lines.append(f"  {fx.name}: without {letter}, row {r + 1} col {c + 1}"
                                    f" MISREAD as {v.grid[i]}")


def run_balda_bench(
    bank_for: BankFor,
    alphabet_for: AlphabetFor,
    folder: Path | None = None,
    repeat: int = 20,
    empty_bank: bool = True,
    progress: Callable[[str], None] | None = None,
) -> tuple[dict[str, object], list[str]]:
    """Everything the bench prints: (JSON summary, human lines)."""
    fixtures = load_balda_fixtures(folder)
    res = BenchResult()
    for fx in fixtures:
        frame = Frame.from_file(fx.path)
        alphabet, lang = alphabet_for(fx.lang), tesseract_lang(fx.lang)
        bank = bank_for(fx.site)
        wall, cpu = _timed(functools.partial(_locate_or_none, frame), max(1, repeat // 4))
        res.locate_ms.append(wall)
        res.locate_cpu_ms.append(cpu)
        if fx.error is not None:
            res.refusals_expected += 1
            try:
                location = locate_letter_grid(frame)
                read_balda(frame, location, bank.copy(), alphabet, lang)
            except ReadError:
                res.refusals_ok += 1
            else:
                res.lines.append(f"  {fx.name}: read although it must be refused ({fx.error})")
            if progress:
                progress(fx.name)
            continue
        assert fx.rows is not None
        counts = res.holdout_pictures if fx.holdout else res.shipped
        try:
            location = locate_letter_grid(frame)
        except ReadError as exc:
            counts.pictures += 1
            counts.cells += fx.size**2
            counts.refused += fx.size**2
            res.lines.append(f"  {fx.name}: not located: {exc}")
            continue
        if (location.rows, location.cols) != (fx.size, fx.size):
            res.lines.append(f"  {fx.name}: found {location.rows}x{location.cols}")
            continue
        v = cell_verdicts(frame, location, bank.copy(), alphabet, lang, ocr=True)
        for miss in counts.add(fx.rows, v.grid, set(v.problems)):
            res.lines.append(f"  {fx.name}: {miss}")
        if fx.size == 5 and not v.problems:
            # One bank across the timed reads, as the bot keeps it: a glyph Tesseract named
            # in the warm-up read is a template in the timed ones.
            timed_bank = bank.copy()
            wall, cpu = _timed(
                functools.partial(read_balda, frame, location, timed_bank, alphabet, lang),
                repeat,
            )
            res.read_ms.append(wall)
            res.read_cpu_ms.append(cpu)
        _held_letters(fx, frame, location, bank, alphabet, res)
        if empty_bank:
            blank = GlyphBank(alphabet, fx.site)
            e = cell_verdicts(frame, location, blank, alphabet, lang, ocr=True)
            for miss in res.empty_bank.add(fx.rows, e.grid, set(e.problems)):
                if "MISREAD" in miss:
                    res.lines.append(f"  {fx.name} (empty bank): {miss}")
        if progress:
            progress(fx.name)
    return _summary(fixtures, res)


def _locate_or_none(frame: Frame) -> GridLocation | None:
    try:
        return locate_letter_grid(frame)
    except ReadError:
        return None


def _median(values: list[float]) -> float | None:
    return round(statistics.median(values), 2) if values else None


def _summary(fixtures: list[BaldaFixture], res: BenchResult) -> tuple[dict[str, object],
                                                                      list[str]]:
    s, h, e, held = res.shipped, res.holdout_pictures, res.empty_bank, res.held_letters
    pictures = s.pictures + h.pictures
    summary: dict[str, object] = {
        "fixtures": len(fixtures),
        "pictures": pictures,
        "pictures_exact": s.pictures_exact + h.pictures_exact,
        "cells": s.cells + h.cells,
        "cells_exact": s.cells_exact + h.cells_exact,
        "misreads": s.misread + h.misread,
        "refused_cells": s.refused + h.refused,
        "holdout_pictures": h.to_dict(),
        "refusals_expected": res.refusals_expected,
        "refusals_ok": res.refusals_ok,
        "held_letters": {"cells": held.cells, "refused": held.refused,
                         "misreads": held.misread},
        "empty_bank": {"pictures": e.pictures, "cells": e.cells,
                       "exact": e.cells_exact, "named_wrongly": e.misread,
                       "refused": e.refused},
        "read_ms_median": _median(res.read_ms),
        "read_cpu_ms_median": _median(res.read_cpu_ms),
        "read_grids_timed": len(res.read_ms),
        "locate_ms_median": _median(res.locate_ms),
        "locate_cpu_ms_median": _median(res.locate_cpu_ms),
        "sites": sorted({f.site for f in fixtures}),
    }
    lines = [
        f"labelled pictures {len(fixtures)}: {pictures} grids, {res.refusals_expected} to refuse",
        f"shipped banks: cells exact {s.cells_exact}/{s.cells} in {s.pictures} pictures"
        f" ({s.misread} misread, {s.refused} refused)",
        f"pictures kept out of the banks: cells exact {h.cells_exact}/{h.cells} in"
        f" {h.pictures} pictures ({h.misread} misread, {h.refused} refused)",
        f"refused as expected {res.refusals_ok}/{res.refusals_expected}",
        f"bank without the cell's letter: {held.refused}/{held.cells} refused,"
        f" {held.misread} misread",
    ]
    if e.pictures:
        lines.append(
            f"empty bank (Tesseract names every glyph): {e.cells_exact}/{e.cells} cells exact,"
            f" {e.misread} named wrongly, {e.refused} refused"
        )
    if res.read_ms:
        lines.append(f"read a located 5x5 grid: median {statistics.median(res.read_ms):.1f} ms"
                     f" wall, {statistics.median(res.read_cpu_ms):.1f} ms CPU"
                     f" ({len(res.read_ms)} grids)")
    lines.append(f"locate in the 1600x1000 screenshots: median"
                 f" {statistics.median(res.locate_ms):.1f} ms wall,"
                 f" {statistics.median(res.locate_cpu_ms):.1f} ms CPU")
    lines.extend(res.lines)
    return summary, lines
