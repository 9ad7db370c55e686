"""Balda states and moves: text forms round-trip, bad text is reported with its place."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solvers.balda import BaldaMove, BaldaMoveError, BaldaRules, BaldaState, BaldaStateError
from solvers.words import RUSSIAN_ALPHABET

START = """to-move: 1
scores: 0 0
passes: 0
adjacency: orthogonal
min-length: 2
pass-limit: 2
used: БАЛДА
.....
.....
БАЛДА
.....
.....
"""


def test_new_game_text():
    state = BaldaState.new("балда")
    assert state.to_text() == START
    assert BaldaState.from_text(START) == state
    assert state.letter((2, 0)) == "Б" and state.letter((0, 0)) is None
    assert state.empty_count == 20 and not state.is_over


def test_lenient_input_becomes_canonical():
    text = "used: ёлка\n\n.....\n.....\nёлкаа\n.....\n.....\n"
    state = BaldaState.from_text(text)
    assert state.used == ("ЕЛКА",)
    assert state.to_text().splitlines()[-3] == "ЕЛКАА"
    assert state.rules == BaldaRules()


letters = st.sampled_from(RUSSIAN_ALPHABET)


@st.composite
def states(draw):
    size = draw(st.integers(3, 9))
    cells = draw(
        st.lists(st.one_of(st.just(""), letters), min_size=size * size, max_size=size * size)
    )
    rules = BaldaRules(
        size=size,
        diagonal=draw(st.booleans()),
        min_length=draw(st.integers(2, 5)),
        pass_limit=draw(st.integers(1, 6)),
    )
    used = draw(st.lists(st.text(RUSSIAN_ALPHABET, min_size=1, max_size=9), max_size=6))
    return BaldaState(
        rules=rules,
        grid=tuple(cells),
        to_move=draw(st.integers(0, 1)),
        scores=(draw(st.integers(0, 300)), draw(st.integers(0, 300))),
        used=tuple(used),
        passes=draw(st.integers(0, 5)),
    )


@given(states())
def test_state_text_round_trips(state):
    text = state.to_text()
    again = BaldaState.from_text(text)
    assert again == state
    assert again.to_text() == text


@given(
    st.integers(0, 8),
    st.integers(0, 8),
    letters,
    st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), min_size=1, max_size=8),
    st.data(),
)
def test_move_text_round_trips(row, col, letter, others, data):
    index = data.draw(st.integers(0, len(others)))
    path = tuple(c for c in others if c != (row, col))
    path = path[:index] + ((row, col),) + path[index:]
    word = "".join(data.draw(letters) for _ in path)
    word = word[: path.index((row, col))] + letter + word[path.index((row, col)) + 1 :]
    move = BaldaMove((row, col), letter, path, word)
    assert BaldaMove.from_text(move.to_text()) == move


def test_move_text_example_and_pass():
    move = BaldaMove.from_text("ж@2,1 path 2,1-2,2-2,3 word жук")
    assert move.cell == (2, 1) and move.path == ((2, 1), (2, 2), (2, 3)) and move.score == 3
    assert move.to_text() == "Ж@2,1 path 2,1-2,2-2,3 word ЖУК"
    assert BaldaMove.from_text("pass").is_pass
    assert BaldaMove.passing().to_text() == "pass"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("Ж 2,3 ЖУК", "cannot read move"),
        ("Ж@2,1 path 2,1-2,2 word ЖУК", "path has 2 cells"),
        ("Ж@2,0 path 2,1-2,2-2,3 word ЖУК", "exactly once"),
        ("Ж@2,2 path 2,1-2,2-2,3 word ЖУК", "no Ж at the new cell"),
        # ARCHITECTURE.md's sample puts Ж on the cell that reads К; it is rejected.
        ("Ж@2,3 path 2,1-2,2-2,3 word ЖУК", "no Ж at the new cell"),
    ],
)
def test_bad_move_text(text, problem):
    with pytest.raises(BaldaMoveError, match=problem):
        BaldaMove.from_text(text)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("to-move: 3\n" + "...\n" * 3, "line 1: to-move must be 1 or 2"),
        ("colour: red\n" + "...\n" * 3, "line 1: unknown header 'colour'"),
        ("scores: 1\n" + "...\n" * 3, "line 1: scores needs two numbers"),
        ("scores: 1 x\n" + "...\n" * 3, "line 1: score must be a whole number"),
        ("min-length: 1\n" + "...\n" * 3, "line 1: min-length must be at least 2"),
        ("adjacency: knight\n" + "...\n" * 3, "line 1: adjacency must be"),
        ("passes: 0\npasses: 1\n" + "...\n" * 3, "line 2: header 'passes' given twice"),
        ("...\n..\n...\n", "line 2: row '..' has 2 cells"),
        ("...\n.1.\n...\n", "line 2, column 2: '1'"),
        ("..\n..\n", "sizes 3..9"),
        ("used: БАЛДА\n", "no grid rows"),
    ],
)
def test_bad_state_text(text, problem):
    with pytest.raises(BaldaStateError, match=problem):
        BaldaState.from_text(text)


def test_errors_are_value_errors():
    assert issubclass(BaldaStateError, ValueError) and issubclass(BaldaMoveError, ValueError)
