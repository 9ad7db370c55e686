"""A progress bar on stderr for long runs (benchmarks, soaks), quiet when stderr is not a TTY."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


class Bar:
    """Advance it as work completes; ``status`` is free text shown after the counts."""

    def __init__(self, progress: Progress | None, task: TaskID | None) -> None:
        self._progress = progress
        self._task = task

    def advance(self, n: int = 1, status: str = "") -> None:
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, advance=n, status=status)

    def set_total(self, total: int) -> None:
        """The number of steps, once it is known (a bar can start without one)."""
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, total=total)


@contextmanager
def progress_bar(total: int | None, description: str, enabled: bool | None = None) -> Iterator[Bar]:
    """``with progress_bar(n, "expert games") as bar: ... bar.advance(status="41.2 %")``."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        yield Bar(None, None)
        return
    console = Console(file=sys.stderr)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.fields[status]}"),
        console=console,
        transient=False,
    ) as progress:
        task = progress.add_task(description, total=total, status="")
        yield Bar(progress, task)
