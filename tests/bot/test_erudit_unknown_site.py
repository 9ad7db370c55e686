"""A Scrabble site whose word list is not ours, whose messages are pop-ups over the board
(JScrab): the engine plays common words first (ТУТОР, Zipf 1.1, was refused on move 1), falls
back to rare ones only when no common move is left; a refusal, the end, or a notice to clear
shown in a pop-up that dims the board are read without the board."""

from __future__ import annotations

from bot.games.erudit.adapter import EruditPlayer
from bot.games.erudit.common_words import common_graph
from bot.games.erudit.reading import popup_kinds
from bot.games.erudit.steps import Dismiss
from bot.run.game import Turn
from bot.web.sites import parse_profile
from bot.web.steps import Line
from solvers.erudit.dictionary import WordGraph
from tests.bot.test_erudit_adapter import EMPTY_BOARD, RULES, SITE_DATA, followed, seen
from vision.core.geometry import Region

SITE = parse_profile({**SITE_DATA, "min-zipf": 2,
                      "dismiss": [{"do": "button", "label": ["Ладно"], "optional": True}]},
                     "test")
OK = Line("Ладно", Region(610, 395, 56, 22))


def _first_word(player: EruditPlayer, rack: str) -> str:
    first = seen(EMPTY_BOARD, rack, "ours")
    player.turn(followed(player, first))
    player.decide(followed(player, first))
    assert player.current is not None
    return player.current.move.word  # type: ignore[union-attr]


def test_common_words_are_played_first_and_rare_ones_only_when_none_is_left():
    graph = WordGraph(["ТУТОР", "ТОРТ", "РОТ"])  # ТУТОР scores most, and is rare
    common = common_graph(graph, "ru", 2.0)
    assert "ТУТОР" not in common and "ТОРТ" in common
    plain = EruditPlayer(SITE, RULES, graph, read=None, locate=None, top=4)
    assert _first_word(plain, "ТУТОРЖШ") == "ТУТОР"
    careful = EruditPlayer(SITE, RULES, graph, read=None, locate=None, top=4, common=common)
    assert _first_word(careful, "ТУТОРЖШ") in ("ТОРТ", "РОТ")
    only_rare = WordGraph(["ТУТОР"])
    fallback = EruditPlayer(SITE, RULES, only_rare, read=None, locate=None, top=4,
                            common=common_graph(only_rare, "ru", 2.0))
    assert _first_word(fallback, "ТУТОРЖШ") == "ТУТОР"  # better than passing


def test_a_profile_without_min_zipf_plays_every_word_on_erudit():
    assert SITE.min_zipf == 2.0
    assert parse_profile(SITE_DATA, "test").min_zipf is None


def test_a_pop_up_over_the_board_is_read_by_its_words():
    refused = [Line("Извините, ТУТОР отсутствует в словаре.", Region(490, 360, 300, 30)), OK]
    site = parse_profile({**SITE_DATA, "texts": {**SITE_DATA["texts"],
                                                 "rejected": ["отсутствует в словаре"]},
                          "dismiss": [{"do": "button", "label": ["Ладно"], "optional": True}]},
                         "test")
    assert popup_kinds(frozenset({"rejected"}), refused, site) == {"rejected"}
    assert popup_kinds(frozenset({"won"}), [], site) == {"won"}
    passed = [Line("У меня нет ходов, ваша очередь", Region(490, 360, 300, 30)), OK]
    assert popup_kinds(frozenset(), passed, site) == {"notice"}
    assert popup_kinds(frozenset(), passed[:1], site) == frozenset()  # nothing to act on


def test_a_notice_is_cleared_by_the_dismiss_button_before_anything_else():
    player = EruditPlayer(SITE, RULES, WordGraph(["КОТ"]), read=None, locate=None, top=4)
    player.turn(followed(player, seen(EMPTY_BOARD, "КОТАИЖШ", "ours")))
    notice = seen(EMPTY_BOARD, "КОТАИЖШ", "ours", "notice")
    notice = notice.__class__(**{**notice.__dict__, "lines": (OK,)})
    assert player.turn(notice) is Turn.OURS
    (step,) = player.decide(notice)
    assert isinstance(step.move, Dismiss)
    (click,) = player.gestures([step], notice)
    assert click.kind.value == "click" and click.point == OK.region.center


