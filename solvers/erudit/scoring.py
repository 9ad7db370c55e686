"""Score and check a placement from scratch: the slow, obvious way the generator is tested by.

Lay the new tiles, read every word they form (the main word along the line and each crossing
word through a new tile), and add them up with premiums only under the new tiles.
"""

from __future__ import annotations

from solvers.erudit.board import EMPTY, Board, square_name
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.moves import MoveTextError, Placement
from solvers.erudit.rules import SIZE, WILDCARD, Rules


class IllegalMoveError(ValueError):
    """A placement that breaks a rule; the message says which and where."""


def _word_through(cells: list[str], square: int, step: int) -> list[int]:
    """Squares of the run of tiles through ``square`` along ``step`` (1 across, 15 down)."""

    def ok(a: int, b: int) -> bool:
        return 0 <= b < SIZE * SIZE and (step != 1 or a // SIZE == b // SIZE)

    start = square
    while ok(start, start - step) and cells[start - step] != EMPTY:
        start -= step
    run = [start]
    while ok(run[-1], run[-1] + step) and cells[run[-1] + step] != EMPTY:
        run.append(run[-1] + step)
    return run


def words_formed(board: Board, tiles: list[tuple[int, str]], across: bool) -> list[list[int]]:
    """Every word (as squares) that laying ``tiles`` along one line forms; main word first."""
    cells = list(board.cells)
    for s, ch in tiles:
        cells[s] = ch
    step, perp = (1, SIZE) if across else (SIZE, 1)
    words = []
    main = _word_through(cells, tiles[0][0], step)
    if len(main) > 1:
        words.append(main)
    for s, _ in tiles:
        cross = _word_through(cells, s, perp)
        if len(cross) > 1:
            words.append(cross)
    return words


def score_tiles(board: Board, tiles: list[tuple[int, str]], across: bool, rules: Rules) -> int:
    """Points for laying ``tiles`` (board index, char) in one line of ``board``."""
    new = dict(tiles)
    cells = list(board.cells)
    for s, ch in tiles:
        cells[s] = ch
    total = 0
    for word in words_formed(board, tiles, across):
        letters = 0
        mult = 1
        for s in word:
            value = rules.tile_value(cells[s])
            if s in new:
                letters += value * rules.letter_mult[s]
                mult *= rules.word_mult[s]
            else:
                letters += value
        total += letters * mult
    if len(tiles) == rules.rack_size:
        total += rules.bingo_bonus
    return total


def check_placement(
    board: Board, placement: Placement, rack: str, graph: WordGraph, rules: Rules
) -> tuple[int, str]:
    """Score a placement after checking every rule; returns (score, rack tiles used)."""
    try:
        tiles = placement.new_tiles(board)
    except MoveTextError as exc:
        raise IllegalMoveError(str(exc)) from None
    text = placement.to_text()
    if not tiles:
        raise IllegalMoveError(f"{text}: lays no new tile")
    squares = placement.squares()
    step = 1 if placement.across else SIZE
    before, after = squares[0] - step, squares[-1] + step
    cells = board.cells
    if placement.across:
        edge_before = placement.col == 0
        edge_after = placement.col + len(placement.word) == SIZE
    else:
        edge_before = placement.row == 0
        edge_after = placement.row + len(placement.word) == SIZE
    if (not edge_before and cells[before] != EMPTY) or (not edge_after and cells[after] != EMPTY):
        raise IllegalMoveError(f"{text}: the word does not include the tiles next to its ends")
    used = "".join(WILDCARD if ch.islower() else ch.upper() for _, ch in tiles)
    left = list(rack)
    for ch in used:
        if ch not in left:
            raise IllegalMoveError(f"{text}: the rack {rack!r} has no {ch!r} for it")
        left.remove(ch)
    for ch in placement.word:
        if ch.upper() not in rules.alphabet:
            raise IllegalMoveError(f"{text}: {ch!r} is not a letter of {rules.name}")
    if board.is_empty:
        if rules.start not in squares:
            raise IllegalMoveError(f"{text}: the first word must cover {square_name(rules.start)}")
    elif not any(_touches(cells, s) for s, _ in tiles):
        raise IllegalMoveError(f"{text}: the word must touch a tile already on the board")
    formed = words_formed(board, tiles, placement.across)
    if not formed:
        raise IllegalMoveError(f"{text}: a single letter is not a word")
    laid = board.place(tiles)
    for word in formed:
        spelt = "".join(laid[s] for s in word).upper()
        if spelt not in graph:
            raise IllegalMoveError(f"{text}: {spelt} is not in the dictionary")
    return score_tiles(board, tiles, placement.across, rules), used


def _touches(cells: tuple[str, ...], s: int) -> bool:
    r, c = divmod(s, SIZE)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < SIZE and 0 <= cc < SIZE and cells[rr * SIZE + cc] != EMPTY:
            return True
    return False
