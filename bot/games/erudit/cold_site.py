"""A Scrabble site played for the first time: its look learned from the page itself.

When no look of the site is saved yet (a new user, an empty sites folder), the first frame that
shows the board and a rack is named the way ``calibrate erudit --from`` names an unlabelled shot
(:mod:`calibration.erudit.bootstrap`: the premium layout off the board, the rack found without
its colour, each tile named by Tesseract and the rendered letters, checked by the letter values);
the site learned from it is saved to the user's sites folder and play goes on with it, naming
the letters it has not seen yet as they come (the reader's Tesseract and shapes, and the game's
logic). The rules are the profile's, else those of the profile's language whose letter values
the tiles show.
"""

from __future__ import annotations

import logging
from pathlib import Path

from solvers.erudit.rules import Rules, load_rules
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.erudit.look import EruditSite
from vision.erudit.reader import BoardLocation

logger = logging.getLogger(__name__)

#: The rule sets a site of each language may play, the usual one first.
RULES_BY_LANGUAGE = {"en": ("scrabble-en", "wwf"), "ru": ("erudit", "scrabble-ru")}


def rules_options(language: str, named: str) -> list[Rules]:
    """The rules a site may play: the profile's when it names them, else its language's."""
    if named:
        return [load_rules(named)]
    names = RULES_BY_LANGUAGE.get(language)
    if names is None:
        raise ReadError(f"no Scrabble rules for the language {language!r}: name them with the"
                        f" profile's 'rules'")
    return [load_rules(n) for n in names]


class ColdSite:
    """The site's look, learned from the first frame that shows a board and a rack."""

    def __init__(self, site: EruditSite, folder: Path, options: list[Rules]) -> None:
        self.site = site
        self.folder = folder
        self.options = options
        self.learned = False
        #: Rules the first frame's values fit as well as the ones chosen (a rack of letters
        #: worth the same in Erudit and Scrabble: JScrab's first rack КЕНОИХ was taken for
        #: Erudit, and its С worth 1, not 2, stopped the game): tried when a frame does not read.
        self.tied: list[Rules] = []

    def learn(self, frame: Frame, location: BoardLocation) -> Rules:
        """Learn the site from ``frame`` (in place), save it; the rules its tiles show.
        :class:`ReadError` when the frame shows no board and rack to learn from (yet)."""
        from calibration.erudit.bootstrap import name_shot
        from calibration.erudit.learn import learn_site

        named = name_shot(frame, self.options, "the page's first frame")
        sure = sum(ch not in ("?", "*") for ch in named.shot.rack)
        if sure < max(2, len(named.shot.rack) // 2):
            # a page still loading (squares that are no tiles yet), or a rack not read
            raise ReadError(f"the page shows no rack whose letters can be named yet (read"
                            f" {named.shot.rack or 'none'}): nothing to learn its tiles from")
        self.tied = [r for r in self.options if r.name in named.tied]
        learn_site([named.shot], self.site)
        self.site.look.merge_layout(named.layout.kinds)
        self.site.save(self.folder)
        self.learned = True
        logger.info("learned the site %s from the page (%s; layout by %s; letters %s; left"
                    " unnamed %s)", self.site.name, named.shot.rules.name, named.layout.named_by,
                    self.site.glyphs.chars, ", ".join(named.unnamed) or "none")
        return named.shot.rules
