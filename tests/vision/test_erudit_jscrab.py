"""The JScrab page (../shared/targets/erudit-jscrab) read from a cold start: its site learned
from one unlabelled shot of a fresh game (as `play` does on a page never played), then the
frames the first games stopped on read right: a rack holding a blank and a wide Ф (its tiles
are 28×23, and were taken for no tiles at all), and a tile just laid on a premium star, drawn
see-through and smaller than its square (it read as the empty star: "place Д E8 not shown
yet" though it showed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from calibration.erudit.bootstrap import name_shot
from calibration.erudit.learn import learn_site
from solvers.erudit.rules import load_rules
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.erudit.look import EruditSite
from vision.erudit.reader import locate_erudit, read_erudit

ROOT = Path(__file__).resolve().parents[2] / "recordings/erudit"
SHOTS = ROOT / "jscrab"


@pytest.fixture(scope="module")
def site() -> EruditSite:
    """The site as `play` learns it from the page's first frame (bot/games/erudit/cold_site)."""
    options = [load_rules("erudit"), load_rules("scrabble-ru")]
    named = name_shot(Frame.from_file(ROOT / "cold/jscrab-100-t00.png"), options, "first")
    assert named.shot.rules.name == "scrabble-ru"  # its values: О 1, Ф 10, not Erudit's
    learned = EruditSite.empty("jscrab", options[0].alphabet)
    learn_site([named.shot], learned)
    learned.look.merge_layout(named.layout.kinds)
    return learned


def _read(site: EruditSite, name: str):
    frame = Frame.from_file(SHOTS / f"{name}.png")
    return read_erudit(frame, locate_erudit(frame), site, load_rules("scrabble-ru"),
                       check=False)


def test_a_rack_of_tiles_a_fifth_wider_than_tall_is_found_whole_blank_and_all(site):
    reading = _read(site, "jscrab-100-blank-rack")
    assert len(reading.rack_tiles) == 7
    assert reading.rack == "*АИТФДЕ"
    assert set("".join(reading.board)) == {"."}


def test_a_see_through_tile_laid_on_a_star_is_a_tile(site):
    reading = _read(site, "jscrab-100-laid-on-star")
    board = "".join(reading.board)
    assert board[7 * 15 + 4] == "Д"  # E8, a DW star under it
    assert board.count(".") == 15 * 15 - 1
    assert reading.rack == "*АИТФЕ"


def test_the_dotted_ring_of_a_played_tile_is_no_ink():
    """Played tiles get a dotted ring (ours green, the computer's red), its face colour between
    the dots: the ring was cut as 18 letter parts, and the computer's О was an unknown look
    («nearest С») the loop waited on for a minute."""
    from vision.core.geometry import Region
    from vision.erudit.tiles import split_tile

    frame = Frame.from_file(SHOTS / "jscrab-100-dotted.png")
    location = locate_erudit(frame)
    for r, c in ((7, 6), (7, 8), (8, 8), (8, 9), (8, 10)):  # П, С (ours), О Б О (theirs)
        rect = location.geometry.cell_rect(r, c)
        tile = split_tile(frame.pixels, Region(rect.left + 1, rect.top + 1, rect.width - 2,
                                               rect.height - 2), (250, 253, 251))
        assert tile.letter is not None and tile.letter.parts == 1, (r, c)
        assert tile.value is not None and tile.value.parts == 1, (r, c)


def test_a_letter_whose_small_value_cannot_be_read_is_named_by_shape_and_tesseract_alike(site):
    """Х's superscript 5 reads as nothing and Tesseract is only half sure of Х (conf 50): the
    game stopped before its first move ("rack tile 1: unknown glyph"). The rendered shapes
    name Х clearly and Tesseract said nothing else: two opinions agree."""
    reading = _read(site, "jscrab-100-small-five")
    assert reading.rack == "ХРГНОДК"


def test_the_computers_wildcard_and_numbers_too_small_for_tesseract_are_named(site):
    """The computer laid a wildcard М (no number) in НАЙМУ, a word our dictionary lacks, and
    the rack holds Ю with a superscript 8 Tesseract reads as nothing: the wildcard is named
    by the shape and Tesseract's sure letter alike, the 8 by the rendered numbers."""
    reading = _read(site, "jscrab-100-their-blank")
    assert reading.board[7] == "." * 7 + "ТЕГ" + "." * 5
    assert reading.board[8] == "." * 6 + "НАЙмУ" + "." * 4
    assert reading.rack == "КЮОПКДВ"


def test_a_rack_tile_nothing_names_is_unknown_only_when_asked(site):
    """Э with its superscript 8 joined reads as one glyph no shape or Tesseract names: play
    stopped on it ("rack tile 1: unknown glyph") a minute later. Read plainly it is still
    refused; with ``unknown_rack`` (play, once the same pixels were refused twice) it is ``?``
    and the moves are made of the other tiles."""
    from vision.core.errors import ReadError

    frame = Frame.from_file(SHOTS / "jscrab-100-joined-eight.png")
    location = locate_erudit(frame)
    rules = load_rules("scrabble-ru")
    with pytest.raises(ReadError, match="rack tile 1"):
        read_erudit(frame, location, site, rules)
    reading = read_erudit(frame, location, site, rules, unknown_rack=True)
    assert reading.rack == "?К*ВОПВ"


