"""The Balda adapter's frame checks and game following, on readings made by hand (no vision):
our move must show as our letter, the opponent adds exactly one letter, letters never change,
a refused word is cancelled and never offered again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.games.balda.adapter import BaldaPlayer
from bot.games.balda.seen import BaldaSeen, Cancel
from bot.run.game import ImpossibleState, Turn, Verdict
from bot.web.rejected_words import RejectedWords
from bot.web.sites import load_profile
from solvers.balda.lexicon import Lexicon
from vision.core.geometry import GridGeometry, Point

WORDS = ["БАЛДА", "БАЛ", "ДА", "АД", "ЛАД", "ЛАДА", "БАЛЫ", "ДАР", "ЯД", "БАК"]


def grid(rows: str) -> tuple[str, ...]:
    return tuple("" if ch == "." else ch for ch in rows.replace("/", ""))


def seen(rows: str, *kinds: str, t: float = 0.0) -> BaldaSeen:
    geometry = GridGeometry.uniform(Point(100, 100), 50.0, 50.0, 5, 5)
    return BaldaSeen(grid(rows), geometry, frozenset(kinds), (), t)


@pytest.fixture()
def player(tmp_path):
    site = load_profile("gamebot-balda", "type-click")
    return BaldaPlayer(
        site, Lexicon(WORDS), bank=None, alphabet="АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
        think=0.05, rejected=RejectedWords(tmp_path / "rejected.txt"),
    )


START = "...../...../БАЛДА/...../....."


def followed(player, seen):
    """A reading the loop accepted: the adapter follows it before it is asked about it."""
    player.follow(seen)
    return seen


def test_our_move_is_stale_until_it_shows_then_the_opponent_reply_is_followed(player):
    first = seen(START, "ours", t=1.0)
    assert player.turn(followed(player, first)) is Turn.OURS
    (decision,) = player.decide(followed(player, first))
    move = decision.move
    pending = player.pending([decision], first)
    assert pending.kind == "move" and pending.move == move
    # nothing shown yet: stale
    assert player.check(pending.grid, pending, seen(START, "ours"))[0] is Verdict.STALE
    shown = list(grid(START))
    r, c = move.cell
    shown[r * 5 + c] = move.letter
    rows = "".join(ch or "." for ch in shown)
    # our letter shows but the page still says it is our turn: not confirmed yet
    assert player.check(pending.grid, pending, seen(rows, "ours"))[0] is Verdict.STALE
    confirmed = seen(rows, "theirs", t=2.5)
    assert player.check(pending.grid, pending, confirmed)[0] is Verdict.OK
    assert player.turn(followed(player, confirmed)) is Turn.THEIRS
    assert player.state.scores == (len(move.word), 0)
    assert player.move_seconds == [1.5]
    # a wrong letter where ours should be is a misread
    wrong = list(shown)
    wrong[r * 5 + c] = "Ж" if move.letter != "Ж" else "Ш"
    bad = seen("".join(ch or "." for ch in wrong), "theirs")
    assert player.check(pending.grid, pending, bad)[0] is Verdict.MISREAD


def test_an_opponent_letter_is_one_new_letter_and_its_word_is_inferred(player):
    player.turn(followed(player, seen(START, "ours")))
    waiting = player.awaiting(seen(START, "theirs"))
    assert waiting.kind == "reply"
    after = "...../....Р/БАЛДА/...../....."  # ДАР: Д(2,3) А(2,4) Р(1,4)
    reply = seen(after, "ours")
    assert player.check(waiting.grid, waiting, reply)[0] is Verdict.OK
    two_new = seen("...../..ЯР./БАЛДА/...../.....", "ours")
    assert player.check(waiting.grid, waiting, two_new)[0] is Verdict.MISREAD
    still = seen(START, "theirs")
    assert player.check(waiting.grid, waiting, still)[0] is Verdict.STALE
    player.turn(followed(player, reply))
    assert player.state.grid == grid(after)
    assert player.state.to_move == 0
    assert player.state.scores == (0, 3)
    assert player.state.used[-1] == "ДАР"
    assert player.log.moves == [(1, "Р@1,4 path 2,3-2,4-1,4 word ДАР")]


def test_an_opponent_word_our_dictionary_lacks_is_the_sites_and_logged(player):
    player.turn(followed(player, seen(START, "ours")))
    odd = seen("...../...../БАЛДА/Щ..../.....", "ours")  # no word in WORDS fits
    player.turn(followed(player, odd))
    assert player.state.grid == grid("...../...../БАЛДА/Щ..../.....")
    assert player.state.scores == (0, 0)
    assert player.log.site_words == ["Щ@3,0"]


def test_a_letter_that_changes_or_vanishes_is_a_misread(player):
    player.turn(followed(player, seen(START, "ours")))
    waiting = player.awaiting(seen(START, "theirs"))
    changed = seen("...../...../БАЛДЫ/...../.....", "ours")
    verdict, why = player.check(waiting.grid, waiting, changed)
    assert verdict is Verdict.MISREAD and "4" in why
    with pytest.raises(ImpossibleState):
        player.turn(followed(player, changed))


def test_a_refused_word_is_cancelled_remembered_and_not_offered_again(player, tmp_path):
    first = seen(START, "ours")
    player.turn(followed(player, first))
    (decision,) = player.decide(followed(player, first))
    word = decision.move.word
    shown = list(grid(START))
    r, c = decision.move.cell
    shown[r * 5 + c] = decision.move.letter
    refused = seen("".join(ch or "." for ch in shown), "ours", "rejected")
    pending = player.pending([decision], first)
    assert player.check(pending.grid, pending, refused)[0] is Verdict.OK
    assert player.turn(followed(player, refused)) is Turn.OURS
    (cancel,) = player.decide(followed(player, refused))
    assert isinstance(cancel.move, Cancel) and cancel.move.word == word
    assert (tmp_path / "rejected.txt").read_text().split() == [word]
    back = player.pending([cancel], refused)
    assert back.kind == "cancel"
    assert player.check(back.grid, back, refused)[0] is Verdict.STALE
    cleared = seen(START, "ours")
    assert player.check(back.grid, back, cleared)[0] is Verdict.OK
    (again,) = player.decide(followed(player, cleared))
    assert again.move.word != word
    # and a new player for the same site still knows the word was refused
    assert word in RejectedWords(tmp_path / "rejected.txt").words


def test_a_word_the_page_asks_about_is_added_on_the_frame_that_asks(player):
    """A page that asks «add this word anyway?» after the move (it was looked for on the
    frame before the move, where it is not, and never clicked): the question's own frame is
    answered with the site's confirm steps, and the move is the one still awaited."""
    from dataclasses import replace

    from bot.games.balda.seen import Confirm
    from vision.core.geometry import Region
    from vision.core.page_text import TextLine

    first = seen(START, "ours")
    player.turn(followed(player, first))
    (decision,) = player.decide(followed(player, first))
    move = decision.move
    pending = player.pending([decision], first)
    button = TextLine("Да, добавить", Region(400, 20, 120, 24))
    asking = replace(seen(START, "confirm"), lines=(button,))
    assert player.check(pending.grid, pending, asking)[0] is Verdict.OK
    assert player.turn(followed(player, asking)) is Turn.OURS
    (answer,) = player.decide(followed(player, asking))
    assert isinstance(answer.move, Confirm) and answer.move.word == move.word
    (click,) = player.gestures([answer], asking)
    assert click.to_text() == f"click left {button.region.center.x} {button.region.center.y}"
    still = player.pending([answer], asking)
    assert still.kind == "move" and still.move == move
    shown = list(grid(START))
    shown[move.cell[0] * 5 + move.cell[1]] = move.letter
    taken = seen("".join(ch or "." for ch in shown), "theirs")
    assert player.check(still.grid, still, taken)[0] is Verdict.OK
    player.follow(taken)
    assert move.word in player.state.used_words
    assert player.game_details(taken)["confirmed_words"] == [move.word]


