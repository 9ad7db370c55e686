"""Shared fixtures: a private Xvfb display for tests that need a screen, and fixture paths."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "recordings"


@pytest.fixture(scope="module")
def virtual_display() -> Iterator[object]:
    """A fresh Xvfb (1600x1000x24) for the module's tests; DISPLAY points at it meanwhile."""
    if shutil.which("Xvfb") is None:
        pytest.fail("Xvfb is not installed: run ./scripts/setup.sh (make test does)")
    from bot.virtual_display import VirtualDisplay

    with VirtualDisplay(1600, 1000) as display:
        yield display
