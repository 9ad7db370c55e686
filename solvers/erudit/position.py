"""A game position as a value with a text form that round-trips.

Text form: header lines ``key: value``, then the 15 board rows::

    rules: erudit
    to-move: 1
    player1: ЭРУДИТ* 120
    player2: ? 98
    bag: ?
    ...............   (15 rows: "." empty, letters, lowercase for a placed wildcard)

A rack is its tiles (``*`` a wildcard), ``-`` when empty or ``?`` when unknown; the score
follows it. ``bag`` lists the tiles left in the bag (sorted), ``-`` for an empty bag or ``?``
when unknown, in which case the unseen tiles (the tile set less the board and the known racks)
stand for the bag and the unknown rack together.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from solvers.erudit.board import Board, BoardTextError
from solvers.erudit.rules import WILDCARD, Rules, load_rules
from solvers.words.alphabet import fold_yo


class PositionTextError(ValueError):
    """A position text that cannot be parsed or whose tiles do not fit the tile set."""


def sort_tiles(tiles: str, rules: Rules) -> str:
    order = {ch: i for i, ch in enumerate(rules.alphabet + WILDCARD)}
    return "".join(sorted(tiles, key=lambda ch: order.get(ch, len(order))))


@dataclass(frozen=True)
class Position:
    """Board, racks (None when unknown), scores, side to move and bag: a turn to decide."""

    rules: Rules
    board: Board
    racks: tuple[str | None, str | None]
    scores: tuple[int, int] = (0, 0)
    to_move: int = 0
    bag: str | None = None

    @property
    def rack(self) -> str:
        """The rack of the player to move (errors if unknown)."""
        rack = self.racks[self.to_move]
        if rack is None:
            raise PositionTextError(f"player {self.to_move + 1}'s rack is unknown")
        return rack

    def unseen(self, player: int | None = None) -> str:
        """Tiles the given player (default: to move) cannot see: opponent rack plus bag."""
        player = self.to_move if player is None else player
        left = Counter(self.rules.full_bag())
        left.subtract(self.board.tiles())
        own = self.racks[player]
        if own:
            left.subtract(own)
        return sort_tiles("".join(ch * n for ch, n in left.items() if n > 0), self.rules)

    def validate(self) -> None:
        """Check no tile appears more often than the set has; the error names the tile."""
        used = Counter(self.board.tiles())
        for rack in self.racks:
            used.update(rack or "")
        used.update(self.bag or "")
        full = Counter(self.rules.full_bag())
        for ch, n in used.items():
            if n > full[ch]:
                raise PositionTextError(
                    f"{n} tiles {ch!r} in play but the {self.rules.name} set has {full[ch]}"
                )

    def to_text(self) -> str:
        def rack_text(r: str | None) -> str:
            if r is None:
                return "?"
            return sort_tiles(r, self.rules) or "-"

        bag = "?" if self.bag is None else (sort_tiles(self.bag, self.rules) or "-")
        head = [
            f"rules: {self.rules.name}",
            f"to-move: {self.to_move + 1}",
            f"player1: {rack_text(self.racks[0])} {self.scores[0]}",
            f"player2: {rack_text(self.racks[1])} {self.scores[1]}",
            f"bag: {bag}",
        ]
        return "\n".join(head + self.board.rows()) + "\n"

    @classmethod
    def from_text(cls, text: str, rules: Rules | None = None) -> Position:
        """Parse the text form; ``rules`` overrides the ``rules:`` line (for site options)."""
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        head: dict[str, str] = {}
        rows: list[str] = []
        for number, line in enumerate(lines, 1):
            key, sep, value = line.partition(":")
            if sep and not rows and key.strip().lower() in _KEYS:
                head[key.strip().lower()] = value.strip()
            elif sep and not rows:
                raise PositionTextError(f"line {number}: unknown header {key.strip()!r}")
            else:
                rows.append(line)
        if rules is None:
            rules = load_rules(head.get("rules", "erudit"))
        try:
            board = Board.from_rows(rows, rules.alphabet)
        except BoardTextError as exc:
            raise PositionTextError(str(exc)) from None
        racks: list[str | None] = []
        scores: list[int] = []
        for p in (1, 2):
            rack, score = _player(head.get(f"player{p}", "? 0"), p, rules)
            racks.append(rack)
            scores.append(score)
        to_move = head.get("to-move", "1")
        if to_move not in ("1", "2"):
            raise PositionTextError(f"to-move must be 1 or 2, not {to_move!r}")
        bag_text = head.get("bag", "?")
        bag = None if bag_text == "?" else _tiles(bag_text, "bag", rules)
        pos = cls(rules, board, (racks[0], racks[1]), (scores[0], scores[1]), int(to_move) - 1, bag)
        pos.validate()
        return pos


_KEYS = ("rules", "to-move", "player1", "player2", "bag")


def _tiles(text: str, what: str, rules: Rules) -> str:
    if text == "-":
        return ""
    tiles = fold_yo(text.upper())
    bad = [ch for ch in tiles if ch not in rules.alphabet and ch != WILDCARD]
    if bad:
        raise PositionTextError(f"{what}: {''.join(bad)!r} are not tiles of {rules.name}")
    return tiles


def _player(text: str, p: int, rules: Rules) -> tuple[str | None, int]:
    parts = text.split()
    if len(parts) != 2 or not parts[1].lstrip("-").isdigit():
        raise PositionTextError(f"player{p}: expected 'RACK SCORE', e.g. 'АБВ* 0', got {text!r}")
    rack = None if parts[0] == "?" else _tiles(parts[0], f"player{p}'s rack", rules)
    if rack is not None and len(rack) > rules.rack_size:
        raise PositionTextError(f"player{p}: {len(rack)} tiles, a rack holds {rules.rack_size}")
    return rack, int(parts[1])
