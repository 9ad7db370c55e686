"""The Erudit adapter on readings made by hand (no vision): a move is laid tile by tile, each
step waiting for the last to show; the page's confirmation makes it ours for good; the
opponent's tiles must form one line of words; a refused move is recalled and not offered again."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from bot.games.erudit.adapter import EruditPlayer, EruditSeen, PickLetter, PlaceTile, Recall, Submit
from bot.run.game import ImpossibleState, Turn, Verdict
from bot.web.sites import parse_profile
from bot.web.steps import Line
from solvers.decision import Decision
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.rules import load_rules
from vision.core.geometry import GridGeometry, Point, Region

SITE_DATA = {
        "name": "t-erudit",
        "game": "erudit",
        "language": "ru",
        "title": "T",
        "styles": {"drag": [{"do": "drag-tile"}]},
        "submit": [{"do": "button", "label": ["Сделать ход"]}],
        "cancel": [{"do": "button", "label": ["Вернуть фишки"]}],
        "pass": [{"do": "button", "label": ["Пропустить ход"]}],
        "texts": {"turn-ours": ["Ваш ход"], "turn-theirs": ["Ходит компьютер"],
                  "rejected": ["нет в словаре"], "won": ["Вы победили"],
                  "choose-letter": ["Выберите букву"]},
}
SITE = parse_profile(SITE_DATA, "test")
SITE_EN = parse_profile({**SITE_DATA, "language": "en",
                         "texts": {"turn-ours": ["Your turn"],
                                   "choose-letter": ["Select the letter"]}}, "test")
RULES = load_rules("erudit")
GRAPH = WordGraph(["КОТ", "ТОК", "КОТА", "КИТ", "ТИК", "КОК", "ОКО"])
GEOMETRY = GridGeometry.uniform(Point(100, 100), 30.0, 30.0, 15, 15)
EMPTY_BOARD = tuple("." * 225)


def rack_regions(n: int) -> tuple[Region, ...]:
    return tuple(Region(100 + 40 * i, 600, 36, 36) for i in range(n))


def seen(board=EMPTY_BOARD, rack="КОТАИЖШ", *kinds, scores=None, t=0.0, buttons=True):
    lines = (Line("Сделать ход", Region(900, 80, 120, 20)),) if buttons else ()
    return EruditSeen(tuple(board), rack, rack_regions(len(rack)), GEOMETRY, frozenset(kinds),
                      lines, scores, None, {}, t)


def lay(board, tiles):
    cells = list(board)
    for s, ch in tiles:
        cells[s] = ch
    return tuple(cells)


@pytest.fixture()
def player():
    return EruditPlayer(SITE, RULES, GRAPH, read=None, locate=None, top=4)


def followed(player, seen):
    """A reading the loop accepted: the adapter follows it before it is asked about it."""
    player.follow(seen)
    return seen


def test_a_move_is_laid_tile_by_tile_then_submitted_and_followed(player):
    first = seen(EMPTY_BOARD, "КОТАИЖШ", "ours", t=1.0)
    assert player.turn(followed(player, first)) is Turn.OURS
    (step,) = player.decide(followed(player, first))
    assert isinstance(step.move, PlaceTile) and step.score is not None
    assert player.chose()  # the engine chose the word: its time is a decision's
    gestures = player.gestures([step], first)
    assert [g.kind.value for g in gestures] == ["drag"]
    assert gestures[0].path[-1] == GEOMETRY.cell_center(*divmod(step.move.square, 15))
    board = EMPTY_BOARD
    placed = []
    while isinstance(step.move, PlaceTile):
        pending = player.pending([step], first)
        assert player.check(board, pending, seen(board, "x", "ours"))[0] is Verdict.STALE
        board = lay(board, [(step.move.square, step.move.char)])
        placed.append(step.move)
        now = seen(board, "КОТАИЖШ", "ours")
        assert player.check(pending.board, pending, now)[0] is Verdict.OK
        assert player.turn(followed(player, now)) is Turn.OURS
        (step,) = player.decide(followed(player, now))
        assert not player.chose()  # the word's next tile or its submit: chosen before
    assert isinstance(step.move, Submit)
    word = step.move.move.word
    assert len(placed) == len(word)
    pending = player.pending([step], now)
    assert player.check(pending.board, pending, seen(board, "ЖШ", "ours"))[0] is Verdict.STALE
    taken = seen(board, "ЖШ", "theirs", t=4.0)
    assert player.check(pending.board, pending, taken)[0] is Verdict.OK
    assert player.turn(followed(player, taken)) is Turn.THEIRS
    assert player.board == board and player.laid == []
    assert player.scores[0] > 0 and player.move_seconds == [3.0]


def test_a_wrong_letter_where_ours_should_be_is_a_misread(player):
    first = seen(EMPTY_BOARD, "КОТАИЖШ", "ours")
    player.turn(followed(player, first))
    (step,) = player.decide(followed(player, first))
    pending = player.pending([step], first)
    wrong = "Ж" if step.move.char != "Ж" else "Ш"
    bad = seen(lay(EMPTY_BOARD, [(step.move.square, wrong)]), "КОТАИЖШ", "ours")
    assert player.check(pending.board, pending, bad)[0] is Verdict.MISREAD


def test_the_opponents_line_of_tiles_is_read_as_a_move(player):
    start = lay(EMPTY_BOARD, [(112, "К"), (113, "О"), (114, "Т")])  # КОТ across H8
    player.turn(followed(player, seen(start, "АИЖШЩЫЭ", "theirs")))
    reply = lay(start, [(98, "Т"), (128, "К")])  # Т above О, К below it: ТОК down
    waiting = player.awaiting(seen(start, "АИЖШЩЫЭ", "theirs"))
    assert player.check(waiting.board, waiting, seen(reply, "АИЖШЩЫЭ", "theirs"))[0] \
        is Verdict.STALE
    assert player.check(waiting.board, waiting, seen(reply, "АИЖШЩЫЭ", "ours"))[0] is Verdict.OK
    player.turn(followed(player, seen(reply, "АИЖШЩЫЭ", "ours")))
    assert player.board == reply
    assert player.log.moves[-1][1].startswith("I7 ТОК down")
    assert player.scores[1] > 0


def test_the_opponents_tiles_flying_in_one_by_one_are_waited_for(player):
    """JScrab flies the computer's tiles in one at a time: a frame with a part of its move
    (tiles touching nothing, or a gap) is waited out; the whole move is then followed (the
    part was read as «C7 ТЮ across: the word must touch a tile» and the game stopped)."""
    start = lay(EMPTY_BOARD, [(112, "К"), (113, "О"), (114, "Т")])  # КОТ across H8
    player.turn(followed(player, seen(start, "АИЖШЩЫЭ", "theirs")))
    waiting = player.awaiting(seen(start, "АИЖШЩЫЭ", "theirs"))
    for part in ([(143, "К")], [(98, "Т"), (143, "К")]):  # К two below О: off the word, a gap
        verdict, why = player.check(waiting.board, waiting,
                                    seen(lay(start, part), "АИЖШЩЫЭ", "ours"))
        assert verdict is Verdict.STALE and "still coming in" in why
    reply = lay(start, [(98, "Т"), (128, "К")])  # ТОК down, whole
    assert player.check(waiting.board, waiting, seen(reply, "АИЖШЩЫЭ", "ours"))[0] is Verdict.OK


def test_an_opponents_move_against_our_rules_that_stands_still_is_the_sites(player):
    """JScrab's computer laid ТЯП touching our word only corner to corner: waited on as tiles
    still coming in, then, standing still for STILL seconds, followed as the site's move."""
    from bot.games.erudit.adapter import STILL

    start = lay(EMPTY_BOARD, [(112, "К"), (113, "О"), (114, "Т")])  # КОТ across H8
    player.turn(followed(player, seen(start, "АИЖШЩЫЭ", "theirs")))
    waiting = player.awaiting(seen(start, "АИЖШЩЫЭ", "theirs"))
    corner = lay(start, [(85, "Т"), (100, "О")])  # K6-K7 down, K7 diagonal to Т at J8
    for t in (10.0, 10.0 + STILL / 2):
        now = seen(corner, "АИЖШЩЫЭ", "ours", t=t)
        assert player.check(waiting.board, waiting, now)[0] is Verdict.STALE
    now = seen(corner, "АИЖШЩЫЭ", "ours", t=10.0 + STILL)
    assert player.check(waiting.board, waiting, now)[0] is Verdict.OK
    player.turn(followed(player, now))
    assert player.board == corner and player.log.moves[-1][1].startswith("K6 ТО down")
    assert player.corner_joins  # boards are read with corner joins from now on


