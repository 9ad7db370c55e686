"""The player's reading of a frame in a look no bank was made from (our page's canvas theme, a
serif italic): a bank reading the rules rule out is named again by the game, Tesseract's sure
names are checked by the rules, and a new letter nothing names for sure is followed as an
unknown letter, named when its look is learned."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.balda.adapter import BaldaPlayer
from bot.games.balda.seen import BaldaSeen
from bot.games.balda.track import UNKNOWN
from bot.web.rejected_words import RejectedWords
from bot.web.sites import load_profile
from solvers.balda.lexicon import Lexicon
from solvers.balda.state import BaldaState
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Point
from vision.core.glyph_bank import GlyphBank
from vision.core.letters import grid_inks, locate_letter_grid

A = "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
LABELLED = Path(__file__).resolve().parents[2] / "recordings" / "balda" / "labelled"


def shot(name: str):
    frame = Frame.from_file(LABELLED / f"{name}.png")
    location = locate_letter_grid(frame)
    label = "".join((LABELLED / "expected" / f"{name}.txt").read_text("utf-8").split())
    return frame, location, grid_inks(frame, location), label


def player_with(bank, words, tmp_path):
    site = load_profile("gamebot-balda", "type-click")
    return BaldaPlayer(site, Lexicon(words), bank, A, think=0.05,
                       rejected=RejectedWords(tmp_path / "rejected.txt"))


def state_of(label: str, start: str, without: tuple[int, ...]) -> BaldaState:
    grid = ["" if ch == "." or i in without else ch for i, ch in enumerate(label)]
    rules = BaldaState.new(start).rules
    return BaldaState(rules=rules, grid=tuple(grid), used=(start,))


def test_a_bank_that_never_saw_the_new_letter_reads_it_as_a_look_alike_and_is_overruled(tmp_path):
    """The bank knows the serif Н and not П; the computer's new П reads as Н (0.085 away),
    which makes no legal move there. The game names it П (the one letter that does) and the
    bank learns it: the grid reads right, and the next П reads as П."""
    frame, location, inks, label = shot("gamebot-canvas-080-m10")
    assert label[7] == "П" and label[22] == "Н"
    bank = GlyphBank(A)
    for i, ink in enumerate(inks):
        if label[i] not in ".П":
            bank.learn(ink, label[i], "labelled")
    assert bank.classify(inks[7]).char == "Н"  # what the bank alone says
    player = player_with(bank, ["ХИЛЯК", "КПЛ", "СК", "ДИ", "ЯХ", "ХАЗ", "ДОН", "ОНУ"], tmp_path)
    player.state = state_of(label, "ХИЛЯК", (7,))
    seen = player.read(frame, location)
    assert "".join(ch or "." for ch in seen.grid) == label
    assert bank.classify(inks[7]).char == "П"


def test_a_new_letter_nothing_names_is_followed_as_unknown_on_our_turn_only(tmp_path,
                                                                            monkeypatch):
    """The computer's Г: the bank has never seen it, two letters make a move there, and
    Tesseract is not sure of it. While the page shows the opponent's turn
    the frame is unreadable (waited out); on our turn the cell is an unknown letter."""
    from vision.core.errors import ReadError

    frame, location, inks, label = shot("gamebot-canvas-100-m4")
    bank = GlyphBank(A)
    for i, ink in enumerate(inks):
        if label[i] not in ".Г":
            bank.learn(ink, label[i], "labelled")
    player = player_with(bank, ["ПИЛОТ", "ЛУ", "ОГ", "ОД"], tmp_path)  # Г or Д at 3,3
    player.state = state_of(label, "ПИЛОТ", (18,))
    monkeypatch.setattr(player, "_lines", lambda frame, grid: [])
    from vision.core.glyph_ocr import OcrVerdict

    # Tesseract unsure of it (as it is of many glyphs of some fonts)
    monkeypatch.setattr("vision.balda.reader.name_glyph", lambda *a, **k: OcrVerdict(None, ()))
    with pytest.raises(ReadError):
        player.read(frame, location)  # no turn line: not ours
    monkeypatch.setattr(player, "_kinds", lambda lines: frozenset({"ours"}))
    seen = player.read(frame, location)
    assert seen.grid[18] == UNKNOWN
    assert seen.known[18] == UNKNOWN  # replay reads the frame with it


def unknown_seen(rows: str, *kinds: str) -> BaldaSeen:
    geometry = GridGeometry.uniform(Point(100, 100), 50.0, 50.0, 5, 5)
    grid = tuple("" if ch == "." else ch for ch in rows.replace("/", ""))
    return BaldaSeen(grid, geometry, frozenset(kinds), (), 0.0)


def test_an_unknown_letter_is_played_around_and_named_once_it_reads(tmp_path):
    player = player_with(GlyphBank(A), ["БАЛДА", "ДА", "АД", "ЯД", "БАЛ"], tmp_path)
    player.follow(unknown_seen("...../...../БАЛДА/...../.....", "ours"))
    player.state = BaldaState(rules=player.state.rules, grid=player.state.grid, to_move=1,
                              used=player.state.used)
    player.follow(unknown_seen("...../...?./БАЛДА/...../.....", "ours"))
    assert player.state.grid[8] == UNKNOWN and player.log.unknown == ["?@1,3"]
    (decision,) = player.decide(unknown_seen("...../...?./БАЛДА/...../.....", "ours"))
    assert UNKNOWN not in decision.move.word
    player._pending = None
    player.follow(unknown_seen("...../...Я./БАЛДА/...../.....", "ours"))  # its look is known now
    assert player.state.grid[8] == "Я"
    assert any("named Я" in text for _, text in player.log.moves)


def test_a_look_alike_of_a_letter_the_bank_never_saw_is_doubted_when_that_letter_is_legal_too(
        tmp_path, monkeypatch):
    """The computer's Н; the bank has seen the serif П (0.085 away) and never Н, and both
    make a move there (НО, ПО): the bank's П is not taken (a game read such an Н as И and had
    two words refused). Nothing names it for sure, so on our turn it is an unknown letter."""
    frame, location, inks, label = shot("gamebot-canvas-080-m10")
    assert label[22] == "Н" and label[7] == "П"
    bank = GlyphBank(A)
    for i, ink in enumerate(inks):
        if label[i] not in ".Н":
            bank.learn(ink, label[i], "labelled")
    assert bank.classify(inks[22]).char == "П"  # what the bank alone says
    player = player_with(bank, ["ХИЛЯК", "НО", "ПО", "СК", "КП", "ДИ", "ЯХ", "ХАЗ", "ОНУ"],
                         tmp_path)
    player.state = state_of(label, "ХИЛЯК", (22,))
    monkeypatch.setattr(player, "_kinds", lambda lines: frozenset({"ours"}))
    seen = player.read(frame, location)
    assert seen.grid[22] in ("Н", UNKNOWN)


def test_on_a_site_where_yo_is_a_letter_the_bot_plays_uchyot_never_ucheet(tmp_path):
    """Profile ``yo-letter``: the player's alphabet has Ё and its dictionary keeps it, so the
    engine's move is УЧЁТ (a game played УЧЕТ on such a page, and the page refused it)."""
    from bot.games.balda.player import make_balda_player
    from bot.web.session import PagePlayConfig
    from bot.web.sites import parse_profile

    data = {"name": "yo-site", "game": "balda", "language": "ru", "title": "x",
            "styles": {"click": [{"do": "click-path", "type-at-new": True}]},
            "yo-letter": True}
    site = parse_profile(data, "yo-site.json")
    assert site.yo_letter
    player = make_balda_player(PagePlayConfig(target="browser", site="yo-site.json",
                                              think=0.05), site)
    assert "Ё" in player.alphabet and "УЧЁТ" in player.lexicon and "УЧЕТ" not in player.lexicon
    rows = "...../.Т.../КУЧЕР/...../....."
    player.state = BaldaState(rules=BaldaState.new("КУЧЕР").rules, used=("КУЧЕР",),
                              grid=tuple("" if ch == "." else ch for ch in rows.replace("/", "")))
    from solvers.balda.movegen import generate_moves

    at = {m.word: m for m in generate_moves(player.state, player.lexicon)}
    assert "УЧЁТ" in at and at["УЧЁТ"].letter == "Ё" and "УЧЕТ" not in at
    (decision,) = player.decide(unknown_seen(rows, "ours"))
    assert "УЧЕТ" not in decision.move.word


