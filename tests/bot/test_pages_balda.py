"""The Balda page's server through its JSON API: whole games, rejections, passes, the end of a
game, bad requests, and the generic page server (127.0.0.1 only, static files, errors).

Small word lists keep it quick: a dense list of Russian nouns over ten letters for whole games,
and a handful of words for positions where every rejection can be set up by hand.
"""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.request

import pytest

from bot.cli import serve as pages
from bot.cli.main import build_parser
from bot.pages.balda.game import BaldaGames, available_languages, refused
from bot.pages.kit.server import PageRequestError, PageServer
from solvers.balda import BaldaMove, BaldaState, Lexicon, generate_moves
from solvers.words import russian_nouns
from tests.bot.page_api import call, post, served

TINY = ["БАЛДА", "ДА", "АД", "ЯД", "ЛАД", "ЛАДА", "БАЛ", "ЕЖ", "ДАЛЬ"]


@pytest.fixture(scope="module")
def dense():
    return Lexicon(w for w in russian_nouns() if set(w) <= set("ОЕАИНТСРВЛ"))


@pytest.fixture(scope="module")
def server(dense):
    games = BaldaGames({"ru": dense}, hard_seconds=0.05)
    with PageServer("balda", games) as running:
        yield running


@pytest.fixture
def tiny():
    return BaldaGames({"ru": Lexicon(TINY)}, hard_seconds=0.05)


def as_move(move):
    return {
        "cell": list(move.cell),
        "letter": move.letter,
        "path": [list(c) for c in move.path],
    }


def grid_cells(view):
    return [ch for row in view["grid"] for ch in row]


def play(games, sid, cell, letter, path):
    return games.handle("move", {"id": sid, "cell": cell, "letter": letter, "path": path})


