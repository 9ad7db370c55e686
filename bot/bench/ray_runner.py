"""Benchmark chunks as tasks on an existing Ray cluster (``bench ... --ray ADDRESS|auto``).

Ray is an optional extra (``pip install -e '.[ray]'``, which ``scripts/setup.sh`` does), imported
only here and only when asked for. Each task plays one seeded chunk of games, so the results
are those of a local run of the same seeds whatever the cluster's size or order of completion.
A bounded number of chunks is in flight at once (a run of 10⁷ games is not 10⁵ pending tasks);
on Ctrl+C or any early stop the pending tasks are cancelled and the driver disconnects.
The cluster's nodes need gamebot installed (the driver ships no code).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from bot.errors import GamebotError

T = TypeVar("T")
R = TypeVar("R")

IN_FLIGHT_PER_CPU = 2  # chunks queued per cluster CPU: keeps every worker busy, memory small


def run_on_ray(address: str, work: Callable[[T], R], tasks: list[T]) -> Iterator[R]:
    """``work(task)`` for every task on the cluster at ``address``, results as they finish."""
    _reach_loopback_as_loopback(address)
    ray = _import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False,
                     logging_level="ERROR")
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise GamebotError(f"--ray {address}: cannot connect to a Ray cluster ({exc})") from exc
    remote = ray.remote(num_cpus=1, max_retries=3)(work)
    limit = max(1, int(ray.cluster_resources().get("CPU", 1)) * IN_FLIGHT_PER_CPU)
    queue = list(reversed(tasks))
    pending: list[Any] = []
    try:
        while queue or pending:
            while queue and len(pending) < limit:
                pending.append(remote.remote(queue.pop()))
            done, pending = ray.wait(pending, num_returns=1)
            try:
                result = ray.get(done[0])
            except ray.exceptions.RayError as exc:
                cause = getattr(exc, "cause", None) or exc
                text = (str(cause).strip().splitlines() or [""])[-1]
                raise GamebotError(
                    f"--ray {address}: a task failed ({type(cause).__name__}: {text});"
                    " note every node needs gamebot installed"
                ) from exc
            yield result
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()


LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def _reach_loopback_as_loopback(address: str) -> None:
    """A head on 127.0.0.1 (``ray start --head --node-ip-address 127.0.0.1``) listens there
    only, but Ray swaps a loopback address for the machine's outward one before connecting;
    this switch of Ray's (read when ray is imported) keeps it on the loopback."""
    host = address.rpartition(":")[0] if ":" in address else address
    if host in LOOPBACK:
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise GamebotError(
            "--ray needs Ray: pip install -e '.[ray]' (scripts/setup.sh installs it)"
        ) from None
    return ray