def test_a_notice_named_by_its_words_and_a_new_game_with_click_at_steps():
    """JScrab's pop-ups' «Ладно» is not read by OCR: the notice is known by its words
    (texts.notice) and cleared by a click-at; the new game's click-at steps get the grid
    (they raised "needs the grid located first" with none)."""
    from bot.run.act import Gesture

    site = parse_profile({**SITE_DATA, "texts": {**SITE_DATA["texts"],
                                                 "notice": ["У меня нет ходов"]},
                          "dismiss": [{"do": "click-at", "cell": [9.93, 17.61]}],
                          "new-game": [{"do": "key", "keys": "F5"}]}, "test")
    assert site.phrases["notice"] == ("У меня нет ходов",)
    assert popup_kinds(frozenset({"notice"}), [], site) == {"notice"}
    player = EruditPlayer(site, RULES, WordGraph(["КОТ"]), read=None, locate=None, top=4)
    first = seen(EMPTY_BOARD, "КОТАИЖШ", "ours")
    player._last_seen = first
    intents = player.new_game(None, None)  # type: ignore[arg-type]
    clicks = [i for i in intents if isinstance(i, Gesture) and i.kind.value == "click"]
    assert len(clicks) == 1 and clicks[0].point is not None


def test_a_rack_tile_read_as_unknown_is_left_out_of_the_moves():
    player = EruditPlayer(SITE, RULES, WordGraph(["КОТ", "ЭКО"]), read=None, locate=None, top=4)
    first = seen(EMPTY_BOARD, "?КОТЖШЩ", "ours")
    player.turn(followed(player, first))
    assert player.position(first).racks[0] == "КОТЖШЩ"
    player.decide(followed(player, first))
    assert player.current is not None and player.current.move.word == "КОТ"  # type: ignore[union-attr]


def test_a_rack_tile_no_look_names_is_read_unknown_at_first_sight_not_a_misread():
    """The loop counted the first frame showing such a tile as a misread (JScrab's Х, Э):
    the player reads it as '?' at once, and plays the other tiles."""
    import numpy as np

    from solvers.erudit.rules import SIZE
    from tests.bot.test_erudit_adapter import GEOMETRY, rack_regions
    from vision.core.errors import ReadError
    from vision.core.frame import Frame

    asked = []

    def read(frame, location, check=True, known=None, partial=False, empty_rack=False,
             relearn=False, unknown_rack=False):
        asked.append(unknown_rack)
        if not unknown_rack:
            raise ReadError("rack tile 2 from the left: unknown glyph (nearest К at 0.336)")
        return SimpleReading(("." * SIZE,) * SIZE, "К?ТАИЖШ", rack_regions(7), GEOMETRY)

    player = EruditPlayer(SITE, RULES, WordGraph(["КОТ"]), read=read, locate=None, top=4)
    frame = Frame(np.zeros((900, 1280, 3), np.uint8), Region(0, 0, 1280, 900), 1.0)
    seen_now = player.read(frame, None)  # type: ignore[arg-type]  # (no locate: as given)
    assert seen_now.rack == "К?ТАИЖШ" and asked == [False, True]


class SimpleReading:
    """The parts of a reading the player uses."""

    def __init__(self, board, rack, rack_tiles, geometry):
        self.board, self.rack, self.rack_tiles = board, rack, rack_tiles
        self.geometry, self.location, self.bag = geometry, None, None


def test_replay_skips_frames_a_pop_up_covers_and_takes_unknown_rack_tiles():
    """A JScrab recording re-read 21 of 85 frames alike: frames under a pop-up (play kept the
    board it read before) and rack tiles play left unknown are read again as play did."""
    from bot.games.erudit.replay_reader import erudit_reader

    reader = erudit_reader({"site": "xanado", "rules": "scrabble-en"})
    for kinds in (["ours", "rejected"], ["notice"], ["won"], ["choose"]):
        assert not reader.checks({"page": kinds}), kinds
    assert reader.checks({"page": ["ours"]})
    assert reader.agree("........\nrack К?Т", "........\nrack К?Т")


