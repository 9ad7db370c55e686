"""The whole bot plays Erudit in real Chromium under Xvfb on our own page: a short game (the
page's ``tiles`` parameter cuts the set), laid tile by tile, submitted, the computer's replies
followed, to the page's end; no misread, no refused click, and the recording re-reads. And a few
moves on the third-party Xanado page (skipped when ../shared/targets is not there)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.run.replay import replay
from bot.web.session import PagePlayConfig, play
from tests.e2e.followed import moves_of_both_sides

pytestmark = [pytest.mark.display, pytest.mark.slow, pytest.mark.xdist_group("erudit-e2e")]


def _our_short_page(tmp_path: Path, *, seed: int, games: int, page_params: dict[str, str],
                    rules: str = "erudit") -> PagePlayConfig:
    """Our page at medium level with 40 tiles (a short game), recorded under tmp_path."""
    return PagePlayConfig(
        game="erudit", target="builtin", launch=True, level="medium", seed=seed, tiles=40,
        games=games, think=0.2, page_params=page_params, record=tmp_path / "rec", out=tmp_path,
        rules=rules,
    )


@pytest.mark.parametrize(("style", "theme"), [("drag", "classic"), ("click", "wood")])
def test_a_short_whole_game_on_our_page(virtual_display, tmp_path, style, theme, monkeypatch):
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    cfg = PagePlayConfig(
        game="erudit",
        target="builtin",
        launch=True,
        style=style,
        theme=theme,
        level="hard",
        seed=11,
        tiles=40,
        games=1,
        think=0.3,
        record=tmp_path / "rec",
        out=tmp_path,
    )
    result = play(cfg)
    s = result.summary
    assert s["stopped"] == "", s["stopped"]
    assert s["games"] == 1 and s["unfinished"] == 0
    assert s["misreads"] == 0 and s["refused_clicks"] == 0
    (game,) = result.stats.games
    ours, theirs = game.details["scores"]
    assert ours > 0 and theirs > 0
    assert game.outcome == ("won" if ours > theirs else "lost" if ours < theirs else "drawn")
    played = game.details["moves_played"]
    assert any(m.startswith("us:") for m in played) and any(m.startswith("them:") for m in played)
    report = replay(tmp_path / "rec")
    assert report.mismatches == [] and report.frames > 5


def test_a_page_that_never_says_the_game_is_over_ends_it_by_the_rules(
    virtual_display, tmp_path, monkeypatch
):
    """Our page with ending=silent (no end text: the turn line goes on naming who is next),
    two short games: each ends by the rules (a rack out with the bag empty, or the passes),
    is counted in games.jsonl with its scores and moves, and the second game starts (the bot
    waited for the page's words before, until it gave up)."""
    import json

    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    result = play(_our_short_page(tmp_path, seed=5, games=2, page_params={"ending": "silent"}))
    s = result.summary
    assert s["stopped"] == "", s["stopped"]
    assert s["games"] == 2 and s["unfinished"] == 0 and s["misreads"] == 0
    logged = [json.loads(line) for line in (tmp_path / "rec" / "games.jsonl").open()]
    assert [g["outcome"] for g in logged] == [g.outcome for g in result.stats.games]
    for game, line in zip(result.stats.games, logged, strict=True):
        ours, theirs = game.details["scores"]
        assert game.outcome == ("won" if ours > theirs else "lost" if ours < theirs else "drawn")
        assert str(line["ended_by"]).startswith("the rules: "), line
        assert line["scores"] == [ours, theirs] and line["moves_played"]
    report = replay(tmp_path / "rec")
    assert report.mismatches == [] and report.outcomes == [g.outcome for g in result.stats.games]


def test_a_wildcards_letter_asked_in_the_browsers_prompt_box_is_typed(
    virtual_display, tmp_path, monkeypatch
):
    """Our page with blank=prompt asks a wildcard's letter in Chromium's own prompt() box (a
    site did; every game stopped on move 1 before): the bot types it and presses Return. Seed
    21 deals us two wildcards in a short game."""
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    result = play(_our_short_page(tmp_path, seed=21, games=1, page_params={"blank": "prompt"}))
    s = result.summary
    assert s["stopped"] == "", s["stopped"]
    assert s["games"] == 1 and s["unfinished"] == 0 and s["misreads"] == 0
    (game,) = result.stats.games
    ours = [m for m in game.details["moves_played"] if m.startswith("us:")]
    assert any(any(ch.islower() for ch in m.split()[2]) for m in ours if len(m.split()) > 3), ours


def test_a_layout_of_the_pages_own_and_bordered_computer_tiles(
    virtual_display, tmp_path, monkeypatch
):
    """Words-With-Friends premium squares under Scrabble rules, the computer's tiles bordered
    (a site did both): the board's layout is taken, so our first word scores what the page
    gives (seed 11: 62 on the page's squares, 64 on the rules' own), and every tile reads."""
    import json

    from solvers.erudit.board import Board
    from solvers.erudit.moves import parse_placement
    from solvers.erudit.rules import load_rules
    from solvers.erudit.scoring import score_tiles

    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    result = play(_our_short_page(tmp_path, seed=11, games=1, rules="scrabble-en",
                                  page_params={"layout": "wwf", "theirs": "bordered"}))
    s = result.summary
    assert s["stopped"] == "", s["stopped"]
    assert s["games"] == 1 and s["unfinished"] == 0 and s["misreads"] == 0
    (line,) = [json.loads(t) for t in (tmp_path / "rec" / "games.jsonl").open()]
    first = next(m for m in line["moves_played"] if m.startswith("us:"))
    _, square, word, way, points = first.split()
    placement = parse_placement(f"{square} {word} {way}")
    tiles = placement.new_tiles(Board.empty())
    rules = load_rules("scrabble-en")
    pages = rules.with_options(premiums=load_rules("wwf").premium_text)
    empty = Board.empty()
    assert int(points) == score_tiles(empty, tiles, placement.across, pages)
    assert score_tiles(empty, tiles, placement.across, rules) != int(points)  # the test can tell
    assert any(m.startswith("them:") for m in line["moves_played"])


XANADO = Path(__file__).resolve().parents[3] / "shared" / "targets" / "xanado"


@pytest.mark.skipif(not XANADO.is_dir(), reason=f"third-party page not here: {XANADO}")
def test_moves_on_the_third_party_page(virtual_display, tmp_path, monkeypatch):
    """Xanado (English Scrabble, CSW): tiles clicked onto squares, «Finished Turn», the
    computer's replies followed; its words our list lacks are kept as the site's."""
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    cfg = PagePlayConfig(
        game="erudit", target="browser", launch=True, serve=XANADO,
        url="html/standalone_game.html", site="xanado", zoom=0.8, window=(1600, 1000),
        games=1, think=0.2, out=tmp_path, record=tmp_path / "rec", max_steps=12,
    )  # 12 steps: our first word and the computer's reply, whoever starts (the computer's
    # word, then our seven tiles and «Finished Turn», took 9); a blank the computer plays as
    # a rare letter, in the page's just-placed look, is not read yet (see issue 23)
    moves_of_both_sides(play(cfg))
    report = replay(tmp_path / "rec")
    assert report.mismatches == [] and report.frames > 3
