"""A new-game button is found by its label among the program's other buttons, outside the
board, and only a label standing alone counts (issue 24: a click guessed above the board hit
a program's Quit button)."""

from __future__ import annotations

import cv2
import numpy as np

from bot.games.minesweeper.programs.new_game_button import (
    NewGameButtons,
    Word,
    find_new_game_button,
    labelled_button,
)
from vision.core.frame import Frame
from vision.core.geometry import Region

BOARD = Region(50, 120, 400, 330)


def _window(labels: list[str], line: str = "") -> tuple[np.ndarray, dict[str, tuple[int, int]]]:
    img = np.full((500, 700, 3), 235, np.uint8)
    spans, x = {}, 20
    for label in labels:
        (w, _), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, 0.6, 1)
        cv2.rectangle(img, (x, 20), (x + w + 20, 50), (200, 200, 200), -1)
        cv2.rectangle(img, (x, 20), (x + w + 20, 50), (120, 120, 120), 1)
        cv2.putText(img, label, (x + 10, 42), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 1,
                    cv2.LINE_AA)
        spans[label], x = (x, x + w + 20), x + w + 40
    if line:
        cv2.putText(img, line, (20, 95), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 1,
                    cv2.LINE_AA)
    # the board, with a word of its own that must not count
    cv2.rectangle(img, (BOARD.left, BOARD.top), (BOARD.right, BOARD.bottom), (150, 150, 150), -1)
    cv2.putText(img, "Restart", (200, 300), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 1)
    return img, spans


def test_the_restart_button_among_others_is_found_and_not_quit():
    img, spans = _window(["Level", "Restart", "Hi-Scores", "Quit"])
    found = find_new_game_button(img, BOARD)
    assert found is not None
    left, right = spans["Restart"]
    assert left <= found.center.x <= right and 20 <= found.center.y <= 50


def test_no_label_no_button():
    img, _ = _window(["Level", "Hi-Scores", "Quit"], line="Restart the level to play")
    assert find_new_game_button(img, BOARD) is None  # a sentence holding the word is no label


def _word(text: str, left: int, line: int = 1) -> Word:
    return Word(text, Region(left, 10, 8 * len(text), 12), (1, 1, line), 90.0)


def test_a_two_word_label_is_one_phrase_and_a_longer_phrase_is_none():
    assert labelled_button([_word("new", 10), _word("game", 46)]).text == "new game"
    assert labelled_button([_word("new", 10), _word("game", 46), _word("plus", 86)]) is None
    assert labelled_button([_word("new", 10), _word("game", 46, line=2)]).text == "new"
    unsure = Word("restart", Region(0, 0, 50, 12), (1, 1, 1), 20.0)
    assert labelled_button([unsure]) is None


def test_the_window_is_read_once_for_one_place_of_the_board(monkeypatch):
    import bot.games.minesweeper.programs.new_game_button as module

    calls = []

    def read(pixels, blank):
        calls.append(tuple(blank)[0])
        return [Word("restart", Region(10, 10, 20, 10), (1, 1, 1), 95.0)]

    monkeypatch.setattr(module, "words", read)
    buttons = NewGameButtons()
    frame = Frame.from_pixels(np.zeros((100, 100, 3), np.uint8), 200, 300)
    assert buttons.find(frame, Region(220, 330, 50, 50)) == Region(210, 310, 20, 10)
    assert buttons.find(frame, Region(220, 330, 50, 50)) == Region(210, 310, 20, 10)
    assert buttons.mine_counter(frame, Region(220, 330, 50, 50), 0) is None
    assert calls == [Region(20, 30, 50, 50)]  # in the frame's own pixels, once


def test_a_counter_written_as_text_is_read_beside_the_board():
    img, _ = _window(["Level", "Restart", "Quit"])
    cv2.putText(img, "UXB : 40", (480, 200), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 1,
                cv2.LINE_AA)
    frame = Frame.from_pixels(img)
    buttons = NewGameButtons()
    assert buttons.mine_counter(frame, BOARD, flags=0) == 40
    img, _ = _window(["Level", "Restart", "Quit"])
    assert NewGameButtons().mine_counter(Frame.from_pixels(img), BOARD, flags=0) is None
