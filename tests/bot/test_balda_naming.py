"""Glyphs named by the game's logic: a known letter in a new look, the one start word that fits,
the one letter a new cell can hold; anything ambiguous stays unnamed."""

from __future__ import annotations

from pathlib import Path

from calibration.balda.naming import followed_names, new_letter_names, pick, start_word_names
from solvers.balda.lexicon import Lexicon
from solvers.balda.state import BaldaState

LEX = Lexicon(["МЮРИД", "МУРИД", "ТРЮМ", "БАЛДА", "БАЛ", "ДА", "ЛАДА", "ЯД"])
A = "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"


def grid(rows: str):
    """'?' = the bank is not sure, '.' = empty."""
    return [None if ch == "?" else ("" if ch == "." else ch) for ch in rows.replace("/", "")]


def test_the_one_start_word_that_fits_names_the_unread_letters():
    assert start_word_names(grid("...../...../МЮ?И?/...../....."), 5, LEX) == {12: "Р", 14: "Д"}


def test_two_start_words_that_fit_name_nothing():
    assert start_word_names(grid("...../...../М?РИД/...../....."), 5, LEX) == {}  # МЮРИД, МУРИД


def test_unread_cells_elsewhere_mean_it_is_not_a_fresh_board():
    assert start_word_names(grid("...../?..../М?РИД/...../....."), 5, LEX) == {}


def test_a_known_letter_in_a_new_look_is_that_letter():
    state = BaldaState.new("БАЛДА")
    assert followed_names(grid("...../...../Б??ДА/...../....."), state) == {11: "А", 12: "Л"}


def test_a_new_letter_is_named_only_when_one_letter_makes_a_legal_move():
    state = BaldaState.new("БАЛДА")
    # above the last А (row 1, col 4): only Д makes a word there (ДА)
    assert new_letter_names(grid("...../....?/БАЛДА/...../....."), state, LEX, A) == {9: "Д"}
    # above Д (row 1, col 3) both А (ДА) and Я (ЯД) make words: no name
    assert new_letter_names(grid("...../...?./БАЛДА/...../....."), state, LEX, A) == {}
    # below the first Б nothing fits: no name
    assert new_letter_names(grid("...../...../БАЛДА/?..../....."), state, LEX, A) == {}


class _Match:
    def __init__(self, char, distance):
        self.char, self.distance = char, distance


class DistanceBank:
    """The bank's distance from each cell's ink to each letter; a letter it has no template
    of is missing (as the real bank answers: no char, infinite distance)."""

    alphabet = A

    def __init__(self, table):
        self.table = table

    def classify_many(self, inks, chars):
        found = [(d, ch) for ch in chars if (d := self.table.get((inks[0], ch))) is not None]
        if not found:
            return [_Match(None, float("inf"))]
        d, ch = min(found)
        return [_Match(ch, d)]


def test_a_letter_the_bank_never_saw_is_no_evidence_against_the_word_the_others_single_out():
    """КЕНДЯ or КЕНІЯ: the bank is near sure of Д, far from І, and has never seen Я."""
    bank = DistanceBank({(13, "Д"): 0.156, (13, "І"): 1.1, (11, "Е"): 0.12})
    kendya, keniya = {11: "Е", 13: "Д", 14: "Я"}, {11: "Е", 13: "І", 14: "Я"}
    assert pick([keniya, kendya], list(range(25)), bank) == kendya


def test_no_candidate_is_singled_out_where_the_bank_finds_a_letter_none_holds_nearer():
    """BROOK or BROOM for a start row whose last glyph is 0.17 from a D (the site's word is
    BROOD, one we lack): the K at 0.20 is no evidence for BROOK."""
    bank = DistanceBank({(14, "Д"): 0.17, (14, "К"): 0.20, (14, "М"): 0.6})
    assert pick([{14: "К"}, {14: "М"}], list(range(25)), bank) == {}
    nearest = DistanceBank({(14, "К"): 0.20, (14, "М"): 0.6})  # no D: K it is
    assert pick([{14: "К"}, {14: "М"}], list(range(25)), nearest) == {14: "К"}


def test_letters_the_bank_knows_nothing_of_single_out_nothing():
    bank = DistanceBank({})  # no template of any letter of either word
    assert pick([{3: "Я"}, {3: "Ь"}], list(range(25)), bank) == {}
    close_both = DistanceBank({(3, "Д"): 0.15, (3, "Л"): 0.2})  # both close: no name
    assert pick([{3: "Д", 4: "Я"}, {3: "Л", 4: "Я"}], list(range(25)), close_both) == {}