def test_a_question_the_profile_cannot_answer_is_said_so(player):
    from dataclasses import replace as dc_replace

    first = seen(START, "ours")
    player.turn(followed(player, first))
    (decision,) = player.decide(followed(player, first))
    player.pending([decision], first)
    player.site = dc_replace(player.site, confirm=())
    with pytest.raises(ImpossibleState, match="no 'confirm' steps"):
        player.decide(followed(player, seen(START, "confirm")))


def test_the_page_banner_decides_the_outcome(player):
    over = seen(START, "won")
    assert player.outcome(followed(player, over)) == "won"
    assert player.turn(followed(player, over)) is Turn.OVER
    assert player.outcome(followed(player, seen(START, "ours"))) is None


FULL = "БАЛДА/ЛАДАБ/БАЛДА/ДАЛАБ/АЛДАБ"


@pytest.mark.parametrize(("scores", "outcome"), [((10, 7), "won"), ((6, 9), "lost"),
                                                  ((8, 8), "drawn")])
def test_a_full_grid_ends_the_game_whatever_the_turn_line_says(player, scores, outcome):
    """A page that never says the game is over (its turn line names the next player still):
    a full grid is over by the rules, won, lost or drawn by the page's scores."""
    from dataclasses import replace

    full = replace(seen(FULL, "ours"), scores=scores)
    assert player.outcome(followed(player, full)) == outcome
    one_short = replace(seen(FULL[:-1] + ".", "ours"), scores=scores)
    player.reset()
    assert player.outcome(followed(player, one_short)) is None