# ----- whole games ---------------------------------------------------------------------------
@pytest.mark.parametrize(("level", "first"), [("medium", "human"), ("easy", "computer")])
def test_a_whole_game_through_the_api(server, dense, level, first):
    view = call(server, "new", {"level": level, "first": first, "seed": "7"})
    assert view["turn_kind"] == ("human" if first == "human" else "computer")
    assert view["labels"] == ["Вы", "Компьютер"]
    state = BaldaState.from_text(view["position"])
    assert "".join(view["grid"][2]) == view["start_word"] and view["start_word"] in dense
    sid, human, computer, moves = view["id"], 0, 0, 0
    while not view["over"]:
        before = grid_cells(view)
        if view["turn_kind"] == "human":
            options = generate_moves(state, dense)
            if options:
                move = options[len(options) // 2]
                answer = call(server, "move", {"id": sid, **as_move(move)})
                assert answer["ok"], answer
                view = answer["game"]
                human += len(move.word)
            else:
                view = call(server, "pass", {"id": sid})
        else:
            view = call(server, "reply", {"id": sid})
            last = view["last"]
            if not last["pass"]:
                assert last["by"] == 1
                computer += len(last["word"])
                # the computer's move is legal in the position before it, by our rules
                state.check_move(
                    BaldaMove(
                        tuple(last["cell"]),
                        last["letter"],
                        tuple(tuple(c) for c in last["path"]),
                        last["word"],
                    ),
                    dense,
                )
        after = grid_cells(view)
        changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
        assert len(changed) <= 1 and all(not before[i] for i in changed)
        state = BaldaState.from_text(view["position"])
        moves += 1
        assert moves < 100
    assert view["scores"] == [human, computer]
    assert view["turn"] is None and view["turn_kind"] is None
    assert view["end_reason"] == ("full" if all(grid_cells(view)) else "passes")
    expected = None if human == computer else (0 if human > computer else 1)
    assert view["winner"] == expected
    status, answer = post(server, "reply", {"id": sid})
    assert status == 400 and "over" in answer["error"]


def test_hard_level_replies_with_a_legal_move(server, dense):
    view = call(server, "new", {"level": "hard", "first": "computer", "seed": 3})
    state = BaldaState.from_text(view["position"])
    view = call(server, "reply", {"id": view["id"]})
    last = view["last"]
    assert not last["pass"] and last["word"] in dense
    assert len(last["word"]) == len(generate_moves(state, dense)[0].word)  # as good as greedy
    assert view["scores"] == [0, len(last["word"])] and view["turn_kind"] == "human"


def test_easy_level_picks_among_the_shorter_half(dense):
    games = BaldaGames({"ru": dense})
    for seed in range(5):
        view = games.handle("new", {"level": "easy", "first": "computer", "seed": seed})
        state = BaldaState.from_text(view["position"])
        options = sorted(generate_moves(state, dense), key=lambda m: (len(m.word), m.to_text()))
        shorter = {(m.cell, m.word) for m in options[: (len(options) + 1) // 2]}
        last = games.handle("reply", {"id": view["id"]})["last"]
        assert (tuple(last["cell"]), last["word"]) in shorter, f"seed {seed}"


def test_a_seed_repeats_the_start_word_and_the_next_game_moves_on(dense):
    games = BaldaGames({"ru": dense})
    first = [games.handle("new", {"seed": "11", "game": n})["start_word"] for n in range(6)]
    again = [games.handle("new", {"seed": 11, "game": n})["start_word"] for n in range(6)]
    assert first == again
    assert len(set(first)) > 1  # game n uses seed + n
    assert games.handle("new", {"seed": 11, "game": 2})["seed"] == 13


def test_hotseat_two_people_take_turns_and_two_passes_end_a_draw(tiny):
    view = tiny.handle("new", {"mode": "hotseat"})
    assert view["labels"] == ["Игрок 1", "Игрок 2"] and view["kinds"] == ["human", "human"]
    sid = view["id"]
    answer = play(tiny, sid, [1, 1], "д", [[1, 1], [2, 1]])  # ДА
    assert answer["ok"] and answer["game"]["turn"] == 1 and answer["game"]["scores"] == [2, 0]
    view = tiny.handle("pass", {"id": sid})
    assert view["turn"] == 0 and view["passes"] == 1 and not view["over"]
    view = tiny.handle("pass", {"id": sid})
    assert view["over"] and view["end_reason"] == "passes" and view["winner"] == 0
    fresh = tiny.handle("new", {"mode": "hotseat"})["id"]
    tiny.handle("pass", {"id": fresh})
    view = tiny.handle("pass", {"id": fresh})
    assert view["over"] and view["winner"] is None and view["scores"] == [0, 0]
    assert view["next"] == 0  # who would move: a page with a silent ending names them


def test_a_silent_ending_is_a_setting_of_the_game(tiny):
    assert tiny.handle("new", {})["config"]["ending"] == "banner"
    assert tiny.handle("new", {"ending": "silent"})["config"]["ending"] == "silent"


def test_a_position_parameter_starts_the_game_there_for_labelled_screenshots(tiny):
    """``position``: the grid to start from (the canvas theme's labelled pictures are made so,
    the label being the position itself); its letters off the start row are drawn as placed
    by one player or the other (``placed``, which colours them on the canvas)."""
    view = tiny.handle("new", {"position": "...../..я../балда/...../.....", "theme": "canvas"})
    assert view["grid"][1][2] == "Я" and view["start_word"] == "БАЛДА"
    assert view["placed"] == [{"cell": [1, 2], "by": 1}] and view["config"]["theme"] == "canvas"
    answer = play(tiny, view["id"], [1, 3], "д", [[1, 2], [1, 3]])  # ЯД
    assert answer["ok"] and answer["game"]["placed"][-1] == {"cell": [1, 3], "by": 0}
    for bad, says in (("...../БАЛДА/.....", "5 rows of 5"), ("...../...../БАЛ.А/...../.....",
                      "middle row"), ("...../..Q../БАЛДА/...../.....", "not a letter")):
        with pytest.raises(PageRequestError, match=says):
            tiny.handle("new", {"position": bad})


def test_a_human_pass_hands_the_turn_to_the_computer(server):
    view = call(server, "new", {"level": "medium", "seed": 5})
    view = call(server, "pass", {"id": view["id"]})
    assert view["turn_kind"] == "computer" and view["passes"] == 1
    assert view["last"] == {"by": 0, "pass": True, "word": ""}
    view = call(server, "reply", {"id": view["id"]})
    assert not view["last"]["pass"] and view["passes"] == 0


# ----- rejections ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("cell", "letter", "path", "reason", "message"),
    [
        ([1, 1], "Я", [[1, 1], [2, 1]], "dictionary", "Слова «ЯА» нет в словаре"),
        ([1, 3], "Д", [[2, 2], [2, 3], [1, 3]], "dictionary", "Слова «ЛДД» нет в словаре"),
        ([1, 1], "Д", [[1, 1]], "short", "Слово должно быть не короче 2 букв"),
        ([1, 1], "Д", [[2, 1], [2, 2]], "path", "Слово должно проходить через новую букву"),
        ([1, 1], "Д", [[1, 1], [2, 2]], "path", "Буквы слова должны идти по соседним клеткам"),
        ([1, 1], "Д", [[1, 1], [2, 1], [1, 1]], "path", "Клетка в слове выбрана дважды"),
        ([1, 1], "Д", [[1, 1], [1, 2]], "path", "Слово можно составлять только из букв на поле"),
        ([2, 1], "Д", [[2, 1], [2, 2]], "cell", "Клетка уже занята"),
        ([0, 1], "Д", [[0, 1], [1, 1]], "cell", "Новая буква должна стоять рядом с другой буквой"),
        ([1, 1], "Q", [[1, 1], [2, 1]], "alphabet", "Буквы «Q» нет в алфавите"),
        ([1, 0], "А", [[2, 0], [2, 1], [2, 2], [2, 3], [1, 0]], "path", "Буквы слова должны идти"),
    ],
)
def test_rejected_words_leave_the_position_unchanged(tiny, cell, letter, path, reason, message):
    view = tiny.handle("new", {})
    answer = play(tiny, view["id"], cell, letter, path)
    assert answer["ok"] is False and answer["reason"] == reason
    assert answer["message"].startswith(message)
    assert answer["game"]["position"] == view["position"] and answer["game"]["turn"] == 0


def test_a_word_used_before_is_refused(tiny):
    sid = tiny.handle("new", {"mode": "hotseat"})["id"]
    assert play(tiny, sid, [1, 1], "Д", [[1, 1], [2, 1]])["ok"]  # ДА
    answer = play(tiny, sid, [3, 1], "Д", [[3, 1], [2, 1]])  # ДА again, below
    assert answer["reason"] == "used" and answer["message"] == "Слово «ДА» уже было"
    assert answer["game"]["turn"] == 1


def test_lower_case_and_yo_are_accepted():
    games = BaldaGames({"ru": Lexicon(["ААААА", "ЁА", "ЖА"])})
    sid = games.handle("new", {"mode": "hotseat"})["id"]
    answer = play(games, sid, [1, 0], "ё", [[1, 0], [2, 0]])
    assert answer["ok"] and answer["game"]["grid"][1][0] == "Е"
    assert answer["game"]["words"] == [{"word": "ЕА", "by": 0}]
    answer = play(games, sid, [1, 1], "ж", [[1, 1], [2, 1]])
    assert answer["ok"] and answer["game"]["grid"][1][1] == "Ж"
    assert answer["game"]["scores"] == [2, 2]


def test_ukrainian_and_english_games_use_their_own_alphabets():
    assert list(available_languages()) == ["ru", "uk", "en", "ru+yo"]  # Russian with Ё apart
    games = BaldaGames(
        {
            "uk": Lexicon(["ЇЖАКИ", "ЇЖ", "ЄЖ"], language="uk"),
            "en": Lexicon(["QUEST", "QU", "AQ"], language="en"),
        }
    )
    view = games.handle("new", {"lang": "uk", "mode": "hotseat"})
    assert view["alphabet"] == "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ"
    assert view["start_word"] == "ЇЖАКИ"
    answer = play(games, view["id"], [1, 0], "ё", [[1, 0], [2, 1]])
    assert answer["reason"] == "alphabet"  # Ё is Russian, not folded into Е for Ukrainian
    answer = play(games, view["id"], [1, 1], "є", [[1, 1], [2, 1]])
    assert answer["ok"] and answer["game"]["words"] == [{"word": "ЄЖ", "by": 0}]
    view = games.handle("new", {"lang": "en"})
    assert view["alphabet"] == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    answer = play(games, view["id"], [1, 0], "a", [[1, 0], [2, 0]])
    assert answer["ok"] and answer["game"]["scores"][0] == 2
    with pytest.raises(PageRequestError, match="lang"):  # a language it was not given
        games.handle("new", {"lang": "ru"})


def test_the_reject_parameter_refuses_legal_words_like_a_smaller_dictionary(dense):
    games = BaldaGames({"ru": dense})
    view = games.handle("new", {"reject": "1", "seed": 4})
    state = BaldaState.from_text(view["position"])
    move = generate_moves(state, dense)[0]
    answer = games.handle("move", {"id": view["id"], **as_move(move)})
    assert answer["reason"] == "dictionary"
    assert answer["message"] == f"Слова «{move.word}» нет в словаре"
    # a fraction: deterministic per word and seed, about the share asked for
    share = sum(refused(w, 0.3, "4") for w in dense.words) / len(dense)
    assert 0.25 < share < 0.35
    assert [refused(w, 0.3, "4") for w in sorted(dense.words)[:50]] == [
        refused(w, 0.3, "4") for w in sorted(dense.words)[:50]
    ]
    assert not any(refused(w, 0.0, "4") for w in dense.words)


def test_unknown_ask_offers_to_add_a_refused_word_and_adding_plays_it(dense):
    games = BaldaGames({"ru": dense})
    for unknown, asks in (("refuse", False), ("ask", True)):
        view = games.handle("new", {"reject": "1", "seed": 4, "unknown": unknown})
        move = generate_moves(BaldaState.from_text(view["position"]), dense)[0]
        answer = games.handle("move", {"id": view["id"], **as_move(move)})
        assert answer["reason"] == "dictionary" and answer["ask"] is asks
        added = games.handle("move", {"id": view["id"], **as_move(move), "add": True})
        assert added["ok"] is asks  # adding is only for a page that asks
        if asks:
            assert added["game"]["words"][-1] == {"word": move.word, "by": 0}
    view = games.handle("new", {"unknown": "ask", "seed": 4})
    bad = {"id": view["id"], "cell": [0, 0], "letter": "Ы", "path": [[0, 0]], "add": True}
    assert games.handle("move", bad)["reason"] != "dictionary"  # the board's rules still hold


def test_the_reject_parameter_agrees_between_games_of_one_seed(dense):
    games = BaldaGames({"ru": dense})
    outcomes = []
    for _ in range(2):
        view = games.handle("new", {"reject": "0.5", "seed": 9})
        state = BaldaState.from_text(view["position"])
        replies = []
        for move in generate_moves(state, dense)[:12]:
            answer = games.handle("move", {"id": view["id"], **as_move(move)})
            replies.append(answer["ok"])
            if answer["ok"]:
                break
        outcomes.append(replies)
    assert outcomes[0] == outcomes[1]


# ----- bad requests ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({"size": "8"}, "size"),
        ({"level": "insane"}, "level"),
        ({"reject": "2"}, "reject"),
        ({"reject": "lots"}, "reject"),
        ({"theme": "pink"}, "theme"),
        ({"ending": "loud"}, "ending"),
        ({"input": "voice"}, "input"),
        ({"seed": "x"}, "seed"),
        ({"lang": "xx"}, "lang"),
        ({"mode": "online"}, "mode"),
        ({"first": "nobody"}, "first"),
        ({"game": -1}, "game"),
        ({"size": ["5"]}, "size"),
    ],
)
def test_bad_parameters_are_refused_naming_them(server, params, named):
    status, answer = post(server, "new", params)
    assert status == 400 and named in answer["error"]


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"id": None}, "id must"),
        ({"id": 5}, "id must"),
        ({}, "cell must"),
        ({"id": "nope"}, "no game"),
        ({"cell": [9, 9], "letter": "А", "path": [[9, 9]]}, "outside"),
        ({"cell": [1, 1], "letter": "", "path": [[1, 1]]}, "letter"),
        ({"cell": [1, 1], "letter": "А", "path": []}, "path"),
        ({"cell": [1, 1], "letter": "А", "path": [[1, 1], "x"]}, "path step 2"),
        ({"cell": "1,1", "letter": "А", "path": [[1, 1]]}, "cell"),
    ],
)
def test_malformed_moves_are_bad_requests(server, body, says):
    sid = call(server, "new", {"seed": 1})["id"]
    status, answer = post(server, "move", {"id": sid, **body})
    assert status == 400 and says in answer["error"]


