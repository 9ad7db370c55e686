"""Shared Balda fixtures: the full Russian lexicon and a small dense one for brute-force checks."""

import pytest

from solvers.balda import Lexicon
from solvers.words import russian_nouns

# Words spelled only with these ten common letters: about 1,300 words that interlock densely,
# so positions have many moves while brute-force checks stay fast.
DENSE_LETTERS = frozenset("ОЕАИНТСРВЛ")


@pytest.fixture(scope="session")
def russian() -> Lexicon:
    return Lexicon.russian()


@pytest.fixture(scope="session")
def dense() -> Lexicon:
    return Lexicon(w for w in russian_nouns() if set(w) <= DENSE_LETTERS)
