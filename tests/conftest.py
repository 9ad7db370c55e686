"""Shared fixtures: a private Xvfb display for tests that need a screen, and fixture paths."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
RECORDINGS = ROOT / "recordings"

# Hypothesis: under CI (or HYPOTHESIS_PROFILE=ci, as `make mutation` sets) every run draws the
# same examples; locally they vary, and a failing example is kept in .hypothesis/ (git-ignored)
# and tried first next time. Either way a failure prints its example and a reproduce blob.
settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, print_blob=True)  # a busy machine is no bug
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(autouse=True, scope="session")
def private_out_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Logs and problem frames of sessions a test starts without ``out=`` go to the test
    session's own folder, never ``out/`` in the checkout (a CI run had left games logs and
    problem frames there)."""
    yield from _private_env_folder(tmp_path_factory, "GAMEBOT_OUT", "out")


@pytest.fixture(autouse=True, scope="session")
def private_skin_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Learned skins go to (and are read from) a folder of the test session's own, never the
    user skin folder: read and play try every skin there, and play saves what it learns."""
    yield from _private_env_folder(tmp_path_factory, "GAMEBOT_SKINS", "user-skins")


def _private_env_folder(factory: pytest.TempPathFactory, variable: str,
                        name: str) -> Iterator[Path]:
    """Point ``variable`` at a fresh folder of the test session's for the session's length."""
    folder = factory.mktemp(name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(variable, str(folder))
        yield folder


@pytest.fixture(scope="module")
def virtual_display() -> Iterator[object]:
    """A fresh Xvfb (1600x1000x24) for the module's tests; DISPLAY points at it meanwhile."""
    if shutil.which("Xvfb") is None:
        pytest.fail("Xvfb is not installed: run ./scripts/setup.sh (make test does)")
    from bot.io.virtual_display import VirtualDisplay

    with VirtualDisplay(1600, 1000) as display:
        yield display
