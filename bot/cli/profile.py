"""``gamebot profile balda|erudit URL``: draft a site profile by looking at the page.

Chromium is started on the URL (as ``play`` starts it), the board found, the buttons and the
turn line read, the input style tried on the page and taken back; the draft is printed (what
was found, what was guessed), confirmed once, and written to the user's sites folder
(``$GAMEBOT_SITES/NAME.json``), from where ``play --site NAME`` takes it.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from bot.cli.options import add_json
from bot.cli.registry import Command


def _zoom(text: str) -> float:
    from bot.cli.page_play import _zoom as page_zoom

    return page_zoom(text)


def _window(text: str) -> tuple[int, int]:
    from bot.cli.page_play import _window as page_window

    return page_window(text)


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("url", metavar="URL", help="the game's page (with --serve: a path in DIR)")
    p.add_argument("--name", help="the profile's name (default: from the window's title)")
    p.add_argument("--serve", type=Path, metavar="DIR",
                   help="serve this static folder on 127.0.0.1 first; URL is a path in it")
    p.add_argument("--lang", choices=("ru", "uk", "en"),
                   help="the page's language (default: read off the page)")
    p.add_argument("--zoom", type=_zoom, default=1.0, metavar="PERCENT",
                   help="Chromium's device scale factor in percent (as `play --zoom`)")
    p.add_argument("--window", type=_window, default=(1280, 900), metavar="WxH",
                   help="browser window size (default 1280x900)")
    p.add_argument("--out", type=Path, metavar="FILE",
                   help="where to write the draft (default: the sites folder, NAME.json)")
    p.add_argument("--force", action="store_true", help="replace a profile already there")
    p.add_argument("--yes", action="store_true", help="write the draft without asking")
    p.add_argument("--cold", action="store_true",
                   help="Erudit: never name a shipped look that reads the page (play learns"
                   " the page's look from scratch, as on a site never seen)")
    p.add_argument("--shots", type=Path, metavar="DIR",
                   help="keep the frames looked at (the page, each input tried) in DIR")
    add_json(p)


def slug(text: str) -> str:
    """A file name out of a title or URL: lower case, letters and digits joined by '-'."""
    words = re.findall(r"\w+", text.casefold())
    return "-".join(words)[:40].strip("-") or "site"


def _run(game: str, args: argparse.Namespace) -> int:
    import sys

    from bot.cli.prompt import ask
    from bot.cli.report import emit
    from bot.errors import GamebotError
    from bot.web.draft_live import LiveConfig, look
    from bot.web.site_data import user_sites_dir
    from bot.web.sites import parse_profile
    from calibration.profile.draft import build, write
    from vision.core.frame import Frame

    def keep(name: str, frame: Frame) -> None:
        if args.shots is not None:
            args.shots.mkdir(parents=True, exist_ok=True)
            frame.save(args.shots / f"{name}.png")

    cfg = LiveConfig(game, args.url, args.name or "", args.lang, args.zoom, args.window,
                     args.serve, shipped=not args.cold)
    seen = look(cfg, keep)
    name = args.name or slug(seen.title or args.url)
    from dataclasses import replace

    draft = build(replace(seen, name=name))
    parse_profile(draft.data, "the draft")  # the draft is a profile play can use
    out = args.out or user_sites_dir() / f"{name}.json"
    if out.exists() and not args.force:
        raise GamebotError(f"{out} exists: keep it, or draft again with --force to replace it")
    lines = [f"{game} profile {name!r} drafted from {args.url}", *draft.lines()]
    if not args.yes and sys.stdin.isatty():
        for line in lines:
            print(line)
        lines = []
        if ask(f"write it to {out}? [Y/n] ").lower() in ("n", "no"):
            print("nothing written")
            return 1
    write(out, draft.data, args.force)
    site = str(out)  # a path works whatever the version's lookup of names
    lines.append(f"written: {out}")
    import shlex

    lines.append(f"play with: gamebot play {game} --target browser --launch"
                 f" {shlex.quote(args.url)}"
                 + (f" --serve {shlex.quote(str(args.serve))}" if args.serve else "")
                 + f" --site {shlex.quote(site)}")
    emit({"file": str(out), "name": name, "profile": draft.data, "found": draft.found,
          "guessed": draft.guessed}, lines, args.json)
    return 0


def _command(game: str) -> Command:
    return Command(
        "profile", game, f"draft a {game} site profile by looking at its page",
        _configure, lambda args: _run(game, args),
        description="Start Chromium on URL (its own Xvfb when there is no display), find the"
        " board, read the page's buttons and turn line, try the input style (a tile laid and"
        " taken back; a letter put in a cell and taken back), print what was found and what"
        " guessed, and write the draft to the sites folder after one confirmation (--yes: no"
        " question).",
    )


COMMANDS: list[Command] = [_command("balda"), _command("erudit")]
