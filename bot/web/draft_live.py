"""The live look at a page a profile is drafted for: Chromium started on the URL (as ``play``
starts it: a fresh ``--user-data-dir``, app mode, on the display or on an Xvfb of its own), the
board found, the text lines read, and the input style found by trying it safely: one tile
dragged (else clicked) onto the centre square, or one letter put into an empty cell (from the
page's palette, else typed), seen to land, then taken back (the page's cancel, else Escape or
a drag back) and seen gone.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.errors import GamebotError
from calibration.profile.draft import Seen, submit_button
from calibration.profile.page_words import (
    Found,
    find_buttons,
    find_turn_phrases,
    language_of,
    score_labels,
    turn_marker,
)
from calibration.profile.styles import ERUDIT_STYLES, balda_style, change, inner, landed
from vision.core.frame import Frame
from vision.core.geometry import Point, Region

#: The letter a Balda page is given to try typing (one every alphabet we play has a look of).
TRY_LETTER = {"ru": "о", "uk": "о", "en": "o"}  # lower case: the key code given before
SETTLE_TIMEOUT = 6.0
LOAD_TIMEOUT = 40.0


@dataclass
class LiveConfig:
    game: str  # balda or erudit
    url: str
    name: str
    lang: str | None = None  # None: read off the page
    zoom: float = 1.0
    window: tuple[int, int] = (1280, 900)
    serve: Path | None = None  # a static folder served on 127.0.0.1; url is relative to it
    shipped: bool = True  # a shipped look that reads the page is named in the draft


class Page:
    """The page's window on the screen: grabs it, clicks and drags in its pixels."""

    def __init__(self, screen: Any, window: int, backend: str) -> None:
        self.screen, self.window, self.backend = screen, window, backend

    def region(self) -> Region:
        from bot.io.windows import finder

        return finder.client_region(self.window, self.backend)

    def grab(self) -> Frame:
        frame: Frame = self.screen.grab(self.region())
        return frame

    def at(self, p: Point) -> Point:
        r = self.region()
        return Point(r.left + p.x, r.top + p.y)

    def park(self) -> None:
        r = self.region()
        self.screen.move_to(Point(r.left + 2, r.top + r.height // 2))

    def settled(self, timeout: float = SETTLE_TIMEOUT) -> Frame:
        """A frame once two grabs a moment apart agree (the page stopped moving)."""
        import numpy as np

        self.park()
        last = self.grab()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(0.3)
            now = self.grab()
            if now.pixels.shape == last.pixels.shape and np.array_equal(now.pixels, last.pixels):
                return now
            last = now
        return last


def _new_window(before: set[int], pid: int) -> Any:
    from bot.io.windows import finder

    found = [w for w in finder.list_windows() if w.id not in before
             and (w.pid in (None, pid)) and w.region.width >= 200 and w.region.height >= 150]
    return max(found, key=lambda w: w.region.width * w.region.height) if found else None


def open_page(cfg: LiveConfig, stack: ExitStack) -> tuple[Page, str]:
    """Chromium on the page (its own Xvfb when there is no display); the page and its title."""
    from bot.io import x11
    from bot.io.screens.desktop import DesktopScreen
    from bot.io.targets.browser import browser_argv
    from bot.io.windows import finder

    if sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
        from bot.io.virtual_display import VirtualDisplay

        stack.enter_context(VirtualDisplay(1600, 1000))
    url = cfg.url
    if cfg.serve is not None:
        from bot.pages.kit.static import StaticServer

        url = stack.enter_context(StaticServer(cfg.serve)).url(cfg.url)
    if cfg.game == "balda" and sys.platform.startswith("linux"):
        # the letter a typing page is tried with needs a key code before Chromium reads the map
        from bot.io.screens import x11_keys
        from bot.io.virtual_display import is_private

        x11_keys.mapper(lend_latin=is_private(os.environ.get("DISPLAY", ""))).assign("о")
        stack.callback(x11_keys.release)
    screen = DesktopScreen(0.02)
    stack.callback(screen.close)
    before = {w.id for w in finder.list_windows()}
    profile_dir = Path(tempfile.mkdtemp(prefix="gamebot-draft-chromium-"))
    stack.callback(shutil.rmtree, profile_dir, True)
    program = x11.Program(browser_argv(url, profile_dir, cfg.window, cfg.zoom))
    stack.callback(program.stop)
    info = program.wait_window(lambda: _new_window(before, program.process.pid), timeout=30)
    page = Page(screen, info.id, info.backend)
    finder.focus(info.id, info.backend)
    return page, info.title


def _find_board(cfg: LiveConfig, page: Page) -> tuple[Frame, Any, list[str]]:
    """The first settled frame whose board is found (pages load their scripts a while), and
    the labels of a menu's start buttons clicked to get there (a page that opens on a menu)."""
    from calibration.profile.page_words import find_labels
    from calibration.profile.vocabulary import START
    from vision.core.errors import ReadError
    from vision.core.page_text import PageText

    deadline = time.monotonic() + LOAD_TIMEOUT
    problem = "nothing grabbed"
    started: list[str] = []
    misses = 0
    while time.monotonic() < deadline:
        frame = page.settled()
        try:
            return frame, _locate(cfg.game, frame), started
        except ReadError as exc:
            problem = str(exc)
        misses += 1
        if misses >= 2 and len(started) < 2:  # loaded, and no board: a menu first?
            lines = PageText("rus+ukr+eng").lines(frame)
            lang = cfg.lang or language_of(lines)
            lines = PageText(lang).lines(frame)
            found = find_labels(lines, START, lang).get("start")
            if found is not None and found.label not in started:
                started.append(found.label)
                page.screen.click(page.at(found.line.region.center))
                misses = 0
                continue
        time.sleep(0.5)
    raise GamebotError(f"no {cfg.game} board found on {cfg.url} in {LOAD_TIMEOUT:.0f} s:"
                       f" {problem}")


def _locate(game: str, frame: Frame) -> Any:
    if game == "erudit":
        from vision.erudit.reader import locate_erudit

        return locate_erudit(frame).grid
    from vision.core.letters import locate_letter_grid

    return locate_letter_grid(frame)


def _title(page: Page, shown: str) -> str:
    from bot.io.windows import finder

    found = finder.find_windows(window_id=page.window)
    return found[0].title if found else shown


def read_words(frame: Frame, board: Region, lang: str | None, also: list[Region] | None = None
               ) -> tuple[str, list[Any]]:
    """The page's language and its text lines outside the board (and ``also``: the rack's
    tiles, the palette's keys, whose letters would join a button's label into one line),
    read in that language."""
    from vision.core.page_text import PageText

    exclude = [board, *(also or [])]
    lines = PageText("rus+ukr+eng").lines(frame, exclude)
    lang = lang or language_of(lines)
    return lang, PageText(lang).lines(frame, exclude)


def all_buttons(frame: Frame, grid: Any, lines: list[Any], lang: str, also: list[Region]
                ) -> dict[str, Found]:
    """The page's buttons: read among its text lines (then found by label in play), else
    read box by box (then clicked where they are: a ``click-at`` in cells)."""
    from dataclasses import replace

    from calibration.profile.button_text import button_lines

    found = find_buttons(lines, lang)
    boxed = find_buttons(button_lines(frame, lang, [grid.geometry.bounds, *also]), lang)
    origin = grid.geometry.cell_center(0, 0)
    px, py = grid.geometry.pitch
    for key, f in boxed.items():
        if key not in found:
            c = f.line.region.center
            found[key] = replace(f, cell=((c.y - origin.y) / py, (c.x - origin.x) / px))
    return found


def _rack(frame: Frame, grid: Any) -> tuple[list[Region], list[tuple[int, int, int]]]:
    """The rack's tiles and their colours, or none."""
    from vision.erudit.rack import find_rack_cold

    try:
        tiles, colours = find_rack_cold(frame, grid.geometry.bounds, grid.pitch)
    except Exception:  # vision's ReadError: no rack in view
        return [], []
    return tiles, [tuple(int(v) for v in c) for c in colours]  # type: ignore[misc]


def look(cfg: LiveConfig, keep: Callable[[str, Frame], None] | None = None) -> Seen:
    """Open the page, read it and try its input; what the draft is made of."""
    with ExitStack() as stack:
        page, shown = open_page(cfg, stack)
        frame, grid, started = _find_board(cfg, page)
        if keep:
            keep("page", frame)
        board = grid.geometry.bounds
        also = _rack(frame, grid)[0] if cfg.game == "erudit" else palette_keys(frame, grid)
        lang, lines = read_words(frame, board, cfg.lang, also)
        buttons = all_buttons(frame, grid, lines, lang, also)
        turns = find_turn_phrases(lines, lang)
        scores = score_labels(lines, lang)
        marker = turn_marker(lines, scores) if not turns else ""
        title = _title(page, shown)
        look = shipped_look(frame) if cfg.game == "erudit" and cfg.shipped else ""
        if cfg.game == "erudit":
            style, note, back = try_erudit(page, frame, grid, buttons, lang, keep)
            move = ERUDIT_STYLES.get(style, [])
            others = {k: v for k, v in ERUDIT_STYLES.items() if k != style}
        else:
            style, note, back = try_balda(page, frame, grid, buttons, lang, keep)
            submit = _submit_step(buttons, lang)
            move = balda_style(style, submit) if style else []
            names = ("palette-drag", "type-click", "click-type")
            others = {k: balda_style(k, submit) for k in names if k != style}
        return Seen(cfg.game, cfg.name, lang, title, style, move, buttons, turns, scores,
                    others, note, back, tuple(started), look, marker)


def _submit_step(buttons: dict[str, Found], lang: str) -> dict[str, Any] | None:
    """The step that sends a Balda word: the button read (clicked where it is when only its
    box was read), else None (Return)."""
    found = buttons.get("submit")
    if found is None:
        return None
    if found.cell is not None:
        return {"do": "click-at", "cell": [round(found.cell[0], 2), round(found.cell[1], 2)]}
    return submit_button(found.label, lang)


def shipped_look(frame: Frame) -> str:
    """The name of a shipped Erudit look (``calibration/sites/NAME``) that reads this page's
    board and rack, or "" (a site never seen: play learns its look from the page)."""
    from bot.games.erudit.sites import read_shot
    from bot.web.sites import BUILTIN_DIR
    from vision.core.errors import ReadError
    from vision.erudit.look import LOOK_FILE

    for folder in sorted(p for p in BUILTIN_DIR.iterdir() if (p / LOOK_FILE).is_file()):
        try:
            read_shot(frame, str(folder), ocr=False, text=False)
        except (ReadError, GamebotError):
            continue
        return folder.name
    return ""


def _take_back(page: Page, buttons: dict[str, Found], undo: Callable[[], None] | None) -> str:
    """Undo a tried input: the page's cancel button (read before), else ``undo``, else Escape."""
    if "cancel" in buttons:
        page.screen.click(page.at(buttons["cancel"].line.region.center))
        return f"button {buttons['cancel'].label!r}"
    if undo is not None:
        undo()
        return "the way back"
    page.screen.press("esc")
    return "Escape"


def empty_square(frame: Frame, grid: Any) -> Region:
    """The square nearest the centre in the board's commonest square colour: a plain empty
    square (premium squares have colours of their own, tiles theirs; the computer may have
    moved first, over the centre)."""
    from collections import Counter

    from vision.erudit.tiles import mode_colour

    faces = {}
    for r in range(grid.rows):
        for c in range(grid.cols):
            box = inner(grid.geometry.cell_rect(r, c), 0.8)
            faces[r, c] = mode_colour(frame.pixels[box.top : box.bottom, box.left : box.right])
    plain = Counter(tuple(v // 16 for v in face) for face in faces.values()).most_common(1)[0][0]
    mid = (grid.rows // 2, grid.cols // 2)
    cells = sorted(faces, key=lambda rc: (abs(rc[0] - mid[0]) + abs(rc[1] - mid[1]), rc))
    r, c = next((rc for rc in cells if tuple(v // 16 for v in faces[rc]) == plain), mid)
    rect: Region = grid.geometry.cell_rect(r, c)
    return rect


def try_erudit(page: Page, frame: Frame, grid: Any, buttons: dict[str, Found], lang: str,
               keep: Callable[[str, Frame], None] | None) -> tuple[str, str, bool | None]:
    """A rack tile dragged onto an empty square (the centre on a fresh board; else clicked,
    then the square clicked): the style that lands it, what was seen, and whether it was taken
    back. A button that shows only while a tile is laid (Xanado's «Finished Turn») is read
    then, and replaces one of the same kind read before (the word «Play» of a heading)."""
    tiles, _ = _rack(frame, grid)
    if not tiles:
        return "", "no rack found to try a tile", None
    tile = tiles[0]
    square = empty_square(frame, grid)
    tried = []
    for style in ("drag", "click"):
        if style == "drag":
            page.screen.drag([page.at(tile.center), page.at(square.center)], step=0.15)
        else:
            page.screen.click(page.at(tile.center))
            time.sleep(0.4)
            page.screen.click(page.at(square.center))
        after = page.settled()
        if keep:
            keep(f"tried-{style}", after)
        if landed(frame, after, inner(square), inner(tile)):
            _, now = read_words(after, grid.geometry.bounds, lang, tiles)
            shown_before = {x.text for x in (f.line for f in buttons.values())}
            for key, found in all_buttons(after, grid, now, lang, tiles).items():
                if found.line.text not in shown_before:
                    buttons[key] = found  # shown only now: the page's own for a laid tile
            def back(style: str = style) -> None:
                if style == "drag":
                    page.screen.drag([page.at(square.center), page.at(tile.center)], step=0.15)
                else:
                    page.screen.click(page.at(square.center))

            how = _take_back(page, buttons, back)
            final = page.settled()
            if keep:
                keep("taken-back", final)
            gone = change(frame, final, inner(square)) < 8
            return style, (f"a rack tile {'dragged' if style == 'drag' else 'clicked'} onto an"
                           f" empty square landed there; taken back by {how}"
                           + ("" if gone else " (it did not go: reload the page)")), gone
        tried.append(style)
        if change(frame, after, grid.geometry.bounds) >= 1:  # something moved: put it back
            _take_back(page, buttons, None)
            page.settled()
    return "", f"no tile landed on an empty square ({', '.join(tried)} tried)", None


def _empty_cell(frame: Frame, grid: Any) -> tuple[int, int] | None:
    from vision.core.letters import cell_ink

    filled = {(r, c) for r in range(grid.rows) for c in range(grid.cols)
              if not cell_ink(frame, grid, r, c).empty}
    for r in range(grid.rows):
        for c in range(grid.cols):
            near = {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)}
            if (r, c) not in filled and near & filled:
                return r, c
    return None


def palette_keys(frame: Frame, grid: Any) -> list[Region]:
    """The page's letter palette: a family of 20 or more equal square keys off the grid."""
    from vision.core.palette import key_outlines

    keys = key_outlines(frame.pixels, grid.pitch, grid.geometry.bounds)
    return keys if len(keys) >= 20 else []


def try_balda(page: Page, frame: Frame, grid: Any, buttons: dict[str, Found], lang: str,
              keep: Callable[[str, Frame], None] | None) -> tuple[str, str, bool | None]:
    """An empty cell next to the start word clicked and given a letter: from the page's
    palette when it has one, else typed. A typed letter that stays when its cell is clicked
    again is a page where the word's cells are clicked after the letter (``type-click``);
    one the second click takes away, a page where the cells are clicked in the word's order,
    the letter typed at the new one (``click-type``)."""
    from vision.core.letters import cell_ink

    cell = _empty_cell(frame, grid)
    if cell is None:
        return "", "no empty cell next to a letter to try", None
    where = grid.geometry.cell_rect(*cell)
    keys = palette_keys(frame, grid)
    page.screen.click(page.at(where.center))
    time.sleep(0.4)
    if keys:
        page.screen.click(page.at(keys[0].center))
        style = "palette-drag"
        how = f"a letter picked on the page's palette ({len(keys)} keys)"
    else:
        page.screen.type_text(TRY_LETTER[lang])
        style = "type-click"
        how = "a letter typed"
    after = page.settled()
    if keep:
        keep("tried-letter", after)
    if cell_ink(after, grid, *cell).empty:
        _take_back(page, buttons, None)
        page.settled()
        return "", f"an empty cell clicked and {how}: no letter showed in it", None
    if style == "type-click":
        page.screen.click(page.at(where.center))
        again = page.settled()
        if keep:
            keep("clicked-again", again)
        if cell_ink(again, grid, *cell).empty:
            style = "click-type"
            how += "; clicked again, the letter went (the word's cells are clicked in order)"
        else:
            how += "; clicked again, the letter stayed (the word's cells are clicked after it)"
    back = _take_back(page, buttons, None)
    final = page.settled()
    if keep:
        keep("taken-back", final)
    gone = cell_ink(final, grid, *cell).empty
    if not gone and back != "Escape":
        page.screen.press("esc")
        final = page.settled()
        gone = cell_ink(final, grid, *cell).empty
    return style, (f"an empty cell clicked and {how}; taken back by {back}"
                   + ("" if gone else " (it stayed: reload the page)")), gone