def test_moving_out_of_turn_is_a_bad_request(server):
    view = call(server, "new", {"first": "computer", "level": "easy"})
    status, answer = post(
        server, "move", {"id": view["id"], "cell": [1, 1], "letter": "А", "path": [[1, 1], [2, 1]]}
    )
    assert status == 400 and "human" in answer["error"]
    assert post(server, "pass", {"id": view["id"]})[0] == 400
    call(server, "reply", {"id": view["id"]})
    status, answer = post(server, "reply", {"id": view["id"]})
    assert status == 400 and "computer" in answer["error"]


def test_unknown_actions_and_broken_bodies(server):
    assert post(server, "explode", {})[0] == 400
    status, answer = post(server, "new", None, raw=b"{not json")
    assert status == 400 and "not JSON" in answer["error"]
    status, answer = post(server, "new", None, raw=b"[1, 2]")
    assert status == 400 and "object" in answer["error"]
    connection = http.client.HTTPConnection(*server.address, timeout=5)
    connection.request("POST", "/api/balda/new", body=b"x" * 70_000)
    answer = connection.getresponse()
    assert answer.status == 400 and "over" in json.loads(answer.read())["error"]
    connection.close()


# ----- the page server itself ------------------------------------------------------------------
def get(server, path):
    connection = http.client.HTTPConnection(*server.address, timeout=5)
    connection.request("GET", path)
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return answer, body