def test_a_first_rack_both_rule_sets_fit_is_decided_by_a_later_frame(tmp_path):
    """JScrab's first rack ИНОЕК*Х is worth the same in Erudit and Scrabble: the cold start
    took Erudit, and the computer's С worth 1 (Erudit: 2) stopped the game. The tie is kept;
    the first frame the chosen rules refuse and the other ones read decides, for good."""
    from bot.games.erudit.cold_site import ColdSite
    from bot.games.erudit.player import switched_rules

    options = [load_rules("erudit"), load_rules("scrabble-ru")]
    first = Frame.from_file(SHOTS / "jscrab-100-tied-rack.png")
    assert name_shot(first, options, "first").tied == ("scrabble-ru",)
    cold = ColdSite(EruditSite.empty("jscrab", options[0].alphabet), tmp_path / "jscrab",
                    options)
    assert cold.learn(first, locate_erudit(first)).name == "erudit"
    assert [r.name for r in cold.tied] == ["scrabble-ru"]
    later = Frame.from_file(SHOTS / "jscrab-100-tells-apart.png")
    location = locate_erudit(later)
    rules = switched_rules(cold, later, location, cold.site, None, True, None, False, False)
    assert rules is not None and rules.name == "scrabble-ru" and cold.tied == []
    assert EruditSite.load(tmp_path / "jscrab").look.rules == ["scrabble-ru"]


def test_a_board_joined_corner_to_corner_reads_once_the_site_is_known_to_join_so():
    """JScrab's computer joins words corner to corner (МИНУС to ЭТА): such a board is refused
    as "not joined" by our rules (the game stopped on five bad frames after a refusal); once
    the site has made such a move, boards are read with corner joins, still refusing a tile
    touching nothing at all."""
    from vision.core.errors import ReadError
    from vision.erudit.checks import check_board

    rules = load_rules("scrabble-ru")
    cells = ["."] * 225
    for i, ch in zip(range(7 * 15 + 4, 7 * 15 + 9), "ЛЯПИС", strict=True):  # E8..I8
        cells[i] = ch
    cells[6 * 15 + 9] = "А"  # J7, corner to corner with С at I8
    with pytest.raises(ReadError, match="not joined"):
        check_board(cells, rules)
    check_board(cells, rules, corners=True)
    cells[2 * 15 + 2] = "О"  # C3: touching nothing
    with pytest.raises(ReadError, match="not joined"):
        check_board(cells, rules, corners=True)


def test_letter_counts_are_checked_only_when_the_rules_are_the_sites_own():
    """JScrab has Scrabble-ru's values but five В (Scrabble: four): a fifth В read stopped the
    campaign's first game ("5 tiles 'В' read but the scrabble-ru set has 4"). Rules told by the
    tiles' values do not tell the counts: only wildcards are counted then."""
    from vision.core.errors import ReadError
    from vision.erudit.checks import check_tiles

    rules = load_rules("scrabble-ru")
    cells = ["."] * 225
    for i in range(5):
        cells[i] = "В"
    with pytest.raises(ReadError, match="5 tiles 'В'"):
        check_tiles(cells, "", rules)
    check_tiles(cells, "", rules, counts=False)
    with pytest.raises(ReadError, match="wildcards"):
        check_tiles(cells, "***", rules, counts=False)


def test_a_played_tile_whose_look_went_odd_is_the_letter_the_board_followed(site):
    """Our М on the centre star: the star's pink shows through the see-through tile and its
    glyph and number stopped reading some moves later; the campaign stopped there ("cannot
    read the tile's value number ... it checks the letter М"). A tile played and followed
    never changes: the followed board's letter stands (and nothing is learned from it)."""
    frame = Frame.from_file(SHOTS / "jscrab-100-centre-value.png")
    rules = load_rules("scrabble-ru")
    told = {4: "н"}  # E1: the computer's wildcard, named by the game in play
    with pytest.raises(ReadError, match="H8"):
        read_erudit(frame, locate_erudit(frame), site, rules, check=False, known=told,
                    new_letters_only=True)
    def em() -> int:  # М's templates (the module's site: earlier tests may have taught it М)
        return sum(1 for x in site.glyphs.templates if x.char == "М")

    before = em()
    reading = read_erudit(frame, locate_erudit(frame), site, rules, known=told,
                          new_letters_only=True, corner_joins=True, counts_known=False,
                          settled={112: "М", 113: "Ю"})
    assert reading.board[7] == ".......МЮ......" and reading.board[0] == "....нУ........."
    assert em() == before  # the odd look taught nothing
