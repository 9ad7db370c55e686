"""Ending a child process the bot started (a game, Xvfb): ask it to stop, then make it.

Only the process we hold is signalled, never anything found by name.
"""

from __future__ import annotations

import subprocess


def stop_process(process: subprocess.Popen, grace: float = 5.0) -> None:
    """SIGTERM, wait up to ``grace`` seconds, then SIGKILL; returns once it has exited."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
