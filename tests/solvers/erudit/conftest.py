"""Shared fixtures for the Erudit/Scrabble tests: rules and small sample dictionaries."""

from __future__ import annotations

import pytest

from solvers.erudit.dictionary import WordGraph, graph_for
from solvers.erudit.rules import Rules, load_rules
from solvers.erudit.verify import sample_graph


@pytest.fixture(scope="session")
def en_rules() -> Rules:
    return load_rules("scrabble-en")


@pytest.fixture(scope="session")
def ru_rules() -> Rules:
    return load_rules("erudit")


@pytest.fixture(scope="session")
def en_small() -> WordGraph:
    """600 ENABLE words plus every two-letter word: brute force stays quick on it."""
    return sample_graph(graph_for("english-enable"), 600, 11)


@pytest.fixture(scope="session")
def ru_small() -> WordGraph:
    return sample_graph(graph_for("russian-nouns"), 600, 12)


@pytest.fixture(scope="session")
def tiny() -> WordGraph:
    """A hand-made list for exact expectations."""
    return WordGraph(
        [
            "AT",
            "TA",
            "CAT",
            "CATS",
            "ACT",
            "AX",
            "XI",
            "TAX",
            "AXE",
            "QI",
            "ZA",
            "RETAINS",
            "STAINER",
            "NASTIER",
            "RETINAS",
            "ANESTRI",
            "RATINES",
            "HE",
            "EH",
            "HA",
            "AH",
        ]
    )