def test_the_server_listens_on_127_0_0_1_only(server):
    assert server.address[0] == "127.0.0.1"
    assert server._httpd.socket.getsockname()[0] == "127.0.0.1"
    assert server.url(theme="night", input=None) == (
        f"http://127.0.0.1:{server.port}/balda/?theme=night"
    )


def test_the_page_and_its_files_are_served(server):
    answer, body = get(server, "/")
    assert answer.status == 302 and answer.getheader("Location") == "/balda/"
    answer, body = get(server, "/balda/?theme=night")
    assert answer.status == 200 and "<title>gamebot Балда</title>" in body.decode()
    assert answer.getheader("Content-Type").startswith("text/html")
    for name, kind in (("balda.js", "text/javascript"), ("balda.css", "text/css"),
                       ("balda-canvas.js", "text/javascript"),
                       ("kit/kit.js", "text/javascript"), ("kit/kit.css", "text/css")):
        answer, body = get(server, f"/balda/{name}")
        assert answer.status == 200 and answer.getheader("Content-Type").startswith(kind)
        assert b"http://" not in body and b"https://" not in body  # nothing from the net
    for path in ("/balda/missing.js", "/balda/../server.py", "/balda/%2e%2e/server.py", "/x/",
                 "/balda/kit/../server.py", "/balda/kit/%2e%2e/server.py", "/balda/kit/"):
        assert get(server, path)[0].status == 404, path


