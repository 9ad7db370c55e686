"""Looks named by the game's logic: never a wrong name, and every name once a game ends.

The games are simulated; the namer sees only look indices (each board character drawn as one
or two looks in a shuffled order) and the moves, as the bot does on a program it has never
seen. Every name it gives must be the true character.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from calibration.minesweeper.names import NAMEABLE, Contradiction, Naming
from solvers.minesweeper.game import Game, Status
from solvers.minesweeper.moves import Move
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.state import CELL_CHARS, Board, Cell


class Looks:
    """Board characters drawn as looks: each character one look, 1s and 2s two (split by cell
    parity), numbered in a shuffled order; ``truth`` maps a look to its character."""

    def __init__(self, naming: Naming, seed: int) -> None:
        self.naming, self.rng = naming, random.Random(seed)
        self.index: dict[tuple[str, int], int] = {}
        self.truth: dict[int, str] = {}
        keys = [(ch, v) for ch in NAMEABLE for v in ((0, 1) if ch in "12" else (0,))]
        self.rng.shuffle(keys)
        for key in keys:
            self.index[key] = naming.add_look()
            self.truth[self.index[key]] = key[0]

    def of(self, board: Board) -> np.ndarray:
        out = np.empty(board.rows * board.cols, np.int64)
        for i, v in enumerate(board.cells):
            ch = CELL_CHARS[v]
            out[i] = self.index[(ch, i % 2 if ch in "12" else 0)]
        return out.reshape(board.rows, board.cols)

    def seen(self, looks: np.ndarray) -> Board:
        """What the bot may use: names, and '_' for a look left with numbers only (or numbers
        and the mine that went off: opened either way)."""
        chars = []
        for look in looks.reshape(-1).tolist():
            name = self.naming.name(look)
            if name is None:
                assert self.naming.is_opened(look) or self.naming.opened_or_hit(look), (
                    look, self.naming.candidates[look])
                name = "_"
            chars.append(name)
        cols = looks.shape[1]
        return Board.from_text("\n".join("".join(chars[i : i + cols])
                                         for i in range(0, len(chars), cols)))

    def check(self) -> None:
        for look, name in enumerate(self.naming.names()):
            assert name is None or name == self.truth[look], (look, name, self.truth[look])
            assert self.truth[look] in self.naming.candidates[look]


def play(level: Level, rules: FirstClick, games: int, seed: int, flag_win: bool = False
         ) -> tuple[Naming, Looks, list[Status]]:
    naming = Naming(mines=level.mines)
    looks = Looks(naming, seed)
    outcomes = []
    for g in range(games):
        game = Game(level, rules, seed=seed * 100 + g)
        solver = Solver(rules)
        naming.new_game()
        now = looks.of(game.board())
        naming.observe(now)
        while game.status in (Status.READY, Status.PLAYING):
            moves = [d.move for d in solver.plan(looks.seen(now), level.mines)]
            for m in moves:
                game.apply(m)
            board = game.board()
            if flag_win and game.status is Status.WON:
                board = board.with_cells({rc: Cell.FLAG for rc in game.mines()})
            now = looks.of(board)
            naming.observe(now, moves)
            looks.check()
        outcomes.append(game.status)
    return naming, looks, outcomes


@pytest.mark.parametrize("level,rules,seed", [
    ("intermediate", FirstClick.SAFE, 1),
    ("expert", FirstClick.SAFE, 2),
    ("16x16/50", FirstClick.NONE, 3),  # the first click may lose: a first frame with mines
])
def test_simulated_games_name_every_look_seen_and_never_wrongly(level, rules, seed):
    print(f"seed {seed}")
    naming, looks, outcomes = play(Level.parse(level), rules, 6, seed)
    looks.check()
    shown = {looks.truth[i] for i in range(len(naming.candidates))
             if any((g.last == i).any() for g in naming.games if g.last is not None)}
    assert Status.LOST in outcomes
    # whatever the last games showed is named: a lost board fixes every number
    unnamed = {looks.truth[i] for i, n in enumerate(naming.names()) if n is None} & shown
    assert not unnamed, unnamed


def test_a_won_board_where_the_program_flags_every_mine_names_the_flag():
    naming, looks, outcomes = play(Level.parse("beginner"), FirstClick.SAFE, 8, 5, flag_win=True)
    assert Status.WON in outcomes
    flag = [i for i, ch in looks.truth.items() if ch == "F"]
    assert [naming.name(i) for i in flag] == ["F"]


def test_the_first_look_of_a_fresh_board_is_covered():
    naming = Naming(mines=10)
    look = naming.add_look()
    other = naming.add_look()
    naming.new_game()
    assert naming.observe(np.full((9, 9), look)) == [look]
    assert naming.name(look) == "#" and naming.name(other) is None


def test_a_single_opened_cell_is_a_number_not_yet_known():
    naming = Naming(mines=10)
    covered, opened = naming.add_look(), naming.add_look()
    naming.new_game()
    board = np.full((9, 9), covered)
    naming.observe(board)
    board = board.copy()
    board[0, 0] = opened  # the first click showed one new look: 1, 2 or 3 (corner), or the
    naming.observe(board, [Move.open(0, 0)])  # mine that went off, shown alone (issue 24)
    assert naming.candidates[opened] == "123X" and naming.opened_or_hit(opened)
    board[0, 1] = opened  # the same look beside it: bounded by (0, 0)'s 3 neighbours
    with pytest.raises(Contradiction):  # (0, 1) changed with no move and no empty beside it
        naming.observe(board, [])
    assert naming.candidates[opened] == "123X"  # a refused frame changes nothing


def test_a_lost_board_names_the_exploded_mine_the_mines_and_the_numbers():
    level = Level("small", 5, 5, 3)
    mines = frozenset({(0, 2), (2, 0), (4, 4)})
    game = Game(level, FirstClick.NONE, mines=mines)
    naming = Naming(mines=3)
    looks = Looks(naming, 7)
    naming.new_game()
    naming.observe(looks.of(game.board()))
    game.apply(Move.open(0, 0))  # a 1: (0, 1) and (1, 0) touch one mine each
    naming.observe(looks.of(game.board()), [Move.open(0, 0)])
    game.apply(Move.open(0, 2))  # a mine: lost
    naming.observe(looks.of(game.board()), [Move.open(0, 2)])
    looks.check()
    named = {looks.truth[i]: n for i, n in enumerate(naming.names()) if n}
    assert {"#", "X", "*"} <= set(named)
    one = [i for i, ch in looks.truth.items() if ch == "1"]
    assert "1" in [naming.name(i) for i in one]


def test_the_search_budget_never_names_by_default():
    naming = Naming(mines=99, budget=0)  # every question gives up at once: "maybe"
    covered, a = naming.add_look(), naming.add_look()
    naming.new_game()
    board = np.full((16, 30), covered)
    naming.observe(board)
    board = board.copy()
    board[5, 5] = a
    naming.observe(board, [Move.open(5, 5)])
    assert naming.name(a) is None
    assert naming.candidates[a] == "12345678" or len(naming.candidates[a]) > 1


def test_a_program_that_opens_its_first_area_names_it_from_that_frame():
    level = Level.parse("intermediate")
    game = Game(level, FirstClick.OPENING, seed=12)
    game.apply(Move.open(8, 8))  # as xdemineur does before the player's first click
    naming = Naming(mines=level.mines, auto_opens=True)
    looks = Looks(naming, 9)
    naming.new_game()
    naming.observe(looks.of(Board.unknown(16, 16)))  # drawn first, then the area opened
    naming.observe(looks.of(game.board()))
    looks.check()
    assert {looks.truth[i] for i, n in enumerate(naming.names()) if n} >= {"#", ".", "1"}


def test_a_covered_cell_lit_like_a_covered_one_may_stay_covered():
    naming = Naming(mines=10)
    covered, lit = naming.add_look(), naming.add_look()
    naming.covered_alike.add(lit)
    naming.new_game()
    board = np.full((9, 9), covered)
    naming.observe(board)
    board = board.copy()
    board[4, 4] = lit  # the cell under the pointer, lit: no move made
    naming.observe(board)
    assert "#" in naming.candidates[lit]
    other = naming.add_look()  # the same change to a look not drawn like a covered one
    board = board.copy()
    board[2, 2] = other
    with pytest.raises(Contradiction):  # changed with no move: nothing it can be
        naming.observe(board)


def test_each_game_keeps_its_own_mine_total():
    naming = Naming()
    covered, corner = naming.add_look("#"), naming.add_look(".12345678")  # an opened cell
    board = np.full((5, 5), covered)
    board[0, 0] = corner
    naming.new_game(fresh=False, mines=24)  # every covered cell a mine: the corner is a 3
    naming.observe(board)
    assert naming.candidates[corner] == "3"
    naming.new_game(fresh=False, mines=1)  # one mine in this game: a 3 there is impossible
    with pytest.raises(Contradiction):
        naming.observe(board)
    assert naming.candidates[corner] == "3"  # the frame refused, the first game stands


def test_a_finished_board_shows_a_look_misnamed_and_it_is_taken_back():
    naming = Naming(mines=2)
    covered, mine, exploded, one = (naming.add_look(c) for c in "#*X1")
    lost = np.array([[exploded, one, covered], [one, one, covered], [covered, covered, mine]])
    assert naming.misnamed(lost) == [one]  # (1, 1) touches two mines: not a 1
    naming.withdraw(one)
    assert naming.name(one) is None and naming.is_opened(one)
