"""Every labelled screenshot reads exactly, at 100 % and rescaled to 125/150/200 %.

Labels in recordings/minesweeper/labelled/expected were written by looking at the pictures; a
scale test resizes the picture with OpenCV both bilinearly and nearest-neighbour, as desktop
DPI scaling does.
"""

from __future__ import annotations

import pytest

from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.minesweeper.fixtures import Fixture, load_fixtures, rescale
from vision.minesweeper.reader import cell_verdicts, locate_minesweeper, read_minesweeper
from vision.minesweeper.skin import load_skin

FIXTURES = load_fixtures()
READABLE = [f for f in FIXTURES if f.error is None and not f.unreadable]
REFUSED = [f for f in FIXTURES if f.error is not None]
PARTLY = [f for f in FIXTURES if f.unreadable]


def _ids(fixtures: list[Fixture]) -> list[str]:
    return [f.path.stem for f in fixtures]


def test_every_skin_has_labelled_fixtures():
    skins = {f.skin for f in READABLE}
    assert skins == {"winxp", "win7", "xdemineur", "gnome-mines"}
    assert len(READABLE) >= 12


@pytest.mark.parametrize("fixture", READABLE, ids=_ids(READABLE))
def test_fixture_reads_exactly(fixture: Fixture):
    reading = read_minesweeper(Frame.from_file(fixture.path))
    assert reading.board.to_text().split("\n") == fixture.state
    assert reading.skin == fixture.skin
    skin = load_skin(reading.skin)
    if skin.counter is not None:
        assert (reading.counter, reading.timer) == (fixture.counter, fixture.timer)
    if skin.faces:
        assert reading.face == fixture.face


SCALED = [(f, s, n) for f in READABLE + PARTLY for s in (1.25, 1.5, 2.0) for n in (False, True)]


@pytest.mark.parametrize(
    ("fixture", "scale", "nearest"),
    SCALED,
    ids=[f"{f.path.stem}-{s}-{'nearest' if n else 'bilinear'}" for f, s, n in SCALED],
)
def test_fixture_reads_exactly_when_rescaled(fixture: Fixture, scale: float, nearest: bool):
    frame = Frame.from_pixels(rescale(Frame.from_file(fixture.path).pixels, scale, nearest))
    location = locate_minesweeper(frame)
    assert location.skin == fixture.skin
    assert location.scale == pytest.approx(scale * _native_scale(fixture), rel=0.03)
    verdict = cell_verdicts(frame, location)
    chars = verdict.text().split("\n")
    for r, row in enumerate(fixture.state or []):
        for c, want in enumerate(row):
            if (r, c) in fixture.unreadable:
                assert not verdict.accepted[r, c], f"cell ({r}, {c}) should be refused"
            else:
                assert verdict.accepted[r, c], f"cell ({r}, {c}) refused"
                assert chars[r][c] == want, f"cell ({r}, {c})"
    if not fixture.unreadable and load_skin(fixture.skin).counter is not None:
        reading = read_minesweeper(frame, location=location)
        assert (reading.counter, reading.timer, reading.face) == (
            fixture.counter,
            fixture.timer,
            fixture.face,
        )


def _native_scale(fixture: Fixture) -> float:
    return locate_minesweeper(Frame.from_file(fixture.path)).scale


@pytest.mark.parametrize("fixture", PARTLY, ids=_ids(PARTLY))
def test_unreal_glyph_is_refused_and_named(fixture: Fixture):
    frame = Frame.from_file(fixture.path)
    with pytest.raises(ReadError) as err:
        read_minesweeper(frame)
    assert set(err.value.cells) == set(fixture.unreadable)
    r, c = next(iter(fixture.unreadable))
    assert f"row {r}, col {c}" in str(err.value)
    assert err.value.crop is not None and err.value.crop.size > 0
    verdict = cell_verdicts(frame, locate_minesweeper(frame))
    chars = verdict.text().split("\n")
    for rr, row in enumerate(fixture.state or []):
        for cc, want in enumerate(row):
            if (rr, cc) not in fixture.unreadable:
                assert chars[rr][cc] == want


@pytest.mark.parametrize("fixture", REFUSED, ids=_ids(REFUSED))
def test_covered_board_is_refused(fixture: Fixture):
    with pytest.raises(ReadError, match="board partly covered") as err:
        read_minesweeper(Frame.from_file(fixture.path))
    assert len(err.value.cells) > 4