def test_a_frame_without_any_site_phrase_is_stale(player):
    verdict, why = player.check(None, [], seen(START))
    assert verdict is Verdict.STALE and "phrases" in why


def test_is_fresh_wants_the_start_word_and_at_most_one_more_letter(player):
    assert player.is_fresh(seen(START, "ours"))
    assert player.is_fresh(seen("...../..Р../БАЛДА/...../.....", "ours"))
    assert not player.is_fresh(seen("...../.ЯР../БАЛДА/...../.....", "ours"))
    assert not player.is_fresh(seen(START, "won"))
    assert not player.is_fresh(seen("...../...../БА.ДА/...../.....", "ours"))


def test_a_reply_scored_on_the_page_but_not_drawn_yet_is_no_pass(player):
    player.turn(followed(player, seen(START, "ours")))
    waiting = player.awaiting(seen(START, "theirs"))
    scored = BaldaSeen(grid(START), seen(START).geometry, frozenset({"ours"}), (), 0.0, (0, 3))
    assert player.check(waiting.grid, waiting, scored)[0] is Verdict.STALE
    unscored = BaldaSeen(grid(START), seen(START).geometry, frozenset({"ours"}), (), 0.0, (0, 0))
    assert player.check(waiting.grid, waiting, unscored)[0] is Verdict.OK  # a real pass


def test_an_input_the_page_never_took_is_cancelled_and_entered_again(player, monkeypatch):
    import bot.games.balda.adapter as balda_mod

    first = seen(START, "ours")
    player.turn(followed(player, first))
    (decision,) = player.decide(followed(player, first))
    pending = player.pending([decision], first)
    later = pending.sent + player.site.redraw_timeout + 1
    monkeypatch.setattr(balda_mod.time, "monotonic", lambda: later)
    verdict, _ = player.check(pending.grid, pending, seen(START, "ours"))
    assert verdict is Verdict.OK  # not a misread: nothing was played, so it may be redone
    (cancel,) = player.decide(followed(player, seen(START, "ours")))
    assert isinstance(cancel.move, Cancel) and "did not go through" in cancel.reason
    assert player.rejected.words == set(), "a lost input is no word the site refused"
    player.check(pending.grid, player.pending([cancel], first), seen(START, "ours"))
    (again,) = player.decide(followed(player, seen(START, "ours")))
    assert again.move == decision.move


