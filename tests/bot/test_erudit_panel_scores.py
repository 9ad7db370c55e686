"""JScrab's score panel: «Ваш общий балл:» and, right-aligned on its row, a bold number shorter
than the label. The scores were taken from the nearest number-only line at least as tall as
the label: the word list's round info icons, read "9" (games.jsonl said 9:9 while the page
showed 180:173). The number on the label's own row is the score."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from bot.games.erudit.adapter import EruditPlayer
from bot.web.sites import parse_profile
from solvers.erudit.dictionary import WordGraph
from tests.bot.test_erudit_adapter import EMPTY_BOARD, GEOMETRY, RULES, SITE_DATA
from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.core.page_text import PageText, TextLine, number_beside

SHOTS = Path(__file__).resolve().parents[2] / "recordings/erudit/jscrab"
LABELS = ["Ваш общий балл", "Общий балл компьютера"]


def test_the_number_on_the_labels_row_is_the_score_not_a_taller_icon_nearby():
    lines = [TextLine("9", Region(718, 340, 25, 25), 90.0),  # an info icon, read "9"
             TextLine("Общий балл компьютера:", Region(569, 352, 193, 18), 90.0),
             TextLine("Последний балл компьютера:", Region(540, 330, 222, 18), 90.0),
             TextLine("Ваш общий балл:", Region(631, 400, 131, 18), 90.0),
             TextLine("16", Region(807, 331, 19, 14), 90.0),
             TextLine("173", Region(799, 353, 27, 14), 90.0),
             TextLine("180", Region(799, 401, 27, 14), 90.0)]
    assert [number_beside(lines, label) for label in LABELS] == [180, 173]


def test_a_jscrab_frame_reads_the_panels_scores():
    site = parse_profile({**SITE_DATA, "score-labels": LABELS}, "test")
    board = SimpleNamespace(board=list(EMPTY_BOARD), rack="", rack_tiles=(), geometry=GEOMETRY)
    board.geometry = SimpleNamespace(bounds=Region(5, 40, 527, 527),
                                     offset=lambda dx, dy: GEOMETRY)
    player = EruditPlayer(site, RULES, WordGraph(["КОТ"]), read=lambda *a, **k: board,
                          locate=None, top=4, text=PageText("rus"))
    got = player.read(Frame.from_file(SHOTS / "jscrab-100-their-blank.png"),
                      SimpleNamespace())  # type: ignore[arg-type]
    assert got.scores == (5, 18)