def test_an_opponent_word_our_dictionary_lacks_is_kept_as_the_sites(player):
    start = lay(EMPTY_BOARD, [(112, "К"), (113, "О"), (114, "Т")])
    player.turn(followed(player, seen(start, "АИЖШЩЫЭ", "theirs")))
    reply = lay(start, [(115, "Ы")])  # КОТЫ: not in the tiny dictionary
    player.turn(followed(player, seen(reply, "АИЖШЩЫЭ", "ours")))
    assert player.board == reply and player.log.site_words == ["H8 КОТЫ across"]


def test_tiles_off_one_line_or_a_changed_tile_are_impossible(player):
    start = lay(EMPTY_BOARD, [(112, "К"), (113, "О"), (114, "Т")])
    player.turn(followed(player, seen(start, "АИЖШЩЫЭ", "theirs")))
    scattered = lay(start, [(98, "Т"), (130, "К")])
    with pytest.raises(ImpossibleState, match="not in one line"):
        player.turn(followed(player, seen(scattered, "АИЖШЩЫЭ", "ours")))
    waiting = player.awaiting(seen(start, "x", "theirs"))
    changed = lay(start, [(113, "А")])
    assert player.check(waiting.board, waiting, seen(changed, "x", "ours"))[0] is Verdict.MISREAD


