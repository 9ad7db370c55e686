"""Words a site will most likely accept, when its dictionary is not ours.

A site's word list is unknown to the bot; ours holds every noun OpenCorpora knows (НАСЫП, СЕРАО,
ЛУДО), and a site refuses the rare ones. Word frequency (``wordfreq``'s Zipf scale: 3 is once a
million words, 0 never seen) says how common a word is: moves whose word is rarer than the
site's floor (profile ``min-zipf``) are left out of the search while any move of a common word
is left, so the bot prefers words the site will take. Every word the site refuses is kept apart
too (:class:`bot.web.rejected_words.RejectedWords`), so a refusal is never offered again.
"""

from __future__ import annotations

import functools

from solvers.balda.lexicon import Lexicon
from solvers.balda.movegen import generate_moves
from solvers.balda.state import BaldaState

#: Languages wordfreq knows, by our language codes.
WORDFREQ = {"ru": "ru", "uk": "uk", "en": "en"}


@functools.lru_cache(maxsize=65536)
def zipf(word: str, lang: str) -> float:
    """How common ``word`` is (Zipf: 0 never seen .. 8); 0 for a language wordfreq lacks."""
    code = WORDFREQ.get(lang)
    if code is None:
        return 0.0
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word.lower(), code))


def rare_words(state: BaldaState, lexicon: Lexicon, lang: str, floor: float) -> tuple[str, ...]:
    """The words of this position's moves rarer than ``floor`` when a move of a word as common
    as the floor is left (else none: a rare word beats passing)."""
    if floor <= 0:
        return ()
    words = {m.word for m in generate_moves(state, lexicon)}
    rare = tuple(sorted(w for w in words if zipf(w, lang) < floor))
    return rare if len(rare) < len(words) else ()
