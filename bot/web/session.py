"""A word game's session in a browser (display, page, Chromium, vision, engine), for every
word game: ``play balda``, ``demo balda``, ``play erudit`` and ``demo erudit``.

What differs between the games (the built-in page's parameters, its language, the player) is
the game's :class:`PageGame`, given by its spec (``bot/games/<game>/spec.py``); the rest (the
one session root, :mod:`bot.run.session`) is shared with every game.

Targets: ``builtin`` is the project's own page, served on 127.0.0.1 with a computer opponent
(its URL parameters choose the look, input style, size and strength); ``browser`` is any page
given by ``--launch URL`` with ``--site``; ``window-title`` attaches to a browser already open.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from bot.errors import GamebotError
from bot.run import session as root
from bot.run import stats
from bot.run.game import GameAdapter
from bot.run.loop import Status
from bot.run.recorder import number
from bot.run.results import STALE_FRAMES, SessionStats
from bot.run.safety import GuardedScreen
from bot.run.session import PlayResult
from bot.run.spec import GameSpec, Session, SessionConfig, Table
from bot.web.sites import SiteProfile, load_profile

if TYPE_CHECKING:
    from bot.io.targets.browser import BrowserTarget
    from bot.pages.kit.child import ChildPageServer
    from bot.run.replay import TextReader

TARGETS = ("builtin", "browser", "window-title")


@dataclass
class PagePlayConfig(SessionConfig):
    """A word-game session on a page (the built-in page's parameters of both games)."""

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
    page_params: dict[str, str] = field(default_factory=dict)  # any other URL parameter
    lang: str = "ru"
    rules: str = "erudit"  # Erudit/Scrabble: erudit, scrabble-ru or scrabble-en
    tiles: int | None = None  # Erudit/Scrabble: a short game with this many tiles
    zoom: float = 1.0
    window: tuple[int, int] = (1280, 900)
    games: int | None = 1
    think: float = 1.0
    sides: str = "one"
    max_steps: int = 5000  # our moves in one game before it is left unfinished (tests: a few)


class PageAdapter(GameAdapter[Any, Any, Any, Any], Protocol):
    """What the page session needs of a word game's adapter beyond the loop's protocol."""

    site: SiteProfile
    move_seconds: list[float]  # from "our turn shows" to "our move shows as played"
    learned_glyphs: int  # glyphs named during play

    def reset(self) -> None:
        """Forget the game followed (the page was started again)."""
        ...

    def keep_learned(self) -> str | None:
        """Save what was learned for the site (its glyph bank); where, or None."""
        ...


@dataclass(frozen=True)
class PageGame:
    """What one word game adds to a page session."""

    name: str
    builtin_site: str  # the profile of our own page
    default_style: str  # the input style our page is played in by default
    params: Callable[[PagePlayConfig], dict[str, object]]  # our page's URL parameters
    language: Callable[[PagePlayConfig], str]  # our page's language (ru, uk, en)
    player: Callable[[PagePlayConfig, SiteProfile], PageAdapter]
    reader: Callable[[dict[str, object], Path], TextReader]  # replay


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


def site_profile(game: PageGame, cfg: PagePlayConfig) -> SiteProfile:
    name = cfg.site or game.builtin_site
    style = cfg.style
    if cfg.target == "builtin" and style is None:
        style = game.default_style
    profile = load_profile(name, style)
    if profile.game != cfg.game:
        raise GamebotError(f"site profile {name!r} is for {profile.game}, not {cfg.game}")
    return profile


def builtin_url(server: ChildPageServer, game: PageGame, cfg: PagePlayConfig, style: str
                ) -> str:
    params: dict[str, object] = {"theme": cfg.theme, "input": style, "level": cfg.level,
                                 "first": cfg.first, **game.params(cfg)}
    if cfg.reject:
        params["reject"] = cfg.reject
    if cfg.seed is not None:
        params["seed"] = cfg.seed
    if cfg.sides == "both":
        params["mode"] = "hotseat"
    params.update(cfg.page_params)  # the page checks them and names a bad one
    return str(server.url(**params))


Relaunch = Callable[[], "BrowserTarget"]


def open_target(game: PageGame, cfg: PagePlayConfig, profile: SiteProfile,
                stack: ExitStack) -> tuple[BrowserTarget, Relaunch | None]:
    """The browser window to play in (started here when asked), and how to start it again
    after a crash (None for a window the bot did not start)."""
    from bot.io.targets import browser

    launching = cfg.launch or cfg.target == "builtin"
    if launching and sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
        from bot.io.virtual_display import VirtualDisplay

        stack.enter_context(VirtualDisplay(1600, 1000))
    if cfg.target == "window-title":
        assert cfg.title is not None
        return browser.attach(cfg.title, profile), None
    if cfg.target == "builtin":
        from bot.pages.kit.child import ChildPageServer

        server = stack.enter_context(ChildPageServer(cfg.game))  # its own process: see there
        url = builtin_url(server, game, cfg, profile.style)
    elif cfg.serve is not None:
        from bot.pages.kit.static import StaticServer

        static = stack.enter_context(StaticServer(cfg.serve))
        url = static.url(cfg.url or "")
    else:
        assert cfg.url is not None
        url = cfg.url
    log = cfg.out / "chromium.log"
    cfg.out.mkdir(parents=True, exist_ok=True)
    letters = letters_typed(game, cfg, profile)
    if not letters.isascii() and sys.platform.startswith("linux"):
        # Every letter typed gets its own key code before the browser reads the key map (only
        # those the style and steps type: a user's own X server may have few codes to spare).
        from bot.io.screens import x11_keys
        from bot.io.virtual_display import is_private

        x11_keys.mapper(lend_latin=is_private(os.environ.get("DISPLAY", ""))).assign(letters)
        stack.callback(x11_keys.release)  # the key map as it was, after the session

    def start() -> BrowserTarget:
        target = browser.launch(url, profile, cfg.window, cfg.zoom, log=log)
        stack.callback(target.close)
        return target

    return start(), start  # after a crash, the loop starts the browser again on the page


def language_of(game: PageGame, cfg: PagePlayConfig, profile: SiteProfile) -> str:
    return game.language(cfg) if cfg.target == "builtin" else profile.language


def yo_letter(cfg: PagePlayConfig, profile: SiteProfile) -> bool:
    """Whether Ё is a letter of its own: the profile says so, or our page is asked to
    (``--page-param yo=letter``)."""
    own = cfg.target == "builtin" and cfg.page_params.get("yo") == "letter"
    return profile.yo_letter or own


def letters_typed(game: PageGame, cfg: PagePlayConfig, profile: SiteProfile) -> str:
    """The letters the session may type on the keyboard: the whole alphabet when the chosen
    style types its new letter, or when a wildcard's letter is typed into the page's box (on
    our own page only with ``blank=prompt``: its own box has letter buttons); none for a style
    that clicks or drags tiles and picks letters on the page."""
    blank_typed = profile.blank_types_letters and (
        cfg.target != "builtin" or cfg.page_params.get("blank") == "prompt")
    if profile.move_types_letters or blank_typed:
        return alphabet_of(game, cfg, profile)
    return ""


def alphabet_of(game: PageGame, cfg: PagePlayConfig, profile: SiteProfile) -> str:
    from solvers.words.alphabet import alphabet_for

    return alphabet_for(language_of(game, cfg, profile), yo_letter(cfg, profile))


def summarize(result: SessionStats, session: Session[PagePlayConfig, PageAdapter]
              ) -> dict[str, object]:
    """A word game's own figures: draws and losses, the mean margin, words and moves the site
    refused, opponent words our dictionary lacks, seconds a move, glyphs learned."""
    finished = result.finished
    player = session.table.adapter
    draws = sum(g.outcome == "drawn" for g in finished)
    margins = [number(g.details.get("margin", 0), "a game's margin") for g in finished]

    def every(key: str) -> list[str]:
        """The words (or moves) every game lists under ``key``."""
        return [str(w) for g in result.games for w in _listed(g.details.get(key, []))]

    words, moves = every("rejected_words"), every("rejected_moves")
    points = [number(g.details["points_per_turn"], "a game's points a turn") for g in finished
              if g.details.get("points_per_turn") is not None]
    profile = player.site
    return {
        "draws": draws,
        "losses": len(finished) - result.wins - draws,
        "mean_margin": sum(margins) / len(margins) if margins else None,
        "rejected_words": len(words),
        "rejected_moves": len(moves),
        "rejected": words + moves,
        "confirmed_words": every("confirmed_words"),  # the page asked about them: added
        "points_per_turn": sum(points) / len(points) if points else None,
        "site_words": every("site_words"),
        "seconds_per_move_median": stats.median(player.move_seconds),
        "seconds_per_move_p90": stats.percentile(player.move_seconds, 90),
        "moves_timed": len(player.move_seconds),  # the n of the two figures above
        "target": session.table.target.describe(),
        "site": profile.name,
        "style": profile.style,
        "learned_glyphs": player.learned_glyphs,
        "glyph_bank": player.keep_learned() if player.learned_glyphs else None,
    }


def _listed(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def human_lines(summary: Mapping[str, object]) -> list[str]:
    games, wins = summary["games"], summary["wins"]
    low, high = root.interval(summary)
    rate = summary["win_rate"]
    margin = summary["mean_margin"]
    refused = root.count(summary, "rejected_words") + root.count(summary, "rejected_moves")
    lines = [
        f"games {games}: won {wins}, drawn {summary['draws']}, lost {summary['losses']}"
        + (f"; win rate {rate:.1%} (95 % CI {low:.1%}-{high:.1%})" if rate is not None else "")
        + (f"; mean margin {margin:+.1f}" if margin is not None else ""),
        f"seconds from our turn to our move on screen: median"
        f" {_num(summary['seconds_per_move_median'], 2)} (p90"
        f" {_num(summary['seconds_per_move_p90'], 2)}, n {summary.get('moves_timed', '?')});"
        f" read {_num(summary['read_ms_median'])} ms,"
        f" decide {_num(summary['decide_ms_median'])} ms",
        f"misreads {summary['misreads']}, refused clicks {summary['refused_clicks']}, words the"
        f" site refused {refused}"
        + (f" (and {len(root.texts(summary, 'confirmed_words'))} it asked about, added)"
           if root.texts(summary, "confirmed_words") else "")
        + ", opponent words"
        f" not in our dictionary {len(root.texts(summary, 'site_words'))}, {STALE_FRAMES}"
        f" {summary['stale_frames']}",
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


def open_table(game: PageGame) -> Callable[[PagePlayConfig, ExitStack], Table[PageAdapter]]:
    """How a session of ``game`` opens its page: the profile, the player, the browser."""

    def open_table(cfg: PagePlayConfig, stack: ExitStack) -> Table[PageAdapter]:
        from bot.io.screens.desktop import DesktopScreen

        profile = site_profile(game, cfg)
        player = game.player(cfg, profile)
        target, relaunch = open_target(game, cfg, profile, stack)
        screen = DesktopScreen(cfg.pause)
        stack.callback(screen.close)
        guarded = GuardedScreen(screen)

        def restart() -> BrowserTarget:
            assert relaunch is not None
            again = relaunch()
            guarded.guard.allow((again.window_region(guarded),))
            player.reset()
            return again  # the loop does the page's start steps again

        guarded.guard.allow((target.window_region(guarded),))  # the page, until located
        return Table(guarded, target, player, restart=restart if relaunch else None,
                     locate_timeout=20.0, max_steps=cfg.max_steps)

    return open_table


def page_spec(game: PageGame) -> GameSpec[PagePlayConfig, PageAdapter]:
    """The spec of a word game played on a page."""
    return GameSpec(game.name, check_config, open_table(game), summarize, human_lines,
                    game.reader)


def play(cfg: PagePlayConfig, status: Status | None = None) -> PlayResult:
    """Run one session of ``cfg.game`` on its page to its end (limits, Ctrl+C, fail-safe or a
    problem) and sum it up."""
    from bot.games import spec

    return root.play(spec(cfg.game), cfg, status)