def test_a_refused_move_is_recalled_and_not_offered_again(player):
    first = seen(EMPTY_BOARD, "КОТАИЖШ", "ours")
    player.turn(followed(player, first))
    (step,) = player.decide(followed(player, first))
    board = EMPTY_BOARD
    while isinstance(step.move, PlaceTile):
        board = lay(board, [(step.move.square, step.move.char)])
        (step,) = player.decide(followed(player, seen(board, "КОТАИЖШ", "ours")))
    refused_move = step.move.move.to_text()
    refused = seen(board, "ЖШ", "ours", "rejected")
    pending = player.pending([step], refused)
    assert player.check(pending.board, pending, refused)[0] is Verdict.OK
    assert player.turn(followed(player, refused)) is Turn.OURS
    (recall,) = player.decide(followed(player, refused))
    assert isinstance(recall.move, Recall) and recall.move.word == refused_move
    back = player.pending([recall], refused)
    assert player.check(back.board, back, refused)[0] is Verdict.STALE
    cleared = seen(EMPTY_BOARD, "КОТАИЖШ", "ours")
    assert player.check(back.board, back, cleared)[0] is Verdict.OK
    (again,) = player.decide(followed(player, cleared))
    assert player.current is not None and player.current.move.to_text() != refused_move


def test_a_wildcard_is_down_when_the_page_asks_for_its_letter_then_the_letter_is_picked(
    player, monkeypatch
):
    """The letter dialog covers the board: the wildcard cannot show yet, the dialog is the
    sign it is down; the letter is then clicked on the dialog's keys."""
    from dataclasses import replace

    import solvers.erudit.best as best
    from solvers.erudit.moves import Placement

    everything = best.best_moves

    def with_the_wildcard(*args, **kwargs):  # the move under test lays it (no exchange)
        found = everything(*args, **kwargs)
        return [d for d in found if isinstance(d.move, Placement) and "*" not in str(d.move)
                and any(ch.islower() for ch in d.move.to_text())]

    monkeypatch.setattr(best, "best_moves", with_the_wildcard)
    first = seen(EMPTY_BOARD, "*ОТ", "ours")
    player.turn(followed(player, first))
    (step,) = player.decide(followed(player, first))
    board = EMPTY_BOARD
    while isinstance(step.move, PlaceTile) and not step.move.char.islower():
        pending = player.pending([step], first)
        board = lay(board, [(step.move.square, step.move.char)])
        now = seen(board, "*", "ours")
        assert player.check(pending.board, pending, now)[0] is Verdict.OK
        (step,) = player.decide(followed(player, now))
    assert isinstance(step.move, PlaceTile) and step.move.char.islower()
    pending = player.pending([step], first)
    asking = seen(board, "", "ours", "choose")  # the last board read: the tile not on it
    assert player.check(pending.board, pending, asking)[0] is Verdict.OK
    assert player.check(pending.board, pending, seen(board, "", "ours"))[0] is Verdict.STALE
    keys = {"К": Region(500, 300, 40, 40), "Т": Region(550, 300, 40, 40)}
    asking = replace(asking, letter_keys=keys)
    (pick,) = player.decide(followed(player, asking))
    assert isinstance(pick.move, PickLetter) and pick.move.letter == step.move.char.upper()
    (click,) = player.gestures([pick], asking)
    assert click.point == keys[pick.move.letter].center
    # no keys to click (the browser's own prompt() box asks): typed, then Return, as the
    # profile's blank-letter steps say; with no such steps, a clear stop
    boxed = replace(asking, letter_keys={})
    with pytest.raises(ImpossibleState, match="shows no key"):
        player.gestures([pick], boxed)
    from bot.web.sites import parse_profile

    typed = parse_profile({**SITE_DATA, "blank-letter": [{"do": "type-letter"},
                                                         {"do": "key", "keys": "Return"}]}, "t")
    player.site = typed
    gestures = player.gestures([pick], boxed)
    assert [g.to_text() for g in gestures] == [f"type {pick.move.letter.lower()}", "key enter"]
    assert player.gestures([pick], asking)[0].point == keys[pick.move.letter].center
    # the prompt box closing (its veil fading over the board): the wildcard not drawn yet is
    # waited for; another tile gone is still a misread
    picked = player.pending([pick], asking)
    closing = seen(board, "", "ours")
    assert player.check(picked.board, picked, closing)[0] is Verdict.STALE
    drawn = seen(picked.board, "", "ours")
    assert player.check(picked.board, picked, drawn)[0] is Verdict.OK
    other = next(sq for sq, ch in enumerate(board) if ch != ".")
    worse = seen(lay(board, [(other, ".")]), "", "ours")
    assert player.check(picked.board, picked, worse)[0] is Verdict.MISREAD


