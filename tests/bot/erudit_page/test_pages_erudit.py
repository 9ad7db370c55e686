"""The Erudit page's server through its JSON API: whole games with both sides' moves checked by
the engine, every rejection, wildcards, exchanges, passes, each way a game ends and the
computer's levels (bad requests and the page's files: test_pages_erudit_requests).

Whole games use the engine's Russian word graph (from its disk cache); positions set up by
hand use a few words, so every rule can be broken on purpose.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.pages.erudit.game import HARD_ENDGAME_BUDGET
from bot.pages.erudit.texts import TEXTS, TITLES
from bot.pages.kit.params import refused
from bot.pages.kit.server import PAGES_DIR, PageRequestError
from solvers.erudit import load_rules, move_from_text
from solvers.erudit.game import rack_value
from solvers.erudit.leaves import load_leaves
from solvers.erudit.movegen import generate, merge_wildcard_variants, raw_moves
from solvers.erudit.player import EquityPlayer
from solvers.erudit.position import Position
from solvers.erudit.scoring import check_placement
from tests.bot.erudit_page.kit import (
    CENTRE,
    EMPTY_ROWS,
    KOT_ROWS,
    move,
    set_up,
)
from tests.bot.page_api import call


def tile_count(session):
    counted = Counter(session.board.tiles())
    counted.update(session.rack_text())
    counted.update(session.computer_rack)
    counted.update(session.bag)
    return counted


def engine_tiles(view, play):
    """The API's tiles for an engine placement, taken from the view's rack."""
    rack = list(view["rack"])
    board = Position.from_text(view["position"]).board
    out = []
    for square, ch in play.placement.new_tiles(board):
        wanted = "*" if ch.islower() else ch
        slot = rack.index(wanted)
        rack[slot] = None
        out.append({"slot": slot, "row": square // 15, "col": square % 15, "letter": ch.upper()})
    return out




# ----- whole games ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "level", "first", "seed"),
    [
        ("erudit", "medium", "human", 7),
        ("erudit", "easy", "computer", 8),
        ("scrabble-ru", "hard", "human", 9),
    ],
)
def test_a_whole_game_through_the_api(server, russian, rules, level, first, seed):
    print(f"seed {seed}")
    view = call(server, "new", {"rules": rules, "level": level, "first": first, "seed": seed})
    session = server.games.session(view["id"])
    full = Counter(load_rules(rules).full_bag())
    assert view["title"] == TITLES[rules] and view["texts"]["you"] == "Вы"
    assert view["turn_kind"] == first and view["bag"] == full.total() - 14
    sid, turns = view["id"], 0
    while not view["over"]:
        turns += 1
        assert turns < 200, "the game did not end"
        position = Position.from_text(view["position"])
        if view["turn_kind"] == "human":
            plays = sorted(
                generate(position.board, position.rack, russian, session.rules),
                key=lambda p: (p.score, p.placement),
            )
            if plays:
                play = plays[len(plays) * 2 // 3]  # a good move, not always the best
                answer = call(server, "move", {"id": sid, "tiles": engine_tiles(view, play)})
                assert answer["ok"], answer
                view = answer["game"]
                # scored as the engine scores it (the direction of a one-tile move may differ)
                assert view["last"]["score"] == play.score
                assert {tuple(s) for s in view["last"]["squares"]} == {
                    divmod(i, 15) for i, _ in play.placement.new_tiles(position.board)
                }
            else:
                view = call(server, "pass", {"id": sid})
        else:
            rack = session.computer_rack
            view = call(server, "reply", {"id": sid})
            last = view["last"]
            assert last["by"] == 1 and view["last_computer"] == last
            if last["kind"] == "play":
                # the computer's move is legal on the board before it, with its rack, by our rules
                placement = move_from_text(last["move"])
                score, used = check_placement(
                    position.board, placement, rack, russian, session.rules
                )
                assert score == last["score"] and len(used) == last["count"]
                assert {tuple(s) for s in last["squares"]} == {
                    divmod(i, 15) for i, _ in placement.new_tiles(position.board)
                }
        assert tile_count(session) == full
        assert view["bag"] == len(session.bag)
        assert sum(1 for t in view["rack"] if t) == len(session.rack_text())
    end = view["end"]
    history = view["history"]
    print(f"{len(history)} turns, {view['scores']}, {end}")
    assert len(history) == turns and sum(t["kind"] == "play" for t in history) >= 16
    for panel in (0, 1):
        played = sum(t["score"] for t in history if t["by"] == panel)
        assert view["scores"][panel] == played + end["adjustments"][panel]
    if end["reason"] == "out":
        emptier = history[-1]["by"]
        other_rack = session.computer_rack if emptier == 0 else session.rack_text()
        assert end["adjustments"][emptier] == rack_value(other_rack, session.rules)
        assert end["adjustments"][1 - emptier] == -end["adjustments"][emptier]
    else:
        assert end["adjustments"] == [
            -rack_value(session.rack_text(), session.rules),
            -rack_value(session.computer_rack, session.rules),
        ]
    a, b = view["scores"]
    assert view["winner"] == (None if a == b else 0 if a > b else 1)
    assert view["turn"] is None and view["turn_kind"] is None


def test_english_scrabble_speaks_english_and_uses_its_own_set(tiny):
    session = set_up(tiny, rack="CATSXAE", params={"rules": "scrabble-en"})
    view = session.view()
    assert view["title"] == "gamebot Scrabble" and view["config"]["lang"] == "en"
    assert view["texts"] == TEXTS["en"] and view["alphabet"] == "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    assert view["premiums"][7][7] == "D" and view["bag"] == 100 - 14
    answer = move(tiny, session, ("T", 7, 7), ("C", 7, 8))
    assert not answer["ok"] and answer["message"] == '"TC" is not in the dictionary'
    answer = move(tiny, session, ("C", 7, 7), ("A", 7, 8), ("T", 7, 9))
    assert answer["ok"] and answer["game"]["last"]["score"] == (3 + 1 + 1) * 2  # centre: 2x word


# ----- the person's moves checked ------------------------------------------------------------
@pytest.mark.parametrize(
    ("rows", "placed", "reason", "message"),
    [
        (
            EMPTY_ROWS,
            [("К", 0, 0), ("О", 0, 1), ("Т", 0, 2)],
            "centre",
            "Первое слово должно проходить через центр",
        ),
        (EMPTY_ROWS, [("К", 7, 7)], "short", "Слово должно быть не короче двух букв"),
        (EMPTY_ROWS, [("К", 7, 7), ("О", 8, 8)], "line", "Фишки должны стоять в одном ряду"),
        (
            EMPTY_ROWS,
            [("К", 7, 7), ("О", 7, 9)],
            "gap",
            "Между фишками не должно быть пустых клеток",
        ),
        (
            EMPTY_ROWS,
            [("Т", 7, 7), ("К", 7, 8), ("О", 7, 9)],
            "dictionary",
            "Слова «ТКО» нет в словаре",
        ),
        (EMPTY_ROWS, [], "empty", "Сначала поставьте фишки на поле"),
        (KOT_ROWS, [("Д", 0, 0), ("А", 0, 1)], "touch", "Слово должно касаться фишек на поле"),
        # ДА across is a word, but Д under К makes КД down
        (KOT_ROWS, [("Д", 8, 6), ("А", 8, 7)], "dictionary", "Слова «КД» нет в словаре"),
        # the board's КОТ fills the gap between the two tiles, making ДКОТА
        (KOT_ROWS, [("Д", 7, 5), ("А", 7, 9)], "dictionary", "Слова «ДКОТА» нет в словаре"),
    ],
)
def test_rejected_moves_leave_the_position_unchanged(tiny, rows, placed, reason, message):
    session = set_up(tiny, rows)
    before = session.view()
    answer = move(tiny, session, *placed)
    assert not answer["ok"]
    assert (answer["reason"], answer["message"]) == (reason, message)
    after = answer["game"]
    for key in ("board", "rack", "bag", "scores", "turn", "history"):
        assert after[key] == before[key], key


def test_a_legal_move_scores_as_the_engine_says_and_refills_the_same_slots(tiny):
    session = set_up(tiny, rack="АКОТДЕ*")
    bag = len(session.bag)
    assert session.rack.index("К") == 1
    answer = move(tiny, session, ("К", 7, 6), ("О", 7, 7), ("Т", 7, 8))
    assert answer["ok"], answer
    view = answer["game"]
    assert view["board"][7] == "......КОТ......"
    assert view["last"] == {
        "by": 0,
        "kind": "play",
        "move": "G8 КОТ across",
        "score": 2 + 1 + 2,
        "word": "КОТ",
        "words": ["КОТ"],
        "squares": [[7, 6], [7, 7], [7, 8]],
        "count": 3,
    }
    # the kept tiles stay in their slots; the three used slots are filled from the bag
    assert view["rack"][0] == "А" and view["rack"][4:] == ["Д", "Е", "*"]
    assert all(view["rack"][1:4]) and view["bag"] == bag - 3
    assert view["scores"] == [5, 0] and view["turn_kind"] == "computer"


def test_extending_a_word_on_the_board_counts_the_whole_word(tiny):
    session = set_up(tiny, KOT_ROWS, rack="АДЕ")
    answer = move(tiny, session, ("А", 7, 9))
    assert answer["ok"], answer
    last = answer["game"]["last"]
    # К2 О1 Т2 А1, no premium under the new tile (J8 is plain in Erudit)
    assert (last["word"], last["score"], last["move"]) == ("КОТА", 6, "G8 КОТА across")


def test_a_wildcard_stands_for_the_letter_chosen_and_scores_nothing(tiny):
    session = set_up(tiny, rack="КО*")
    answer = move(tiny, session, ("К", 7, 6), ("О", 7, 7), ("*", 7, 8, "т"))
    assert answer["ok"], answer
    view = answer["game"]
    assert view["board"][7] == "......КОт......"  # lower case: a wildcard on the board
    assert view["last"]["word"] == "КОТ" and view["last"]["score"] == 2 + 1 + 0
    assert "КОт" in view["position"]


@pytest.mark.parametrize(
    ("placed", "says"),
    [
        ([("*", 7, 7)], "letter must be one letter"),  # a wildcard needs its letter
        ([("*", 7, 7, "Q")], "letter must be one letter"),
        ([("*", 7, 7, "АБ")], "letter must be one letter"),
        ([("К", 7, 7, "О")], "holds 'К', not 'О'"),
    ],
)
def test_wildcard_letters_are_checked(tiny, placed, says):
    session = set_up(tiny, rack="КО*")
    with pytest.raises(PageRequestError, match=says):
        move(tiny, session, *placed)


def test_the_reject_parameter_refuses_legal_moves_by_their_main_word(tiny):
    session = set_up(tiny, params={"reject": "1"})
    answer = move(tiny, session, ("К", 7, 6), ("О", 7, 7), ("Т", 7, 8))
    assert not answer["ok"]
    assert (answer["reason"], answer["word"]) == ("dictionary", "КОТ")
    assert answer["message"] == "Слова «КОТ» нет в словаре"
    # about the fraction asked for, the same answer every time for a word and seed
    words = [f"W{i}" for i in range(4000)]
    share = sum(refused(w, 0.3, "5") for w in words) / len(words)
    assert 0.27 < share < 0.33
    assert [refused(w, 0.3, "5") for w in words[:50]] == [refused(w, 0.3, "5") for w in words[:50]]
    assert not any(refused(w, 0.0, "5") for w in words)


# ----- exchanges and passes ------------------------------------------------------------------
def test_an_exchange_swaps_the_marked_tiles_only(tiny):
    session = set_up(tiny, rack="КОТАДЕЖ")
    bag = Counter(session.bag)
    answer = tiny.handle("exchange", {"id": session.id, "slots": [0, 6]})
    assert answer["ok"]
    view = answer["game"]
    assert view["rack"][1:6] == list("ОТАДЕ")
    assert view["last"]["kind"] == "exchange" and view["last"]["count"] == 2
    assert view["last"]["move"] == "exchange КЖ"
    drawn = Counter([view["rack"][0], view["rack"][6]])
    assert Counter(session.bag) == bag - drawn + Counter("КЖ")
    assert view["scores"] == [0, 0] and view["turn_kind"] == "computer"


def test_an_exchange_needs_seven_tiles_in_the_bag(tiny):
    session = set_up(tiny)
    del session.bag[6:]
    answer = tiny.handle("exchange", {"id": session.id, "slots": [0]})
    assert not answer["ok"] and answer["reason"] == "exchange"
    assert answer["message"] == "Обмен невозможен: в мешке меньше 7 фишек"
    assert not answer["game"]["can_exchange"] and answer["game"]["turn_kind"] == "human"


@pytest.mark.parametrize(
    ("slots", "says"),
    [
        ([], "non-empty"),
        ([7], "0..6"),
        ([1, 1], "twice"),
        (["0"], "whole number"),
        ([5], "no tile"),
    ],
)
def test_bad_exchange_slots_are_bad_requests(tiny, slots, says):
    session = set_up(tiny, rack="КОТАД")
    with pytest.raises(PageRequestError, match=says):
        tiny.handle("exchange", {"id": session.id, "slots": slots})


def test_six_scoreless_turns_end_the_game_with_rack_penalties(tiny):
    # the tiny dictionary leaves the computer nothing to play, so it exchanges every time
    session = set_up(tiny, KOT_ROWS, rack="ЖЖЖ", params={"level": "medium"})
    session.computer_rack = "ЖЩЪФЦШЭ"  # no letter of the tiny words, in the rack or the bag
    session.bag = list("ЖЩЪФЦШЭЮ" * 3)
    for _ in range(3):
        tiny.handle("pass", {"id": session.id})
        if not session.over:
            tiny.handle("reply", {"id": session.id})
    view = session.view()
    assert view["over"] and view["end"]["reason"] == "scoreless"
    assert [t["score"] for t in view["history"]] == [0] * 6
    assert view["end"]["adjustments"] == [-15, -rack_value(session.computer_rack, session.rules)]
    assert view["scores"] == view["end"]["adjustments"]


def test_two_passes_with_an_empty_bag_end_the_game(tiny):
    session = set_up(tiny, KOT_ROWS, rack="Ж", params={"level": "easy"})
    session.bag.clear()
    session.computer_rack = "ЩЪ"
    tiny.handle("pass", {"id": session.id})
    view = tiny.handle("reply", {"id": session.id})  # the computer can do nothing but pass
    assert view["last"]["kind"] == "pass"
    assert view["over"] and view["end"]["reason"] == "passes" and view["winner"] == 0
    assert view["end"]["adjustments"] == [-5, -20] and view["scores"] == [-5, -20]
    assert view["next"] == 0  # the computer passed last: a silent ending names us next


def test_a_silent_ending_is_a_setting_of_the_game(tiny):
    """(ending=silent: the page shows no end text; the turn line names ``next``.)"""
    assert tiny.handle("new", {})["config"]["ending"] == "banner"
    view = tiny.handle("new", {"ending": "silent", "first": "computer"})
    assert view["config"]["ending"] == "silent" and view["next"] == 1 == view["turn"]


def test_the_blank_parameter_asks_a_wildcards_letter_in_a_prompt_box(tiny):
    assert tiny.handle("new", {"blank": "prompt"})["config"]["blank"] == "prompt"
    script = (PAGES_DIR / "erudit" / "static" / "erudit.js").read_text(encoding="utf-8")
    assert "window.prompt(" in script and 'blank !== "prompt"' in script


def test_emptying_the_rack_with_the_bag_empty_wins_the_other_rack(tiny):
    session = set_up(tiny, KOT_ROWS, rack="А")
    session.bag.clear()
    session.computer_rack = "ЖЩ"
    view = move(tiny, session, ("А", 7, 9))["game"]
    assert view["over"] and view["end"] == {"reason": "out", "adjustments": [15, -15]}
    assert view["scores"] == [6 + 15, -15] and view["winner"] == 0 and view["bag"] == 0
    assert view["next"] == 1  # we went out: a silent ending names the computer next
    with pytest.raises(PageRequestError, match="over"):
        tiny.handle("pass", {"id": session.id})


# ----- the computer --------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_three_levels_choose_as_described(server, russian, seed):
    print(f"seed {seed}")
    chosen = {}
    for level in ("easy", "medium", "hard"):
        view = call(server, "new", {"level": level, "first": "computer", "seed": seed})
        session = server.games.session(view["id"])
        turn_view = session.turn_view()
        moves = raw_moves(turn_view.lines, turn_view.rack, russian, session.rules)
        scores = sorted(m[4] for m, _ in merge_wildcard_variants(moves))
        view = call(server, "reply", {"id": view["id"]})
        last = view["last"]
        chosen[level] = view
        if level == "easy":
            assert last["kind"] == "play" and last["score"] <= scores[(len(scores) + 1) // 2 - 1]
        elif level == "medium":
            assert last["score"] == max(scores)
        else:
            player = EquityPlayer(load_leaves(session.rules), endgame_budget=HARD_ENDGAME_BUDGET)
            assert last["move"] == player(turn_view).move.to_text()
        if last["kind"] == "play":
            assert [CENTRE, CENTRE] in last["squares"]  # the first word covers the centre
    # a seed deals the same racks whatever the level
    assert len({str(c["seed"]) for c in chosen.values()}) == 1


def test_a_seed_repeats_the_game_and_the_next_game_moves_on(tiny):
    a = tiny.handle("new", {"seed": 5})
    b = tiny.handle("new", {"seed": 5})
    c = tiny.handle("new", {"seed": 5, "game": 1})
    assert a["rack"] == b["rack"] and a["seed"] == b["seed"] == 5
    assert c["seed"] == 6 and c["number"] == 1


def test_a_computer_move_is_highlighted_until_its_next_move(server):
    view = call(server, "new", {"first": "computer", "level": "medium", "seed": 4})
    view = call(server, "reply", {"id": view["id"]})
    first = view["last_computer"]
    assert first["by"] == 1 and first["kind"] == "play" and first["squares"]
    view = call(server, "pass", {"id": view["id"]})
    assert view["last"]["by"] == 0 and view["last_computer"] == first
