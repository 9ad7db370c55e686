"""Glyphs named by the game's logic: a known letter in a new look, the one start word that fits,
the one letter a new cell can hold; anything ambiguous stays unnamed."""

from __future__ import annotations

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

    def __init__(self, table):
        self.table = table

    def classify_many(self, inks, char):
        d = self.table.get((inks[0], char))
        return [_Match(char, d) if d is not None else _Match(None, float("inf"))]


def test_a_letter_the_bank_never_saw_is_no_evidence_against_the_word_the_others_single_out():
    """КЕНДЯ or КЕНІЯ: the bank is near sure of Д, far from І, and has never seen Я."""
    bank = DistanceBank({(13, "Д"): 0.156, (13, "І"): 1.1, (11, "Е"): 0.12})
    kendya, keniya = {11: "Е", 13: "Д", 14: "Я"}, {11: "Е", 13: "І", 14: "Я"}
    assert pick([keniya, kendya], list(range(25)), bank) == kendya


def test_letters_the_bank_knows_nothing_of_single_out_nothing():
    bank = DistanceBank({})  # no template of any letter of either word
    assert pick([{3: "Я"}, {3: "Ь"}], list(range(25)), bank) == {}
    close_both = DistanceBank({(3, "Д"): 0.15, (3, "Л"): 0.2})  # both close: no name
    assert pick([{3: "Д", 4: "Я"}, {3: "Л", 4: "Я"}], list(range(25)), close_both) == {}