def test_the_rack_may_read_empty_only_while_every_tile_may_have_left_it():
    """Tiles marked for an exchange change colour (the rack reads empty once all are marked),
    and a move may lay all seven; otherwise an empty rack is a hidden one: an error."""
    from types import SimpleNamespace

    import numpy as np

    from bot.games.erudit.adapter import Awaits, Expect, MarkTile
    from vision.core.frame import Frame

    asked = []

    def read(frame, location, check=True, known=None, partial=False, empty_rack=False):
        asked.append(empty_rack)
        return SimpleNamespace(board=EMPTY_BOARD, rack="", rack_tiles=(), geometry=GEOMETRY,
                               bag=100)

    player = EruditPlayer(SITE, RULES, GRAPH, read=read, locate=None, top=4)
    frame = Frame.from_pixels(np.zeros((50, 50, 3), np.uint8))
    player.read(frame, None)
    player._pending = Expect(Awaits.MARK, EMPTY_BOARD, MarkTile("К"))
    player.read(frame, None)
    player._pending = Expect(Awaits.REPLY, EMPTY_BOARD)
    player.read(frame, None)
    player.laid = [(112, "К")]
    player.read(frame, None)
    assert asked == [False, True, False, True]


def test_an_exchange_handed_in_waits_for_the_page_to_take_the_turn(player):
    """Right after «Обменять» the page may still say «Ваш ход» for a frame, with the old rack:
    that is no new turn of ours (the bot exchanged its one tile left, then found no button)."""
    from bot.games.erudit.adapter import ConfirmExchange

    first = seen(EMPTY_BOARD, "КОТАИЖШ", "ours")
    player.turn(followed(player, first))
    player._pending = None
    step = player._step(ConfirmExchange("ЖШ"), first)
    pending = player.pending([step], first)
    assert pending.kind == "sent"
    assert player.check(EMPTY_BOARD, pending, seen(EMPTY_BOARD, "КОТАИ", "ours"))[0] \
        is Verdict.STALE
    assert player.check(EMPTY_BOARD, pending, seen(EMPTY_BOARD, "КОТАИ", "theirs"))[0] \
        is Verdict.OK