def test_a_grid_faded_under_the_game_over_banner_ends_the_game_on_the_page_scores(
    player, monkeypatch
):
    """vladhuk's page fades its grid under "Winner": the grid cannot be read, the game is over
    all the same, with the page's scores, and the bot waits for nothing more."""
    import numpy as np

    import vision.balda.reader
    from bot.web.steps import Line
    from vision.core.errors import ReadError
    from vision.core.frame import Frame
    from vision.core.geometry import Region

    def faded(*args, **kwargs):
        raise ReadError("row 1 col 1: a faint mark", cells=[(0, 0)])

    class Location:
        geometry = seen(START).geometry
        cols = 5

    banner = [Line("Winner", Region(10, 10, 80, 20)), Line("You 47", Region(10, 40, 80, 20)),
              Line("Bot 42", Region(300, 40, 80, 20))]
    monkeypatch.setattr(vision.balda.reader, "read_balda", faded)
    monkeypatch.setattr(player, "_lines", lambda frame, grid: banner[1:])  # the grid left out
    monkeypatch.setattr(player, "_all_lines", lambda frame: banner)
    monkeypatch.setattr(player, "_name_by_logic", lambda *a, **k: False)
    import dataclasses

    player.site = dataclasses.replace(player.site, score_labels=("You", "Bot"), over=("Winner",))
    player.turn(followed(player, seen(START, "ours")))
    waiting = player.awaiting(seen(START, "theirs"))
    frame = Frame.from_pixels(np.zeros((300, 400, 3), np.uint8))
    shown = player.read(frame, Location())
    assert player.check(waiting.grid, waiting, shown)[0] is Verdict.OK
    assert player.turn(followed(player, shown)) is Turn.OVER
    assert player.outcome(followed(player, shown)) == "won"
    assert player.final_scores(shown) == (47, 42)
    # without the banner the faded grid stays unreadable: nothing is guessed
    monkeypatch.setattr(player, "_all_lines", lambda frame: banner[1:])
    with pytest.raises(ReadError):
        player.read(frame, Location())


def test_a_letter_picked_but_never_sent_is_no_move_and_is_taken_back(player, monkeypatch):
    """Our letter shows in its cell but the turn never passed (the drag along the word was
    lost): after the redraw time the move is redone, and the letter is not followed as
    played (it was, and the cancel that cleared it read as a letter vanishing: a misread)."""
    import bot.games.balda.adapter as balda_mod

    first = seen(START, "ours")
    player.turn(followed(player, first))
    (decision,) = player.decide(followed(player, first))
    pending = player.pending([decision], first)
    r, c = decision.move.cell
    rows = [list(row) for row in START.split("/")]
    rows[r][c] = decision.move.letter
    picked = seen("/".join("".join(row) for row in rows), "ours")
    assert player.check(pending.grid, pending, picked)[0] is Verdict.STALE  # not sent yet
    later = pending.sent + player.site.redraw_timeout + 1
    monkeypatch.setattr(balda_mod.time, "monotonic", lambda: later)
    assert player.check(pending.grid, pending, picked)[0] is Verdict.OK
    player.follow(picked)
    assert player.state.grid == grid(START), "a letter never sent is no move"
    (cancel,) = player.decide(picked)
    assert isinstance(cancel.move, Cancel)
    cleared = player.pending([cancel], picked)
    assert player.check(cleared.grid, cleared, seen(START, "ours"))[0] is Verdict.OK


