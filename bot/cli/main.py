"""``gamebot``: one command line, a verb per job (``play``, ``read``, ``bench``, ...)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from bot.cli.prompt import Cancelled
from bot.cli.registry import VERBS, Command, all_commands
from bot.errors import GamebotError


def version() -> str:
    """The installed package's version (the source tree's when it is not installed)."""
    import importlib.metadata

    try:
        return importlib.metadata.version("gamebot")
    except importlib.metadata.PackageNotFoundError:
        return "0+source"


def build_parser(commands: list[Command] | None = None) -> argparse.ArgumentParser:
    commands = all_commands() if commands is None else commands
    parser = argparse.ArgumentParser(
        prog="gamebot",
        description="A bot that plays screen games by itself: it grabs the screen, reads the "
        "board, picks the best move and performs it.",
    )
    parser.add_argument("--version", action="version", version=f"gamebot {version()}")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB")
    verbs.required = True
    by_verb: dict[str, list[Command]] = {}
    for cmd in commands:
        if cmd.verb not in VERBS:
            raise ValueError(f"command {cmd} uses unknown verb {cmd.verb!r}")
        by_verb.setdefault(cmd.verb, []).append(cmd)
    for verb, help_text in VERBS.items():
        group = by_verb.get(verb)
        if not group:
            continue
        solo = [c for c in group if c.game is None]
        per_game = [c for c in group if c.game is not None]
        if solo:
            # The bare verb (``gamebot demo``) runs its default; games may add their own.
            cmd = solo[0]
            sub = verbs.add_parser(verb, help=cmd.help, description=cmd.description or cmd.help)
            cmd.configure(sub)
            sub.set_defaults(_run=cmd.run)
        else:
            sub = verbs.add_parser(verb, help=help_text, description=help_text)
        if not per_game:
            continue
        games = sub.add_subparsers(dest="game", metavar="WHAT")
        games.required = not solo
        for cmd in per_game:
            assert cmd.game is not None
            leaf = games.add_parser(
                cmd.game, help=cmd.help, description=cmd.description or cmd.help
            )
            cmd.configure(leaf)
            leaf.set_defaults(_run=cmd.run)
    return parser


def _stop_on_sigterm() -> None:
    """``kill`` (a service manager, a script's timeout) ends a session as Ctrl+C does: figures
    printed, the browser, game and virtual display the bot started closed, nothing left behind."""
    import signal

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: leave the default
        pass


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:  # the real command line: its wall time starts with the process
        from bot.cli import timing

        timing.COMMAND_LINE = True
        # Tesseract (run per OCR call) on one thread unless the user says otherwise: its
        # OpenMP threads spin, 590 ms of CPU for a Balda page's lines instead of 132 ms for
        # the same text, taken from the browser and the bot on a busy machine
        os.environ.setdefault("OMP_THREAD_LIMIT", "1")
        _stop_on_sigterm()
        from bot.run.memory import frames_out_of_the_heap

        frames_out_of_the_heap()
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except Cancelled as exc:  # Ctrl+D or Ctrl+C at a prompt: the person's answer, no error
        print(f"gamebot: {exc}", file=sys.stderr)
        return 1
    except (GamebotError, ValueError, OSError) as exc:
        # Input errors (bad board text, unreadable image, missing file) name the problem.
        print(f"gamebot: error: {exc}", file=sys.stderr)
        _json_error(args, str(exc))
        return 2
    except KeyboardInterrupt:
        print("gamebot: interrupted", file=sys.stderr)
        _json_error(args, "interrupted (Ctrl+C)")
        return 130


def _json_error(args: argparse.Namespace, why: str) -> None:
    """With --json, a command that ends in an error still ends in its JSON line (a script
    reading the last line gets why, not nothing)."""
    if getattr(args, "json", False):
        import json

        print(json.dumps({"error": why, "stopped": why}, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    sys.exit(main())
