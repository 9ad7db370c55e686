"""Following an Erudit/Scrabble game from the boards the screen shows.

Between two readings tiles appear on empty squares. Ours are the ones we just laid; anything
else is the opponent's move, which must be one line of new tiles forming words by our rules.
When our dictionary lacks one of its words the site's dictionary decided: the move is kept
and logged as a site word, scored by the page when it shows the scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solvers.erudit.board import EMPTY, Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.moves import Placement
from solvers.erudit.rules import SIZE, WILDCARD, Rules
from solvers.erudit.scoring import IllegalMoveError, check_placement, score_tiles, words_formed


class EruditTrackError(ValueError):
    """A board that cannot follow the last one (a tile changed or vanished, tiles off a line)."""


def square_text(square: int) -> str:
    return f"{'ABCDEFGHIJKLMNO'[square % SIZE]}{square // SIZE + 1}"


def new_tiles(before: Sequence[str], after: Sequence[str]) -> list[tuple[int, str]]:
    """Tiles on squares that were empty; raises when a tile changed or went away."""
    if len(before) != len(after):
        raise EruditTrackError(f"the board has {len(after)} squares, not {len(before)}")
    added = []
    for i, (a, b) in enumerate(zip(before, after, strict=True)):
        if a != EMPTY and a.upper() != b.upper():
            now = repr(b) if b != EMPTY else "empty"
            raise EruditTrackError(f"square {square_text(i)} held {a!r} and now shows {now}")
        if a == EMPTY and b != EMPTY:
            added.append((i, b))
    return added


def words_through(cells: Sequence[str], squares: Sequence[int]) -> frozenset[str]:
    """Every word (upper case, two letters or more) running through ``squares`` across or
    down: the words a move laid there formed, as a page names them."""
    out = set()
    for square in squares:
        row, col = divmod(square, SIZE)
        for step, first, last in ((1, row * SIZE, row * SIZE + SIZE - 1),
                                  (SIZE, col, col + SIZE * (SIZE - 1))):
            start = end = square
            while start - step >= first and cells[start - step] != EMPTY:
                start -= step
            while end + step <= last and cells[end + step] != EMPTY:
                end += step
            if end > start:
                out.add("".join(cells[i] for i in range(start, end + 1, step)).upper())
    return frozenset(out)


@dataclass(frozen=True)
class SeenMove:
    """A move read off the board: where it was laid, its score by our rules, its words, and
    whether our dictionary knows every one of them."""

    placement: Placement
    tiles: tuple[tuple[int, str], ...]
    score: int
    words: tuple[str, ...]
    known: bool

    def to_text(self) -> str:
        return self.placement.to_text() + ("" if self.known else " (site word)")


def placement_of(board: Board, tiles: Sequence[tuple[int, str]]) -> Placement:
    """The one-line placement that lays ``tiles`` on ``board`` (its whole word, as it reads)."""
    squares = sorted(s for s, _ in tiles)
    rows = {s // SIZE for s in squares}
    cols = {s % SIZE for s in squares}
    if len(rows) > 1 and len(cols) > 1:
        names = ", ".join(square_text(s) for s in squares)
        raise EruditTrackError(f"new tiles {names} are not in one line")
    across = len(rows) == 1 and (len(squares) > 1 or _has_neighbour(board, squares[0], 1))
    laid = board.place(list(tiles))
    step = 1 if across else SIZE
    start, end = squares[0], squares[-1]
    while _inside(start, start - step, across) and laid[start - step] != EMPTY:
        start -= step
    while _inside(end, end + step, across) and laid[end + step] != EMPTY:
        end += step
    run = list(range(start, end + 1, step))
    if any(laid[s] == EMPTY for s in run):
        raise EruditTrackError("the new tiles leave a gap in their line")
    word = "".join(laid[s] for s in run)
    return Placement(start // SIZE, start % SIZE, across, word)


def _inside(a: int, b: int, across: bool) -> bool:
    return 0 <= b < SIZE * SIZE and (not across or a // SIZE == b // SIZE)


def _has_neighbour(board: Board, square: int, step: int) -> bool:
    r, c = divmod(square, SIZE)
    return (c > 0 and board[square - 1] != EMPTY) or (c < SIZE - 1 and board[square + 1] != EMPTY)


#: What a site's own engine may do that our rules forbid, seen settled on its board (JScrab's
#: computer laid ТЯП touching our word only corner to corner): the site's move, kept.
SITE_LEEWAY = ("must touch a tile",)


def read_move(
    board: Board, tiles: Sequence[tuple[int, str]], graph: WordGraph, rules: Rules,
    leeway: bool = False,
) -> SeenMove:
    """The move that laid ``tiles``: scored and checked by our rules (any rack: the
    opponent's is unknown); words our dictionary lacks make it a site word, not an error.
    With ``leeway`` (the tiles stood still a while) a move our rules forbid only as
    :data:`SITE_LEEWAY` says is the site's move too."""
    placement = placement_of(board, tiles)
    rack = "".join(WILDCARD if ch.islower() else ch for _, ch in tiles)
    laid = board.place(list(tiles))
    formed = words_formed(board, list(tiles), placement.across)
    words = tuple("".join(laid[s] for s in w).upper() for w in formed)
    try:
        score, _used = check_placement(board, placement, rack, graph, rules)
        known = True
    except IllegalMoveError as exc:
        allowed = leeway and any(why in str(exc) for why in SITE_LEEWAY)
        if "not in the dictionary" not in str(exc) and not allowed:
            raise EruditTrackError(f"the opponent's move {placement.to_text()}: {exc}") from None
        score = score_tiles(board, list(tiles), placement.across, rules)
        known = False
    return SeenMove(placement, tuple(tiles), score, words, known)


def partial_reply(
    board: Sequence[str], tiles: Sequence[tuple[int, str]], graph: WordGraph, rules: Rules
) -> str:
    """Why the opponent's new ``tiles`` make no move yet (they are off one line, leave a gap
    or touch nothing), or "" when they do. A page that flies the computer's tiles in one by
    one (JScrab) shows such a part of its move: a frame to wait out, not the move (it was
    read as «C7 ТЮ across: the word must touch a tile» and the game stopped)."""
    try:
        read_move(Board(tuple(board)), tiles, graph, rules)
    except EruditTrackError as exc:
        return str(exc)
    return ""