def _laid_and_submitted(player):
    """Lay the best first move tile by tile; return (board, the submit pending, its frame)."""
    now = seen(EMPTY_BOARD, "КОТАИЖШ", "ours", scores=(0, 0))
    player.turn(followed(player, now))
    (step,) = player.decide(followed(player, now))
    board = EMPTY_BOARD
    while isinstance(step.move, PlaceTile):
        board = lay(board, [(step.move.square, step.move.char)])
        left = now.rack.replace(step.move.char, "", 1)
        now = seen(board, left, "ours", scores=(0, 0))
        player.check(board, player.pending([step], now), now)
        (step,) = player.decide(followed(player, now))
    assert isinstance(step.move, Submit)
    return board, player.pending([step], now), now


@pytest.mark.parametrize("how", ["rack refilled", "score up", "opponent moved"])
def test_a_move_taken_while_the_page_already_shows_our_turn_again(player, how):
    """A computer that replies between two frames: the page never shows its turn, yet our
    move counted (Xanado). The refilled rack, our higher score or the opponent's new tiles
    say so; the same rack and score do not."""
    board, pending, before = _laid_and_submitted(player)
    assert player.check(board, pending, seen(board, before.rack, "ours", scores=(0, 0)))[0] \
        is Verdict.STALE
    after = {
        "rack refilled": seen(board, before.rack + "ЖШЖ", "ours", scores=(0, 0)),
        "score up": seen(board, before.rack, "ours", scores=(9, 0)),
        # (a К above our first tile: a move, though no word we know; a lone tile touching
        # nothing would be a move still flying in)
        "opponent moved": seen(lay(board, [(next(i for i, ch in enumerate(board) if ch != ".")
                                            - 15, "К")]), before.rack, "ours", scores=(0, 0)),
    }[how]
    assert player.check(board, pending, after)[0] is Verdict.OK
    if how != "opponent moved":  # (a lone К is no move to follow)
        assert player.turn(followed(player, after)) is Turn.OURS
        assert player.laid == [] and player.board == board and player.log.points


def test_the_end_the_page_asks_us_to_accept_is_accepted_by_its_button():
    from bot.games.erudit.adapter import AcceptEnd
    from bot.web.steps import Line

    site = parse_profile(
        {**{k: v for k, v in SITE_DATA.items()},
         "accept": [{"do": "button", "label": ["Accept last move"]}],
         "texts": {**SITE_DATA["texts"], "accept-asked": ["Accept last move"],
                   "over": ["Game over"]}},
        "test",
    )
    p = EruditPlayer(site, RULES, GRAPH, read=None, locate=None, top=4)
    button = Line("Accept last move", Region(900, 80, 120, 20))
    asked = EruditSeen(EMPTY_BOARD, "КОТ", rack_regions(3), GEOMETRY, frozenset({"accept"}),
                       (button,), None, 0, {}, 0.0)
    assert p.turn(followed(p, asked)) is Turn.OURS
    (step,) = p.decide(asked)
    assert isinstance(step.move, AcceptEnd)
    (click,) = p.gestures([step], asked)
    assert click.point == button.region.center
    pending = p.pending([step], asked)
    assert p.check(EMPTY_BOARD, pending, replace_kinds(asked, "accept", "ours"))[0] \
        is Verdict.STALE
    assert p.check(EMPTY_BOARD, pending, replace_kinds(asked, "over"))[0] is Verdict.OK


def replace_kinds(s, *kinds):
    from dataclasses import replace

    return replace(s, kinds=frozenset(kinds))


def test_a_site_without_exchange_steps_passes_instead_of_exchanging():
    from bot.games.erudit.adapter import OpenExchange, PassTurn

    rack = "ЪЪЬЬЫЫЁ"
    with_exchange = parse_profile(
        {**SITE_DATA, "exchange": [{"do": "button", "label": ["Обмен"]}],
         "exchange-confirm": [{"do": "button", "label": ["Обменять"]}]}, "test")
    p = EruditPlayer(with_exchange, RULES, GRAPH, read=None, locate=None, top=4)
    first = seen(EMPTY_BOARD, rack, "ours")
    p.turn(followed(p, first))
    (step,) = p.decide(first)
    assert isinstance(step.move, OpenExchange), step  # what the engine wants with this rack
    q = EruditPlayer(SITE, RULES, GRAPH, read=None, locate=None, top=4)
    q.turn(followed(q, first))
    (step,) = q.decide(first)
    assert isinstance(step.move, PassTurn), step


