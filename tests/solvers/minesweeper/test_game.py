"""The simulator keeps each first-click rule, floods zeros, chords, and ends games right."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.minesweeper import LEVELS, Cell, FirstClick, Level, Move
from solvers.minesweeper.game import Game, Status
from solvers.minesweeper.moves import MoveKind


@given(st.integers(0, 10_000), st.integers(0, 15), st.integers(0, 29))
@settings(max_examples=200)
def test_safe_first_click_never_loses(seed, r, c):
    game = Game(LEVELS["expert"], FirstClick.SAFE, seed=seed)
    game.apply(Move.open(r, c))
    assert game.status is not Status.LOST
    assert len(game.mines()) == 99


@given(st.integers(0, 10_000), st.integers(0, 15), st.integers(0, 29))
@settings(max_examples=200)
def test_opening_first_click_opens_a_zero(seed, r, c):
    game = Game(LEVELS["expert"], FirstClick.OPENING, seed=seed)
    game.apply(Move.open(r, c))
    assert game.board()[r, c] is Cell.ZERO


def reading_order_first_free(mines, rows, cols, clicked):
    """The top-left-most cell, row by row, that holds no mine and is not the clicked one."""
    for r in range(rows):
        for c in range(cols):
            if (r, c) not in mines and (r, c) != clicked:
                return r, c
    raise AssertionError("no free cell")


@pytest.mark.parametrize("click", [(4, 4), (0, 0), (8, 8), (0, 1)])
def test_xp_rule_moves_the_mine_to_the_first_free_cell(click):
    """XP draws the layout as with no rule (the same seed gives NONE's layout); a mine under the
    first click then moves to the first free cell in reading order, and nothing else changes."""
    level = LEVELS["beginner"]
    moved = kept = 0
    for seed in range(600):
        plain = Game(level, FirstClick.NONE, seed=seed)
        plain.apply(Move.open(*click))
        drawn = plain.mines()
        game = Game(level, FirstClick.XP, seed=seed)
        game.apply(Move.open(*click))
        assert game.status is not Status.LOST, seed
        assert len(game.mines()) == 10, seed
        if click in drawn:
            target = reading_order_first_free(drawn, level.rows, level.cols, click)
            assert game.mines() == (drawn - {click}) | {target}, f"seed {seed}"
            moved += 1
        else:
            assert game.mines() == drawn, f"seed {seed}"
            kept += 1
    assert moved >= 30 and kept >= 30  # both branches ran many times (10 in 81 hit a mine)


def test_xp_rule_on_a_crowded_board_skips_mines_and_the_click():
    # 7 mines on 3x3: the first free cells in reading order are often far from the corner.
    level = Level("custom", 3, 3, 7)
    seen_targets = set()
    for seed in range(300):
        plain = Game(level, FirstClick.NONE, seed=seed)
        plain.apply(Move.open(0, 0))
        drawn = plain.mines()
        if (0, 0) not in drawn:
            continue
        game = Game(level, FirstClick.XP, seed=seed)
        game.apply(Move.open(0, 0))
        target = reading_order_first_free(drawn, 3, 3, (0, 0))
        assert game.mines() == (drawn - {(0, 0)}) | {target}, f"seed {seed}"
        assert game.board()[0, 0] is not Cell.EXPLODED
        seen_targets.add(target)
    assert len(seen_targets) >= 3


def test_numbers_match_the_layout_and_flood_fill_stops_at_numbers():
    mines = frozenset({(0, 0), (2, 2)})
    game = Game(Level("custom", 4, 4, 2), mines=mines)
    game.apply(Move.open(0, 3))
    assert game.board().to_text() == "#1..\n#211\n####\n####"


def test_chord_opens_around_a_satisfied_number_and_win_is_detected():
    game = Game(Level("custom", 2, 3, 1), mines=frozenset({(0, 0)}))
    game.apply(Move.open(1, 1))
    assert game.board().to_text() == "###\n#1#"
    game.apply(Move.flag(0, 0))
    game.apply(Move.chord(1, 1))
    assert game.board().to_text() == "F1.\n11."
    assert game.status is Status.WON


def test_chord_returns_every_cell_it_opened_away_from_the_first_column():
    # 3x4, mine at (0, 2): chording the 1 at (1, 2) with that flag opens the covered cells
    # around it, and the flood from the zeros they reveal; the return lists every one.
    game = Game(Level("custom", 3, 4, 1), mines=frozenset({(0, 2)}))
    assert game.apply(Move.open(1, 2)) == [(1, 2)]
    game.apply(Move.flag(0, 2))
    opened = game.apply(Move.chord(1, 2))
    assert game.board().to_text() == ".1F1\n.111\n...."
    assert sorted(opened) == sorted(
        (r, c) for r in range(3) for c in range(4) if (r, c) not in {(0, 2), (1, 2)}
    )
    assert game.status is Status.WON


def test_chord_counts_the_flags_around_its_own_cell():
    # A flag two columns away must not count: the 1 at (1, 3) has no flag next to it.
    game = Game(Level("custom", 3, 5, 2), mines=frozenset({(0, 0), (0, 4)}))
    game.apply(Move.open(2, 2))
    game.apply(Move.flag(0, 0))
    before = game.board()
    assert game.apply(Move.chord(1, 3)) == []
    assert game.board() == before


def test_a_chord_on_an_empty_cell_does_nothing_even_next_to_a_covered_cell():
    # A flag kept the flood from (0, 2); once unflagged, the empty (0, 3) has a covered
    # neighbour and no flag, but a chord acts only on numbers 1-8: nothing opens.
    game = Game(Level("custom", 1, 4, 1), mines=frozenset({(0, 0)}))
    game.apply(Move.flag(0, 2))
    game.apply(Move.open(0, 3))
    game.apply(Move(MoveKind.UNFLAG, 0, 2))
    assert game.board().to_text() == "###."
    assert game.apply(Move.chord(0, 3)) == []
    assert game.board().to_text() == "###." and game.status is Status.PLAYING


def test_a_chord_on_a_wrong_flag_loses_and_says_what_it_opened():
    game = Game(Level("custom", 2, 3, 1), mines=frozenset({(0, 0)}))
    game.apply(Move.open(1, 1))
    game.apply(Move.flag(0, 1))  # wrong: the mine is at (0, 0)
    opened = game.apply(Move.chord(1, 1))
    assert game.status is Status.LOST
    assert opened == [(0, 0)]
    assert game.board()[0, 0] is Cell.EXPLODED and game.board()[0, 1] is Cell.WRONG_FLAG


def test_loss_shows_mines_and_wrong_flags():
    game = Game(Level("custom", 2, 2, 1), mines=frozenset({(0, 0)}))
    game.apply(Move.open(1, 1))
    game.apply(Move.flag(0, 1))
    game.apply(Move.open(0, 0))
    assert game.status is Status.LOST
    assert game.board().to_text() == "Xx\n#1"


def test_move_outside_the_board_is_an_error():
    game = Game(LEVELS["beginner"])
    for r, c in [(9, 0), (0, 9), (-1, 0), (0, -1)]:
        with pytest.raises(ValueError, match=rf"'open {r} {c}' is outside the 9x9 board"):
            game.apply(Move.open(r, c))
    assert game.status is Status.READY and game.moves_made == 0


def test_given_mines_must_match_the_level_and_start_the_game():
    with pytest.raises(ValueError, match="^3 mines given for a level with 2$"):
        Game(Level("custom", 3, 3, 2), mines=frozenset({(0, 0), (1, 1), (2, 2)}))
    game = Game(Level("custom", 3, 3, 2), mines=frozenset({(0, 0), (2, 2)}))
    assert game.status is Status.PLAYING and game.mines() == {(0, 0), (2, 2)}


def test_moves_are_counted_until_the_game_is_over():
    game = Game(Level("custom", 2, 3, 1), mines=frozenset({(0, 0)}))
    assert game.moves_made == 0
    game.apply(Move.flag(1, 2))
    game.apply(Move(MoveKind.UNFLAG, 1, 2))
    game.apply(Move.open(1, 1))
    assert game.moves_made == 3
    game.apply(Move.open(0, 0))  # the mine: lost
    assert game.moves_made == 4 and game.over
    game.apply(Move.open(1, 2))  # a finished game ignores moves, and does not count them
    assert game.moves_made == 4


def test_unflag_clears_only_flags_and_question_marks():
    game = Game(Level("custom", 2, 3, 1), mines=frozenset({(0, 0)}))
    game.apply(Move.open(1, 1))
    game.apply(Move.flag(0, 0))
    game.apply(Move(MoveKind.UNFLAG, 0, 0))
    assert game.board()[0, 0] is Cell.UNKNOWN and game.flags == 0
    game.apply(Move(MoveKind.UNFLAG, 1, 1))  # an open number stays
    game.apply(Move(MoveKind.UNFLAG, 0, 2))  # a covered cell stays covered
    assert game.board().to_text() == "###\n#1#"
    assert game.apply(Move.open(1, 1)) == []  # opening an open cell opens nothing


def test_opening_rule_uses_every_cell_outside_the_block_when_they_just_suffice():
    # 3x4, first click (1, 1): nine cells banned, the three of column 3 left for three mines.
    for seed in range(20):
        game = Game(Level("custom", 3, 4, 3), FirstClick.OPENING, seed=seed)
        game.apply(Move.open(1, 1))
        assert game.mines() == {(0, 3), (1, 3), (2, 3)}, seed
        assert game.board()[1, 1] is Cell.ZERO


def test_opening_rule_on_a_tiny_board_falls_back_to_a_safe_click():
    for seed in range(50):
        game = Game(Level("custom", 3, 3, 2), FirstClick.OPENING, seed=seed)
        game.apply(Move.open(1, 1))
        assert game.status is not Status.LOST, seed
        assert len(game.mines()) == 2 and (1, 1) not in game.mines(), seed


@pytest.mark.parametrize("text", ["expert", "16x30/99", "beginner"])
def test_levels_parse(text):
    assert Level.parse(text).mines in (99, 10)


def test_bad_level_is_rejected():
    with pytest.raises(ValueError, match="unknown level"):
        Level.parse("huge")
