"""Errors the CLI reports as one clear line (exit 2) instead of a traceback."""


class GamebotError(Exception):
    """A problem the user can fix: bad input, missing program, no board on screen."""