def test_rare_words_are_left_out_for_a_site_whose_dictionary_is_not_ours(tmp_path):
    """A site refused НАСЫП, СЕРАО, ЛУДО: words our dictionary has and few people use. With the
    site's floor (profile min-zipf) the bot plays a common word instead; when only rare ones
    are left it plays one all the same (better than passing)."""
    from bot.games.balda.common_words import rare_words, zipf
    from solvers.balda.movegen import generate_moves

    assert zipf("НАСЫП", "ru") < 1.5 < zipf("ПИЛОТ", "ru")
    rows = "...../...../ПИЛОТ/...../....."
    state = BaldaState(rules=BaldaState.new("ПИЛОТ").rules, used=("ПИЛОТ",),
                       grid=tuple("" if ch == "." else ch for ch in rows.replace("/", "")))
    both = Lexicon(["ПИЛОТ", "ПИЛОТЫ", "СЕРАО", "ТОЛИТ"])
    assert {m.word for m in generate_moves(state, both)} == {"ПИЛОТЫ", "ТОЛИТ"}
    rare = rare_words(state, both, "ru", 1.5)
    assert rare == ("ТОЛИТ",)
    assert rare_words(state, both, "ru", 0) == ()
    only_rare = Lexicon(["ПИЛОТ", "ТОЛИТ"])
    assert rare_words(state, only_rare, "ru", 1.5) == ()
    import dataclasses

    player = player_with(GlyphBank(A), ["ПИЛОТ", "ТЫ", "ТОЛИТ"], tmp_path)
    player.state = state
    (decision,) = player.decide(unknown_seen(rows, "ours"))
    assert decision.move.word == "ТОЛИТ"  # 5 points, and our own page takes it
    player.site = dataclasses.replace(player.site, min_zipf=1.5)
    player._pending = None
    player.state = state
    (decision,) = player.decide(unknown_seen(rows, "ours"))
    assert decision.move.word == "ТЫ"  # a site whose word list is not ours likely lacks ТОЛИТ
