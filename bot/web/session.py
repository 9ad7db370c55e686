"""Set up one word-game session in a browser (display, page, Chromium, vision, engine), run it,
sum it up. Shared by ``play balda``, ``demo balda``, ``play erudit`` and ``demo erudit``.

Targets: ``builtin`` is the project's own page, served on 127.0.0.1 with a computer opponent
(its URL parameters choose the look, input style, size and strength); ``browser`` is any page
given by ``--launch URL`` with ``--site``; ``window-title`` attaches to a browser already open.
"""

from __future__ import annotations

import os
import sys
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.errors import GamebotError
from bot.io.screens.desktop import DEFAULT_PAUSE
from bot.run import stats
from bot.run.loop import Loop, LoopOptions, Status
from bot.run.recorder import JsonlWriter, Recorder
from bot.run.results import STALE_FRAMES, SessionStats
from bot.run.safety import GuardedScreen
from bot.web.sites import SiteProfile, load_profile

TARGETS = ("builtin", "browser", "window-title")
BUILTIN_SITES = {"balda": "gamebot-balda", "erudit": "gamebot-erudit"}
DEFAULT_STYLES = {"balda": "palette-drag", "erudit": "drag"}


@dataclass
class PagePlayConfig:
    game: str = "balda"
    target: str = "builtin"
    launch: bool = False
    url: str | None = None  # --launch URL
    serve: Path | None = None  # serve this folder on 127.0.0.1 and launch URL relative to it
    title: str | None = None
    site: str | None = None
    style: str | None = None  # the site's input style
    # the built-in page's URL parameters
    theme: str = "classic"
    size: int = 5
    level: str = "hard"
    first: str = "human"
    reject: float = 0.0
    lang: str = "ru"
    rules: str = "erudit"  # Erudit/Scrabble: erudit, scrabble-ru or scrabble-en
    tiles: int | None = None  # Erudit/Scrabble: a short game with this many tiles
    seed: int | None = None
    zoom: float = 1.0
    window: tuple[int, int] = (1280, 900)
    games: int | None = 1
    hours: float | None = None
    record: Path | None = None
    log: Path | None = None
    think: float = 1.0
    sides: str = "one"
    pause: float = DEFAULT_PAUSE
    pace: float = 0.0
    out: Path = Path("out")
    max_steps: int = 5000  # our moves in one game before it is left unfinished (tests: a few)
    record_frames: str = "all"
    record_max_gb: float | None = 2.0


@dataclass
class PagePlayResult:
    stats: SessionStats
    summary: dict[str, Any]
    lines: list[str] = field(default_factory=list)


def check_config(cfg: PagePlayConfig) -> None:
    """Refuse a bad command line before anything starts (no Xvfb, no browser)."""
    if cfg.target not in TARGETS:
        raise GamebotError(f"unknown target {cfg.target!r}: use one of {', '.join(TARGETS)}")
    if cfg.games is not None and cfg.games < 1:
        raise GamebotError("--games must be at least 1")
    if cfg.hours is not None and cfg.hours <= 0:
        raise GamebotError("--hours must be positive")
    if cfg.think <= 0:
        raise GamebotError("--think must be a positive number of seconds")
    if not 0.25 <= cfg.zoom <= 5:
        raise GamebotError(f"--zoom {cfg.zoom:g} is outside 25..500 %")
    if cfg.target == "window-title" and not cfg.title:
        raise GamebotError("--target window-title needs --title TEXT (part of the window title)")
    if cfg.target == "browser" and not (cfg.url or cfg.serve):
        raise GamebotError("--target browser needs --launch URL (or --serve DIR)")
    if cfg.target != "builtin" and not cfg.site:
        raise GamebotError(
            "a page other than the built-in one needs --site NAME|FILE (its site profile);"
            " built-in profiles: " + ", ".join(_builtin_sites())
        )
    if cfg.sides not in ("one", "both"):
        raise GamebotError("--sides is one or both")


def _builtin_sites() -> list[str]:
    from bot.web.sites import builtin_sites

    return builtin_sites()


def site_profile(cfg: PagePlayConfig) -> SiteProfile:
    name = cfg.site or BUILTIN_SITES[cfg.game]
    style = cfg.style
    if cfg.target == "builtin" and style is None:
        style = DEFAULT_STYLES[cfg.game]
    profile = load_profile(name, style)
    if profile.game != cfg.game:
        raise GamebotError(f"site profile {name!r} is for {profile.game}, not {cfg.game}")
    return profile


