"""A web page in Chromium as a target: launched by us with a private profile, or attached to.

The bot works from pixels only: no DevTools, no DOM, no script in the page. Launching gives the
page its own Chromium (Debian package ``chromium``) in ``--app`` mode, so the window holds the
page and nothing of the browser's own chrome; a throw-away ``--user-data-dir`` keeps the user's
profile untouched and is deleted on close. A zoom is a device scale factor: every CSS pixel
becomes ``zoom`` screen pixels, as a browser zoom or a HiDPI monitor would make it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.web.sites import SiteProfile

from bot.errors import GamebotError
from bot.io import x11
from bot.io.targets.base import WindowTarget
from bot.io.windows import finder as windows
from bot.io.windows.info import WindowInfo

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
# Quiet, offline, first-run-free Chromium: no sign-in, sync, translate bar or update checks
# (the machine's network is closed; without these Chromium retries connections all the time).
QUIET_FLAGS = (
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=Translate,TranslateUI,MediaRouter,OptimizationHints",
    "--disable-gpu",
    "--disable-session-crashed-bubble",
    "--password-store=basic",
    "--test-type",  # hides the "unsupported command-line flag" bar --no-sandbox brings
)


def find_browser() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    raise GamebotError(
        f"no Chromium found (looked for {', '.join(BROWSERS)}); Debian: apt install chromium"
    )


def browser_argv(
    url: str,
    profile_dir: Path,
    size: tuple[int, int],
    zoom: float = 1.0,
    position: tuple[int, int] = (0, 0),
    browser: str | None = None,
) -> list[str]:
    """The command line of a private app-mode Chromium window of ``size`` screen pixels."""
    if not 0.25 <= zoom <= 5.0:
        raise GamebotError(f"zoom {zoom:g} is outside 0.25..5 (1 = 100 %)")
    width, height = size
    argv = [
        browser or find_browser(),
        f"--user-data-dir={profile_dir}",
        *QUIET_FLAGS,
        f"--window-position={position[0]},{position[1]}",
        # Chromium takes the window size in CSS pixels; ask for the screen size we want.
        f"--window-size={round(width / zoom)},{round(height / zoom)}",
        f"--force-device-scale-factor={zoom:g}",
        f"--app={url}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        argv.insert(2, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
    return argv


class BrowserTarget(WindowTarget["SiteProfile"]):
    """A page's browser window; ``profile`` is the site's :class:`bot.web.sites.SiteProfile`."""

    def __init__(
        self,
        profile: SiteProfile,
        title: str,
        program: x11.Program | None = None,
        profile_dir: Path | None = None,
        url: str = "",
    ) -> None:
        self.title = title
        self.url = url
        self._profile_dir = profile_dir

        def find() -> WindowInfo | None:
            return windows.first(title=title)

        try:
            super().__init__(profile, find, program)
        except BaseException:
            self._remove_profile()
            raise

    def describe(self) -> str:
        where = f" at {self.url}" if self.url else ""
        return f"{self.profile.name} in Chromium ({self.window_label()}){where}"

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._remove_profile()

    def _remove_profile(self) -> None:
        if self._profile_dir is not None:
            shutil.rmtree(self._profile_dir, ignore_errors=True)
            self._profile_dir = None


def launch(
    url: str,
    profile: SiteProfile,
    size: tuple[int, int] = (1280, 900),
    zoom: float = 1.0,
    env: Mapping[str, str] | None = None,
    log: Path | None = None,
) -> BrowserTarget:
    """Start a private Chromium on ``url`` and wait for the page's window (its title)."""
    profile_dir = Path(tempfile.mkdtemp(prefix="gamebot-chromium-"))
    argv = browser_argv(url, profile_dir, size, zoom)
    try:
        program = x11.Program(argv, env=env, log=log)
    except OSError as exc:
        shutil.rmtree(profile_dir, ignore_errors=True)
        raise GamebotError(f"cannot start {argv[0]}: {exc.strerror}") from None
    try:
        return BrowserTarget(profile, profile.title, program, profile_dir, url)
    except GamebotError as exc:
        running = program.running
        program.stop()
        if not running:
            raise
        raise GamebotError(f"{exc}: {title_missed(profile)}") from None
    except BaseException:
        program.stop()
        raise


def title_missed(profile: SiteProfile) -> str:
    """What to do when the browser showed windows but none whose title the profile names (a
    page whose <title> is empty, JScrab's, is titled by its address: "no window within 15 s"
    said nothing of it)."""
    try:
        shown = windows.seen(windows.find_windows())
    except GamebotError as exc:
        shown = f"the windows could not be listed ({exc})"
    return (f"no window titled {profile.title!r} (the site profile's 'title', a regular"
            f" expression; a page with an empty <title> is titled by its address); {shown}")


def attach(title: str, profile: SiteProfile) -> BrowserTarget:
    """A browser window already open, found by (a regular expression of) its title; when there
    is none, :class:`bot.io.windows.finder.WindowNotFound` lists the windows there are."""
    windows.find_window(title=title)  # fails now, naming what is there
    return BrowserTarget(profile, title)
