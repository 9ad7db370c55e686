"""Child processes the bot starts end when asked, and are killed when they will not."""

from __future__ import annotations

import subprocess
import sys
import time

from bot.io.processes import stop_process


def _python(code: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)


def test_a_polite_process_ends_on_sigterm():
    proc = _python("import time; print('up', flush=True); time.sleep(60)")
    assert proc.stdout is not None and proc.stdout.readline() == b"up\n"
    stop_process(proc)
    assert proc.returncode == -15  # ended by SIGTERM, not SIGKILL
    proc.stdout.close()


def test_a_process_ignoring_sigterm_is_killed_after_the_grace():
    code = (
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN);"
        " print('up', flush=True); time.sleep(60)"
    )
    proc = _python(code)
    assert proc.stdout is not None and proc.stdout.readline() == b"up\n"
    started = time.monotonic()
    stop_process(proc, grace=0.3)
    assert proc.returncode == -9
    assert 0.3 <= time.monotonic() - started < 10
    proc.stdout.close()


def test_stopping_a_finished_process_does_nothing():
    proc = _python("pass")
    proc.wait()
    stop_process(proc)
    assert proc.returncode == 0
    proc.stdout.close()  # type: ignore[union-attr]
