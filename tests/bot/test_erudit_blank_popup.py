"""JScrab asks our wildcard's letter in a pop-up of 32 small bold letter buttons over a dimmed
page, no heading, letters OCR never reads: the campaign stopped there ("5 bad frames in a row",
the board under the veil unreadable). The profile's ``blank-keys`` names the buttons, found
by their shapes, in reading order; the letter is clicked on its own button."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.games.erudit.adapter import EruditPlayer
from bot.games.erudit.steps import PickLetter
from bot.web.sites import SiteError, parse_profile
from solvers.decision import Decision
from solvers.erudit.dictionary import WordGraph
from tests.bot.test_erudit_adapter import EMPTY_BOARD, RULES, SITE_DATA, seen
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.popup_keys import popup_keys

SHOT = Path(__file__).resolve().parents[2] / "recordings/erudit/jscrab/jscrab-100-blank-dialog.png"
JSCRAB_KEYS = "ОАЕИНРСТВДКЛПУМБГЬЯЫЙЗЖХЦЧШЭЮФЩЪ"


def test_the_pop_ups_buttons_are_found_row_by_row_and_only_all_of_them():
    pixels = Frame.from_file(SHOT).pixels
    keys = popup_keys(pixels, 32)
    assert keys is not None
    centers = [(k.center.x, k.center.y) for k in keys]
    # six a row, left to right, rows top to bottom (measured on the shot)
    assert [abs(x - 530) <= 3 and abs(y - 381) <= 3 for x, y in centers[:1]] == [True]
    assert all(abs(y - 381) <= 3 for _, y in centers[:6])
    assert [x for x, _ in centers[:6]] == sorted(x for x, _ in centers[:6])
    assert all(abs(y - 611) <= 3 for _, y in centers[30:])  # Щ Ъ, the last row
    assert popup_keys(pixels, 31) is None and popup_keys(pixels, 33) is None
    refused = Frame.from_file(SHOT.with_name("jscrab-100-refused-era.png")).pixels
    assert popup_keys(refused, 32) is None  # a refusal's one «Ладно» is no letter pop-up


def _failing_read(*args, **kwargs):
    raise ReadError("square A1: colour #434334 is neither an empty square nor a tile")


def test_our_wildcards_letter_is_clicked_on_the_button_the_profile_names():
    site = parse_profile({**SITE_DATA, "blank-keys": JSCRAB_KEYS.lower()}, "test")
    assert site.blank_keys == JSCRAB_KEYS
    player = EruditPlayer(site, RULES, WordGraph(["КОТ"]), read=_failing_read, locate=None,
                          top=4)
    player._last_seen = seen(EMPTY_BOARD, "КО*АИЖШ", "ours")
    player.plan = [PickLetter(112, "Т")]  # the wildcard laid on H8, its letter asked
    frame = Frame.from_file(SHOT)
    got = player.read(frame, SimpleNamespace())  # type: ignore[arg-type]
    assert "choose" in got.kinds and len(got.letter_keys) == 32
    assert got.board == EMPTY_BOARD  # the board under the veil is as it was
    т = got.letter_keys["Т"].center
    assert abs(т.x - 574) <= 3 and abs(т.y - 427) <= 3  # 2nd row, 2nd key
    pick = Decision(PickLetter(112, "Т"), "enter", "pick")
    (click,) = player.gestures([pick], got)
    assert click.kind.value == "click" and click.point == got.letter_keys["Т"].center


def test_blank_keys_must_name_each_letter_once():
    with pytest.raises(SiteError, match="blank-keys"):
        parse_profile({**SITE_DATA, "blank-keys": "ОАО"}, "test")
    with pytest.raises(SiteError, match="blank-keys"):
        parse_profile({**SITE_DATA, "blank-keys": ["О", "А"]}, "test")
