"""A value number Tesseract confirmed (it is the letter's value) is learned by the site's marks:
a site learned cold had never seen Xanado's "4" (F4) and read it with Tesseract on every frame
the F showed, about a second each on a loaded machine (issue 23 item 9: 2 s a read)."""

from __future__ import annotations

from pathlib import Path

import vision.erudit.reader as reader
from solvers.erudit.rules import load_rules
from vision.core.frame import Frame
from vision.erudit.look import EruditSite
from vision.erudit.reader import locate_erudit, read_erudit
from vision.erudit.tiles import TileCache

CASES = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "cases"


def test_a_number_tesseract_confirmed_is_not_read_by_tesseract_again(monkeypatch):
    frame = Frame.from_file(CASES / "xanado-cold-blanks-on-rack.png")
    site = EruditSite.load(CASES / "xanado-cold-site")
    assert "4" not in site.marks.labels
    rules = load_rules("scrabble-en")
    location = locate_erudit(frame)
    calls: list[int] = []
    real = reader.ocr_number

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(reader, "ocr_number", counted)
    cache = TileCache()
    first = read_erudit(frame, location, site, rules, cache=cache, empty_rack=True,
                        new_letters_only=True)
    assert calls and "4" in site.marks.labels
    calls.clear()
    again = read_erudit(frame, location, site, rules, cache=cache, empty_rack=True,
                        new_letters_only=True)
    assert calls == [] and again.rack == first.rack == "KS**FLS"