def builtin_url(server: Any, cfg: PagePlayConfig, style: str) -> str:
    params: dict[str, object] = {"theme": cfg.theme, "input": style, "level": cfg.level,
                                 "first": cfg.first}
    if cfg.game == "balda":
        params.update(size=cfg.size, lang=cfg.lang)
    else:
        params.update(rules=cfg.rules)
        if cfg.tiles is not None:
            params["tiles"] = cfg.tiles
    if cfg.reject:
        params["reject"] = cfg.reject
    if cfg.seed is not None:
        params["seed"] = cfg.seed
    if cfg.sides == "both":
        params["mode"] = "hotseat"
    return str(server.url(**params))


def open_target(cfg: PagePlayConfig, profile: SiteProfile, stack: ExitStack) -> Any:
    """The browser window to play in (started here when asked)."""
    from bot.io.targets import browser

    launching = cfg.launch or cfg.target == "builtin"
    if launching and sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
        from bot.io.virtual_display import VirtualDisplay

        stack.enter_context(VirtualDisplay(1600, 1000))
    if cfg.target == "window-title":
        assert cfg.title is not None
        return browser.attach(cfg.title, profile)
    if cfg.target == "builtin":
        from bot.pages.kit.child import ChildPageServer

        server = stack.enter_context(ChildPageServer(cfg.game))  # its own process: see there
        url = builtin_url(server, cfg, profile.style)
    elif cfg.serve is not None:
        from bot.pages.kit.static import StaticServer

        static = stack.enter_context(StaticServer(cfg.serve))
        url = static.url(cfg.url or "")
    else:
        assert cfg.url is not None
        url = cfg.url
    log = cfg.out / "chromium.log"
    cfg.out.mkdir(parents=True, exist_ok=True)
    letters = alphabet_of(cfg, profile)
    if not letters.isascii() and sys.platform.startswith("linux"):
        # Every letter gets its own key code before the browser reads the key map.
        from bot.io.screens import x11_keys
        from bot.io.virtual_display import is_private

        x11_keys.mapper(lend_latin=is_private(os.environ.get("DISPLAY", ""))).assign(letters)
        stack.callback(x11_keys.release)  # the key map as it was, after the session

    def start() -> Any:
        target = browser.launch(url, profile, cfg.window, cfg.zoom, log=log)
        stack.callback(target.close)
        return target

    target = start()
    target.relaunch = start  # after a crash, the loop starts the browser again on the page
    return target


def language_of(cfg: PagePlayConfig, profile: SiteProfile) -> str:
    if cfg.target != "builtin":
        return profile.language
    if cfg.game == "erudit":
        return "en" if cfg.rules == "scrabble-en" else "ru"
    return cfg.lang


def alphabet_of(cfg: PagePlayConfig, profile: SiteProfile) -> str:
    from solvers.words.alphabet import alphabet_for

    return alphabet_for(language_of(cfg, profile))


def make_player(cfg: PagePlayConfig, profile: SiteProfile) -> Any:
    if cfg.game == "erudit":
        from bot.games.erudit.player import make_erudit_player

        return make_erudit_player(cfg, profile)
    return make_balda_player(cfg, profile)


def make_balda_player(cfg: PagePlayConfig, profile: SiteProfile) -> Any:
    from bot.games.balda.adapter import BaldaPlayer
    from bot.web.rejected_words import RejectedWords
    from bot.web.site_data import glyph_bank_for, rejected_path
    from solvers.balda.lexicon import Lexicon
    from solvers.words.alphabet import alphabet_for
    from vision.core.ocr import tesseract_lang
    from vision.core.page_text import PageText

    lang = language_of(cfg, profile)
    lexicon = Lexicon.for_language(lang)
    tess = tesseract_lang(lang)
    alphabet = alphabet_for(lang)
    return BaldaPlayer(
        profile,
        lexicon,
        glyph_bank_for(profile, alphabet),
        alphabet,
        think=cfg.think,
        sides=cfg.sides,
        rejected=RejectedWords(rejected_path(profile)),
        text=PageText(tess),
        lang=tess,
    )


def summarize(result: SessionStats, screen: GuardedScreen, player: Any) -> dict[str, Any]:
    finished = result.finished
    wins = result.wins
    draws = sum(g.outcome == "drawn" for g in finished)
    low, high = stats.wilson_interval(wins, len(finished))
    margins = [float(g.details.get("margin", 0)) for g in finished]  # type: ignore[arg-type]
    def every(key: str) -> list[Any]:
        return [w for g in result.games for w in g.details.get(key, [])]  # type: ignore[attr-defined]

    rejected = every("rejected_words") + every("rejected_moves")
    site_words = every("site_words")
    points = [float(g.details["points_per_turn"]) for g in finished
              if g.details.get("points_per_turn") is not None]  # type: ignore[arg-type]
    return {
        "games": len(finished),
        "wins": wins,
        "draws": draws,
        "losses": len(finished) - wins - draws,
        "win_rate": wins / len(finished) if finished else None,
        "win_rate_ci95": [low, high],
        "mean_margin": sum(margins) / len(margins) if margins else None,
        "unfinished": len(result.games) - len(finished),
        "misreads": result.misreads,
        "refused_clicks": screen.guard.refused,
        "rejected_words": len(rejected),
        "rejected_moves": len(rejected),
        "rejected": rejected,
        "points_per_turn": sum(points) / len(points) if points else None,
        "site_words": site_words,
        "stale_frames": result.stale_frames,
        "relocations": result.relocations,
        "seconds_per_move_median": stats.median(player.move_seconds),
        "seconds_per_move_p90": stats.percentile(player.move_seconds, 90),
        "read_ms_median": stats.median(result.read_times()),
        "decide_ms_median": stats.median(result.decide_times()),
        "seconds_per_game_median": stats.median([g.seconds for g in finished]),
        "stopped": result.stopped,
    }


