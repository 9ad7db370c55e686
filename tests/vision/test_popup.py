"""A pop-up over a page its veil dims is found as the one bright box, and its own lines read
alone hold the message (JScrab: read with the whole dimmed page, Tesseract returned two button
words and the refusal «Извините, ЕРА отсутствует в словаре.» was never seen: a minute lost,
the game stopped)."""

from __future__ import annotations

from pathlib import Path

from vision.core.frame import Frame
from vision.core.page_text import PageText, phrase_in
from vision.core.popup import popup_box

SHOTS = Path(__file__).resolve().parents[2] / "recordings/erudit/jscrab"


def test_the_pop_up_over_a_dimmed_page_is_found_and_read_alone():
    frame = Frame.from_file(SHOTS / "jscrab-100-refused-era.png")
    box = popup_box(frame.pixels)
    assert box is not None and 480 <= box.left <= 500 and 350 <= box.top <= 365
    assert box.width * box.height * 4 < frame.width * frame.height
    crop = frame.pixels[box.top : box.bottom, box.left : box.right].copy()
    lines = PageText("rus").lines(Frame.from_pixels(crop))
    assert any(phrase_in(line.text, "Извините") for line in lines), [x.text for x in lines]


def test_a_page_with_no_pop_up_has_no_small_bright_box():
    frame = Frame.from_file(SHOTS / "jscrab-100-dotted.png")
    box = popup_box(frame.pixels)
    assert box is None or box.width * box.height * 4 > frame.width * frame.height
