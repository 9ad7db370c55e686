"""A mine counter read on a look gamebot has no skin for: LED digits above the board, any
colour, any scale; a flags/mines text beside or below it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from calibration.minesweeper.render import render_minesweeper
from solvers.minesweeper.state import Board
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Point
from vision.minesweeper.any_counter import SEGMENTS, read_any_counter, read_led, read_text
from vision.minesweeper.fixtures import load_fixtures, rescale
from vision.minesweeper.reader import locate_minesweeper

LED_FIXTURES = [f for f in load_fixtures() if f.error is None and f.counter is not None
                and f.skin in ("winxp", "xdemineur")]


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_the_led_counter_of_every_labelled_screenshot_reads_as_labelled(scale):
    assert len(LED_FIXTURES) >= 10
    for fixture in LED_FIXTURES:
        frame = Frame.from_pixels(rescale(Frame.from_file(fixture.path).pixels, scale, False))
        location = locate_minesweeper(frame)
        assert read_led(frame.pixels, location.geometry) == fixture.counter, fixture.path.name


def draw_led(value: str, colour: tuple[int, int, int], background: tuple[int, int, int],
             height: int = 22) -> tuple[np.ndarray, GridGeometry]:
    """A window with a seven-segment number above a plain 9x9 grid (the grid is only where the
    board would be)."""
    width = height // 2 + 2
    img = np.empty((height * 3 + 9 * 16, max(200, (width + 4) * 5), 3), np.uint8)
    img[:] = background
    places = {"a": (0, 0, 1, 0), "d": (0, 1, 1, 1), "g": (0, 0.5, 1, 0.5), "f": (0, 0, 0, 0.5),
              "b": (1, 0, 1, 0.5), "e": (0, 0.5, 0, 1), "c": (1, 0.5, 1, 1)}
    segments = {v: k for k, v in SEGMENTS.items()}
    x = 10
    for ch in value:
        for seg in segments[int(ch)]:
            x0, y0, x1, y1 = places[seg]
            p0 = (int(x + 2 + x0 * (width - 4)), int(8 + 2 + y0 * (height - 4)))
            p1 = (int(x + 2 + x1 * (width - 4)), int(8 + 2 + y1 * (height - 4)))
            cv2.line(img, p0, p1, colour, 3)
        x += width + 4
    top = height * 3
    geometry = GridGeometry.uniform(Point(10, top), 16, 16, 9, 9)
    return img, geometry


@pytest.mark.parametrize("colour,background", [((0, 220, 255), (0, 100, 0)),  # yellow, green
                                               ((0, 0, 255), (0, 0, 0)),  # red on black
                                               ((255, 200, 0), (40, 40, 40))])  # cyan
def test_led_digits_of_any_colour_read(colour, background):
    for value in ("200", "099", "010", "1234"):
        img, geometry = draw_led(value, colour, background)
        assert read_led(img, geometry) == int(value), value


def test_a_band_with_no_digits_reads_as_no_counter():
    board = Board.from_text("\n".join(["#" * 9] * 9))
    image, geometry = render_minesweeper(board, "gnome-mines")  # no LEDs in this look
    assert read_led(image, geometry) is None


def test_a_flags_over_mines_text_reads_as_the_mines_left():
    img = np.full((260, 420, 3), 240, np.uint8)
    geometry = GridGeometry.uniform(Point(20, 20), 20, 20, 9, 9)
    cv2.putText(img, "Mines: 3/40", (220, 120), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (30, 30, 30), 2)
    assert read_text(img, geometry) == 37
    assert read_any_counter(img, geometry) == 37
    blank = np.full((260, 420, 3), 240, np.uint8)
    assert read_any_counter(blank, geometry) is None
