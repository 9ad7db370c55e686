"""Where an Erudit site's learned look lives, and reading a screenshot with the right one.

A site folder holds ``erudit-look.json``, ``glyphs/`` and ``marks/`` (see
:mod:`vision.erudit.look`). Built-in sites ship under ``calibration/sites/<name>/``; what a user
calibrates goes to their sites folder (``$GAMEBOT_SITES``, else ``~/.local/share/gamebot/sites``)
and is tried first. With no site named, every known site is tried and the first that reads the
picture wins; with no rules named, each of the rules the site plays is tried, and a picture that
reads under two rules alike is refused rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.errors import GamebotError
from bot.web.site_data import user_sites_dir
from bot.web.sites import BUILTIN_DIR
from solvers.erudit.rules import RULE_NAMES, Rules, load_rules
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.erudit.look import LOOK_FILE, EruditSite
from vision.erudit.reader import (
    BoardLocation,
    EruditReading,
    locate_erudit,
    read_erudit,
    rules_lang,
)


@dataclass(frozen=True)
class SiteRead:
    """A reading and what made it: the site, the rules, where the board is."""

    reading: EruditReading
    site: EruditSite
    rules: Rules
    location: BoardLocation


def site_folders() -> list[Path]:
    """Every site folder with an Erudit look: the user's first, then the built-in ones."""
    out = []
    for root in (user_sites_dir(), BUILTIN_DIR):
        if root.is_dir():
            out.extend(sorted(p for p in root.iterdir() if (p / LOOK_FILE).is_file()))
    return out


def find_site(name: str) -> Path:
    """A site folder by name (the user's, then the built-in one) or by path."""
    path = Path(name)
    if (path / LOOK_FILE).is_file():
        return path
    for root in (user_sites_dir(), BUILTIN_DIR):
        if (root / name / LOOK_FILE).is_file():
            return root / name
    known = ", ".join(p.name for p in site_folders()) or "none"
    raise GamebotError(f"no Erudit site {name!r} (known: {known}); learn one with"
                       f" `gamebot calibrate erudit --from SHOT... --site {name}`")


def site_rules(rules: Rules, site: EruditSite) -> Rules:
    """The rules as the site plays them: on the premium layout its board shows, when it was
    read off the board (squares never seen keep the rules' own)."""
    text = site.look.premium_text(rules.premium_text)
    return rules if text is None else rules.with_options(premiums=text)


def _rules_for(site: EruditSite, rules: str | None) -> list[Rules]:
    if rules is not None:
        return [site_rules(load_rules(rules), site)]
    names = site.look.rules or list(RULE_NAMES)
    return [site_rules(load_rules(n), site) for n in names]


def read_shot(
    frame: Frame,
    site: str | None = None,
    rules: str | None = None,
    *,
    ocr: bool = True,
    text: bool = True,
    location: BoardLocation | None = None,
) -> SiteRead:
    """Locate and read ``frame`` with the site and rules asked for, or with every one known.

    Raises :class:`ReadError` (no board, a square that cannot be read, ...) naming what failed.
    """
    loc = location or locate_erudit(frame)
    folders = [find_site(site)] if site else site_folders()
    if not folders:
        raise GamebotError("no Erudit site is known yet: calibrate one with"
                           " `gamebot calibrate erudit --from SHOT...`")
    errors: list[tuple[str, ReadError]] = []
    for folder in folders:
        look = EruditSite.load(folder)
        found: list[SiteRead] = []
        for r in _rules_for(look, rules):
            attempt = EruditSite.load(folder)  # a fresh bank: OCR may teach it
            try:
                reading = read_erudit(frame, loc, attempt, r, ocr=ocr)
            except ReadError as exc:
                errors.append((f"{folder.name} ({r.name})", exc))
                continue
            found.append(SiteRead(reading, attempt, r, loc))
        if not found:
            continue
        pick = _choose(found)
        if text:
            pick = _with_text(frame, pick)
        return pick
    if len(errors) == 1 or site:
        raise errors[-1][1]
    tried = "; ".join(f"{name}: {exc}" for name, exc in errors[-3:])
    first = errors[0][1]
    raise ReadError(f"no known site reads this board ({tried})", first.cell, first.crop,
                    first.cells)


def _choose(found: list[SiteRead]) -> SiteRead:
    """One reading among those of several rules: the one whose premium layout matches, and
    only if the boards differ in nothing but the rules' name."""
    if len(found) == 1:
        return found[0]
    matching = [f for f in found if f.reading.premiums_match] or found
    boards = {(f.reading.board, f.reading.rack) for f in matching}
    names = ", ".join(f.rules.name for f in matching)
    if len(matching) > 1:
        raise ReadError(f"the picture reads under the rules {names} alike (every tile's value"
                        f" fits each): say which with --rules"
                        + ("" if len(boards) == 1 else " (and the readings differ)"))
    return matching[0]


def _with_text(frame: Frame, found: SiteRead) -> SiteRead:
    """The reading with scores and tiles left, when the page shows them and Tesseract runs."""
    from vision.core.ocr import OcrUnavailableError
    from vision.core.page_text import PageText
    from vision.erudit.text import read_scores

    r = found.reading
    try:
        scores, bag = read_scores(frame, PageText(rules_lang(found.rules)), found.site,
                                  rules_lang(found.rules), [r.geometry.bounds, *r.rack_tiles])
    except OcrUnavailableError:
        return found
    from dataclasses import replace

    return replace(found, reading=replace(r, scores=scores, bag=bag))
