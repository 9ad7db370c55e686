"""Playing on screen: ``play minesweeper``, ``record minesweeper``, ``replay`` and ``demo``.

Heavy imports (OpenCV, mss, pyautogui, the solver) happen inside ``run``, so ``--help`` is fast
and works without a display.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli.options import (
    add_json,
    add_plot_option,
    add_recording_options,
    count,
    non_negative_float,
    positive_int,
)
from bot.cli.registry import Command
from bot.run.out_dir import default_out

if TYPE_CHECKING:
    from bot.games.minesweeper.session import PlayConfig
    from bot.run.results import SessionStats
    from bot.run.session import PlayResult
    from solvers.minesweeper.rules import Level

# bot.games.minesweeper.programs.NAMES, repeated so that --help imports no vision code (a test keeps
# them equal).
TARGETS = ("auto", "builtin", "xdemineur", "gnome-mines", "kmines", "ace-minesweeper",
           "minesweeper-classic", "window-title", "sim")


def _level(text: str) -> Level:
    from solvers.minesweeper.rules import Level

    try:
        return Level.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _configure_play(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--target",
        choices=TARGETS,
        default="auto",
        help="program to play: auto finds the built-in window, xdemineur, gnome-mines, kmines"
        " or ace-minesweeper on the display; window-title any window by --title,"
        " --window-class or --window-id; sim a simulated window (no display) (default: auto)",
    )
    p.add_argument("--title", help="with --target window-title: part of the window's title"
                   " (its WM_NAME or _NET_WM_NAME; a regular expression or plain text)")
    p.add_argument("--window-class", help="with --target window-title: the window's class")
    p.add_argument("--window-id", help="with --target window-title: the window's id (0x... or"
                   " decimal, as xwininfo prints it)")
    p.add_argument(
        "--launch",
        action="store_true",
        help="start the program first (builtin, xdemineur, gnome-mines, kmines,"
        " ace-minesweeper, minesweeper-classic: the ../shared test page in Chromium); with no"
        " display, on a private Xvfb",
    )
    p.add_argument(
        "--level",
        type=_level,
        help="beginner, intermediate, expert or ROWSxCOLS/MINES, for --launch and"
        " sim (default intermediate); otherwise the board's size decides",
    )
    p.add_argument(
        "--mines", type=count, help="total mines; wins over the counter shown, a disagreement"
        " noted (default: the counter shown, else the level's)"
    )
    p.add_argument(
        "--games", type=positive_int, help="stop after N games (default 10 unless --hours)"
    )
    p.add_argument("--hours", type=float, help="stop after H hours")
    p.add_argument(
        "--record",
        type=Path,
        metavar="DIR",
        help="record session.jsonl and PNG frames in DIR (append-only)",
    )
    add_recording_options(p)
    add_plot_option(p)
    p.add_argument(
        "--log",
        type=Path,
        metavar="FILE",
        help="per-game JSONL log (default DIR/games.jsonl with --record, else"
        " out/minesweeper-games-TIME.jsonl)",
    )
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="read and decide once, never click; save the intended clicks on an image",
    )
    p.add_argument(
        "--flags",
        choices=("never", "at-end", "always"),
        help="when to flag mines (default: the program's profile)",
    )
    p.add_argument(
        "--new-game-keys",
        metavar="KEYS",
        help="keys that start a new game, e.g. f2 or ctrl+r (default: the profile's;"
        " none means click the face)",
    )
    p.add_argument(
        "--rules",
        choices=("safe", "xp", "opening", "none"),
        help="the first-click rule the solver assumes (default: the program's when it is known,"
        " else the look's: winxp xp, win7 opening, others safe); the summary says which",
    )
    p.add_argument(
        "--game-rules",
        choices=("safe", "xp", "opening", "none"),
        help="with --launch --target builtin or with --target sim: the rule the program plays"
        " (default: --rules, else the built-in window's look's, xp; sim: safe)",
    )
    p.add_argument(
        "--window-dialogs",
        action="store_true",
        help="with --launch --target builtin: the window opens its look's dialogs, each a modal"
        " window of its own, as Windows does (winxp: a name after a record win; win7: Game Won"
        " / Game Lost after every game); the bot answers them",
    )
    p.add_argument(
        "--window-look",
        choices=("winxp", "win7"),
        default="winxp",
        help="with --launch --target builtin: the window's look (win7: Windows 7's tiles, cells"
        " that fade open, mines that go off one by one, its first click opens an area)",
    )
    p.add_argument(
        "--auto-open",
        action="store_true",
        help="sim only: each game opens a first area by itself, as xdemineur does",
    )
    p.add_argument("--skin", help="vision skin to read with (default: the profile's, else every"
                   " built-in and learned skin; none: start from no skin at all and learn the"
                   " look while playing)")
    p.add_argument("--sim-skin", help="with --target sim: the look the simulated window is"
                   " drawn in (default: --skin, else winxp)")
    learn = p.add_mutually_exclusive_group()
    learn.add_argument(
        "--learn-into",
        type=Path,
        metavar="DIR",
        help="save the skin, grown by the looks learned during play, as a skin folder DIR"
        " (default: the user skin folder, under the program's name; sim: kept in memory)",
    )
    learn.add_argument(
        "--no-learn",
        action="store_true",
        help="never learn a glyph the skin lacks: such a frame is a misread",
    )
    p.add_argument("--seed", type=int, help="seed for the solver's guesses (and sim layouts)")
    p.add_argument(
        "--pause",
        type=float,
        default=None,
        help="pyautogui pause after each input call, seconds (default 0.002)",
    )
    p.add_argument(
        "--out",
        type=Path,
        default=None,
        help="folder for logs, dry-run images and problem frames (default $GAMEBOT_OUT, else out/)",
    )
    add_json(p)


def _config(args: argparse.Namespace) -> PlayConfig:
    from bot.games.minesweeper.programs.profile import FlagPolicy
    from bot.games.minesweeper.session import PlayConfig, check_limits
    from bot.io.screens.desktop import DEFAULT_PAUSE
    from bot.io.windows.finder import parse_id
    from solvers.minesweeper.rules import FirstClick

    games = args.games if args.games is not None else (None if args.hours else 10)
    keys = None
    if args.new_game_keys is not None:
        keys = () if args.new_game_keys == "none" else tuple(args.new_game_keys.split("+"))
    cfg = PlayConfig(
        target=args.target,
        title=args.title,
        window_class=args.window_class,
        window_id=parse_id(args.window_id) if args.window_id else None,
        launch=args.launch,
        level=args.level,
        mines=args.mines,
        games=games,
        hours=args.hours,
        record=args.record,
        log=args.log,
        dry_run=args.dry_run,
        seed=args.seed,
        flags=FlagPolicy(args.flags) if args.flags else None,
        new_game_keys=keys,
        rules=FirstClick(args.rules) if args.rules else None,
        game_rules=FirstClick(args.game_rules) if args.game_rules else None,
        window_dialogs=args.window_dialogs,
        window_look=args.window_look,
        auto_open=args.auto_open,
        skin=args.skin,
        sim_skin=args.sim_skin,
        learn=not args.no_learn,
        learn_into=args.learn_into,
        pause=args.pause if args.pause is not None else DEFAULT_PAUSE,
        out=args.out or default_out(),
        record_frames=args.record_frames,
        record_max_gb=args.record_max_gb,
    )
    check_limits(cfg)
    return cfg


def _status_text(s: SessionStats) -> str:
    n, wins = s.finished_count, s.wins
    rate = f"{wins / n:.1%}" if n else "-"
    secs = s.finished_seconds()
    speed = f"{sum(secs) / len(secs):.1f} s/game" if secs else ""
    return f"wins {wins}/{n} ({rate}) {speed} misreads {s.misreads}"


def _play_with_status(cfg: PlayConfig, total: int | None, description: str) -> PlayResult:
    from bot.cli.progress import progress_bar
    from bot.games.minesweeper.session import play

    with progress_bar(total, description) as bar:
        return play(cfg, lambda s: bar.advance(status=_status_text(s)))


def _run_play(args: argparse.Namespace) -> int:
    from bot.cli.report import emit
    from bot.run.pictures import check_output, win_rate_plot

    cfg = _config(args)
    plot = check_output(args.plot, (".png", ".svg", ".pdf")) if args.plot else None
    result = _play_with_status(cfg, cfg.games, "minesweeper games")
    if plot is not None and result.stats.finished_count:
        outcomes = result.stats.outcomes()
        result.summary.update(win_rate_plot(outcomes, plot, f"Minesweeper on {cfg.target}"))
        result.lines.append(f"plot: {plot}")
    emit(result.summary, result.lines, args.json)
    stopped = str(result.summary.get("stopped") or "")
    return 1 if stopped and not stopped.startswith("interrupted") else 0


# --- replay -------------------------------------------------------------------------------------
def _configure_replay(p: argparse.ArgumentParser) -> None:
    p.add_argument("directory", type=Path, help="a recording folder (holds session.jsonl)")
    p.add_argument("--skin", help="read with this skin (default: the last look the session learned,"
                   " kept in the recording's skins/, else the skin it read with)")
    p.add_argument("--site", metavar="NAME|FILE",
                   help="a word game's site, for a recording that does not carry the one it"
                   " was played on (made by an older gamebot); by default the recorded one")
    p.add_argument(
        "--gif",
        metavar="OUT.gif",
        help="also draw one recorded game as an animated GIF (the game: --game N)",
    )
    p.add_argument(
        "--game", type=positive_int, help="with --gif: which game (default: the first kept)"
    )
    add_json(p)


def _run_replay(args: argparse.Namespace) -> int:
    from bot.cli.progress import progress_bar
    from bot.cli.report import emit
    from bot.games.minesweeper.replay_reader import vision_reader
    from bot.run.pictures import check_output, game_gif
    from bot.run.replay import replay
    from bot.run.replay_text import replay_lines

    gif = check_output(args.gif, (".gif",)) if args.gif else None

    reader = vision_reader(args.skin) if args.skin else None

    def on_frame(done: int, total: int) -> None:
        bar.set_total(total)
        bar.advance()

    with progress_bar(None, "re-reading frames") as bar:
        report = replay(args.directory, reader, on_frame, site=args.site)
    s = report.summary()
    lines = replay_lines(s)
    if gif is not None:
        s.update(game_gif(args.directory, gif, args.game))
        lines.append(f"gif of game {s['game']} ({s['frames']} frames): {gif}")
    emit(s, lines, args.json)
    return 1 if s["mismatches"] else 0


# --- record -------------------------------------------------------------------------------------
def _configure_record(p: argparse.ArgumentParser) -> None:
    p.add_argument("directory", type=Path, help="folder to record into")
    p.add_argument("--target", choices=TARGETS[:-1], default="auto", help="program to watch")
    p.add_argument("--title", help="with --target window-title: part of the window's title")
    p.add_argument("--seconds", type=float, default=60.0, help="how long to watch (default 60)")
    p.add_argument("--mines", type=count, help="total mines, for boards of no standard size")
    add_json(p)


def _run_record(args: argparse.Namespace) -> int:
    from bot.cli.report import emit
    from bot.games.minesweeper.session import PlayConfig, watch

    cfg = PlayConfig(target=args.target, title=args.title, mines=args.mines, record=args.directory)
    summary = watch(cfg, args.seconds)
    lines = [f"recorded {summary['frames']} board changes to {summary['recording']}"]
    emit(summary, lines, args.json)
    return 0


# --- demo ---------------------------------------------------------------------------------------
def _configure_demo(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=positive_int, default=5, help="games to play (default 5)")
    p.add_argument(
        "--level", type=_level, default=None, help="beginner or intermediate (default beginner)"
    )
    p.add_argument(
        "--record", type=Path, metavar="DIR", help="recording folder (default out/demo-TIME)"
    )
    p.add_argument(
        "--xvfb",
        action="store_true",
        help="play on a private virtual display even when a screen is available",
    )
    p.add_argument("--seed", type=int, default=None, help="repeatable layouts and guesses")
    p.add_argument(
        "--pace",
        type=non_negative_float,
        default=None,
        help="seconds between moves (default 0.2 on a screen you watch, 0 on Xvfb)",
    )
    add_json(p)


def _run_demo(args: argparse.Namespace) -> int:
    import os
    import time

    from bot.cli.report import emit
    from bot.games.minesweeper.session import PlayConfig
    from solvers.minesweeper.rules import Level

    if args.xvfb:
        os.environ.pop("DISPLAY", None)
    level = args.level or Level.parse("beginner")
    record = args.record or default_out() / f"demo-{time.strftime('%Y%m%d-%H%M%S')}"
    watched = bool(os.environ.get("DISPLAY"))
    pace = args.pace if args.pace is not None else (0.2 if watched else 0.0)
    cfg = PlayConfig(
        target="builtin",
        launch=True,
        level=level,
        games=args.games,
        record=record,
        seed=args.seed,
        pace=pace,
    )
    shown = (
        "a private virtual display (Xvfb)"
        if not os.environ.get("DISPLAY")
        else f"display {os.environ['DISPLAY']}"
    )
    print(
        f"gamebot demo: the bot plays {args.games} {level.name} games of the built-in"
        f" Minesweeper on {shown}",
        flush=True,
    )
    result = _play_with_status(cfg, args.games, "demo games")
    lines = [*result.lines, f"replay it: gamebot replay {record}"]
    emit(result.summary, lines, args.json)
    return 1 if result.summary.get("stopped") else 0


COMMANDS: list[Command] = [
    Command(
        "play",
        "minesweeper",
        "play Minesweeper on screen (xdemineur, gnome-mines, ...)",
        _configure_play,
        _run_play,
    ),
    Command(
        "record",
        "minesweeper",
        "record the board each time it changes, without playing",
        _configure_record,
        _run_record,
    ),
    Command(
        "replay",
        None,
        "re-read a recording with today's vision; mismatches, timings, win rate",
        _configure_replay,
        _run_replay,
    ),
    Command(
        "demo",
        None,
        "the bot plays the built-in Minesweeper window by itself (starts Xvfb"
        " when there is no display)",
        _configure_demo,
        _run_demo,
    ),
]