# ----- the start word's pattern, Tesseract's proposals, a reply beside our letter -------------
def test_tesseract_proposals_name_the_candidate_they_agree_with_and_never_a_close_call():
    from calibration.balda.naming import proposed

    pilot, vagon = {10: "П", 11: "И", 12: "Л", 13: "О", 14: "Т"}, {10: "В", 11: "А", 12: "Г",
                                                                   13: "О", 14: "Н"}
    said = {10: {"П", "Н"}, 11: {"И"}, 12: {"Л", "Я"}, 13: set(), 14: {"Г"}}  # Т read as Г
    assert proposed([vagon, pilot], lambda i: frozenset(said[i])) == pilot  # 4 of 5, other 1
    close = {10: {"П", "В"}, 11: {"И", "А"}, 12: {"Л", "Г"}, 13: {"О"}, 14: {"Т", "Н"}}
    assert proposed([vagon, pilot], lambda i: frozenset(close[i])) == {}  # both fit: no name
    one_off = {10: {"П"}, 11: {"И", "А"}, 12: {"Л"}, 13: {"О"}, 14: {"Н"}}
    assert proposed([vagon, pilot], lambda i: frozenset(one_off[i])) == {}  # 4 of 5 vs 3


LABELLED = Path(__file__).resolve().parents[2] / "recordings" / "balda" / "labelled"


def canvas_shot(name):
    """A labelled picture of our page's canvas theme (a serif italic no shipped bank knows):
    its frame, grid location, cell inks and label rows."""
    from vision.core.frame import Frame
    from vision.core.letters import grid_inks, locate_letter_grid

    frame = Frame.from_file(LABELLED / name)
    location = locate_letter_grid(frame)
    rows = (LABELLED / "expected" / (Path(name).stem + ".txt")).read_text("utf-8").split()
    return frame, location, grid_inks(frame, location), "".join(rows)


