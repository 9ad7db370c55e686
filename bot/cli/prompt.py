"""Asking the person at the terminal, where Ctrl+D or Ctrl+C at a prompt means "cancel".

``input()`` raises EOFError on Ctrl+D (end of input) and KeyboardInterrupt on Ctrl+C; at a
question either is the person's answer "stop", so it ends the command cleanly with
:class:`Cancelled` (``gamebot: cancelled ...``, exit 1), never with a traceback.
"""

from __future__ import annotations

import sys

from bot.errors import GamebotError


class Cancelled(GamebotError):
    """The person stopped the command at a prompt; nothing was written."""


def can_ask() -> bool:
    """True when a person can answer (stdin is a terminal)."""
    return sys.stdin.isatty()


def ask(question: str) -> str:
    """The line typed after ``question`` (stripped), or :class:`Cancelled`."""
    try:
        return input(question).strip()
    except (EOFError, KeyboardInterrupt):
        print(file=sys.stderr)  # end the prompt's line
        raise Cancelled("cancelled at the prompt: nothing was saved") from None
