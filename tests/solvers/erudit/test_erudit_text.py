"""Text forms: positions and moves round-trip, and bad text names the problem."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.erudit.board import Board
from solvers.erudit.moves import (
    Exchange,
    MoveTextError,
    MultiPlacement,
    Pass,
    Placement,
    move_from_text,
)
from solvers.erudit.position import Position, PositionTextError
from solvers.erudit.rules import load_rules

RULES = [load_rules(n) for n in ("erudit", "scrabble-ru", "scrabble-en")]


@st.composite
def positions(draw):
    rules = draw(st.sampled_from(RULES))
    bag = list(rules.full_bag())
    order = draw(st.permutations(bag))
    n_board = draw(st.integers(0, 40))
    squares = draw(st.lists(st.integers(0, 224), min_size=n_board, max_size=n_board, unique=True))
    cells = ["."] * 225
    taken = list(order)
    for s in squares:
        ch = taken.pop()
        cells[s] = draw(st.sampled_from(rules.alphabet)).lower() if ch == "*" else ch
    racks = []
    for _ in range(2):
        if draw(st.booleans()):
            racks.append(None)
        else:
            k = draw(st.integers(0, 7))
            racks.append("".join(taken.pop() for _ in range(k)))
    bag_text = None if draw(st.booleans()) else "".join(taken[: draw(st.integers(0, 20))])
    scores = (draw(st.integers(-50, 900)), draw(st.integers(-50, 900)))
    return Position(
        rules, Board(tuple(cells)), (racks[0], racks[1]), scores, draw(st.integers(0, 1)), bag_text
    )


@settings(max_examples=60, deadline=None)
@given(positions())
def test_position_text_round_trips(position):
    text = position.to_text()
    again = Position.from_text(text)
    assert again.to_text() == text
    assert again.board == position.board
    assert again.scores == position.scores


@given(
    st.integers(0, 14),
    st.integers(0, 14),
    st.booleans(),
    st.text(alphabet="ABCXYZabcЖЭэ", min_size=1, max_size=15),
)
def test_placement_text_round_trips(row, col, across, word):
    end = (col if across else row) + len(word)
    if end > 15:
        with pytest.raises(MoveTextError):
            Placement(row, col, across, word)
        return
    move = Placement(row, col, across, word)
    assert move_from_text(move.to_text()) == move


def test_move_text_examples():
    assert move_from_text("H8 ЭРУДИТ across") == Placement(7, 7, True, "ЭРУДИТ")
    assert move_from_text("a1 cat down").to_text() == "A1 cat down"
    assert move_from_text("pass") == Pass()
    assert move_from_text("exchange АБ*") == Exchange("АБ*")
    multi = move_from_text("H8 КОТ across + I7 ОКО down")
    assert isinstance(multi, MultiPlacement) and len(multi.parts) == 2
    assert move_from_text(multi.to_text()) == multi


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("H8 CAT sideways", "expected"),
        ("P8 CAT across", "column A-O"),
        ("H16 CAT across", "column A-O"),
        ("M8 CATSUP across", "off the board"),
        ("H8 C4T across", "letters only"),
        ("exchange", "exchange"),
    ],
)
def test_bad_moves_say_why(text, message):
    with pytest.raises(MoveTextError, match=message):
        move_from_text(text)


def test_position_errors_name_the_problem():
    good = Position(RULES[0], Board.empty(), ("АБВ", None)).to_text()
    assert "player1: АБВ 0" in good and "player2: ? 0" in good and "bag: ?" in good
    rows = good.splitlines()
    bad_row = "\n".join(rows[:7] + ["..Q............"] + rows[8:])
    with pytest.raises(PositionTextError, match="row 3, column C"):
        Position.from_text(bad_row)
    with pytest.raises(PositionTextError, match="unknown header"):
        Position.from_text("colour: red\n" + good)
    with pytest.raises(PositionTextError, match="14 rows"):
        Position.from_text("\n".join(rows[:-1]))
    too_many = good.replace("player1: АБВ 0", "player1: ФФ 0")
    with pytest.raises(PositionTextError, match="set has 1"):
        Position.from_text(too_many)


def test_unseen_tiles_are_the_set_less_board_and_rack():
    rules = RULES[2]
    board = Board.empty().place([(112, "C"), (113, "a"), (114, "T")])
    pos = Position(rules, board, ("QZ*", None))
    unseen = pos.unseen()
    assert len(unseen) == 100 - 3 - 3
    assert unseen.count("*") == 0 and "Q" not in unseen and unseen.count("C") == 1
