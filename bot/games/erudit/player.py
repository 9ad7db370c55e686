"""The Erudit/Scrabble player for a page session: rules, dictionary, vision and the site."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.errors import GamebotError
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import Region

logger = logging.getLogger(__name__)

if TYPE_CHECKING:
    from bot.games.erudit.adapter import EruditPlayer
    from bot.games.erudit.cold_site import ColdSite
    from bot.games.erudit.vision_calls import ReadNumbers
    from bot.web.session import PagePlayConfig
    from bot.web.sites import SiteProfile
    from solvers.erudit.rules import Rules
    from vision.erudit.reader import BoardLocation, EruditReading


def all_tiles_bonus(cfg: PagePlayConfig, profile: SiteProfile) -> int | None:
    """The site's points for a whole rack laid, when not the rules' own: our page's ``bonus``
    parameter, else the profile's ``all-tiles-bonus`` (VERANDa scored 78 by the engine where
    a page without the bonus gave 28)."""
    given = cfg.page_params.get("bonus") if cfg.target == "builtin" else None
    if given is not None:
        try:
            return int(given)
        except ValueError:
            raise GamebotError(f"--page-param bonus={given}: a whole number of points") from None
    return profile.all_tiles_bonus


def settled_squares(board: tuple[str, ...] | None) -> dict[int, str] | None:
    """The followed board's tiles by square (read on earlier frames; never change)."""
    if board is None:
        return None
    return {i: ch for i, ch in enumerate(board) if ch not in (".", "?")}


def switched_rules(
    cold: ColdSite, frame: Frame, location: BoardLocation, site: object, bonus: int | None,
    check: bool, known: dict[int, str] | None, partial: bool, empty_rack: bool,
) -> Rules | None:
    """Rules the first frame fitted as well, under which a frame the chosen ones refuse reads
    (the values it shows tell them apart now); None when none does. Chosen for good."""
    from bot.games.erudit.sites import site_rules
    from vision.erudit.reader import read_erudit

    for option in cold.tied:
        rules = site_rules(option, site).with_options(bingo_bonus=bonus)  # type: ignore[arg-type]
        try:
            read_erudit(frame, location, site, rules, check=check,  # type: ignore[arg-type]
                        known=known, partial=partial, empty_rack=empty_rack,
                        unknown_rack=True)  # (a rack tile no look names tells nothing)
        except ReadError:
            continue
        logger.info("the page's values are %s's, not the first frame's guess: switched",
                    option.name)
        cold.tied = []
        cold.site.look.rules = [option.name]
        cold.site.save(cold.folder)
        return rules
    return None


