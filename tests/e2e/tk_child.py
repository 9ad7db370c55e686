"""Run a test's in-process Tk part in a forked child: Tk keeps its X connection after
``destroy()``, and when the module's Xvfb stops later Xlib's fatal-IO handler exits the whole
process (a pytest-xdist worker: "node down"). The child's failure comes back as the parent's."""

from __future__ import annotations

import multiprocessing
import os
import traceback
from collections.abc import Callable


def in_child(body: Callable[[], None], timeout: float = 120.0) -> None:
    ctx = multiprocessing.get_context("fork")
    reader, writer = ctx.Pipe(duplex=False)

    def run() -> None:
        try:
            body()
            writer.send("")
        except BaseException:
            writer.send(traceback.format_exc())
        finally:
            os._exit(0)

    child = ctx.Process(target=run)
    child.start()
    got = reader.recv() if reader.poll(timeout) else f"no answer within {timeout} s"
    child.join(10)
    if got:
        raise AssertionError(f"in the Tk child process:\n{got}")
