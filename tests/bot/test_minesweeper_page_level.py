"""The Minesweeper Classic page at any of its levels: the launcher writes the level where the
page reads it (its localStorage, from a settings page served in the page's own origin), so the
campaign can play it at expert; the page's folder is never written to."""

from __future__ import annotations

import urllib.request

import pytest

from bot.errors import GamebotError
from bot.games.minesweeper import programs
from bot.games.minesweeper.programs import minesweeper_page
from bot.pages.kit.server import PageServer
from solvers.minesweeper.rules import Level


def fetch(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.status, answer.read().decode("utf-8")


def test_a_generated_page_is_served_beside_the_folders_files(tmp_path):
    (tmp_path / "index.html").write_text("<p>the game</p>", encoding="utf-8")
    made = minesweeper_page.settings_page(2)
    with PageServer("minesweeper", folder=tmp_path,
                    generated={minesweeper_page.SETTINGS: made}) as server:
        assert fetch(server.url() + minesweeper_page.SETTINGS) == (200, made)
        assert fetch(server.url()) == (200, "<p>the game</p>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html"]  # nothing written


@pytest.mark.parametrize(("level", "number"), [("beginner", 0), ("intermediate", 1),
                                               ("expert", 2)])
def test_each_level_is_the_pages_own_number(level, number):
    parsed = Level.parse(level)
    assert minesweeper_page.LEVELS[(parsed.rows, parsed.cols, parsed.mines)] == number
    page = minesweeper_page.settings_page(number)
    assert f"localStorage.setItem('lvl', '{number}')" in page and "location.replace" in page


def test_a_level_the_page_has_not_is_refused_before_anything_starts(tmp_path):
    (tmp_path / "index.html").write_text("x", encoding="utf-8")
    with pytest.raises(GamebotError, match="16x30/99"):
        minesweeper_page.launch(Level.parse("20x20/50"), folder=tmp_path)


def test_with_no_level_asked_a_program_starts_at_its_own():
    assert programs.default_level("minesweeper-classic") == Level.parse("beginner")
    assert programs.default_level("ace-minesweeper") == Level.parse("32x32/200")
    assert programs.default_level("kmines") == Level.parse("intermediate")
