"""Where logs, problem frames and demo recordings go when no ``--out`` is given.

``$GAMEBOT_OUT`` when set (a service's data folder; the test suite's own temporary folder, so
that tests never write into the checkout), else ``out/`` in the current folder.
"""

from __future__ import annotations

import os
from pathlib import Path


def default_out() -> Path:
    """The folder outputs go to when the command line names none."""
    return Path(os.environ.get("GAMEBOT_OUT") or "out")
