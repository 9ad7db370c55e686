"""What a word-game session reports: each figure counts its own thing, and each game's log is
named after the game (bugs found in the redesign, issue 22)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.cli.main import build_parser
from bot.errors import GamebotError
from bot.games import spec
from bot.run.results import GameResult, SessionStats
from bot.run.session import log_path
from bot.run.spec import Session
from bot.web.session import PagePlayConfig, summarize


def game(number: int, outcome: str, **details: object) -> GameResult:
    return GameResult(number, outcome, 10.0, 3, 3, 0, details=dict(details))


def session_with(*games: GameResult) -> tuple[SessionStats, Session]:
    result = SessionStats(games=list(games))
    adapter = SimpleNamespace(move_seconds=[1.0, 2.0], learned_glyphs=0,
                              keep_learned=lambda: None,
                              site=SimpleNamespace(name="site", style="drag"))
    target = SimpleNamespace(describe=lambda: "a page")
    table = SimpleNamespace(adapter=adapter, target=target)
    return result, Session(PagePlayConfig(), table, Path("log"), 0.0)  # type: ignore[arg-type]


def test_words_and_moves_the_site_refused_are_counted_each_on_its_own():
    result, session = session_with(
        game(1, "won", margin=5, rejected_words=["ЖУК"], site_words=["ОКО@1,1"]),
        game(2, "lost", margin=-2, rejected_moves=["H8 КОТ across", "pass"]),
    )
    s = summarize(result, session)
    assert s["rejected_words"] == 1 and s["rejected_moves"] == 2
    assert s["rejected"] == ["ЖУК", "H8 КОТ across", "pass"]
    assert s["draws"] == 0 and s["losses"] == 1 and s["mean_margin"] == 1.5
    assert s["site_words"] == ["ОКО@1,1"]


@pytest.mark.parametrize("game_name", ["minesweeper", "balda", "erudit", "hangman"])
def test_each_games_log_is_named_after_the_game(game_name, tmp_path):
    cfg = PagePlayConfig(out=tmp_path)
    assert log_path(spec(game_name), cfg, "STAMP") == tmp_path / f"{game_name}-games-STAMP.jsonl"
    cfg.record = tmp_path / "rec"
    assert log_path(spec(game_name), cfg, "STAMP") == tmp_path / "rec" / "games.jsonl"


def test_a_browser_target_with_no_page_says_what_it_needs(tmp_path):
    from bot.cli.balda.play import BALDA
    from bot.cli.page_play import _config

    args = build_parser().parse_args(["play", "balda", "--target", "browser", "--site",
                                      "vladhuk-balda-uk", "--out", str(tmp_path)])
    with pytest.raises(GamebotError, match=r"--target browser needs --launch URL"):
        _config(args, BALDA)
