"""Following a Balda game from the grids the screen shows: who played what, and the score.

The page shows letters, not moves. Between two readings a letter appears in an empty cell; the
move behind it is ours when we just entered it, else the opponent's. The opponent's word is not
on the grid, so it is inferred: every legal word through the new letter is a candidate, one of
the length the page's score grew by wins, and when our dictionary has none the site's own
dictionary decided (logged as a site word; the move still counts).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from solvers.balda.lexicon import Lexicon
from solvers.balda.movegen import generate_moves
from solvers.balda.moves import BaldaMove
from solvers.balda.rules import BaldaRules
from solvers.balda.state import BaldaState

#: A letter on the grid that nothing named for sure (an unknown glyph): no word runs through it.
UNKNOWN = "?"


class TrackError(ValueError):
    """A grid that cannot follow the last one by the rules (letters changed or vanished)."""


@dataclass
class GameLog:
    """What a game's log line keeps: every move in order, and what the page refused."""

    moves: list[tuple[int, str]] = field(default_factory=list)  # (side 0 ours / 1 theirs, text)
    rejected: list[str] = field(default_factory=list)
    site_words: list[str] = field(default_factory=list)  # opponent words our list lacks
    unknown: list[str] = field(default_factory=list)  # letters followed as unknown ("?@r,c")
    retried: list[str] = field(default_factory=list)  # inputs the page never took, entered again
    confirmed: list[str] = field(default_factory=list)  # words the page asked about, added
    used: list[str] = field(default_factory=list)  # ours the page said were played before


def new_cells(before: Sequence[str], after: Sequence[str]) -> list[int]:
    """Cells empty before and filled after; raises TrackError when a letter changed or went.
    An unknown letter that reads as a letter now is no change (it was named at last)."""
    if len(before) != len(after):
        raise TrackError(f"the grid has {len(after)} cells, not {len(before)}")
    size = int(len(after) ** 0.5)
    added = []
    for i, (a, b) in enumerate(zip(before, after, strict=True)):
        if a == UNKNOWN and b:
            continue
        if a and a != b:
            row, col = divmod(i, size)
            now = repr(b) if b else "empty"
            raise TrackError(f"cell {row},{col} held {a!r} and now shows {now}")
        if not a and b:
            added.append(i)
    return added


def state_from_grid(grid: Sequence[str], to_move: int = 0) -> BaldaState:
    """A position read mid-game: the middle row's word counts as used when it is complete."""
    size = int(round(len(grid) ** 0.5))
    if size * size != len(grid):
        raise TrackError(f"a Balda grid is square; {len(grid)} cells are not")
    rules = BaldaRules(size=size)
    start = grid[rules.start_row * size : (rules.start_row + 1) * size]
    used = ("".join(start),) if all(start) else ()
    return BaldaState(rules=rules, grid=tuple(grid), to_move=to_move, used=used)


def candidates(state: BaldaState, lexicon: Lexicon, cell: int, letter: str) -> list[BaldaMove]:
    """Every legal move (in our dictionary) that puts ``letter`` at ``cell``, longest first."""
    target = state.cell(cell)
    found = [m for m in generate_moves(state, lexicon) if m.cell == target and m.letter == letter]
    return sorted(found, key=lambda m: (-len(m.word), m.word))


def blind_move(state: BaldaState, cell: int, letter: str) -> BaldaState:
    """The letter placed for a word we cannot name (the site's dictionary): no score, no word."""
    grid = list(state.grid)
    grid[cell] = letter
    return replace(state, grid=tuple(grid), to_move=1 - state.to_move, passes=0)


def opponent_move(
    state: BaldaState, lexicon: Lexicon, cell: int, letter: str, length: int | None = None,
    shown: frozenset[str] = frozenset(),
) -> tuple[BaldaState, BaldaMove | None]:
    """The position after the opponent put ``letter`` at ``cell``; its move when our
    dictionary names one (of ``length`` letters when the page's score says so; the one the
    page lists among ``shown``, when it lists one: else a word the opponent played would
    look unused, and ours would be refused as played before)."""
    options = candidates(state, lexicon, cell, letter)
    if length is not None:
        options = [m for m in options if len(m.word) == length] or options
    options = [m for m in options if m.word in shown] or options
    if not options:
        return blind_move(state, cell, letter), None
    move = options[0]
    return state.play(move), move