def make_erudit_player(cfg: PagePlayConfig, profile: SiteProfile) -> EruditPlayer:
    from bot.games.erudit.adapter import EruditPlayer
    from bot.games.erudit.sites import find_site, site_rules
    from bot.web.rejected_words import RejectedWords
    from bot.web.site_data import rejected_path
    from solvers.erudit.dictionary import graph_for
    from solvers.erudit.rules import load_rules
    from vision.core.ocr import tesseract_lang
    from vision.core.page_text import PageText
    from vision.erudit.faces import read_with_new_face
    from vision.erudit.look import EruditSite
    from vision.erudit.reader import rules_lang
    from vision.erudit.tiles import TileCache

    bonus = all_tiles_bonus(cfg, profile)
    cold: ColdSite | None = None
    try:
        folder = find_site(profile.glyphs or profile.name)
    except GamebotError:
        if cfg.target == "builtin":
            raise
        # A site never played: its look is learned from the page's first frame.
        from bot.games.erudit.cold_site import ColdSite, rules_options
        from bot.web.site_data import user_sites_dir

        options = rules_options(profile.language, profile.rules)
        folder = user_sites_dir() / (profile.glyphs or profile.name)
        cold = ColdSite(EruditSite.empty(profile.glyphs or profile.name, options[0].alphabet),
                        folder, options)
    site = cold.site if cold is not None else EruditSite.load(folder)
    if cfg.target == "builtin":
        name = cfg.rules
    else:
        name = profile.rules or (site.look.rules[0] if site.look.rules else "") or (
            cold.options[0].name if cold is not None else cfg.rules)
    try:
        rules = site_rules(load_rules(name), site).with_options(bingo_bonus=bonus)
    except (OSError, ValueError) as exc:
        raise GamebotError(f"rules {name!r}: {exc}") from None
    copies = None
    if cfg.record is not None:  # the recording carries the site, for replay anywhere
        from bot.web.site_copies import SiteCopies, copy_of

        copies = SiteCopies(cfg.record)
        copies.keep_profile(profile)
        if cold is None:
            copies.keep_look(copy_of(folder, ("erudit-look.json", "glyphs", "marks", "wholes")))
    lang = tesseract_lang(rules_lang(rules))
    cache = TileCache()
    # rules a profile names are the site's, counts and all; rules told by the values the
    # tiles show say nothing of how many of each letter the site's set has
    counts_known = cfg.target == "builtin" or bool(profile.rules)

    def locate(frame: Frame) -> BoardLocation:
        from vision.erudit.reader import locate_erudit

        return locate_erudit(frame)

    def read(
        frame: Frame, location: BoardLocation, check: bool = True,
        known: dict[int, str] | None = None, partial: bool = False, empty_rack: bool = False,
        relearn: bool = False, unknown_rack: bool = False,
    ) -> EruditReading:
        """``relearn``: a tile refused twice with the same pixels (settled, not mid-animation)
        may be named by Tesseract and learned even as a new look of a letter the bank knows."""
        from vision.erudit.reader import read_erudit

        nonlocal rules
        if cold is not None and not cold.learned:
            found = cold.learn(frame, location)  # a ReadError: the loop waits for the page
            rules = site_rules(found, site).with_options(bingo_bonus=bonus)
            player.rules = rules
            if copies is not None:
                from bot.web.site_copies import copy_of

                copies.keep_look(copy_of(folder, ("erudit-look.json", "glyphs", "marks",
                                                  "wholes")))
        def again() -> EruditReading:
            return read_erudit(
                frame, location, site, rules, cache=cache, check=check, known=known,
                partial=partial, empty_rack=empty_rack, new_letters_only=not relearn,
                unknown_rack=unknown_rack, corner_joins=player.corner_joins,
                counts_known=counts_known, settled=settled_squares(player.board),
            )

        try:
            reading = again()
        except ReadError as exc:
            other = None
            if cold is not None and cold.tied:  # the first rack fitted two rule sets
                other = switched_rules(cold, frame, location, site, bonus, check, known,
                                       partial, empty_rack)
            if other is not None:
                rules = other
                player.rules = rules
                reading = again()
            else:
                # a face the look lacks (the opponent's last word highlighted): learned when
                # the squares could be one move's tiles and the frame then reads
                # (vision/erudit/faces)
                found_face = read_with_new_face(frame, location, site, exc, again)
                if found_face is None:
                    raise
                reading = found_face
                logger.info("learned a new tile face of site %s (squares %s)", site.name,
                            ", ".join(f"{r + 1},{c + 1}" for r, c in exc.cells))
                if cold is not None:
                    site.save(folder)
                if copies is not None:
                    copies.keep_look(site.save)  # the replay reads those frames with it
        if check and not partial and not reading.premiums_match:
            from bot.games.erudit.board_layout import board_layout

            grid = board_layout(reading.premiums, rules.premium_text)
            if grid is not None:  # the page draws a layout of its own: score on it
                logger.info("the board's premium squares are not the %s layout (%d differ, "
                            "e.g. %s): playing on the board's", rules.name,
                            len(reading.premium_diffs), reading.premium_diffs[:3])
                rules = rules.with_options(premiums=grid)
                player.rules = rules
        return reading

    def letter_keys(frame: Frame, location: BoardLocation) -> dict[str, Region]:
        """The wildcard dialog's letter keys (screen pixels), read like a palette."""
        from vision.core.palette import read_palette

        found = read_palette(
            frame, location.bounds, location.pitch, site.glyphs, rules.alphabet, lang,
            count=len(rules.alphabet),
        )
        return {ch: r.offset(frame.region.left, frame.region.top) for ch, r in found.keys.items()}

    text = PageText(lang)
    numbers: ReadNumbers | None = None
    if site.look.score_labels(rules_lang(rules)) or site.look.bag_phrases(rules_lang(rules)):

        def read_numbers(frame: Frame, exclude: Sequence[Region]
                         ) -> tuple[tuple[int, int] | None, int | None]:
            """Scores and tiles left the way the site's look says they are shown."""
            from vision.erudit.text import read_scores

            return read_scores(frame, text, site, rules_lang(rules), exclude)

        numbers = read_numbers

    graph = graph_for(rules.dictionary)
    common = None
    if profile.min_zipf:  # a site whose word list is not ours: common words first
        from bot.games.erudit.common_words import common_graph

        common = common_graph(graph, profile.language, profile.min_zipf)
    player = EruditPlayer(
        profile,
        rules,
        graph,
        read=read,
        locate=locate,
        text=text,
        rejected=RejectedWords(rejected_path(profile)),
        letter_keys=letter_keys,
        numbers=numbers,
        think=cfg.think,
        tiles=cfg.tiles if cfg.target == "builtin" else None,  # a short game on our page
        common=common,
    )
    return player
