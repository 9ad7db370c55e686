"""Glyphs named by the game's logic: a known letter in a new look, the one start word that fits,
the one letter a new cell can hold; anything ambiguous stays unnamed."""

from __future__ import annotations

from bot.games.balda_naming import followed_names, new_letter_names, start_word_names
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
