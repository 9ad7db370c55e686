"""The profile drafter's logic on saved frames of our own pages (no display): the page's
language, buttons, turn line and score labels read by OCR; a tile or letter seen to land; the
draft's found and guessed keys; the file written once, atomically."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.web.draft_live import _empty_cell, palette_keys, read_words
from bot.web.sites import parse_profile
from calibration.profile.draft import DraftError, Seen, build, title_pattern, write
from calibration.profile.page_words import (
    Found,
    find_buttons,
    find_turn_phrases,
    language_of,
    score_labels,
)
from calibration.profile.styles import balda_style, change, inner, landed
from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.core.letters import cell_ink, locate_letter_grid
from vision.core.page_text import TextLine
from vision.erudit.rack import find_rack_cold
from vision.erudit.reader import locate_erudit

SHOTS = Path(__file__).resolve().parents[2] / "recordings" / "profile"


def line(text: str, conf: float = 90.0) -> TextLine:
    return TextLine(text, Region(0, 0, 10 * len(text), 20), conf)


def test_language_is_told_by_script_and_by_the_letters_one_language_has() -> None:
    assert language_of([line("Your turn"), line("New game")]) == "en"
    assert language_of([line("Ваш ход"), line("Пропустить ход")]) == "ru"
    assert language_of([line("Хід опонента"), line("Пропустити хід")]) == "uk"
    # a noisy low-confidence line does not outvote the page
    assert language_of([line("Ваш ход"), line("Ваш ход"), line("aaaaaaaaaaaaaaa", 10)]) == "ru"


def test_a_button_word_inside_a_long_message_is_no_button() -> None:
    lines = [line("You may pass your turn if you cannot move"), line("Pass")]
    found = find_buttons(lines, "en")
    assert found["pass"].line is lines[1]
    assert "pass" not in find_buttons(lines[:1], "en")


def test_one_line_serves_one_button() -> None:
    found = find_buttons([line("Обмен")], "ru")
    assert list(found) == ["exchange"]


@pytest.fixture(scope="module")
def erudit_page() -> tuple[Frame, object, str, list[TextLine]]:
    frame = Frame.from_file(SHOTS / "gamebot-erudit-page.png")
    grid = locate_erudit(frame).grid
    lang, lines = read_words(frame, grid.geometry.bounds, None)
    return frame, grid, lang, lines


def test_our_erudit_pages_buttons_turn_and_scores_are_read(erudit_page) -> None:
    _, _, lang, lines = erudit_page
    assert lang == "ru"
    buttons = {k: f.label for k, f in find_buttons(lines, lang).items()}
    assert buttons == {"submit": "Сделать ход", "cancel": "Вернуть фишки",
                       "pass": "Пропустить ход", "new-game": "Новая игра", "exchange": "Обмен"}
    assert find_turn_phrases(lines, lang)["turn-ours"].label == "Ваш ход"
    assert score_labels(lines, lang) == ("Вы", "Компьютер")


def test_a_tile_dragged_to_the_centre_is_seen_to_land(erudit_page) -> None:
    frame, grid, _, _ = erudit_page
    after = Frame.from_file(SHOTS / "gamebot-erudit-tried-drag.png")
    tiles, _ = find_rack_cold(frame, grid.geometry.bounds, grid.pitch)
    square = inner(grid.geometry.cell_rect(7, 7))
    assert landed(frame, after, square, inner(tiles[0]))
    assert not landed(frame, frame, square, inner(tiles[0]))
    # another square (nothing laid there) did not change
    assert change(frame, after, inner(grid.geometry.cell_rect(3, 3))) < 1


def test_our_balda_page_shows_its_palette_and_an_empty_cell_next_to_the_word() -> None:
    frame = Frame.from_file(SHOTS / "gamebot-balda-page.png")
    grid = locate_letter_grid(frame)
    assert len(palette_keys(frame, grid)) == 32
    r, c = _empty_cell(frame, grid) or (-1, -1)
    assert cell_ink(frame, grid, r, c).empty
    assert not cell_ink(frame, grid, 2, c).empty  # the start word's row, under it
    assert r == 1
    after = Frame.from_file(SHOTS / "gamebot-balda-tried-letter.png")
    assert not cell_ink(after, grid, r, c).empty  # the palette's letter went in
    lang, lines = read_words(frame, grid.geometry.bounds, None)
    assert lang == "ru"
    assert find_buttons(lines, lang)["cancel"].label == "Отмена"


def _seen(game: str, style: str, buttons: dict[str, str]) -> Seen:
    found = {k: Found(k, v, line(v)) for k, v in buttons.items()}
    submit = {"do": "button", "label": [buttons["submit"]]} if "submit" in buttons else None
    move = balda_style(style, submit) if game == "balda" else [{"do": "drag-tile"}]
    return Seen(game, "site", "en", "Words (beta)", style, move, found,
                {"turn-ours": Found("turn-ours", "Your turn", line("Your turn"))},
                ("You", "Computer"), {"other": [{"do": "click-tile"}]}, "a tile landed", True)


def test_a_draft_says_what_was_found_and_what_guessed_and_is_a_usable_profile() -> None:
    draft = build(_seen("erudit", "drag", {"submit": "Play", "pass": "Pass"}))
    data = draft.data
    assert data["submit"][0]["label"][-1] == "Play"  # the more telling labels first
    assert data["submit"][0]["label"][0] == "Finished Turn"
    assert data["cancel"] == [{"do": "key", "keys": "Escape"}]  # no cancel button: guessed
    assert data["default-style"] == "drag" and set(data["styles"]) == {"drag", "other"}
    assert data["texts"]["turn-ours"] == ["Your turn"]
    assert "Computer is thinking" in data["texts"]["turn-theirs"]  # guessed: a banner page
    assert any(x.startswith("texts.turn-theirs") for x in draft.guessed)
    assert data["score-labels"] == ["You", "Computer"]
    assert any(x.startswith("submit: button") and "Play" in x for x in draft.found)
    assert any(x.startswith("cancel: key Escape") for x in draft.guessed)
    assert any(x.startswith("texts.rejected") for x in draft.guessed)
    profile = parse_profile(data, "draft")
    assert profile.style == "drag" and profile.title == title_pattern("Words (beta)")
    assert "Play" in profile.submit[0].label


def test_a_balda_draft_sends_the_word_with_the_button_read_else_return() -> None:
    with_button = build(_seen("balda", "type-click", {"submit": "Send"})).data
    assert with_button["styles"]["type-click"][-1] == {"do": "button", "label": ["Send"]}
    without = build(_seen("balda", "click-type", {})).data
    assert without["styles"]["click-type"][-1] == {"do": "key", "keys": "Return"}
    assert parse_profile(without, "draft").move[0].type_at_new


def test_the_title_is_matched_as_shown() -> None:
    import re

    pattern = title_pattern("Words (beta) + 1")
    assert re.match(pattern, "Words (beta) + 1 - Chromium")
    assert not re.match(pattern, "Words beta 1")


def test_a_draft_is_written_once_atomically(tmp_path: Path) -> None:
    path = tmp_path / "sites" / "site.json"
    write(path, {"name": "a"})
    assert json.loads(path.read_text("utf-8")) == {"name": "a"}
    with pytest.raises(DraftError, match="--force"):
        write(path, {"name": "b"})
    assert json.loads(path.read_text("utf-8")) == {"name": "a"}
    write(path, {"name": "b"}, force=True)
    assert json.loads(path.read_text("utf-8")) == {"name": "b"}
    assert [p.name for p in path.parent.iterdir()] == ["site.json"]  # no temporary left


def test_with_no_turn_line_the_submit_buttons_label_stands_for_our_turn() -> None:
    seen = _seen("balda", "click-type", {"submit": "Завершити хід"})
    from dataclasses import replace

    data = build(replace(seen, turns={})).data
    assert data["texts"]["turn-ours"] == ["Завершити хід"]
    assert "turn-ours" not in build(replace(seen, buttons={}, turns={})).data["texts"]
    # Erudit plays without a turn phrase: a submit that shows only once tiles lie (Xanado's)
    # would stand for a turn never seen
    erudit = _seen("erudit", "drag", {"submit": "Finished Turn"})
    assert "turn-ours" not in build(replace(erudit, turns={})).data["texts"]


def test_a_button_read_only_in_its_box_is_clicked_where_it_is() -> None:
    from dataclasses import replace

    seen = _seen("erudit", "drag", {"submit": "Играть"})
    boxed = replace(seen.buttons["submit"], cell=(15.26, 7.5))
    draft = build(replace(seen, buttons={"submit": boxed}))
    assert draft.data["submit"] == [{"do": "click-at", "cell": [15.26, 7.5]}]
    assert parse_profile(draft.data, "draft").submit[0].cell == (15.26, 7.5)
    assert any("read in its box" in x for x in draft.found)


def test_the_button_reader_finds_small_outlined_buttons() -> None:
    from calibration.profile.button_text import button_lines

    frame = Frame.from_file(SHOTS / "gamebot-erudit-page.png")
    grid = locate_erudit(frame).grid
    texts = {x.text for x in button_lines(frame, "ru", [grid.geometry.bounds])}
    assert {"Сделать ход", "Вернуть фишки", "Обмен", "Пропустить ход", "Новая игра"} <= texts


def test_keys_are_compared_by_what_they_do() -> None:
    from calibration.profile.compare import compare

    hand = {"language": "en", "title": "^Words", "styles": {"drag": [{"do": "drag-tile"}]},
            "submit": [{"do": "button", "label": ["Finished Turn"]}],
            "cancel": [{"do": "click-at", "cell": [15.2, 9.8]}, {"do": "settle"}],
            "pass": [{"do": "button", "label": ["Pass"]}],
            "texts": {"won": ["You win"], "over": ["Game Over"]}}
    draft = {"language": "en", "styles": {"drag": [{"do": "drag-tile"}]},
             "submit": [{"do": "button", "label": ["Play", "Finished Turn"]}],
             "cancel": [{"do": "click-at", "cell": [15.5, 10.1]}],
             "new-game": [{"do": "key", "keys": "F5"}],
             "texts": {"won": ["You won", "You win"], "over": ["Final score"]},
             "title": "^Words for Singles"}
    verdicts = dict(compare(draft, hand))
    assert verdicts == {"language": "right", "title": "right", "move (drag)": "right",
                        "submit": "right", "cancel": "right", "pass": "missing",
                        "new-game": "extra", "texts.won": "right", "texts.over": "wrong"}


def test_a_submit_read_only_in_its_box_does_not_stand_for_our_turn() -> None:
    """In play the page's lines are read, not its boxes: jscrab's «Играть» button is not read
    there, and «Играть на уровне 1» is, all the time."""
    from dataclasses import replace

    seen = _seen("erudit", "drag", {"submit": "Играть"})
    boxed = replace(seen.buttons["submit"], cell=(15.6, 8.1))
    assert "turn-ours" not in build(replace(seen, buttons={"submit": boxed}, turns={})).data[
        "texts"]


def test_the_draft_file_is_a_few_lines_one_key_a_line(tmp_path: Path) -> None:
    draft = build(_seen("balda", "click-type", {"submit": "Send"}))
    path = write(tmp_path / "site.json", draft.data)
    text = path.read_text("utf-8")
    assert json.loads(text) == draft.data
    assert len(text.splitlines()) <= 40


def test_a_shipped_look_that_reads_the_page_is_named_and_none_for_another_page() -> None:
    from dataclasses import replace

    from bot.web.draft_live import shipped_look

    assert shipped_look(Frame.from_file(SHOTS / "gamebot-erudit-page.png")) == "gamebot-erudit"
    # a Balda page has no Erudit board: no look reads it (and nothing raises)
    frame = Frame.from_file(SHOTS / "gamebot-balda-page.png")
    with pytest.raises(Exception):  # noqa: B017 - vision's own error: no 15x15 board
        locate_erudit(frame)
    draft = build(replace(_seen("erudit", "drag", {}), look="gamebot-erudit"))
    assert draft.data["glyphs"] == "gamebot-erudit"
    assert "glyphs" not in build(_seen("erudit", "drag", {})).data


def test_their_turn_is_guessed_only_on_a_page_that_names_ours_in_a_banner() -> None:
    """Xanado names whose turn it is in its log, for ever: a guessed «Computer's turn» there
    would be their turn all game long."""
    from dataclasses import replace

    seen = replace(_seen("erudit", "drag", {}), turns={})
    assert "turn-theirs" not in build(seen).data["texts"]


def test_a_turn_mark_beside_our_name_is_the_turn_line_of_a_page_without_one() -> None:
    """Xanado shows «➤ You» / «➤ Computer» (OCR: «> BYou»), no turn banner."""
    from dataclasses import replace

    from calibration.profile.page_words import turn_marker
    from vision.core.page_text import PageText

    lines = PageText("en").lines(Frame.from_file(SHOTS / "xanado-panel.png"))
    scores = score_labels(lines, "en")
    assert scores == ("You", "Computer")
    assert turn_marker(lines, scores) == ">"
    assert turn_marker(lines, ("Computer", "You")) == ""  # the mark is on our line only
    seen = replace(_seen("erudit", "drag", {}), turns={}, marker=">", scores=scores)
    texts = build(seen).data["texts"]
    assert texts["turn-ours"] == ["@>You"] and texts["turn-theirs"] == ["@>Computer"]
    from vision.core.page_text import phrase_in

    assert phrase_in("> BYou", "@>You") and not phrase_in("Computer 28", "@>Computer")


def test_a_turn_phrase_in_small_letters_is_a_log_entry_not_the_turn() -> None:
    """Xanado's log says «Computer's turn» in small letters for the rest of the game."""

    def sized(text: str, height: int) -> TextLine:
        return TextLine(text, Region(0, 0, 8 * len(text), height), 90.0)

    log = [sized("Game started", 10), sized("Computer's turn", 10), sized("Scores", 14),
           sized("You 0", 14), sized("Chat", 14)]
    assert find_turn_phrases(log, "en") == {}
    banner = [*log, sized("Your turn", 30)]
    assert find_turn_phrases(banner, "en")["turn-ours"].label == "Your turn"
    assert "turn-theirs" not in find_turn_phrases(banner, "en")


def test_guessed_results_are_no_word_a_page_lists_as_played():
    """A guessed result phrase of one word matches a line of the page's list of played words
    (our wood page listed the bot's TIE: the drafted profile's guess «Tie» ended the game as
    drawn at 267:358). English guesses are phrases; a single word stays only where no
    dictionary of the page's language holds it."""
    from calibration.profile.vocabulary import PHRASES
    from solvers.erudit import graph_for

    english = graph_for("english-enable")
    for kind in ("won", "lost", "drawn"):
        for phrase in PHRASES[kind]["en"]:
            words = phrase.upper().split()
            assert len(words) > 1 or words[0] not in english, (kind, phrase)
