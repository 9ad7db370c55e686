"""Reading a page the way a person does: phrases matched word for word through OCR slips,
buttons found by their label, scores by the label beside them."""

from __future__ import annotations

import pytest

from bot.web.sites import Step
from bot.web.steps import Line, find_line, matches, number_near, plain_gestures
from vision.core.geometry import Region


@pytest.mark.parametrize(
    ("text", "phrase", "want"),
    [
        ("Ходит компьютер…", "Победил компьютер", False),
        ("Победил компьютер", "Победил компьютер", True),
        ("Побeдил компьютep", "Победил компьютер", True),  # Latin look-alikes from OCR
        ("Слова «ПОЛК» нет в словаре", "нет в словаре", True),
        ("Ход: Игрок 2", "Ход: Игрок 1", False),
        ("ЗАВЕРШИТИ ХІД ↵", "Завершити хід", True),
        ("Вы", "Вы победили", False),
        ("Ward not faund", "Word not found", False),
        ("> BYou", "@>You", True),
        ("&Compt", "@>You", False),
        ("BYou", "@>You", False),
    ],
)
def test_phrases(text, phrase, want):
    assert matches(text, phrase) is want


def line(text, x, y, w=60, h=16):
    return Line(text, Region(x, y, w, h))


def test_buttons_are_found_by_label_and_a_missing_one_is_named():
    lines = [line("Отмена", 100, 500), line("Пропустить ход", 200, 500)]
    assert find_line(lines, ["Пропустить ход"]).region.left == 200
    (click,) = plain_gestures([Step("button", label=("Отмена",))], lines)
    assert click.point == Region(100, 500, 60, 16).center
    from bot.web.steps import StepFailed

    with pytest.raises(StepFailed, match="no button 'Новая игра'.*'Отмена'"):
        plain_gestures([Step("button", label=("Новая игра",))], lines)
    assert plain_gestures([Step("button", label=("Новая игра",), optional=True)], lines) == []


def test_scores_beside_their_labels():
    lines = [line("Вы", 250, 20, 30), line("12", 250, 50, 30, 34), line("Компьютер", 900, 20, 110),
             line("9", 930, 50, 20, 34), line("Ти 7", 100, 300), line("Total 99", 600, 600)]
    assert number_near(lines, "Вы") == 12
    assert number_near(lines, "Компьютер") == 9
    assert number_near(lines, "Ти") == 7  # on the label's own line
    assert number_near(lines, "You|Вы") == 12
    assert number_near(lines, "Бот") is None


def test_a_banner_holding_the_label_is_no_score_label():
    lines = [line("Вы", 270, 25, 30, 17), line("59", 250, 55, 60, 40),
             line("Победил компьютер", 470, 30, 340, 30), line("Компьютер", 935, 25, 120, 17),
             line("63", 965, 55, 60, 40)]
    assert number_near(lines, "Компьютер") == 63
    assert number_near(lines, "Вы") == 59


def test_of_two_lines_with_the_label_the_one_that_is_it_exactly_is_the_button():
    """Our Erudit page lists the computer's exchanges as «обмен» above the «Обмен» button (the
    bot clicked the list and marked tiles that were never in an exchange)."""
    lines = [Line("обмен", Region(1046, 181, 40, 14)), Line("КЛАД 14", Region(1046, 300, 60, 14)),
             Line("Обмен", Region(602, 800, 60, 20))]
    assert find_line(lines, ["Обмен", "Exchange"]).region.left == 602
    assert find_line(lines[:2], ["Обмен"]).region.left == 1046  # the only one: taken


def test_a_chip_ocr_misses_is_clicked_beside_a_label_it_reads():
    """vladhuk's level chips: Tesseract reads «Легкий» but never «Важкий»; the profile says
    the hard chip stands 31 label heights to its right."""
    from bot.web.sites import parse_profile
    from bot.web.steps import _beside

    profile = parse_profile(
        {"name": "t", "game": "balda", "language": "uk", "title": "T",
         "styles": {"s": [{"do": "settle"}]},
         "new-game": [{"do": "button", "label": ["Важкий"], "beside": ["Легкий", 31.0]}]},
        "test",
    )
    (step,) = profile.new_game
    lines = [line("Легкий", 446, 424, w=45, h=11), line("ПОЧАТИ!", 601, 535)]
    point = _beside(step, lines)
    assert (point.x, point.y) == (round(468 + 31 * 11), 429)
    assert _beside(step, lines[1:]) is None


def test_a_bad_beside_field_is_named():
    from bot.web.sites import SiteError, parse_profile

    with pytest.raises(SiteError, match="beside"):
        parse_profile(
            {"name": "t", "game": "balda", "language": "uk", "title": "T",
             "styles": {"s": [{"do": "settle"}]},
             "new-game": [{"do": "button", "label": ["Важкий"], "beside": ["Легкий"]}]},
            "test",
        )


def test_a_banner_holding_a_score_label_is_not_the_label():
    """Our page's end banner «Победил компьютер» over «57 : 58», the panels «Вы 57» and
    «Компьютер 58»: the computer's score is 58 (the banner's 57 was taken for it, and a game
    the page lost 57:58 was reported lost 57:57)."""
    from vision.core.geometry import Region

    lines = [
        Line("Вы", Region(200, 20, 30, 20)), Line("57", Region(200, 50, 60, 40)),
        Line("Победил компьютер", Region(560, 40, 220, 28)),
        Line("57 : 58", Region(600, 75, 120, 28)),
        Line("Компьютер", Region(940, 20, 110, 20)), Line("58", Region(970, 50, 60, 40)),
    ]
    assert number_near(lines, "Вы") == 57
    assert number_near(lines, "Компьютер") == 58
    ocr_slip = [*lines[:4], Line("Кампьютер", Region(940, 20, 110, 20)), lines[5]]
    assert number_near(ocr_slip, "Компьютер") == 58


def test_a_button_after_input_is_found_later_one_before_any_input_now():
    from bot.run.act import Find, GestureKind
    from bot.web.steps import move_intents

    lines = [line("Pass", 100, 500)]
    never = []
    steps = [Step("settle"), Step("button", label=("Pass",)), Step("key", keys=("Return",)),
             Step("button", label=("Yes",))]
    settle, click, key, find = move_intents(steps, lines, None, never.append)
    assert settle.kind is GestureKind.SETTLE  # a settle sends nothing: the frame read holds
    assert click.point == lines[0].region.center and key.kind is GestureKind.KEY
    assert isinstance(find, Find) and find.timeout == 10.0 and not never
    (late,) = move_intents([Step("button", label=("Yes",), optional=True)], [], None,
                           never.append, after_input=True)
    assert isinstance(late, Find) and late.optional and late.timeout == 1.5
