"""``calibrate balda --from`` with unlabelled screenshots: the game names the glyphs (palette by
its order, start word that fits, Tesseract's sure names where a dictionary word runs through),
whatever order the shots come in, and never names one wrongly. Pictures of our page's canvas
theme, a serif italic no bank was made from; their labels only check the result."""

from __future__ import annotations

from pathlib import Path

from calibration.balda.learn import learn_bank
from calibration.balda.shots import UNREAD, _Shot, read_cells, word_through
from solvers.balda.lexicon import Lexicon
from solvers.words.alphabet import alphabet_for
from vision.core.frame import Frame
from vision.core.letters import locate_letter_grid

LABELLED = Path(__file__).resolve().parents[2] / "recordings" / "balda" / "labelled"
NAMES = ["gamebot-canvas-100-m12.png", "gamebot-canvas-080-m10.png", "gamebot-canvas-125-m11.png"]
A = alphabet_for("ru")


def test_a_word_runs_through_a_cell_only_with_a_letter_that_makes_one():
    grid = list("...../...../БАЛДА/...../.....".replace("/", "").replace(".", " "))
    grid = ["" if ch == " " else ch for ch in grid]
    grid[7] = "Я"  # above Л
    lexicon = Lexicon(["БАЛДА", "ЯЛ", "ДА"])
    assert word_through(grid, 7, "Я", lexicon)
    assert not word_through(grid, 7, "Ю", lexicon)
    grid[12] = UNREAD  # the Л not named yet: it may be any letter
    assert word_through(grid, 7, "Я", lexicon)
    grid[12] = ""  # an empty cell: no word ran over it
    assert not word_through(grid, 7, "Я", lexicon)


def named_cells(order: list[str], lexicon: Lexicon) -> dict[str, dict[int, str]]:
    shots = [(Frame.from_file(LABELLED / n), None, n) for n in order]
    bank, report = learn_bank(shots, A, "rus", "test", lexicon=lexicon)
    out = {}
    for frame, _, name in shots:
        shot = _Shot(frame, name, locate_letter_grid(frame))
        out[name] = {i: ch for i, ch in enumerate(read_cells(shot, bank, A)) if ch}
    return out


def test_unlabelled_shots_are_named_alike_in_any_order_and_never_wrongly():
    lexicon = Lexicon.for_language("ru")
    forward = named_cells(NAMES, lexicon)
    backward = named_cells(list(reversed(NAMES)), lexicon)
    total = right = 0
    for name in NAMES:
        label = "".join((LABELLED / "expected" / (Path(name).stem + ".txt"))
                        .read_text("utf-8").split())
        for cells in (forward[name], backward[name]):
            for i, ch in cells.items():
                if ch != UNREAD:
                    assert ch == label[i], f"{name} cell {i}: {ch} is {label[i]}"
                    right += 1
            total += sum(1 for ch in label if ch != ".")
        assert set(forward[name]) == set(backward[name])
    assert right >= 0.8 * total