def human_lines(summary: dict[str, Any]) -> list[str]:
    games, wins = summary["games"], summary["wins"]
    low, high = summary["win_rate_ci95"]
    rate = summary["win_rate"]
    margin = summary["mean_margin"]
    lines = [
        f"games {games}: won {wins}, drawn {summary['draws']}, lost {summary['losses']}"
        + (f"; win rate {rate:.1%} (95 % CI {low:.1%}-{high:.1%})" if rate is not None else "")
        + (f"; mean margin {margin:+.1f}" if margin is not None else ""),
        f"seconds from our turn to our move on screen: median"
        f" {_num(summary['seconds_per_move_median'], 2)} (p90"
        f" {_num(summary['seconds_per_move_p90'], 2)}); read {_num(summary['read_ms_median'])} ms,"
        f" decide {_num(summary['decide_ms_median'])} ms",
        f"misreads {summary['misreads']}, refused clicks {summary['refused_clicks']}, words the"
        f" site refused {summary['rejected_words']}, opponent words not in our dictionary"
        f" {len(summary['site_words'])}, {STALE_FRAMES} {summary['stale_frames']}",
    ]
    if summary.get("stopped"):
        lines.append(f"stopped: {summary['stopped']}")
    for key in ("recording", "log"):
        if summary.get(key):
            lines.append(f"{key}: {summary[key]}")
    return lines


def _num(value: object, digits: int = 1) -> str:
    import math

    if not isinstance(value, int | float) or math.isnan(value):
        return "-"
    return f"{value:.{digits}f}"


def play(cfg: PagePlayConfig, status: Status | None = None) -> PagePlayResult:
    """Run one Balda session to its end (limits, Ctrl+C, fail-safe or a problem)."""
    from bot.io.screens.desktop import DesktopScreen

    check_config(cfg)
    profile = site_profile(cfg)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    player = make_player(cfg, profile)
    with ExitStack() as stack:
        target = open_target(cfg, profile, stack)
        screen = DesktopScreen(cfg.pause)
        stack.callback(screen.close)
        guarded = GuardedScreen(screen)
        recorder = None
        if cfg.record:
            max_bytes = int(cfg.record_max_gb * 1e9) if cfg.record_max_gb else None
            recorder = stack.enter_context(
                Recorder(cfg.record, frames=cfg.record_frames, max_bytes=max_bytes,
                         on_warning=_note)
            )
        log_path = cfg.log or (
            cfg.record / "games.jsonl" if cfg.record else cfg.out / f"balda-games-{stamp}.jsonl"
        )
        log = JsonlWriter(log_path)
        stack.callback(log.close)
        options = LoopOptions(
            games=cfg.games, hours=cfg.hours, problems_dir=cfg.out, pace=cfg.pace,
            locate_timeout=20.0, max_steps=cfg.max_steps,
        )
        relaunch = getattr(target, "relaunch", None)

        def restart() -> Any:
            again = relaunch()
            guarded.guard.allow((again.window_region(guarded),))
            player.reset()
            player.open_page(guarded, again)
            return again

        loop = Loop(
            guarded, target, player, options, recorder, log, status, _note,
            restart=restart if relaunch is not None else None,
        )
        guarded.guard.allow((target.window_region(guarded),))  # the page, until located
        player.open_page(guarded, target)
        result = loop.run()
        where = target.describe()
    learned = getattr(player, "learned_glyphs", 0)
    if learned and hasattr(player, "bank"):
        from bot.web.site_data import save_learned

        summary_bank = str(save_learned(profile, player.bank))
    else:
        summary_bank = None
    summary = summarize(result, guarded, player)
    summary.update(
        target=where,
        site=profile.name,
        style=profile.style,
        recording=str(cfg.record) if cfg.record else None,
        log=str(log_path),
        learned_glyphs=learned,
        glyph_bank=summary_bank,
    )
    return PagePlayResult(result, summary, human_lines(summary))


def _note(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
