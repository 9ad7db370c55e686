"""Reading bsdgames hangman: labelled xterm screenshots read exactly, the terminal reader works
for any font and colours, and inconsistent screens are refused rather than guessed."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.hangman.reader import HangmanView, Phase, parse_screen, read_hangman
from vision.hangman.terminal import PRINTABLE, Glyphs

FIXTURES = Path(__file__).resolve().parents[2] / "recordings" / "hangman" / "xterm-dejavu-11"
NAMES = sorted(p.stem for p in (FIXTURES / "frames").glob("*.png"))


@pytest.fixture(scope="module")
def glyphs() -> Glyphs:
    return Glyphs.learn(Frame.from_file(FIXTURES / "calibration.png"))


def _expected(name: str) -> tuple[str, list[str]]:
    view, *lines = (FIXTURES / "expected" / f"{name}.txt").read_text().split("\n")
    while lines and not lines[-1]:
        lines.pop()
    return view, lines


def test_there_are_labelled_screenshots():
    assert len(NAMES) >= 5
    assert {p.stem for p in (FIXTURES / "expected").glob("*.txt")} == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_every_labelled_screenshot_reads_exactly(glyphs, name):
    view, lines = read_hangman(Frame.from_file(FIXTURES / "frames" / f"{name}.png"), glyphs)
    want_view, want_lines = _expected(name)
    got = list(lines)
    while got and not got[-1]:
        got.pop()
    assert got == want_lines
    assert view.to_text() == want_view
    assert HangmanView.from_text(want_view) == view


def test_a_smudged_cell_is_refused_and_named(glyphs):
    frame = Frame.from_file(FIXTURES / "frames" / "won.png")
    box = glyphs.grid.cell(10, 9)  # the second letter of the word
    pixels = frame.pixels.copy()
    pixels[box.top + 3 : box.bottom - 3, box.left + 2 : box.right - 2] = (0, 0, 255)
    with pytest.raises(ReadError, match="row 10 col 9") as err:
        glyphs.read(Frame.from_pixels(pixels))
    assert err.value.cell == (10, 9)


def test_no_calibration_bar_no_glyphs():
    blank = Frame.from_pixels(np.full((400, 700, 3), 255, np.uint8))
    with pytest.raises(ReadError, match="calibration"):
        Glyphs.learn(blank)


# --- the reader does not depend on xterm, the font or the colours --------------------------------

CELL_W, CELL_H, INK, PAPER = 12, 20, (200, 230, 230), (40, 20, 0)


def _render(lines: list[str], bar: bool = False) -> Frame:
    """A light-on-dark terminal drawn with OpenCV's Hershey font, one cell per character."""
    img = np.full((24 * CELL_H + 11, 80 * CELL_W + 15, 3), PAPER, np.uint8)
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            x, y = 7 + c * CELL_W, 5 + r * CELL_H
            if bar and r == 0:
                img[y : y + CELL_H, x : x + CELL_W] = INK
            elif ch != " ":
                cell = np.full((CELL_H, CELL_W, 3), PAPER, np.uint8)
                cv2.putText(cell, ch, (1, CELL_H - 5), cv2.FONT_HERSHEY_PLAIN, 1.0, INK, 1)
                img[y : y + CELL_H, x : x + CELL_W] = cell
    return Frame.from_pixels(img)


def test_any_font_and_colours_read_back_exactly():
    glyphs = Glyphs.learn(_render([" " * 80, PRINTABLE[:80], PRINTABLE[80:]], bar=True))
    screen = [
        "     ______",
        "     |    |",
        "     |    O                                          Guessed:  aekz",
        "     |    |",
        "",
        "",
        "",
        "",
        "",
        "",
        " Word:  -a--e-",
        "Guess:",
    ]
    lines = glyphs.read(_render(screen))
    assert lines[: len(screen)] == screen
    view = parse_screen(lines)
    assert view.to_text() == "-a--e- wrong=kz | guess"


# --- screen text to game state --------------------------------------------------------------


def _screen(word: str, guessed: str, misses: int, message: str = "", another: bool = False):
    lines = [""] * 24
    parts = (
        (2, 10, "O"),
        (3, 10, "|"),
        (4, 10, "|"),
        (5, 9, "/"),
        (3, 9, "/"),
        (3, 11, "\\"),
        (5, 11, "\\"),
    )
    grid = [[" "] * 80 for _ in range(24)]
    for r, c, ch in parts[:misses]:
        grid[r][c] = ch
    for r in range(24):
        lines[r] = "".join(grid[r])
    lines[2] = lines[2][:53] + f"Guessed:  {guessed}"
    lines[10] = f" Word:  {word}"
    lines[11] = "Guess:"
    lines[12] = message
    lines[13] = "Another word?" if another else ""
    return [line.rstrip() for line in lines]


def test_playing_screen_gives_the_state():
    view = parse_screen(_screen("-a--e-", "aeksz", 3))
    assert (view.phase, view.state.to_text()) == (Phase.GUESS, "-a--e- wrong=ksz")


def test_won_and_lost_screens():
    won = parse_screen(_screen("bailed", "abdeils", 1, "You got it!", True))
    assert (won.phase, won.won, won.word) == (Phase.OVER, True, "bailed")
    lost = parse_screen(_screen("-a--e-", "abcefghjk", 7, 'Sorry, the word was "wailed"', True))
    assert (lost.won, lost.word) == (False, "wailed")
    assert lost.to_text() == "-a--e- wrong=bcfghjk | over lost wailed"


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (_screen("-a--e-", "aeksz", 2), "3 wrong letters"),
        (_screen("-a--e-", "eakz", 2), "not distinct sorted"),
        (_screen("-a--e-", "ekz", 2), "not guessed"),
        (_screen("-a-1e-", "aez", 1), "not letters"),
        (_screen("bailed", "abdeils", 1, 'Sorry, the word was "bailed"', True), "lost with 1"),
        (_screen("-a--e-", "aez", 1, "something else", True), "neither a win nor a loss"),
        (["hello"] * 24, "no hangman screen"),
    ],
)
def test_inconsistent_screens_are_refused(lines, message):
    with pytest.raises(ReadError, match=message):
        parse_screen(lines)


def test_gallows_drawn_out_of_order_is_refused():
    lines = [line.ljust(80) for line in _screen("-a--e-", "aez", 1)]
    lines[2] = lines[2][:10] + " " + lines[2][11:]
    lines[3] = lines[3][:10] + "|" + lines[3][11:]
    with pytest.raises(ReadError, match="not drawn in order"):
        parse_screen(lines)


@pytest.mark.parametrize(
    "text", ["------ | guess", "-a--e- wrong=ksz | over lost wailed", "bailed | over won bailed"]
)
def test_view_text_round_trips(text):
    assert HangmanView.from_text(text).to_text() == text


@pytest.mark.parametrize("text", ["------", "------ | play", "------ | over won", "-- | guess x"])
def test_bad_view_text(text):
    with pytest.raises(ValueError, match="bad view"):
        HangmanView.from_text(text)