def test_a_submit_the_page_let_go_by_is_sent_again_a_few_times_only(player):
    from dataclasses import replace

    from bot.games.erudit.adapter import NUDGE_AFTER, NUDGES
    from bot.web.steps import Line

    board, pending, before = _laid_and_submitted(player)
    button = Line("Сделать ход", Region(900, 80, 120, 20))
    still = replace(seen(board, before.rack, "ours", scores=(0, 0)), lines=(button,))
    assert player.nudge(pending, still, NUDGE_AFTER - 1) == []
    assert player.nudge(pending, replace(still, kinds=frozenset({"theirs"})), 60) == []
    assert player.nudge(pending, replace(still, board=EMPTY_BOARD), 60) == []
    assert player.nudge(pending, replace(still, lines=()), 60) == []  # no button: taking it
    sent = [player.nudge(pending, still, NUDGE_AFTER + 1) for _ in range(NUDGES + 2)]
    assert [len(g) for g in sent] == [1] * NUDGES + [0, 0]
    assert sent[0][0].point == button.region.center


def test_the_submit_waits_for_the_page_to_show_its_button(player):
    """Xanado draws «Finished Turn» only once it has taken in the last tile: a frame read
    before that is waited out (a few), not a missing button that stops the session."""
    from bot.games.erudit.adapter import SUBMIT_WAITS, WaitForPage

    now = seen(EMPTY_BOARD, "КОТАИЖШ", "ours")
    player.turn(followed(player, now))
    (step,) = player.decide(followed(player, now))
    board = EMPTY_BOARD
    while isinstance(step.move, PlaceTile):
        board = lay(board, [(step.move.square, step.move.char)])
        now = seen(board, "ЖШ", "ours", buttons=False)
        player.check(board, player.pending([step], now), now)
        (step,) = player.decide(followed(player, now))
    waits = 0
    while isinstance(step.move, WaitForPage):
        waits += 1
        pending = player.pending([step], now)
        assert player.gestures([step], now) == []
        assert player.check(board, pending, now)[0] is Verdict.OK
        if waits == 3:
            now = seen(board, "ЖШ", "ours")  # the button shows
        (step,) = player.decide(followed(player, now))
    assert waits == 3 and isinstance(step.move, Submit)
    # a page that never shows it: after SUBMIT_WAITS frames the submit is tried anyway
    q = EruditPlayer(SITE, RULES, GRAPH, read=None, locate=None, top=4)
    q.plan, q.board = [Submit(step.move.move)], board
    kinds = [type(q.decide(seen(board, "ЖШ", "ours", buttons=False))[0].move).__name__
             for _ in range(SUBMIT_WAITS + 1)]
    assert kinds == ["WaitForPage"] * SUBMIT_WAITS + ["Submit"]


def test_a_dialog_whose_heading_ocr_lost_is_known_by_its_letter_keys():
    """The page dims the board under the wildcard's dialog (the board does not read) and OCR
    joins the dialog's heading to the board beside it: the alphabet's keys say it is open."""
    import numpy as np

    from bot.games.erudit.adapter import PickLetter
    from vision.core.errors import ReadError
    from vision.core.frame import Frame

    latin = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    rows = [latin[k : k + 6] for k in range(0, 26, 6)]
    dialog = [SimpleNamespace(text=" ".join(r), region=Region(700, 440 + 31 * i, 22 * len(r),
                                                                 16))
              for i, r in enumerate(rows)]

    class Text:
        def __init__(self):
            self.shown = dialog

        def lines(self, frame, exclude=()):
            return list(self.shown)

    def unreadable(*args, **kwargs):
        raise ReadError("square A1: a dialog over the board")

    text = Text()
    p = EruditPlayer(SITE_EN, load_rules("scrabble-en"), GRAPH, read=unreadable, locate=None,
                     text=text)
    frame = Frame.from_pixels(np.zeros((10, 10, 3), np.uint8))
    p._last_seen = seen(EMPTY_BOARD, "CAT*", "ours")
    with pytest.raises(ReadError):  # no move being entered: nothing to wait for
        p.read(frame, None)
    p.plan = [PickLetter(112, "E")]
    got = p.read(frame, None)
    assert "choose" in got.kinds and sorted(got.letter_keys) == list(latin)
    text.shown = dialog[:2]  # two rows are no dialog
    with pytest.raises(ReadError):
        p.read(frame, None)


