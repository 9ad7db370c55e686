"""Windows found through the real pywinctl: Xvfb with a small EWMH window manager (JWM),
an ``xmessage`` and a window titled only by ``_NET_WM_NAME``.

Everywhere else the tests run Xvfb without a window manager, where the X tree is the backend;
this is the one place the pywinctl backend meets a real X server. Skipped (saying why) where
JWM is not installed; scripts/setup.sh installs it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time

import pytest

from bot.io.processes import stop_process
from bot.io.windows.x11_backend import ewmh_manager
from tests.conftest import ROOT

pytestmark = pytest.mark.display

JWM = shutil.which("jwm")
XMESSAGE = shutil.which("xmessage")


def wait_for(check, timeout: float = 10.0):
    deadline = time.monotonic() + timeout
    while (value := check()) is None:
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)
    return value


@pytest.mark.skipif(JWM is None, reason="jwm is not installed (Debian: apt install jwm;"
                    " scripts/setup.sh installs it): no EWMH window manager to run pywinctl on")
@pytest.mark.skipif(XMESSAGE is None, reason="xmessage is not installed (Debian: x11-utils)")
def test_under_a_window_manager_pywinctl_finds_measures_and_focuses_windows(
        virtual_display, tmp_path):
    config = tmp_path / "jwmrc"
    config.write_text('<?xml version="1.0"?>\n<JWM></JWM>\n', encoding="utf-8")
    env = virtual_display.env
    wm = subprocess.Popen([JWM, "-f", str(config)], env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, start_new_session=True)
    message = None
    try:
        assert wait_for(ewmh_manager) == "JWM"
        message = subprocess.Popen(
            [XMESSAGE, "-name", "gbxmsg", "-title", "gamebot xmessage", "-geometry", "+120+90",
             "a small X program to find"], env=env, start_new_session=True)
        probe = subprocess.run([sys.executable, "-m", "tests.e2e.wm_probe"], cwd=ROOT, env=env,
                               capture_output=True, text=True, timeout=90, check=False)
        assert probe.returncode == 0, probe.stderr
        seen = json.loads(probe.stdout)
    finally:
        if message is not None:
            stop_process(message)
        stop_process(wm)

    assert seen["backend"] == "pywinctl", seen["reason"]
    assert seen["reason"] == f"EWMH window manager 'JWM' on {virtual_display.name}"
    xm = seen["xmessage"]
    assert xm["backend"] == "pywinctl" and xm["app"] == "gbxmsg"  # WM_CLASS, not ps's name
    assert seen["by_class"] == xm["id"] and seen["by_id"] == "gamebot xmessage"
    assert seen["unicode"]["id"] == seen["unicode"]["own"]  # found by _NET_WM_NAME only
    assert seen["unicode"]["app"] == "gbprobe"
    # the client window where the X server says it is (inside the frame JWM put around it)
    assert seen["measured"] == seen["truth"] == xm["region"] == seen["target_region"]
    left, top = seen["truth"][:2]
    assert left > 120 and top > 90  # the frame's border and title bar come first
    assert seen["active_after_focus"] == seen["unicode"]["id"]
    assert seen["describe"] == f"window-title (window {xm['id']:#x}, found by pywinctl)"
    assert seen["not_found"].startswith(
        "no window titled 'Minesweeper XP' (listed by pywinctl: EWMH window manager 'JWM' on")
    assert "'gamebot xmessage' (" in seen["not_found"] and "Сапёр" in seen["not_found"]