def test_handler_errors_come_back_as_json():
    class Broken:
        def handle(self, action, payload):
            if action == "refuse":
                raise PageRequestError("no such thing")
            raise RuntimeError("the handler broke")

    with PageServer("balda", Broken()) as running:
        assert post(running, "refuse", {}) == (400, {"error": "no such thing"})
        assert post(running, "other", {}) == (500, {"error": "RuntimeError: the handler broke"})
    with pytest.raises(RuntimeError):
        _ = running.port  # stopped


def test_a_game_without_a_page_folder_is_a_clear_error(tmp_path):
    from bot.errors import GamebotError

    with pytest.raises(GamebotError, match="no index.html"):
        PageServer("nothing", folder=tmp_path)


def test_old_sessions_are_dropped(tiny):
    first = tiny.handle("new", {})["id"]
    for _ in range(70):
        tiny.handle("new", {})
    with pytest.raises(PageRequestError, match="no game"):
        tiny.handle("state", {"id": first})


# ----- gamebot serve balda ------------------------------------------------------------------
def test_serve_balda_is_a_command():
    args = build_parser(pages.COMMANDS).parse_args(["serve", "balda", "--port", "0"])
    assert args.port == 0 and not args.print_url


def test_serve_balda_prints_its_url_and_serves_the_page():
    with served("balda") as url, urllib.request.urlopen(url, timeout=10) as answer:
        assert "gamebot Балда" in answer.read().decode()


def test_yo_letter_makes_yo_a_letter_of_its_own_and_its_words_spelt_with_it():
    """``yo=letter``: the palette has Ё after Е, УЧЁТ is played with Ё and УЧЕТ is refused
    (most sites fold Ё into Е; some do not, and the bot must not play УЧЕТ there)."""
    from bot.pages.balda.game import RU_YO

    words = ["БАЛДА", "ЁЖ", "ЁЛКА"]
    games = BaldaGames({"ru": Lexicon(words), RU_YO: Lexicon(words, "ru", yo=True)},
                       hard_seconds=0.05)
    folded = games.handle("new", {})
    assert "Ё" not in folded["alphabet"]
    ezh = games.handle("new", {"yo": "letter", "position": "...../...../БАЛДА/.Ж.../....."})
    assert ezh["alphabet"].index("Ё") == ezh["alphabet"].index("Е") + 1
    assert not play(games, ezh["id"], [3, 0], "е", [[3, 0], [3, 1]])["ok"]  # ЕЖ: no word
    taken = play(games, ezh["id"], [3, 0], "ё", [[3, 0], [3, 1]])  # ЁЖ
    assert taken["ok"] and taken["game"]["grid"][3][0] == "Ё"
    folded_game = games.handle("new", {"position": "...../...../БАЛДА/.Ж.../....."})
    assert play(games, folded_game["id"], [3, 0], "ё", [[3, 0], [3, 1]])["game"]["grid"][3][0] \
        == "Е"  # folded: played as ЕЖ