def test_a_move_the_pages_computer_challenged_off_is_undone_and_not_played_again():
    """Xanado's computer challenges a word its list lacks and wins: our tiles go back to the
    rack, our points are gone; the game is followed from the board before our move."""
    site = parse_profile({**SITE_DATA, "texts": {**SITE_DATA["texts"],
                                                "challenged": ["challenged your play"]}}, "t")
    p = EruditPlayer(site, RULES, GRAPH, read=None, locate=None, top=4)
    board, pending, before = _laid_and_submitted(p)
    taken = seen(board, "ЖШКОТАИ", "theirs", scores=None)
    assert p.check(board, pending, taken)[0] is Verdict.OK
    p.turn(followed(p, taken))
    move = p.log.moves[-1][1]
    assert p.board == board and p.scores[0] > 0
    off = seen(EMPTY_BOARD, "КОТАИЖШ", "ours", "challenged", scores=None)
    assert p.check(board, p.awaiting(taken), off)[0] is Verdict.OK
    assert p.board == EMPTY_BOARD and p.scores == (0, 0)
    assert p.log.moves[-1][1].endswith(f"challenged off -{move.split()[-1]}")
    again = seen(EMPTY_BOARD, "КОТАИЖШ", "ours", "challenged")
    assert p.turn(followed(p, again)) is Turn.OURS
    (step,) = p.decide(again)
    assert step.reason.split(":")[0] != " ".join(move.split()[:-1])  # not the same move
    assert p.check(EMPTY_BOARD, p.pending([step], again), again)[0] in (Verdict.OK,
                                                                       Verdict.STALE)


def test_a_tile_drag_the_page_let_go_by_is_dragged_again_a_few_times_only(player):
    """wordgame's drag-and-drop page dropped a drag on a loaded machine: the tile stayed on
    the rack, and the bot stopped on "place A L8 not shown yet". The same drag is sent again
    while the tile is still on the rack and the board shows nothing new; never else."""
    from dataclasses import replace

    from bot.games.erudit.adapter import RELAY_AFTER, RELAYS

    first = seen(EMPTY_BOARD, "КОТАИЖШ", "ours")
    player.turn(followed(player, first))
    (step,) = player.decide(followed(player, first))
    assert isinstance(step.move, PlaceTile)
    pending = player.pending([step], first)
    still = seen(EMPTY_BOARD, "КОТАИЖШ", "ours")
    assert player.nudge(pending, still, RELAY_AFTER - 0.5) == []
    down = lay(EMPTY_BOARD, [(step.move.square, step.move.char)])
    assert player.nudge(pending, seen(down, "КОТАИЖШ", "ours"), 10) == []
    others = "".join(ch for ch in "ЖШЩЫЭЮЯ" if ch != step.move.char)[:6]
    assert player.nudge(pending, seen(EMPTY_BOARD, others, "ours"), 10) == []  # left the rack
    assert player.nudge(pending, replace(still, kinds=frozenset({"theirs"})), 10) == []
    twin = step.move.char  # a twin on the rack while one is in flight: the rack is shorter
    in_flight = seen(EMPTY_BOARD, twin + "".join(ch for ch in "ЖШЩЫЭЮЯ" if ch != twin)[:5], "ours")
    assert player.nudge(pending, in_flight, 10) == []
    sent = [player.nudge(pending, still, RELAY_AFTER + 1) for _ in range(RELAYS + 2)]
    assert [len(g) for g in sent] == [1] * RELAYS + [0, 0]
    assert sent[0][0].kind.value == "drag"
    assert sent[0][0].path[-1] == GEOMETRY.cell_center(*divmod(step.move.square, 15))


