"""The loop's frame checks: successive boards of real games always pass, contradictions never
do, and a frame that lacks the last move is stale (checked against the simulator)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.minesweeper import Verdict, check, is_fresh, outcome
from bot.targets.base import FlagPolicy
from solvers.minesweeper.game import Game, Status
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
@given(st.integers(0, 10**6), st.data())
def test_a_frame_without_the_moves_is_stale(seed, data):
    for before, batch, after, game in random_game(seed, 30):
        if game.status is Status.LOST or after == before:
            continue
        if any(m.kind is MoveKind.OPEN and before[m.row, m.col] is not Cell.FLAG for m in batch):
            verdict, _ = check(before, batch, before)
            assert verdict is Verdict.STALE
        break


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
