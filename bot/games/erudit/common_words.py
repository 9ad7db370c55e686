"""Words a Scrabble site will most likely accept, when its dictionary is not ours.

Our Russian list holds every noun OpenCorpora knows; a site built on another list (JScrab's
hunspell words) refuses the rare ones (ТУТОР, Zipf 1.1, was refused on the first move). With
the profile's ``min-zipf`` the engine searches first among the words at least that common
(``wordfreq``'s Zipf scale, as Balda's :mod:`bot.games.balda.common_words`), cross words
included, and falls back to the whole list only when no move is left there. The opponent's
moves are still checked against the whole list.
"""

from __future__ import annotations

import logging
import time

from bot.games.balda.common_words import zipf
from solvers.erudit.dictionary import WordGraph

logger = logging.getLogger(__name__)


def common_graph(graph: WordGraph, lang: str, floor: float) -> WordGraph:
    """The words of ``graph`` at least ``floor`` common in ``lang`` (Zipf)."""
    started = time.monotonic()
    words = [w for w in graph.words() if zipf(w, lang) >= floor]
    common = WordGraph(words)
    logger.info("%d of %d words at Zipf %.1f or more (%.1f s): played first", len(common),
                len(graph), floor, time.monotonic() - started)
    return common