def test_a_word_the_page_counted_is_waited_for_though_it_still_says_our_turn(player, monkeypatch):
    """The English vladhuk page under load counted our CROSS (our score grew) but kept «End
    the turn» for seconds while its bot thought: the move is waited for, never redone (the
    bot took it for an input lost, pressed Escape, then stopped: 'the refused word is still
    on the page'). A letter shown with the score unchanged is still redone."""
    import dataclasses

    import bot.games.balda.adapter as balda_mod

    first = dataclasses.replace(seen(START, "ours"), scores=(0, 0))
    player.turn(followed(player, first))
    (decision,) = player.decide(followed(player, first))
    pending = player.pending([decision], first)
    r, c = decision.move.cell
    rows = [list(row) for row in START.split("/")]
    rows[r][c] = decision.move.letter
    shown = "/".join("".join(row) for row in rows)
    later = pending.sent + player.site.redraw_timeout + 1
    monkeypatch.setattr(balda_mod.time, "monotonic", lambda: later)
    unchanged = dataclasses.replace(seen(shown, "ours"), scores=(0, 0))
    assert player.check(pending.grid, pending, unchanged) == (Verdict.OK, "")
    assert player._redo, "a letter shown, nothing counted, after the redraw time: redone"
    player._redo = False
    counted = dataclasses.replace(seen(shown, "ours"), scores=(len(decision.move.word), 0))
    assert player.check(pending.grid, pending, counted)[0] is Verdict.STALE  # waited for
    assert not player._redo
    passed = dataclasses.replace(seen(shown, "theirs"), scores=(len(decision.move.word), 0))
    assert player.check(pending.grid, pending, passed) == (Verdict.OK, "")
    player.follow(passed)
    assert player.state.grid != grid(START), "the word counted is followed as played"


def test_playing_both_sides_a_move_is_taken_when_the_page_names_the_other_player(player):
    """Hot-seat (--sides both): the letter shows at once; the move is taken when the turn line
    names the other player (or the mover's score grows), not before."""
    player.both_sides = True
    first = seen(START, "ours")
    player.turn(followed(player, first))
    (decision,) = player.decide(followed(player, first))
    pending = player.pending([decision], first)
    r, c = decision.move.cell
    rows = [list(row) for row in START.split("/")]
    rows[r][c] = decision.move.letter
    shown = "/".join("".join(row) for row in rows)
    assert player.check(pending.grid, pending, seen(shown, "ours"))[0] is Verdict.STALE
    assert player.check(pending.grid, pending, seen(shown, "theirs"))[0] is Verdict.OK


def test_a_word_the_page_never_takes_is_left_for_another_after_two_tries(player, monkeypatch):
    """A refusal the page's words did not say (or said in a font OCR cannot read): the letter
    stays picked, the turn never passes. Entered three times, the word is left for this game
    and another is played (the bot re-sent it until the session timed out)."""
    import bot.games.balda.adapter as balda_mod

    clock = [100.0]
    monkeypatch.setattr(balda_mod.time, "monotonic", lambda: clock[0])
    start = seen(START, "ours")
    player.turn(followed(player, start))
    words = []
    for _ in range(4):
        (decision,) = player.decide(followed(player, start))
        words.append(decision.move.word)
        pending = player.pending([decision], start)
        r, c = decision.move.cell
        rows = [list(row) for row in START.split("/")]
        rows[r][c] = decision.move.letter
        picked = seen("/".join("".join(row) for row in rows), "ours")
        clock[0] += player.site.redraw_timeout + 1
        assert player.check(pending.grid, pending, picked)[0] is Verdict.OK
        player.follow(picked)
        (cancel,) = player.decide(picked)
        assert isinstance(cancel.move, Cancel)
        player.check(pending.grid, player.pending([cancel], picked), start)
        player.follow(start)
    assert words[0] == words[1] == words[2] and words[3] != words[0]
    assert player.rejected.words == set(), "not a refusal the page said: not kept for good"


def refused_seen(rows: str, message: str, kind: str | None = None) -> BaldaSeen:
    from bot.web.steps import Line
    from vision.core.geometry import Region

    base = seen(rows, "ours")
    kind = kind or ("used" if "уже было" in message else "rejected")
    kinds = {"ours", kind}
    return BaldaSeen(base.grid, base.geometry, frozenset(kinds),
                     (Line(message, Region(500, 420, 300, 20)),), 0.0)


