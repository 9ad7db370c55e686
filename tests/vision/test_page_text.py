"""Page text on labelled Balda screenshots: the turn line, buttons by label, scores, the cache."""

from __future__ import annotations

from functools import cache

import pytest

from vision.balda.fixtures import LABELLED
from vision.core.frame import Frame
from vision.core.letters import locate_letter_grid
from vision.core.page_text import PageText, phrase_in


@cache
def page(name: str) -> tuple[Frame, object]:
    frame = Frame.from_file(LABELLED / name)
    return frame, locate_letter_grid(frame).geometry.bounds


def test_the_end_turn_button_and_both_scores_are_found_on_the_vladhuk_page():
    frame, grid = page("vladhuk-uk-100-m10.png")
    text = PageText("uk")
    button = text.find(frame, ["Завершити хід"], exclude=[grid])
    assert button is not None
    assert grid.bottom < button.region.top  # the button sits under the grid
    assert grid.left <= button.region.center.x <= grid.right
    assert text.number_near(frame, "Гравець 1", exclude=[grid]) == 28
    assert text.number_near(frame, "Гравець 2", exclude=[grid]) == 25
    assert text.find(frame, ["Хід опонента"], exclude=[grid]) is None


def test_the_opponents_turn_shows_instead_of_the_button_while_the_bot_moves():
    frame, grid = page("vladhuk-uk-100-bot-thinking.png")
    text = PageText("ukr")
    assert text.find(frame, ["Хід опонента"], exclude=[grid]) is not None
    assert text.find(frame, ["Завершити хід"], exclude=[grid]) is None
    assert text.number_near(frame, "Ти", exclude=[grid]) == 5
    assert text.number_near(frame, "Бот", exclude=[grid]) == 0


def test_a_page_read_again_costs_no_tesseract_call_and_nothing_inside_exclude_is_read():
    frame, grid = page("vladhuk-en-100-m13.png")
    text = PageText("en")
    first = text.lines(frame, exclude=[grid])
    calls = text.ocr_calls
    assert calls == 1  # every new line in one call
    again = text.lines(frame, exclude=[grid])
    assert text.ocr_calls == calls
    assert [(t.text, t.region) for t in again] == [(t.text, t.region) for t in first]
    assert all(grid.intersect(t.region) is None for t in first)
    assert any(phrase_in(t.text, "END THE TURN") for t in first)


@pytest.mark.parametrize(
    ("text", "phrase", "found"),
    [
        ("ЗАВЕРШИТИ ХІД Є", "Завершити хід", True),
        ("Xод: Игрок 1", "Ход: Игрок 1", True),  # a Latin X read for Cyrillic Х
        ("Ходит компьютер", "Победил компьютер", False),
        ("", "Ход", False),
    ],
)
def test_phrases_match_case_insensitively_and_fuzzily_but_word_by_word(text, phrase, found):
    assert phrase_in(text, phrase) is found


def test_our_pages_turn_line_scores_and_buttons_are_read_in_both_themes():
    frame, grid = page("gamebot-classic-100-computer-c4.png")
    text = PageText("ru")
    assert text.find(frame, ["Ваш ход"], exclude=[grid]) is not None
    assert text.number_near(frame, "Вы", exclude=[grid]) == 16
    assert text.number_near(frame, "Компьютер", exclude=[grid]) == 9
    assert text.find(frame, ["Пропустить ход"], exclude=[grid]) is not None
    frame, grid = page("gamebot-night-150-computer-c3.png")
    night = PageText("rus")
    assert night.find(frame, ["Ваш ход"], exclude=[grid]) is not None
    assert night.number_near(frame, "Компьютер", exclude=[grid]) == 7
    line = night.find(frame, ["Новая игра"], exclude=[grid])
    assert line is not None and line.region.top > grid.bottom
