"""Erudit tiles named by the game: a played tile keeps its letter, the opponent's unknown tile
is the one letter worth its value (a wildcard: any) that makes every word a word."""

from __future__ import annotations

from calibration.erudit.naming import letters_worth, names_by_logic
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.rules import load_rules

RULES = load_rules("erudit")
GRAPH = WordGraph(["ОРЕОЛ", "АВТОШОУ", "КОТ", "КИТ"])


def board(*runs):
    cells = ["."] * 225
    for start, step, word in runs:
        for k, ch in enumerate(word):
            cells[start + k * step] = ch
    return cells


def test_a_wildcard_is_the_letter_that_makes_the_word():
    followed = board((112, 1, "ОРЕОЛ"))
    partial = board((112, 1, "ОРЕОЛ"), (70, 15, "А?тОШОУ"))  # О at K8 is ОРЕОЛ's
    values = [("K6", None)]
    assert names_by_logic(partial, followed, values, GRAPH, RULES) == {85: "в"}


def test_two_letters_that_make_words_name_nothing():
    followed = board((112, 1, "КОТ"))  # КОТ across H8
    partial = board((112, 1, "КОТ"), (98, 15, "К"), (128, 15, "?"))  # К above О, ? below it
    graph = WordGraph(["КОТ", "КОК", "КОМ"])
    values = [("I9", 2)]  # К and М are both worth 2: КОК and КОМ are both words
    assert names_by_logic(partial, followed, values, graph, RULES) == {}
    only = WordGraph(["КОК"])  # Т is worth 2 too, and КОТ would be a word
    assert names_by_logic(partial, followed, values, only, RULES) == {128: "К"}


def test_a_played_tile_in_a_new_look_keeps_its_letter():
    followed = board((112, 1, "КОТ"))
    partial = board((112, 1, "К?Т"))
    assert names_by_logic(partial, followed, [], GRAPH, RULES) == {113: "О"}


def test_the_value_limits_the_letters():
    assert all(RULES.values[ch] == 10 for ch in letters_worth(10, RULES))
    assert letters_worth(None, RULES) == [ch.lower() for ch in RULES.alphabet]


def test_the_word_the_page_names_names_a_tile_even_when_our_list_lacks_it():
    """scrabble-wordgame: "AI played PLEX for 31 points", its X in a new look with an 8 never
    seen (value unread); PLEX is not in our list, PLEA and PLEB are: the page's word names it."""
    from calibration.erudit.naming import UNREAD

    wwf = load_rules("wwf")
    graph = WordGraph(["PLEA", "PLEB"])
    followed = board((123, 1, "P"))  # a P on D9
    partial = board((123, 1, "PLE?"))  # LE? laid after it
    values = [("G9", UNREAD)]
    assert names_by_logic(partial, followed, values, graph, wwf) == {}  # PLEA? PLEB?
    said = frozenset({"AI", "PLAYED", "PLEX", "FOR", "POINTS"})
    assert names_by_logic(partial, followed, values, graph, wwf, said) == {126: "X"}