def test_the_end_pop_up_in_english_on_a_russian_page_ends_the_game():
    """JScrab's end: «Ваш балл после вычета оставшихся / букв / You:359 компьютер:264 /
    You win !» over the veil, no button. Read in Russian alone the last line was «Уои м/п !»
    and the message's phrase was cut by its line break: the bot waited 60 s and stopped, the
    won game uncounted. The pop-up is read in the page's language and English."""
    from pathlib import Path
    from types import SimpleNamespace

    from vision.core.errors import ReadError
    from vision.core.frame import Frame
    from vision.core.page_text import PageText

    shot = Path(__file__).resolve().parents[2] / "recordings/erudit/jscrab/jscrab-100-end-won.png"
    profile = Path(__file__).resolve().parents[1] / "e2e/sites/jscrab.json"
    from bot.web.sites import load_profile

    site = load_profile(str(profile))

    def veiled(*args, **kwargs):
        raise ReadError("square A1: colour #434334 is neither an empty square nor a tile")

    player = EruditPlayer(site, RULES, WordGraph(["КОТ"]), read=veiled, locate=None, top=4,
                          text=PageText("ru"))
    player._last_seen = seen(EMPTY_BOARD, "ЪВ", "ours", scores=(370, 265))
    got = player.read(Frame.from_file(shot), SimpleNamespace())  # type: ignore[arg-type]
    assert {"won", "over"} <= got.kinds, [line.text for line in got.lines]
    assert got.scores == (359, 264)  # the end message's, the racks deducted (panel 370:265)


def test_the_end_pop_up_says_who_won_after_the_racks_deduction():
    """The page's lines said the end («после вычета оставшихся») but lost «Компьютер
    выигрывает.»: the game went to games.jsonl as won by the panel's 279:265, while the page
    said 256:264, lost. The pop-up is read alone too, and its final scores are the game's."""
    from pathlib import Path
    from types import SimpleNamespace

    from bot.web.sites import load_profile
    from vision.core.errors import ReadError
    from vision.core.frame import Frame
    from vision.core.page_text import PageText

    root = Path(__file__).resolve().parents[2]
    site = load_profile(str(root / "tests/e2e/sites/jscrab.json"))

    def veiled(*args, **kwargs):
        raise ReadError("square A1: colour #434334 is neither an empty square nor a tile")

    player = EruditPlayer(site, RULES, WordGraph(["КОТ"]), read=veiled, locate=None, top=4,
                          text=PageText("ru"))
    player._last_seen = seen(EMPTY_BOARD, "ЧЪЭ", "ours", scores=(279, 265))
    shot = root / "recordings/erudit/jscrab/jscrab-100-end-lost.png"
    got = player.read(Frame.from_file(shot), SimpleNamespace())  # type: ignore[arg-type]
    assert "lost" in got.kinds and "won" not in got.kinds, [line.text for line in got.lines]
    assert got.scores == (256, 264)


def test_our_pass_is_taken_once_the_opponents_reply_shows():
    """JScrab never says whose turn it is and its computer answered our pass within a few
    seconds: no frame "not ours" was ever seen, the pass counted as not taken and the bot
    stopped after 60 s with the computer's ЦИС on the board. New tiles after our pass are
    the reply: the pass was taken."""
    from bot.games.erudit.adapter import PassTurn
    from bot.run.game import Verdict
    from tests.bot.test_erudit_adapter import lay

    player = EruditPlayer(SITE, RULES, WordGraph(["КОТ"]), read=None, locate=None, top=4)
    first = seen(EMPTY_BOARD, "ЪЪЬЬЫЫЁ", "ours")
    player.turn(followed(player, first))
    (step,) = player.decide(followed(player, first))
    assert isinstance(step.move, PassTurn)
    pending = player.pending([step], first)
    assert player.check(pending.board, pending, first)[0] is Verdict.STALE  # not taken yet
    replied = seen(lay(EMPTY_BOARD, [(112, "К"), (113, "О"), (114, "Т")]), "ЪЪЬЬЫЫЁ", "ours")
    assert player.check(pending.board, pending, replied)[0] is Verdict.OK