def test_a_result_told_in_a_box_over_the_board_ends_the_game():
    """scrabble-wordgame ends with a pop-up «Final Score You: 523 AI: 356 You win!» over the
    board: the board does not read, but the frame says the game is over and who won (the bot
    waited for a readable board, 60 s, and stopped with the game uncounted)."""
    import numpy as np

    from vision.core.errors import ReadError
    from vision.core.frame import Frame

    said = [SimpleNamespace(text="Final Score", region=Region(560, 320, 160, 24)),
            SimpleNamespace(text="You win!", region=Region(580, 460, 120, 24))]

    class Text:
        def __init__(self):
            self.shown = said

        def lines(self, frame, exclude=()):
            return list(self.shown)

    def unreadable(*args, **kwargs):
        raise ReadError("square A1: colour #999999 is neither an empty square nor a tile")

    site = parse_profile({**SITE_DATA, "language": "en",
                          "texts": {"won": ["You win"], "lost": ["Computer Wins"],
                                    "over": ["Final Score"]}}, "t")
    text = Text()
    p = EruditPlayer(site, load_rules("wwf"), GRAPH, read=unreadable, locate=None, text=text)
    frame = Frame.from_pixels(np.zeros((10, 10, 3), np.uint8))
    board = lay(EMPTY_BOARD, [(112, "К")])
    p._last_seen = seen(board, "CAT", "ours")
    got = p.read(frame, None)
    assert "won" in got.kinds and got.board == board
    text.shown = said[:1]  # "Final Score" alone: the game is over, its result by the scores
    assert "over" in p.read(frame, None).kinds
    text.shown = []  # nothing over the board says anything: still unreadable
    with pytest.raises(ReadError):
        p.read(frame, None)


def test_a_tile_is_dragged_at_the_pace_the_profile_gives():
    """Our page drops a tile where the pointer is let go, so its profile drags fast (each
    glide 0.02 s instead of 0.15: a tile's drag took half a second, 1.5 s of a move); a
    profile without ``drag-step`` keeps the screen's own pace."""
    first = seen(EMPTY_BOARD, "КОТАИЖШ", "ours", t=1.0)
    quick = EruditPlayer(parse_profile({**SITE_DATA, "drag-step": 0.02}, "test"), RULES, GRAPH,
                         read=None, locate=None, top=4)
    (step,) = quick.decide(followed(quick, first))
    (drag,) = quick.gestures([step], first)
    assert drag.kind.value == "drag" and drag.step == 0.02
    plain = EruditPlayer(SITE, RULES, GRAPH, read=None, locate=None, top=4)
    (step,) = plain.decide(followed(plain, first))
    (drag,) = plain.gestures([step], first)
    assert drag.step is None


def test_our_pages_profile_drags_tiles_fast():
    from bot.web.sites import load_profile

    assert load_profile("gamebot-erudit").drag_step == 0.02


def test_a_button_after_a_click_in_the_pass_steps_is_looked_for_after_the_click():
    """Issue 23 item 3: a pass that opens a pop-up (click «Pass», then its «Yes») had its
    «Yes» looked up on the frame from before the click, where it never is ("no button 'Yes'
    on the page"): it is found on a frame grabbed after the click instead."""
    from bot.games.erudit.adapter import PassTurn
    from bot.run.act import Find
    from vision.core.frame import Frame

    site = parse_profile({**SITE_DATA, "pass": [{"do": "click-at", "cell": [15.0, 7.0]},
                                                {"do": "button", "label": ["Yes"]}]}, "test")
    p = EruditPlayer(site, RULES, GRAPH, read=None, locate=None, top=4)
    after = Frame(np.zeros((4, 4, 3), np.uint8), Region(0, 0, 4, 4), 0.0)
    read: list[Frame] = []

    def page_lines(frame):
        read.append(frame)
        return [Line("Yes", Region(500, 400, 40, 20))] if frame is after else []

    p._page_lines = page_lines
    p.board = EMPTY_BOARD
    now = seen(EMPTY_BOARD, "КОТАИЖШ", "ours")  # the frame read: no pop-up yet
    click, find = p.gestures([Decision(PassTurn(), "pass", "pass")], now)
    assert click.point == Point(100 + 7 * 30 + 15, 100 + 15 * 30 + 15)  # 15 cells below
    assert isinstance(find, Find)
    assert read == [], "nothing is looked for before the click is sent"
    assert find.look(after)[0] == Point(520, 410)
    assert find.look(Frame(np.ones((4, 4, 3), np.uint8), Region(0, 0, 4, 4), 0.0))[0] is None


def test_a_submit_button_that_is_the_first_step_is_clicked_on_the_frame_read():
    first = seen(EMPTY_BOARD, "КОТАИЖШ", "ours")
    p = EruditPlayer(SITE, RULES, GRAPH, read=None, locate=None, top=4)
    p.board = EMPTY_BOARD
    (click,) = p.gestures([Decision(Submit(None), "submit", "submit")], first)
    assert click.point == Region(900, 80, 120, 20).center