def test_a_word_played_before_is_used_for_this_game_not_refused_for_good(player):
    """«Слово «ВИСЕНИЕ» уже было»: the opponent played it and we named its move another word.
    The word is marked played in this game; the site's dictionary has it (not rejected.txt)."""
    start = seen(START, "ours")
    player.turn(followed(player, start))
    (decision,) = player.decide(followed(player, start))
    word = decision.move.word
    (cancel,) = player.decide(refused_seen(START, f"Слово «{word}» уже было"))
    assert isinstance(cancel.move, Cancel)
    assert word in player.state.used_words and player.rejected.words == set()


def test_a_refusal_naming_another_word_is_a_garbled_input_entered_again(player):
    """«Слова «ДИЕР» нет в словаре» when we sent ДИЕРЕЗ: the drag lost two cells. The page
    refused what it got, not our word: it is entered again, and never kept as refused."""
    start = seen(START, "ours")
    player.turn(followed(player, start))
    (decision,) = player.decide(followed(player, start))
    (cancel,) = player.decide(refused_seen(START, "Слова «ЖЖЖ» нет в словаре"))
    assert isinstance(cancel.move, Cancel) and player.rejected.words == set()
    player.check(START, player.pending([cancel], start), start)
    player.follow(start)
    (again,) = player.decide(followed(player, start))
    assert again.move == decision.move
    (cancel,) = player.decide(refused_seen(START, f"Слова «{decision.move.word}» нет в словаре"))
    assert player.rejected.words == {decision.move.word}


def test_a_refusal_of_the_input_not_the_word_is_entered_again_never_kept(player):
    """vladhuk's «The word must contain one entered letter»: the path we drew left out our
    letter (a click lost under load), so the word was never judged. A `garbled` phrase enters
    the move again; before, FORK and FORCE, both the page's words, went to rejected.txt."""
    start = seen(START, "ours")
    player.turn(followed(player, start))
    (decision,) = player.decide(followed(player, start))
    told = refused_seen(START, "The word must contain one entered letter", "garbled")
    (cancel,) = player.decide(told)
    assert isinstance(cancel.move, Cancel) and player.rejected.words == set()
    assert player.log.rejected == [] and player.log.retried == [decision.move.word]
    player.check(START, player.pending([cancel], start), start)
    player.follow(start)
    (again,) = player.decide(followed(player, start))
    assert again.move == decision.move


def test_garbled_is_a_text_kind_of_a_profile():
    from bot.web.sites import parse_profile

    data = json.loads((Path(__file__).resolve().parents[2] / "calibration" / "sites"
                       / "vladhuk-balda-en.json").read_text("utf-8"))
    site = parse_profile(data, "vladhuk-balda-en.json")
    assert site.phrases["garbled"] == ("must contain one entered",)
    assert "must contain one entered" not in site.rejected


def test_the_opponents_word_is_the_one_the_page_lists():
    """The computer's Д makes ЛАД and ДАЛ: the page lists ДАЛ; followed as ДАЛ, so ours is
    never refused as played before."""
    from bot.games.balda.track import opponent_move
    from solvers.balda.state import BaldaState

    state = BaldaState.new("БАЛДА")
    lexicon = Lexicon(["БАЛДА", "ЛАД", "ДАЛ"])
    cell = state.index((1, 1))  # above А: Д-А-Л (ДАЛ) or Л-А-Д (ЛАД)
    _, move = opponent_move(state, lexicon, cell, "Д", 3, frozenset({"ДАЛ"}))
    assert move is not None and move.word == "ДАЛ"
    _, move = opponent_move(state, lexicon, cell, "Д", 3, frozenset({"ЛАД"}))
    assert move is not None and move.word == "ЛАД"


