"""One phrase matcher for every page, and what it does with a last word read short or long.

There were two: the page steps' (``bot/games/page_steps.py:matches``) let a line's word run on
past the phrase's last word (``last.startswith(p[-1])``), page text's (``vision/page_text.py:
phrase_in``) let it stop short of it (``p[-1].startswith(last)``), each from four letters on.
The one left (:func:`vision.core.page_text.last_word_like`) takes a word running on from four
letters of the phrase's word, as the steps did (a longer word of the page, junk glued on, a
phrase written as a stem), and a word cut short only from six letters kept: read over every
labelled Balda and Erudit screenshot, cutting from four letters on matched nothing but «Обмен»
(the button, and «обмен» in the list of the computer's moves) for the «Обменять» button, 21
times. A word short or long by a third or less is an OCR slip to both, as before.
"""

from __future__ import annotations

import pytest

from vision.core.geometry import Region
from vision.core.page_text import TextLine, fold, last_word_like, number_near, phrase_in
from vision.core.page_text import _word_like as word_like


def steps_said(seen: str, want: str) -> bool:
    """The page steps' old rule for the last word, as it was written."""
    return word_like(seen, want) or (len(want) >= 4 and seen.startswith(want))


def page_text_said(seen: str, want: str) -> bool:
    """Page text's old rule for the last word, as it was written."""
    return word_like(seen, want) or (len(seen) >= 4 and want.startswith(seen))


# (line read, phrase, the steps said, page text said, said now)
CASES = [
    # cut short: «Обмен» is a word of its own (the Erudit page's button and list), no «Обменять»
    ("Обмен", "Обменять", False, True, False),
    ("Обме", "Обменять", False, True, False),
    # cut short at the crop's edge with six letters kept: the banner's word
    ("Перемо", "Переможець", False, True, True),
    # running on: junk glued to the last word, a longer word of the page, a stem in a profile
    ("Word not foundlll", "Word not found", True, False, True),
    ("Обменять", "Обмен", True, False, True),
    ("Слова нет в словарях", "нет в слов", True, False, True),
    # a third or less short or long is an OCR slip to both, and still
    ("ЗАВЕРШ", "Завершити", True, True, True),
    ("Слова «ПОЛК» нет в словаре", "нет в словар", True, True, True),
    # three letters are too few to be cut or run on
    ("Хі", "Хід", False, False, False),
    ("Ходит", "Ход", False, False, False),
]


@pytest.mark.parametrize(("text", "phrase", "steps", "page_text", "now"), CASES)
def test_the_old_matchers_disagreed_on_a_cut_or_run_on_last_word_and_the_one_decides(
    text: str, phrase: str, steps: bool, page_text: bool, now: bool
) -> None:
    seen, want = fold(text).split()[-1], fold(phrase).split()[-1]
    assert (steps_said(seen, want), page_text_said(seen, want)) == (steps, page_text)
    assert last_word_like(seen, want) is now
    assert phrase_in(text, phrase) is now


def test_only_the_last_word_may_be_cut_or_run_on() -> None:
    assert not phrase_in("Обменять фишки", "Обмен фишки")
    assert not phrase_in("Перемо гравець", "Переможець гравець")


def test_a_score_label_is_a_line_that_is_the_label_unless_any_line_is_asked_for() -> None:
    lines = [TextLine("Компьютер fH", Region(470, 30, 340, 30)),
             TextLine("63", Region(600, 70, 60, 40))]
    assert number_near(lines, "Компьютер") == 63  # one word beside the label (an icon)
    assert number_near(lines, "Компьютер", extra_words=0) is None
    # a banner is no score label: «Победил компьютер» over the final score «57 : 58»
    won = [TextLine("Победил компьютер", Region(470, 30, 340, 30)), lines[1]]
    assert number_near(won, "Компьютер") is None
    banner = [TextLine("Ходит компьютер уже долго", Region(470, 30, 340, 30)), lines[1]]
    assert number_near(banner, "Компьютер") is None
    assert number_near(banner, "Компьютер", extra_words=None) == 63


def test_a_number_in_the_label_is_not_the_score() -> None:
    line = TextLine("Гравець 1 28", Region(10, 10, 120, 20))
    assert number_near([line], "Гравець 1") == 28
    assert number_near([TextLine("Гравець 1", line.region)], "Гравець 1") is None

