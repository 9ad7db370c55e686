"""``gamebot serve balda|erudit``: the project's own pages on 127.0.0.1, until Ctrl+C.

Each page (``bot/pages/<game>/``) plays against our engine; ``--print-url`` prints only the
address (one line, flushed) so a parent process can start the server and read where it is.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.cli.registry import Command

if TYPE_CHECKING:
    from bot.pages.kit.server import PageHandler, PageServer


def _configure_serve_balda(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port",
        type=int,
        default=0,
        metavar="N",
        help="port to listen on (127.0.0.1 only; default: one the system picks)",
    )
    parser.add_argument(
        "--print-url",
        action="store_true",
        help="print only the page's address (one line), then serve; for scripts",
    )


def _serve(args: argparse.Namespace, game: str, handler: PageHandler,
           intro: Callable[[PageServer], list[str]], parameters: list[str], ready: str) -> int:
    """Serve one of our pages until Ctrl+C: its address (only that with ``--print-url``),
    or a few example addresses and its URL parameters for a person."""
    import threading

    from bot.errors import GamebotError
    from bot.pages.kit.server import PageServer

    if not 0 <= args.port <= 65535:
        raise GamebotError(f"--port {args.port} is not a port number (0..65535)")
    server = PageServer(game, handler, port=args.port).start()
    try:
        if args.print_url:
            print(server.url(), flush=True)
        else:
            for line in intro(server):
                print(line)
            print("URL parameters:")
            for line in parameters:
                print(line)
            print(ready, flush=True)
        threading.Event().wait()
    except KeyboardInterrupt:
        if not args.print_url:
            print("stopped", file=sys.stderr)
    finally:
        server.stop()
    return 0


def _run_serve_balda(args: argparse.Namespace) -> int:
    from bot.pages.balda.config import describe_parameters
    from bot.pages.balda.game import BaldaGames

    games = BaldaGames()
    games.preload("ru")
    def intro(server: PageServer) -> list[str]:
        return [f"Balda page: {server.url()}",
                f"for example: {server.url(theme='night', input='type-click', level='easy')}"]

    langs = tuple(k for k in games.languages if "+" not in k)  # ru+yo is yo=letter
    return _serve(args, "balda", games, intro, describe_parameters(langs),
                  "serving until Ctrl+C (the dictionary loads in the background)")


COMMANDS: list[Command] = [
    Command(
        "serve",
        "balda",
        "the project's Balda page against our engine (themes, input styles, 3 levels)",
        _configure_serve_balda,
        _run_serve_balda,
        description="Serve the project's own Balda page on 127.0.0.1 until Ctrl+C: a "
        "computer opponent on our engine (easy, medium, hard) or hot-seat, 5x5/6x6/7x7, three"
        " themes and two input styles chosen by URL parameters, which this command lists.",
    ),
]


# ----- gamebot serve erudit -------------------------------------------------------------------
def _run_serve_erudit(args: argparse.Namespace) -> int:
    from bot.pages.erudit.config import describe_parameters
    from bot.pages.erudit.game import EruditGames

    games = EruditGames()
    games.preload("erudit")

    def intro(server: PageServer) -> list[str]:
        return [f"Erudit page: {server.url()}",
                f"English Scrabble: {server.url(rules='scrabble-en')}",
                f"for example: {server.url(theme='wood', input='click', level='easy')}"]

    return _serve(args, "erudit", games, intro, describe_parameters(), "serving until Ctrl+C")


COMMANDS.append(
    Command(
        "serve",
        "erudit",
        "the project's Erudit / Scrabble page against our engine (2 themes, drag or click)",
        _configure_serve_balda,
        _run_serve_erudit,
        description="Serve the project's own Erudit (Russian) or Scrabble (English) page on "
        "127.0.0.1 until Ctrl+C: a computer opponent on our engine (easy, medium, hard), two "
        "themes and two input styles chosen by URL parameters, which this command lists.",
    )
)