def test_our_letter_read_as_another_in_a_lit_look_is_waited_out_and_a_refusal_cancels_it(player):
    """The page draws our word's first letter in its picked look (teal on the English vladhuk
    page); a bank that never saw that look may read it as another letter. That is waited out
    while the cell is lit, and once the page refuses the word the word is cancelled whatever
    the letter reads as (CI: "our 'R' at (0, 3) shows as 'T'", 5 frames, a stop). Read so
    in the plain look, it is a misread."""
    first = seen(START, "ours")
    player.turn(followed(player, first))
    (decision,) = player.decide(followed(player, first))
    pending = player.pending([decision], first)
    r, c = decision.move.cell
    wrong = list(grid(START))
    wrong[r * 5 + c] = "Ж" if decision.move.letter != "Ж" else "Ш"
    rows = "".join(ch or "." for ch in wrong)
    lit = [False] * 25
    lit[r * 5 + c] = True
    geometry = GridGeometry.uniform(Point(100, 100), 50.0, 50.0, 5, 5)
    picked = BaldaSeen(grid(rows), geometry, frozenset({"ours"}), (), 0.0, marked=tuple(lit))
    verdict, why = player.check(pending.grid, pending, picked)
    assert verdict is Verdict.STALE and "highlighted" in why
    refused = BaldaSeen(grid(rows), geometry, frozenset({"ours", "rejected"}), (), 0.0,
                        marked=tuple(lit))
    assert player.check(pending.grid, pending, refused)[0] is Verdict.OK
    (cancel,) = player.decide(followed(player, refused))
    assert isinstance(cancel.move, Cancel)
    assert player.state.grid == grid(START)  # the misread letter was never followed
    plain = seen(rows, "ours")
    assert player.check(pending.grid, pending, plain)[0] is Verdict.MISREAD


def test_a_grid_filled_by_a_letter_the_page_still_asks_about_is_no_end(player):
    """The last cell filled by a word the page does not know: it asks «add it?» (or refuses
    it). The game is not over until the word is taken (the bot ended it at 49:44 while the
    page asked about a 9-point word of the other side's)."""
    full = "АБВГД/ЕЖЗИЙ/БАЛДА/КЛМНО/ПРСТУ"
    assert player.outcome(seen(full, "ours")) is not None
    assert player.outcome(seen(full, "confirm")) is None
    assert player.outcome(seen(full, "rejected")) is None
    assert player.outcome(seen(full, "won")) == "won"  # the page's own word still ends it


def test_a_game_over_by_the_rules_says_so_in_its_log(player):
    """games.jsonl's ``ended_by`` (as Erudit's): a full grid on a page that never says the game
    is over; nothing when the page said it."""
    full = "АБВГД/ЕЖЗИЙ/БАЛДА/КЛМНО/ПРСТУ"
    player.follow(seen(START, "ours"))
    assert player.game_details(seen(full, "ours"))["ended_by"] == "the rules: the grid is full"
    assert "ended_by" not in player.game_details(seen(full, "won"))


def test_a_button_after_a_click_in_the_cancel_steps_is_looked_for_after_the_click(tmp_path):
    """A page whose «Cancel» opens a pop-up («Sure?» «Yes»): its «Yes» is found on a frame
    grabbed after the click, not on the frame read before it (issue 23 item 3)."""
    from dataclasses import replace

    from bot.run.act import Find
    from bot.web.sites import Step
    from solvers.decision import Decision

    site = replace(load_profile("gamebot-balda"),
                   cancel=(Step("click-at", cell=(6.0, 2.0)), Step("button", label=("Yes",))))
    p = BaldaPlayer(site, Lexicon(WORDS), bank=None, alphabet="АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
                    think=0.05, rejected=RejectedWords(tmp_path / "rejected.txt"))
    read = []
    p._all_lines = read.append
    click, find = p.gestures([Decision(Cancel("БАЛ"), "cancel", "refused")], seen(START))
    assert click.point == Point(125 + 2 * 50, 125 + 6 * 50) and isinstance(find, Find)
    assert read == [] and "Yes" in find.what
