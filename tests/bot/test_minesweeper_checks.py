"""The loop's frame checks: successive boards of real games always pass, contradictions never
do, and a frame that lacks the last move is stale (checked against the simulator)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.minesweeper.adapter import Verdict, check, is_fresh, outcome
from bot.games.minesweeper.programs.profile import FlagPolicy
from solvers.minesweeper.game import Game
from solvers.minesweeper.moves import Move, MoveKind
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.state import Board, Cell

LEVEL = Level("t", 6, 7, 8)


def random_game(seed: int, moves: int) -> list[tuple[Board, list[Move], Board, Game]]:
    """(before, moves, after, game) for each batch of random moves of one game."""
    rng = random.Random(seed)
    game = Game(LEVEL, FirstClick.SAFE, seed)
    before = game.board()
    out = []
    for _ in range(moves):
        if game.over:
            break
        covered = [p for p in before.positions() if before[p].is_covered]
        batch = []
        for _ in range(rng.randint(1, 3)):
            r, c = rng.choice(covered)
            kind = rng.choice([MoveKind.OPEN, MoveKind.OPEN, MoveKind.FLAG])
            now = game.board()[r, c]
            if now is not Cell.UNKNOWN:  # as the solver does: no move on a flag or an open cell
                continue
            move = Move(kind, r, c)
            game.apply(move)
            batch.append(move)
        after = game.board()
        out.append((before, batch, after, game))
        before = after
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_boards_of_a_real_game_always_pass(seed):
    for before, batch, after, _game in random_game(seed, 30):
        verdict, why = check(before, batch, after)
        assert verdict is Verdict.OK, why


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_a_frame_without_the_moves_is_stale(seed):
    """At every step (lost ones too), the frame before the batch, or the one showing only its
    flags, is stale, and the reason names the first move not shown."""
    checked = 0
    for before, batch, _after, _game in random_game(seed, 30):
        if not batch:
            continue
        verdict, why = check(before, batch, before)
        assert verdict is Verdict.STALE, (seed, batch, why)
        assert why == f"{batch[0].to_text()} not shown yet", (seed, why)
        opens = [m for m in batch if m.kind is MoveKind.OPEN]
        if not opens:
            continue
        flags_only = before.with_cells(
            {(m.row, m.col): Cell.FLAG for m in batch if m.kind is MoveKind.FLAG}
        )
        verdict, why = check(before, batch, flags_only)
        assert verdict is Verdict.STALE, (seed, batch, why)
        assert why == f"{opens[0].to_text()} not shown yet", (seed, why)
        checked += 1
    assert checked > 0, f"seed {seed}: no batch with an open move was checked"


def test_each_kind_of_move_not_shown_is_stale_and_ok_once_shown():
    cases = [
        ("1#\n##", Move.open(0, 1), "11\n##"),
        ("1?\n##", Move.open(0, 1), "11\n##"),  # a question mark is still unopened
        ("1#\n##", Move.flag(1, 1), "1#\n#F"),
        ("1F\n##", Move(MoveKind.UNFLAG, 0, 1), "1#\n##"),
        ("1F\n##", Move.chord(0, 0), "1F\n12"),
    ]
    for before_text, move, shown_text in cases:
        before, shown = Board.from_text(before_text), Board.from_text(shown_text)
        verdict, why = check(before, [move], before)
        assert (verdict, why) == (Verdict.STALE, f"{move.to_text()} not shown yet"), move
        assert check(before, [move], shown) == (Verdict.OK, ""), move


def test_an_open_shown_but_a_later_one_not_is_stale():
    before = Board.from_text("1##\n###")
    half = Board.from_text("11#\n###")
    moves = [Move.open(0, 1), Move.open(1, 2)]
    assert check(before, moves, half) == (Verdict.STALE, "open 1 2 not shown yet")
    assert check(before, moves, Board.from_text("11#\n##2"))[0] is Verdict.OK


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.data())
def test_an_open_cell_that_changes_is_a_misread(seed, data):
    steps = random_game(seed, 30)
    _before, batch, after, _game = steps[-1]
    opened = [i for i, v in enumerate(after.cells) if v <= Cell.EIGHT]
    if not opened:
        return
    i = data.draw(st.sampled_from(opened))
    other = data.draw(st.sampled_from([v for v in range(15) if v != after.cells[i]]))
    cells = list(after.cells)
    cells[i] = other
    verdict, why = check(after, [], Board(after.rows, after.cols, tuple(cells)))
    assert verdict is Verdict.MISREAD
    assert f"({i // after.cols}, {i % after.cols})" in why


def test_a_number_read_as_an_unknown_number_is_no_change_but_covered_again_is():
    """A close call with a look not named yet reads a known number as '_' (an opened cell of
    unknown number): less is known, nothing changed; the number may come back. An opened cell
    that reads covered again is a misread, as ever."""
    before = Board.from_text("12#\n###")
    assert check(before, [], Board.from_text("1_#\n###"))[0] is Verdict.OK
    assert check(Board.from_text("1_#\n###"), [], before)[0] is Verdict.OK
    assert check(before, [], Board.from_text("13#\n###"))[0] is Verdict.MISREAD
    assert check(Board.from_text("1_#\n###"), [], Board.from_text("1##\n###"))[
        0] is Verdict.MISREAD


def test_a_flag_that_disappears_is_a_misread_unless_unflagged():
    before = Board.from_text("F#\n##")
    after = Board.from_text("##\n##")
    assert check(before, [], after)[0] is Verdict.MISREAD
    assert check(before, [Move(MoveKind.UNFLAG, 0, 0)], after)[0] is Verdict.OK


def test_a_lost_board_may_show_wrong_flags():
    before = Board.from_text("F1\n##")
    after = Board.from_text("x1\nX*")
    assert check(before, [Move.open(1, 0)], after)[0] is Verdict.OK


def test_outcomes():
    mines = 2
    assert outcome(Board.from_text("X1\n#1"), mines, FlagPolicy.NEVER) == "lost"
    assert outcome(Board.from_text("#1\n#1"), mines, FlagPolicy.NEVER) == "won"
    assert outcome(Board.from_text("#1\n#1"), mines, FlagPolicy.AT_END) is None
    assert outcome(Board.from_text("F1\nF1"), mines, FlagPolicy.AT_END) == "won"
    assert outcome(Board.from_text("##\n#1"), mines, FlagPolicy.NEVER) is None
    assert outcome(Board.from_text("##\n#1"), mines, FlagPolicy.NEVER, face="won") == "won"


def test_fresh_boards():
    assert is_fresh(Board.unknown(3, 3), 2, auto_opens=False)
    assert not is_fresh(Board.from_text("1##\n###\n###"), 2, auto_opens=False)
    assert is_fresh(Board.from_text("1##\n###\n###"), 2, auto_opens=True)
    assert not is_fresh(Board.from_text("F##\n###\n###"), 2, auto_opens=True)
    assert not is_fresh(Board.from_text("X##\n###\n###"), 2, auto_opens=True)


def test_an_empty_cell_next_to_a_covered_one_is_a_drawing_not_finished():
    """gnome-mines lights the covered cell under the pointer until it redraws: it then reads as
    an empty cell, which would wrongly count as the click having shown."""
    before = Board.from_text("1##\n###\n###")
    lit = Board.from_text("1.#\n###\n###")
    verdict, why = check(before, [Move.open(0, 1)], lit)
    assert verdict is Verdict.STALE and "(0, 1)" in why
    assert check(None, [], lit)[0] is Verdict.STALE
    done = Board.from_text("1..\n1..\n1..")
    assert check(before, [Move.open(0, 1)], done)[0] is Verdict.OK


def test_a_first_frame_is_ok_unless_still_drawing():
    assert check(None, [], Board.from_text("1##\n###\n###")) == (Verdict.OK, "")
    assert check(None, [], Board.unknown(3, 3)) == (Verdict.OK, "")


def test_a_lost_board_passes_with_no_reason():
    before = Board.from_text("1#\n##")
    lost = Board.from_text("1X\n*#")
    assert check(before, [Move.open(0, 1)], lost) == (Verdict.OK, "")
    # ...even when the moves after the fatal one never showed
    assert check(before, [Move.open(0, 1), Move.open(1, 1)], lost) == (Verdict.OK, "")


def test_a_board_showing_mines_is_lost_while_the_mine_that_went_off_is_not_named_yet():
    """ace-minesweeper: the red mine is a look not named yet the first time (read '_', an
    opened cell of unknown number), the other mines are named: the game is over and lost,
    and the moves after the fatal one need not show (the bot once clicked on and stopped)."""
    before = Board.from_text("1##\n###")
    lost = Board.from_text("1_#\n*#*")
    assert outcome(lost, 3, FlagPolicy.NEVER) == "lost"
    assert check(before, [Move.open(0, 1), Move.open(0, 2)], lost) == (Verdict.OK, "")
    assert outcome(Board.from_text("1_#\n###"), 3, FlagPolicy.NEVER) is None
    assert check(before, [Move.open(0, 1), Move.open(0, 2)],
                 Board.from_text("1_#\n###"))[0] is Verdict.STALE


def test_an_eight_that_changes_is_a_misread():
    before = Board.from_text("###\n#8#\n###")
    verdict, why = check(before, [], Board.from_text("###\n#7#\n###"))
    assert verdict is Verdict.MISREAD and "(1, 1)" in why


def test_a_flag_shown_as_a_wrong_flag_is_a_misread_unless_the_game_is_lost():
    before = Board.from_text("F1\n##")
    verdict, why = check(before, [], Board.from_text("x1\n##"))  # not lost: no wrong flags yet
    assert verdict is Verdict.MISREAD and "flag at (0, 0)" in why
    verdict, why = check(before, [Move.open(1, 0)], Board.from_text("#1\nX*"))  # lost, flag gone
    assert verdict is Verdict.MISREAD and "flag at (0, 0)" in why
    assert check(before, [Move.open(1, 0)], Board.from_text("x1\nX*")) == (Verdict.OK, "")


def test_a_cell_opened_but_not_named_may_get_its_number_but_never_be_covered_again():
    """``_`` (opened, a look vision has not named yet) is safe: named later it shows its number,
    or stays ``_``; read as covered again (``#`` or ``?``) the frame was misread."""
    before = Board.from_text("_1\n##")
    for later in ("11\n##", "_1\n##"):
        assert check(before, [], Board.from_text(later)) == (Verdict.OK, ""), later
    for later in ("#1\n##", "?1\n##"):
        verdict, why = check(before, [], Board.from_text(later))
        assert verdict is Verdict.MISREAD, later
        assert why == f"open cell (0, 0) changed from '_' to {later[0]!r}", later