def test_the_start_rows_own_pattern_rules_out_words_that_repeat_a_letter_it_does_not():
    """ПИЛОТ drawn in an unknown font: ПИЛИТ and КАНАТ fit the dictionary's width, but the row
    shows five plainly different glyphs (its И and О are unlike), so they are no candidates."""
    from calibration.balda.naming import start_word_names

    _frame, _location, inks, label = canvas_shot("gamebot-canvas-100-m4.png")
    unread = [None if i // 5 == 2 else "" for i in range(25)]
    lexicon = Lexicon(["ПИЛИТ", "КАНАТ", "ПИЛОТ"])
    assert start_word_names(unread, 5, lexicon, inks) == dict(enumerate(label[10:15], 10))
    assert start_word_names(unread, 5, Lexicon(["ПИЛИТ", "КАНАТ"]), inks) == {}


def test_a_reply_drawn_beside_our_letter_on_one_frame_is_named_after_our_move():
    """Our У and the computer's Г show on the same frame; the bank knows У (we placed it) but
    not Г: the game names Г as the one letter that makes a move once our move is played (it
    used to name nothing, and the frame stayed unreadable until play stopped)."""
    from calibration.balda.naming import name_by_logic
    from solvers.balda.moves import BaldaMove
    from vision.core.glyph_bank import GlyphBank

    frame, location, inks, label = canvas_shot("gamebot-canvas-100-m4.png")
    assert label == "......М.Й.ПИЛОТ..УГ......"
    bank = GlyphBank(A)
    for i, ink in enumerate(inks):
        if label[i] != "." and i != 18:  # every glyph but the reply's Г
            bank.learn(ink, label[i], "labelled")
    before = [("" if ch == "." else ch) for ch in label]
    before[17] = before[18] = ""
    state = BaldaState.new("ПИЛОТ")
    state = BaldaState(rules=state.rules, grid=tuple(before), used=state.used)
    lexicon = Lexicon(["ПИЛОТ", "ЛУ", "ОГ"])
    ours = BaldaMove(cell=(3, 2), letter="У", path=((2, 2), (3, 2)), word="ЛУ")
    taught = name_by_logic(frame, location, bank.copy(), A, lexicon, state, ours)
    assert (3, 3, "Г") in taught
    assert not name_by_logic(frame, location, bank.copy(), A, lexicon, state, None)


def test_a_letter_the_grid_shows_plainly_unlike_the_new_glyph_is_ruled_out():
    """А at 3,3 or Г: the grid shows an А elsewhere? No: it shows Т and О, and the reply's
    glyph is plainly unlike both, so of {Т, О, Г} only Г is left."""
    from calibration.balda.naming import ruled_out

    _frame, _location, inks, label = canvas_shot("gamebot-canvas-100-m4.png")
    grid = [None if i == 18 else ("" if ch == "." else ch) for i, ch in enumerate(label)]
    assert ruled_out(18, ["Г", "О", "Т"], grid, inks) == {"О", "Т"}


def test_a_letter_the_bank_never_saw_is_not_beaten_by_a_look_alike_it_has_seen():
    """И or Н at the computer's new cell (ИОЛ, НОЛ): the bank knows a serif И, 0.10 from
    this glyph, and has never seen Н; a font's Н is 0.10 from its И too, so nothing is named
    (a game named it И, and our next two words through it were refused)."""
    bank = DistanceBank({(7, "И"): 0.10})
    assert pick([{7: "И"}, {7: "Н"}], list(range(25)), bank) == {}
    same_look = DistanceBank({(7, "И"): 0.02})  # the glyph's own look: И it is
    assert pick([{7: "И"}, {7: "Н"}], list(range(25)), same_look) == {7: "И"}


def test_several_plausible_start_words_name_only_the_letters_they_share():
    """БОЖОК or РОЖОК: Tesseract proposes Б and Р for the first glyph; the others are named,
    the first stays an unknown letter. A word that contradicts a letter Tesseract is sure of
    (its hint) is no candidate."""
    from calibration.balda.naming import agreed

    bozhok = dict(enumerate("БОЖОК", 10))
    rozhok = dict(enumerate("РОЖОК", 10))
    rotok = dict(enumerate("РОТОК", 10))
    said = {10: {"Б", "Р"}, 11: {"О", "Д"}, 12: {"Ж"}, 13: {"О", "Д"}, 14: {"К"}}
    hints = {10: None, 11: None, 12: "Ж", 13: None, 14: "К"}
    names = agreed([bozhok, rozhok, rotok], lambda i: frozenset(said[i]), hints.get)
    assert names == {11: "О", 12: "Ж", 13: "О", 14: "К"}
    assert agreed([bozhok, rozhok, rotok], lambda i: frozenset(said[i])) == {11: "О", 13: "О",
                                                                             14: "К"}


def test_a_word_may_run_through_an_unknown_letter_so_it_never_narrows_a_new_one():
    """A game followed the computer's letter at 0,0 as unknown; its next letter Ч at 0,1
    made a word through that unknown letter (ЧА, the А unknown); the legal moves that avoid
    it allowed only У (УХ), and the bot named the Ч an У. With the unknown letter standing for
    any letter, Ч is possible too, and nothing is named."""
    from calibration.balda.naming import letters_through

    lexicon = Lexicon(["БАЛДА", "УХ", "ЧА"])
    rows = "?..../.Х.../БАЛДА/...../....."
    grid = ["" if ch == "." else ch for ch in rows.replace("/", "")]
    state = BaldaState(rules=BaldaState.new("БАЛДА").rules, grid=tuple(grid), used=("БАЛДА",))
    assert letters_through(grid, 1, lexicon) == {"У", "Ч", "А", "Х"}  # УХ, Ч?=ЧА, ?А, ?Х
    assert letters_through(grid, 1, lexicon, length=3) == set()
    unread = [None if i == 1 else ch for i, ch in enumerate(grid)]
    assert new_letter_names(unread, state, lexicon, A) == {}


def test_a_two_letter_word_on_the_page_names_nothing_it_may_be_ocr_of_a_picture():
    """OCR read a canvas palette as «ил», a word through the computer's new cell: it named the
    letter И where the page had played А. A listed word names a letter from three letters on."""
    state = BaldaState.new("БАЛДА")
    above_d = grid("...../...?./БАЛДА/...../.....")  # А (ДА) or Я (ЯД)
    assert new_letter_names(above_d, state, LEX, A, shown=frozenset({"ЯД"})) == {}
    lex = Lexicon([*LEX.words, "ЯДА", "АДА"])
    assert new_letter_names(above_d, state, lex, A, shown=frozenset({"ЯДА"})) == {8: "Я"}
