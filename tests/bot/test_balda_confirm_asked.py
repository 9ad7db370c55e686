"""Our page's «add this word anyway?» box, asked over a canvas page: the box finder split its
question in two lines («...Доб:» and «его в словарь?»), so the question was never recognised
and the bot waited 65 s for a phrase, then stopped. The profile knows the box by its button
«Да, добавить» too, a label that shows only when the page asks."""

from __future__ import annotations

from pathlib import Path

from bot.games.balda.adapter import BaldaPlayer
from bot.web.rejected_words import RejectedWords
from bot.web.sites import load_profile
from solvers.balda.lexicon import Lexicon
from vision.core.frame import Frame
from vision.core.letters import locate_letter_grid
from vision.core.page_text import PageText

CASE = (Path(__file__).resolve().parents[2] / "recordings" / "balda" / "cases"
        / "gamebot-canvas-confirm-split-line.png")


def test_the_add_anyway_box_is_recognised_when_its_question_is_split(tmp_path):
    frame = Frame.from_file(CASE)
    location = locate_letter_grid(frame)
    player = BaldaPlayer(load_profile("gamebot-balda"), Lexicon(["КЛОУН"]), None,
                         "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ", think=0.05,
                         rejected=RejectedWords(tmp_path / "r.txt"), text=PageText("rus"))
    lines = player._lines(frame, location.geometry.bounds)
    assert not any("Добавить его в словарь" in line.text for line in lines)  # split
    assert "confirm" in player._kinds(lines)
