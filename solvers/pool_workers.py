"""What a worker process of a bench or a fit does with the stop signals.

Workers ignore Ctrl+C: the parent stops the pool and prints the figures so far. The parent's
SIGTERM handler (a ``kill`` ends a session as Ctrl+C does) is not theirs: a pool ends its
workers with SIGTERM, and the inherited handler printed a traceback from each of them.
"""

from __future__ import annotations

import signal


def leave_ctrl_c_to_the_parent() -> None:
    """Call first in a pool worker's initializer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
