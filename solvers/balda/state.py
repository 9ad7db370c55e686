"""A Balda position as an immutable value with a text form that round-trips.

Text form: header lines ``key: value``, then one grid row a line (``.`` for an empty cell)::

    to-move: 1
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

``to-move`` is 1 or 2, ``scores`` lists player 1 then player 2, ``used`` the words already
claimed in play order (the start word first). Letters may be given in lower case or with Ё;
the canonical form is upper case with Ё folded into Е.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass, field, replace

from solvers.balda.moves import BaldaMove, BaldaMoveError, Cell
from solvers.balda.rules import MAX_SIZE, MIN_SIZE, BaldaRules
from solvers.words.alphabet import fold_yo

EMPTY = ""
_HEADERS = ("to-move", "scores", "passes", "adjacency", "min-length", "pass-limit", "used")


class BaldaStateError(ValueError):
    """State text that cannot be read; the message names the line (and column)."""


@dataclass(frozen=True)
class BaldaState:
    """Grid cells are stored row by row in ``grid`` (``""`` = empty); players are 0 and 1."""

    rules: BaldaRules
    grid: tuple[str, ...]
    to_move: int = 0
    scores: tuple[int, int] = (0, 0)
    used: tuple[str, ...] = ()
    passes: int = 0
    _used_set: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.grid) != self.rules.size**2:
            raise ValueError(f"grid has {len(self.grid)} cells, expected {self.rules.size**2}")
        object.__setattr__(self, "_used_set", frozenset(self.used))

    # ----- construction -------------------------------------------------------------------
    @classmethod
    def new(cls, start_word: str, rules: BaldaRules | None = None, yo: bool = False
            ) -> BaldaState:
        """The opening position: the start word across the middle row, already used; ``yo``
        keeps a Ё (a site where it is a letter of its own)."""
        rules = rules or BaldaRules()
        word = start_word.upper() if yo else fold_yo(start_word.upper())
        if len(word) != rules.size or not word.isalpha():
            raise ValueError(f"start word {start_word!r} must be {rules.size} letters")
        grid = [EMPTY] * rules.size**2
        base = rules.start_row * rules.size
        grid[base : base + rules.size] = list(word)
        return cls(rules=rules, grid=tuple(grid), used=(word,))

    # ----- queries ------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.rules.size

    @property
    def used_words(self) -> frozenset[str]:
        return self._used_set

    def letter(self, cell: Cell) -> str | None:
        """The letter at ``(row, col)``, or None if the cell is empty."""
        return self.grid[self.index(cell)] or None

    def index(self, cell: Cell) -> int:
        row, col = cell
        if not (0 <= row < self.size and 0 <= col < self.size):
            raise BaldaMoveError(f"cell {row},{col} is outside the {self.size}x{self.size} grid")
        return row * self.size + col

    def cell(self, index: int) -> Cell:
        return divmod(index, self.size)

    @property
    def empty_count(self) -> int:
        return sum(1 for ch in self.grid if not ch)

    @property
    def is_over(self) -> bool:
        return self.empty_count == 0 or self.passes >= self.rules.pass_limit

    @property
    def score_difference(self) -> int:
        """The side to move's score minus the opponent's."""
        return self.scores[self.to_move] - self.scores[1 - self.to_move]

    # ----- moves --------------------------------------------------------------------------
    def check_move(self, move: BaldaMove, words: Container[str] | None = None) -> None:
        """Raise :class:`BaldaMoveError` naming the first rule the move breaks.

        With ``words`` the word must also be in that dictionary; without, only the board is
        checked (useful for replaying an opponent whose dictionary is unknown).
        """
        if self.is_over:
            raise BaldaMoveError("the game is over")
        if move.is_pass:
            return
        move.check_shape()
        assert move.cell is not None
        text = move.to_text()
        if self.letter(move.cell) is not None:
            raise BaldaMoveError(f"move {text!r}: cell {move.cell[0]},{move.cell[1]} is taken")
        neighbours = self.rules.neighbours
        target = self.index(move.cell)
        if not any(self.grid[n] for n in neighbours[target]):
            raise BaldaMoveError(f"move {text!r}: the new cell touches no letter")
        indices = [self.index(c) for c in move.path]
        if len(set(indices)) != len(indices):
            raise BaldaMoveError(f"move {text!r}: the path visits a cell twice")
        for a, b in zip(indices, indices[1:], strict=False):
            if b not in neighbours[a]:
                raise BaldaMoveError(
                    f"move {text!r}: {self.cell(a)} and {self.cell(b)} are not adjacent"
                )
        for index, letter in zip(indices, move.word, strict=True):
            if index != target and self.grid[index] != letter:
                row, col = self.cell(index)
                found = self.grid[index] or "empty"
                raise BaldaMoveError(f"move {text!r}: cell {row},{col} is {found}, not {letter}")
        if len(move.word) < self.rules.min_length:
            raise BaldaMoveError(
                f"move {text!r}: words need at least {self.rules.min_length} letters"
            )
        if move.word in self._used_set:
            raise BaldaMoveError(f"move {text!r}: {move.word} was already used")
        if words is not None and move.word not in words:
            raise BaldaMoveError(f"move {text!r}: {move.word} is not in the dictionary")

    def play(self, move: BaldaMove, words: Container[str] | None = None) -> BaldaState:
        """The position after ``move`` (checked with :meth:`check_move`)."""
        self.check_move(move, words)
        if move.is_pass:
            return replace(self, to_move=1 - self.to_move, passes=self.passes + 1)
        assert move.cell is not None
        grid = list(self.grid)
        grid[self.index(move.cell)] = move.letter
        scores = list(self.scores)
        scores[self.to_move] += len(move.word)
        return replace(
            self,
            grid=tuple(grid),
            to_move=1 - self.to_move,
            scores=(scores[0], scores[1]),
            used=(*self.used, move.word),
            passes=0,
        )

    # ----- text ---------------------------------------------------------------------------
    def to_text(self) -> str:
        rules = self.rules
        lines = [
            f"to-move: {self.to_move + 1}",
            f"scores: {self.scores[0]} {self.scores[1]}",
            f"passes: {self.passes}",
            f"adjacency: {'diagonal' if rules.diagonal else 'orthogonal'}",
            f"min-length: {rules.min_length}",
            f"pass-limit: {rules.pass_limit}",
            ("used: " + " ".join(self.used)).rstrip(),
        ]
        n = self.size
        for row in range(n):
            lines.append("".join(ch or "." for ch in self.grid[row * n : (row + 1) * n]))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> BaldaState:
        return _parse(text.splitlines())

    def __str__(self) -> str:
        return self.to_text()


def _int(value: str, number: int, key: str, low: int = 0) -> int:
    try:
        result = int(value)
    except ValueError:
        raise BaldaStateError(
            f"line {number}: {key} must be a whole number, not {value!r}"
        ) from None
    if result < low:
        raise BaldaStateError(f"line {number}: {key} must be at least {low}, not {result}")
    return result


def _parse(lines: Iterable[str]) -> BaldaState:
    headers: dict[str, tuple[int, str]] = {}
    rows: list[tuple[int, str]] = []
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if sep and not rows:
            key = key.strip().lower()
            if key not in _HEADERS:
                raise BaldaStateError(
                    f"line {number}: unknown header {key!r} (known: {', '.join(_HEADERS)})"
                )
            if key in headers:
                raise BaldaStateError(f"line {number}: header {key!r} given twice")
            headers[key] = (number, value.strip())
            continue
        rows.append((number, line))

    def get(key: str, default: str) -> tuple[int, str]:
        return headers.get(key, (0, default))

    number, value = get("to-move", "1")
    if value not in ("1", "2"):
        raise BaldaStateError(f"line {number}: to-move must be 1 or 2, not {value!r}")
    to_move = int(value) - 1
    number, value = get("scores", "0 0")
    parts = value.split()
    if len(parts) != 2:
        raise BaldaStateError(f"line {number}: scores needs two numbers, got {value!r}")
    scores = (_int(parts[0], number, "score"), _int(parts[1], number, "score"))
    number, value = get("passes", "0")
    passes = _int(value, number, "passes")
    number, value = get("adjacency", "orthogonal")
    if value not in ("orthogonal", "diagonal"):
        raise BaldaStateError(
            f"line {number}: adjacency must be orthogonal or diagonal, not {value!r}"
        )
    diagonal = value == "diagonal"
    number, value = get("min-length", "2")
    min_length = _int(value, number, "min-length", low=2)
    number, value = get("pass-limit", "2")
    pass_limit = _int(value, number, "pass-limit", low=1)
    number, value = get("used", "")
    used = tuple(fold_yo(word.upper()) for word in value.split())
    for word in used:
        if not word.isalpha():
            raise BaldaStateError(f"line {number}: used word {word!r} is not all letters")
    if not rows:
        raise BaldaStateError("no grid rows found")
    size = len(rows)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise BaldaStateError(f"the grid has {size} rows; sizes {MIN_SIZE}..{MAX_SIZE} are known")
    grid: list[str] = []
    for number, row in rows:
        if len(row) != size:
            raise BaldaStateError(
                f"line {number}: row {row!r} has {len(row)} cells, expected {size} "
                "(the grid must be square)"
            )
        for column, ch in enumerate(row, start=1):
            if ch == ".":
                grid.append(EMPTY)
            elif ch.isalpha():
                grid.append(fold_yo(ch.upper()))
            else:
                raise BaldaStateError(
                    f"line {number}, column {column}: {ch!r} is neither a letter nor '.'"
                )

    rules = BaldaRules(size=size, diagonal=diagonal, min_length=min_length, pass_limit=pass_limit)
    return BaldaState(
        rules=rules, grid=tuple(grid), to_move=to_move, scores=scores, used=used, passes=passes
    )
