"""The Erudit page's server refusing what it must: bad parameters and moves, moves out of turn,
unknown actions, old sessions; the page's texts and files; `gamebot serve erudit`."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest

from bot.cli import serve as pages
from bot.cli.main import build_parser
from bot.pages.erudit.texts import TEXTS, TITLES
from bot.pages.kit.server import PAGES_DIR, PageRequestError
from tests.bot.erudit_page.kit import KOT_ROWS, set_up
from tests.bot.page_api import call, post, served


# ----- bad requests ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({"rules": "chess"}, "rules"),
        ({"level": "insane"}, "level"),
        ({"first": "nobody"}, "first"),
        ({"theme": "dark"}, "theme"),
        ({"input": "keyboard"}, "input"),
        ({"reject": "2"}, "reject"),
        ({"reject": "x"}, "reject"),
        ({"think": "-5"}, "think"),
        ({"seed": "-1"}, "seed"),
        ({"game": -1}, "game"),
        ({"rules": ["erudit"]}, "rules"),
        ({"bonus": "-5"}, "bonus"),
        ({"bonus": "many"}, "bonus"),
        ({"ending": "loud"}, "ending"),
        ({"blank": "ask"}, "blank"),
        ({"layout": "hexagon"}, "layout"),
        ({"theirs": "red"}, "theirs"),
    ],
)
def test_bad_parameters_are_refused_naming_them(server, params, named):
    status, answer = post(server, "new", params)
    assert status == 400 and named in answer["error"]


def test_parameters_are_read_case_blind_with_defaults(server):
    view = call(server, "new", {"rules": "Scrabble-RU", "theme": "WOOD", "unknown": "x"})
    assert view["config"] == {
        "rules": "scrabble-ru",
        "level": "hard",
        "first": "human",
        "seed": None,
        "reject": 0.0,
        "theme": "wood",
        "input": "drag",
        "think": 800,
        "tiles": None,
        "bonus": None,
        "ending": "banner",
        "blank": "dialog",
        "layout": "rules",
        "theirs": "plain",
        "lang": "ru",
    }
    assert view["title"] == "gamebot Скрэббл"


def test_a_short_game_plays_with_the_first_tiles_of_the_shuffled_set(server):
    short = call(server, "new", {"tiles": "30", "seed": "4"})
    full = call(server, "new", {"seed": "4"})
    assert short["config"]["tiles"] == 30
    rack = 7
    assert short["bag"] == 30 - 2 * rack
    assert full["bag"] > short["bag"]
    status, refused = post(server, "new", {"tiles": "3"})
    assert status == 400 and "tiles" in str(refused)


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"id": None}, "id must"),
        ({"id": "nope"}, "no game"),
        ({"tiles": "К7"}, "tiles must be a list"),
        ({"tiles": [5]}, "must be an object"),
        ({"tiles": [{"slot": 0, "row": 15, "col": 0}]}, "row must be a whole number 0..14"),
        ({"tiles": [{"slot": 9, "row": 7, "col": 7}]}, "slot must be a whole number 0..6"),
        ({"tiles": [{"slot": 0, "row": 7, "col": True}]}, "col must"),
        ({"tiles": [{"slot": 0, "row": 7, "col": 7}, {"slot": 0, "row": 7, "col": 8}]}, "twice"),
        ({"tiles": [{"slot": 0, "row": 7, "col": 7}, {"slot": 1, "row": 7, "col": 7}]}, "twice"),
        ({"tiles": [{"slot": 0, "row": 7, "col": 7}] * 8}, "a rack holds 7"),
    ],
)
def test_malformed_moves_are_bad_requests(server, body, says):
    sid = call(server, "new", {"seed": 1})["id"]
    status, answer = post(server, "move", {"id": sid, **body})
    assert status == 400 and says in answer["error"]


def test_a_square_with_a_tile_or_an_empty_slot_is_a_bad_request(tiny):
    session = set_up(tiny, KOT_ROWS, rack="АД")
    with pytest.raises(PageRequestError, match="already holds a tile"):
        tiny.handle("move", {"id": session.id, "tiles": [{"slot": 0, "row": 7, "col": 7}]})
    with pytest.raises(PageRequestError, match="holds no tile"):
        tiny.handle("move", {"id": session.id, "tiles": [{"slot": 4, "row": 8, "col": 7}]})


def test_moving_out_of_turn_is_a_bad_request(server):
    view = call(server, "new", {"first": "computer", "level": "easy"})
    for action in ("pass", "exchange"):
        status, answer = post(server, action, {"id": view["id"], "slots": [0]})
        assert status == 400 and "person's turn" in answer["error"]
    call(server, "reply", {"id": view["id"]})
    status, answer = post(server, "reply", {"id": view["id"]})
    assert status == 400 and "computer's turn" in answer["error"]


def test_unknown_actions_and_broken_bodies(server):
    status, answer = post(server, "explode", {"id": "x"})
    assert status == 400 and "unknown action" in answer["error"]
    status, answer = post(server, "new", None, raw=b"{not json")
    assert status == 400 and "not JSON" in answer["error"]


def test_old_sessions_are_dropped(tiny):
    first = tiny.handle("new", {})["id"]
    for _ in range(70):
        tiny.handle("new", {})
    with pytest.raises(PageRequestError, match="no game"):
        tiny.handle("state", {"id": first})


# ----- the page's texts and files -------------------------------------------------------------
PAGE = PAGES_DIR / "erudit" / "static"


def test_both_languages_have_every_text_the_script_asks_for():
    assert TEXTS["ru"].keys() == TEXTS["en"].keys()
    script = (PAGE / "erudit.js").read_text(encoding="utf-8")
    asked = set(re.findall(r"\bt\(\"([a-z_]+)\"[,)]", script))
    asked |= {"play", "recall", "exchange", "swap", "cancel", "pass", "new"}  # t(id) on buttons
    asked |= {"won", "lost", "draw"} | {f"end_{r}" for r in ("out", "scoreless", "passes")}
    asked |= {f"premium_{theme}_{p}" for theme in ("classic", "wood") for p in "TDtd"}
    missing = asked - TEXTS["ru"].keys()
    assert not missing and len(asked) > 30
    for name in ("erudit", "scrabble-ru", "scrabble-en"):
        assert f'"{name}": "{TITLES[name]}"' in script  # the script titles the window at once
    for lang in ("ru", "en"):
        assert all(value.strip() for value in TEXTS[lang].values())


def test_the_server_listens_on_127_0_0_1_only(server):
    assert server.address[0] == "127.0.0.1"
    assert server._httpd.socket.getsockname()[0] == "127.0.0.1"
    assert server.url(theme="wood") == f"http://127.0.0.1:{server.port}/erudit/?theme=wood"


def test_the_page_and_its_files_are_served(server):
    with urllib.request.urlopen(server.url(), timeout=10) as answer:
        html = answer.read().decode()
    assert "<title>gamebot Эрудит</title>" in html
    for name in ("erudit.js", "erudit.css", "kit/kit.js", "kit/kit.css"):
        assert f'"{name}"' in html
        with urllib.request.urlopen(server.url().rstrip("/") + "/" + name, timeout=10) as answer:
            body = answer.read()
        assert b"http://" not in body and b"https://" not in body  # nothing from the net
    assert sorted(p.name for p in PAGE.iterdir()) == ["erudit.css", "erudit.js", "index.html"]


def test_nothing_on_the_page_animates():
    kit = (PAGES_DIR / "kit" / "static" / "kit.css").read_text(encoding="utf-8")
    assert "animation: none !important; transition: none !important" in kit
    css = kit + (PAGE / "erudit.css").read_text(encoding="utf-8")
    assert ":hover" not in css and "@keyframes" not in css
    script = (PAGE / "erudit.js").read_text(encoding="utf-8")
    script += (PAGES_DIR / "kit" / "static" / "kit.js").read_text(encoding="utf-8")
    assert "setInterval" not in script and "requestAnimationFrame" not in script


# ----- gamebot serve erudit ------------------------------------------------------------------
def test_serve_erudit_is_a_command():
    args = build_parser(pages.COMMANDS).parse_args(["serve", "erudit", "--port", "0"])
    assert args.port == 0 and not args.print_url


def test_serve_erudit_prints_its_url_and_serves_the_page():
    with served("erudit") as url:
        with urllib.request.urlopen(url + "?rules=scrabble-en", timeout=10) as answer:
            assert "gamebot Эрудит" in answer.read().decode()  # the script retitles it
        request = urllib.request.Request(
            url.replace("/erudit/", "/api/erudit/new"), data=b'{"rules": "erudit"}', method="POST"
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert json.loads(answer.read())["title"] == "gamebot Эрудит"
