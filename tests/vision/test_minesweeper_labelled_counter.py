"""Mine counters written as labelled text: one number is the mines left, ``a/b`` is flags (or
left) of the total; anything else, or two counters that disagree, is none."""

from __future__ import annotations

import pytest

from vision.minesweeper.labelled_counter import mines_left


@pytest.mark.parametrize("phrase, flags, left", [
    ("UXB : 40", 0, 40), ("uxb:39", 1, 39), ("Mines: 10/10", 3, 7), ("Мин: 40", 0, 40),
    ("Bombs 12", 2, 12), ("mines 0/99", 0, 99), ("Мины: 5", 0, 5),
])
def test_labelled_counters(phrase, flags, left):
    assert mines_left([phrase], flags) == left


@pytest.mark.parametrize("phrases", [
    [], ["Level"], ["Time: 40"], ["40"], ["UXB : 40", "Mines: 30"], ["mines 12 left 3"],
])
def test_no_counter_or_two_that_disagree(phrases):
    assert mines_left(phrases, 0) is None


def test_the_same_counter_twice_is_one():
    assert mines_left(["UXB : 40", "uxb:40"], 0) == 40
