"""The Erudit page's games for its tests: the engine's Russian graph served on 127.0.0.1, and
a few words in each language for positions set up by hand."""

from __future__ import annotations

import pytest

from bot.pages.erudit.game import EruditGames
from bot.pages.kit.server import PageServer
from solvers.erudit import WordGraph, graph_for
from tests.bot.erudit_page.kit import TINY_EN, TINY_RU


@pytest.fixture(scope="module")
def russian():
    return graph_for("russian-nouns")


@pytest.fixture(scope="module")
def server(russian):
    games = EruditGames({"erudit": russian, "scrabble-ru": russian})
    with PageServer("erudit", games) as running:
        running.games = games
        yield running


@pytest.fixture
def tiny():
    return EruditGames({"erudit": WordGraph(TINY_RU), "scrabble-en": WordGraph(TINY_EN)})
