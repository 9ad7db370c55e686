"""``play``/``demo`` for the word games in a browser window, shared by every word game; each
game's own options come from its ``bot/cli/<game>/play.py`` (a :class:`PageVerbs`).

Heavy imports (OpenCV, mss, the engine) happen inside ``run``, so ``--help`` stays fast.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli.options import (
    add_json,
    add_recording_options,
    non_negative_float,
    positive_float,
    positive_int,
)
from bot.cli.registry import Command
from bot.run.out_dir import default_out

if TYPE_CHECKING:
    from bot.run.results import SessionStats
    from bot.run.session import PlayResult
    from bot.web.session import PagePlayConfig

# bot.web.session.TARGETS, repeated so --help imports nothing heavy (a test keeps them equal)
TARGETS = ("builtin", "browser", "window-title")


def _zoom(text: str) -> float:
    try:
        value = float(text.rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"zoom {text!r} is not a percentage such as 125") from None
    if not 25 <= value <= 500:
        raise argparse.ArgumentTypeError(f"zoom {value:g} % is outside 25..500 %")
    return value / 100.0


def _window(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"window size {text!r}: use WIDTHxHEIGHT") from None
    if not (320 <= w <= 8000 and 240 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"window size {w}x{h} is not a usable size")
    return w, h


def _page_param(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"page parameter {text!r}: use KEY=VALUE")
    return key.strip(), value.strip()


def _configure_page(p: argparse.ArgumentParser, verbs: PageVerbs) -> None:
    page = p.add_argument_group("the built-in page (--target builtin)")
    page.add_argument("--theme", choices=verbs.themes, default="classic",
                      help="look (default classic)")
    page.add_argument(
        "--style",
        help=f"input style: on the built-in page {verbs.styles}; on other sites one of the"
        " styles its profile lists",
    )
    verbs.page_options(page)
    page.add_argument(
        "--level",
        choices=("easy", "medium", "hard"),
        default="hard",
        help="the page's computer opponent (default hard: the engine's best)",
    )
    page.add_argument(
        "--first", choices=("human", "computer"), default="human", help="who moves first"
    )
    page.add_argument(
        "--reject",
        type=float,
        default=0.0,
        metavar="FRACTION",
        help="the page refuses this fraction of our words as unknown (tests how the bot copes"
        " with a site whose dictionary differs; default 0)",
    )
    page.add_argument(
        "--page-param",
        type=_page_param,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="any other URL parameter of the built-in page, repeatable (the page's variants:"
        " `gamebot serve GAME` lists them, e.g. ending=silent)",
    )


def _configure_common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--zoom",
        type=_zoom,
        default=1.0,
        metavar="PERCENT",
        help="when we launch the browser: its device scale factor in percent, 25..500, every"
        " page pixel drawn that much larger as on a high-DPI monitor (not the page's own"
        " Ctrl+plus zoom; default 100)",
    )
    p.add_argument(
        "--window",
        type=_window,
        default=(1280, 900),
        metavar="WxH",
        help="browser window size in screen pixels when we launch it (default 1280x900)",
    )
    p.add_argument("--games", type=positive_int, default=None, help="games to play (default 1)")
    p.add_argument("--hours", type=float, help="stop after H hours")
    p.add_argument(
        "--record", type=Path, metavar="DIR", help="keep session.jsonl and frames in DIR"
    )
    add_recording_options(p)
    p.add_argument(
        "--log",
        type=Path,
        metavar="FILE",
        help="per-game JSONL log (default DIR/games.jsonl with --record, else out/)",
    )
    p.add_argument(
        "--think",
        type=positive_float,
        default=None,
        help="seconds the engine thinks a move (default: the game's; Balda 0.3, Erudit 1)",
    )
    p.add_argument(
        "--sides",
        choices=("one", "both"),
        default="one",
        help="one: play our side and wait for the other; both: play both sides of a"
        " hot-seat page (default one)",
    )
    p.add_argument("--seed", type=int, help="the built-in page's seed (repeatable games)")
    p.add_argument(
        "--pace",
        type=non_negative_float,
        default=0.0,
        help="seconds to wait before each move (to watch)",
    )
    p.add_argument(
        "--out",
        type=Path,
        default=None,
        help="folder for logs, the browser's log and problem frames "
        "(default $GAMEBOT_OUT, else out/)",
    )
    add_json(p)


def _configure_play(p: argparse.ArgumentParser, verbs: PageVerbs) -> None:
    p.add_argument(
        "--target",
        choices=TARGETS,
        default="builtin",
        help="builtin: the project's own page, served on 127.0.0.1 (default);"
        " browser: the page at --launch URL; window-title: a browser already open (--title)",
    )
    p.add_argument(
        "--launch",
        nargs="?",
        const="",
        metavar="URL",
        help="start a private Chromium (on a private Xvfb when there is no display): on URL,"
        " or on the built-in page with --target builtin",
    )
    p.add_argument(
        "--serve",
        type=Path,
        metavar="DIR",
        help="serve a static page folder on 127.0.0.1 and launch --launch PATH inside it",
    )
    p.add_argument("--title", help="with --target window-title: the window's title (a regex)")
    p.add_argument(
        "--site",
        help="site profile: a name (NAME.json in $GAMEBOT_SITES, else a built-in one:"
        " gamebot-balda, vladhuk-balda-uk, xanado, ...) or a JSON file (see"
        " bot/web/sites.py); needed for any page but the built-in one",
    )
    _configure_page(p, verbs)
    _configure_common(p)


def _config(args: argparse.Namespace, verbs: PageVerbs, demo: bool = False) -> PagePlayConfig:
    from bot.web.session import PagePlayConfig, check_config

    target = "builtin" if demo else args.target
    launch = getattr(args, "launch", None)
    cfg = PagePlayConfig(
        game=verbs.game,
        target=target,
        launch=demo or launch is not None,
        url=launch or None,
        serve=getattr(args, "serve", None),
        title=getattr(args, "title", None),
        site=getattr(args, "site", None),
        style=args.style,
        theme=args.theme,
        level=args.level,
        first=args.first,
        reject=args.reject,
        page_params=dict(args.page_param),
        seed=args.seed,
        zoom=args.zoom,
        window=args.window,
        games=args.games if args.games is not None else (None if args.hours else 1),
        hours=args.hours,
        record=args.record,
        log=args.log,
        think=args.think if args.think is not None else 1.0,
        sides=args.sides,
        pace=args.pace,
        out=args.out or default_out(),
        record_frames=args.record_frames,
        record_max_gb=args.record_max_gb,
    )
    cfg = verbs.config(cfg, args)
    check_config(cfg)
    return cfg


def _status_text(s: SessionStats) -> str:
    n, wins = len(s.finished), s.wins
    rate = f"{wins / n:.0%}" if n else "-"
    return f"won {wins}/{n} ({rate}) misreads {s.misreads}"


def _play(cfg: PagePlayConfig, description: str) -> PlayResult:
    from bot.cli.progress import progress_bar
    from bot.web.session import play

    with progress_bar(cfg.games, description) as bar:
        return play(cfg, lambda s: bar.advance(status=_status_text(s)))


def _run_play(args: argparse.Namespace, verbs: PageVerbs) -> int:
    from bot.cli.report import emit

    cfg = _config(args, verbs)
    result = _play(cfg, f"{verbs.game} games")
    emit(result.summary, result.lines, args.json)
    stopped = str(result.summary.get("stopped") or "")
    return 1 if stopped and not stopped.startswith("interrupted") else 0


def _configure_demo(p: argparse.ArgumentParser, verbs: PageVerbs) -> None:
    _configure_page(p, verbs)
    _configure_common(p)


def _run_demo(args: argparse.Namespace, verbs: PageVerbs) -> int:
    import os
    import time

    from bot.cli.report import emit

    game = verbs.game
    if args.record is None:
        args.record = default_out() / f"demo-{game}-{time.strftime('%Y%m%d-%H%M%S')}"
    cfg = _config(args, verbs, demo=True)
    shown = (
        f"display {os.environ['DISPLAY']}"
        if os.environ.get("DISPLAY")
        else "a private virtual display (Xvfb)"
    )
    print(
        f"gamebot demo {game}: the bot plays {cfg.games or 'some'} game(s) of {verbs.name}"
        f" against the built-in page's {cfg.level} computer in Chromium on {shown}",
        flush=True,
    )
    result = _play(cfg, f"{game} demo")
    lines = [*result.lines, f"replay it: gamebot replay {cfg.record}"]
    emit(result.summary, lines, args.json)
    return 1 if result.summary.get("stopped") else 0


@dataclass(frozen=True)
class PageVerbs:
    """What one word game adds to the page games' ``play`` and ``demo``: its name, what it
    reads on the page, and the built-in page's options of its own."""

    game: str
    name: str  # for people: "Balda"
    reads: str  # what vision finds on the page: "letter grid"
    themes: tuple[str, ...]  # the built-in page's looks
    styles: str  # the built-in page's input styles, for --help
    page_options: Callable[[argparse._ArgumentGroup], None]
    # the config with the game's own fields set from the command line
    config: Callable[[PagePlayConfig, argparse.Namespace], PagePlayConfig]


def commands(verbs: PageVerbs) -> list[Command]:
    """``play GAME`` and ``demo GAME`` for a word game played on a page."""
    name = verbs.name
    return [
        Command(
            "play",
            verbs.game,
            f"play {name} in a browser window by itself (the built-in page by default)",
            functools.partial(_configure_play, verbs=verbs),
            functools.partial(_run_play, verbs=verbs),
            description=f"Finds the {verbs.reads} on the page, reads every letter, waits for"
            " its turn, picks the best move with the engine, enters it the way the site's"
            " profile says, and waits for the opponent's reply, game after game. Pixels only:"
            " no DOM, no DevTools.",
        ),
        Command(
            "demo",
            verbs.game,
            f"the bot plays one game of {name} against the built-in page's computer",
            functools.partial(_configure_demo, verbs=verbs),
            functools.partial(_run_demo, verbs=verbs),
            description="Starts everything it needs (Xvfb when there is no display, the"
            f" built-in {name} page on 127.0.0.1, a private Chromium) and plays one whole game"
            " against the page's computer, then prints the result and the recording's path.",
        ),
    ]
