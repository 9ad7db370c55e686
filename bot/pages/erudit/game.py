"""Server side of the Erudit page: game sessions on our engine, a person's moves checked by the
rules and the dictionary, and the computer's replies at three strengths.

The page calls (``POST /api/erudit/<action>``, JSON object in and out):

* ``new`` — the URL parameters plus ``game`` (how many games this page started before): a fresh
  game; the answer is the game view (see :meth:`Session.view`).
* ``move`` — ``{id, tiles: [{slot, row, col, letter}, ...]}``: the person lays the rack tiles of
  those slots on those squares (``letter`` names what a wildcard stands for). ``{"ok": true,
  "game": view}`` or, for a move the rules or the dictionary refuse, ``{"ok": false, "reason",
  "message", "word", "game"}`` with the position unchanged.
* ``exchange`` — ``{id, slots: [...]}``: the person swaps those rack tiles (refused, as above,
  when the bag is too small).
* ``pass`` — ``{id}``: the person passes.
* ``reply`` — ``{id}``: the computer, if it is its turn, moves (or exchanges, or passes).
* ``state`` — ``{id}``: the view as it is.

Turns, draws, the end of the game and its rack bonuses follow :mod:`solvers.erudit.game`.
Malformed calls (no such game, a square off the board or taken, a slot without a tile, not the
person's turn) are :class:`PageRequestError` (HTTP 400).
"""

from __future__ import annotations

import gc
import random
import secrets
import threading
from dataclasses import dataclass, field

from bot.pages.erudit.config import EruditConfig, parse_config
from bot.pages.erudit.texts import TEXTS, TITLES, text
from bot.pages.kit.params import refused
from bot.pages.kit.server import PageRequestError
from bot.pages.kit.sessions import Sessions, game_number
from solvers.decision import Decision
from solvers.erudit.board import EMPTY, Board
from solvers.erudit.dictionary import WordGraph, graph_for
from solvers.erudit.game import (
    SCORELESS_LIMIT,
    TurnView,
    apply_placements,
    rack_value,
    remove_tiles,
)
from solvers.erudit.leaves import load_leaves
from solvers.erudit.lines import analyse
from solvers.erudit.movegen import merge_wildcard_variants, raw_moves, to_play
from solvers.erudit.moves import Exchange, Move, MultiPlacement, Pass, Placement
from solvers.erudit.player import EquityPlayer, greedy
from solvers.erudit.position import Position
from solvers.erudit.rules import SIZE, WILDCARD, Rules, load_rules
from solvers.erudit.scoring import IllegalMoveError, check_placement, words_formed

# The exact endgame search is bounded so the hard computer answers within about a second (a
# budget of 1500 nodes can take 6 s on an English endgame; 400 stays under half a second).
HARD_ENDGAME_BUDGET = 400
HUMAN, COMPUTER = 0, 1


class Rejection(Exception):
    """A move the page refuses as the game would: ``reason`` is a code, ``message`` the text."""

    def __init__(self, reason: str, message: str, word: str = "") -> None:
        super().__init__(message)
        self.reason, self.message, self.word = reason, message, word


@dataclass
class Turn:
    """One turn as the page shows it: who, what kind, the main word and points, the squares."""

    by: int
    kind: str  # "play", "exchange" or "pass"
    move: str  # the engine's move text
    score: int = 0
    word: str = ""
    words: list[str] = field(default_factory=list)
    squares: list[tuple[int, int]] = field(default_factory=list)
    count: int = 0  # tiles laid or exchanged

    def to_dict(self) -> dict[str, object]:
        return {
            "by": self.by,
            "kind": self.kind,
            "move": self.move,
            "score": self.score,
            "word": self.word,
            "words": self.words,
            "squares": [list(s) for s in self.squares],
            "count": self.count,
        }


# ----- one game --------------------------------------------------------------------------
class Session:
    """One game on the page: panel 0 is the person ("Вы"), panel 1 the computer."""

    def __init__(
        self, sid: str, config: EruditConfig, rules: Rules, graph: WordGraph, number: int
    ) -> None:
        self.id, self.config, self.rules, self.graph = sid, config, rules, graph
        self.number = number
        self.seed = secrets.randbelow(2**31) if config.seed is None else config.seed + number
        self.rng = random.Random(self.seed)
        self.salt = "" if config.seed is None else str(config.seed)
        self.lang = config.lang
        self.lock = threading.Lock()
        self.bag = list(rules.full_bag())
        self.rng.shuffle(self.bag)
        if config.tiles is not None:  # a short game: the first tiles of the shuffled set
            self.bag = self.bag[-config.tiles:]
        size = rules.rack_size
        self.rack: list[str | None] = [self._draw() for _ in range(size)]
        self.computer_rack = "".join(self.bag.pop() for _ in range(min(size, len(self.bag))))
        self.board = Board.empty()
        self.scores = [0, 0]
        self.turn: int | None = HUMAN if config.first == "human" else COMPUTER
        self.scoreless = 0
        self.history: list[Turn] = []
        self.end_reason: str | None = None
        self.adjustments = [0, 0]

    # ----- small parts --------------------------------------------------------------------
    def _draw(self) -> str | None:
        return self.bag.pop() if self.bag else None

    def rack_text(self) -> str:
        return "".join(t for t in self.rack if t is not None)

    def _rack_of(self, panel: int) -> str:
        return self.rack_text() if panel == HUMAN else self.computer_rack

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    def _say(self, key: str, **values: object) -> str:
        return text(self.lang, key, **values)

    def _require(self, panel: int) -> None:
        if self.over:
            raise PageRequestError("the game is over; start a new one")
        if self.turn != panel:
            who = "person's" if panel == HUMAN else "computer's"
            raise PageRequestError(f"it is not the {who} turn")

    # ----- the person's moves -------------------------------------------------------------
    def human_move(self, tiles: list[tuple[int, int, str]]) -> Turn:
        """Lay ``(slot, square, char)`` tiles (char lower case for a wildcard) or raise
        :class:`Rejection` saying which rule the move breaks."""
        self._require(HUMAN)
        placement = self._placement(tiles)
        main = placement.word.upper()
        formed = words_formed(self.board, [(s, ch) for _, s, ch in tiles], placement.across)
        laid = self.board.place((s, ch) for _, s, ch in tiles)
        spelt = ["".join(laid[s] for s in word).upper() for word in formed]
        for word in spelt:
            if word not in self.graph:
                raise Rejection("dictionary", self._say("reject_dictionary", word=word), word)
        if refused(main, self.config.reject, self.salt):
            raise Rejection("dictionary", self._say("reject_dictionary", word=main), main)
        try:
            score, _used = check_placement(
                self.board, placement, self.rack_text(), self.graph, self.rules
            )
        except IllegalMoveError as exc:  # the checks above should have caught it
            raise Rejection("rule", str(exc)) from None
        self.board = laid
        for slot, _, _ in tiles:
            self.rack[slot] = None
        self._refill()
        turn = Turn(
            HUMAN,
            "play",
            placement.to_text(),
            score,
            main,
            spelt,
            [divmod(s, SIZE) for _, s, _ in tiles],
            len(tiles),
        )
        self._finish_turn(turn)
        return turn

    def _placement(self, tiles: list[tuple[int, int, str]]) -> Placement:
        """The placement the tiles make, after the checks a person can get wrong."""
        if not tiles:
            raise Rejection("empty", self._say("reject_empty"))
        cells = self.board.cells
        new = {s: ch for _, s, ch in tiles}
        rows = {s // SIZE for s in new}
        cols = {s % SIZE for s in new}
        if len(new) == 1:
            s = next(iter(new))
            left = s % SIZE > 0 and cells[s - 1] != EMPTY
            right = s % SIZE < SIZE - 1 and cells[s + 1] != EMPTY
            across = left or right
        elif len(rows) == 1:
            across = True
        elif len(cols) == 1:
            across = False
        else:
            raise Rejection("line", self._say("reject_line"))
        step = 1 if across else SIZE
        first, last = min(new), max(new)
        for s in range(first, last + 1, step):
            if s not in new and cells[s] == EMPTY:
                raise Rejection("gap", self._say("reject_gap"))

        def filled(s: int) -> bool:
            return s in new or cells[s] != EMPTY

        while (first % SIZE if across else first // SIZE) > 0 and filled(first - step):
            first -= step
        while (last % SIZE if across else last // SIZE) < SIZE - 1 and filled(last + step):
            last += step
        word = "".join(new.get(s, cells[s]) for s in range(first, last + 1, step))
        if self.board.is_empty:
            if self.rules.start not in new:
                raise Rejection("centre", self._say("reject_centre"))
        elif not any(_touches(cells, s) for s in new):
            raise Rejection("touch", self._say("reject_touch"))
        if not words_formed(self.board, list(new.items()), across):
            raise Rejection("short", self._say("reject_short"))
        return Placement(first // SIZE, first % SIZE, across, word)

    def human_exchange(self, slots: list[int]) -> Turn:
        self._require(HUMAN)
        need = self.rules.min_bag_to_exchange
        if len(self.bag) < need:
            raise Rejection("exchange", self._say("reject_exchange", n=need))
        given = [self.rack[s] for s in slots]
        drawn = [self.bag.pop() for _ in slots]
        for slot, tile in zip(slots, drawn, strict=True):
            self.rack[slot] = tile
        self.bag.extend(t for t in given if t is not None)
        self.rng.shuffle(self.bag)
        turn = Turn(HUMAN, "exchange", Exchange("".join(t or "" for t in given)).to_text())
        turn.count = len(slots)
        self._finish_turn(turn)
        return turn

    def human_pass(self) -> Turn:
        self._require(HUMAN)
        turn = Turn(HUMAN, "pass", Pass().to_text())
        self._finish_turn(turn)
        return turn

    def _refill(self) -> None:
        for slot, tile in enumerate(self.rack):
            if tile is None and self.bag:
                self.rack[slot] = self.bag.pop()

    # ----- the computer ---------------------------------------------------------------------
    def turn_view(self) -> TurnView:
        """What the computer sees: its rack, the board, and the unseen tiles (bag + our rack)."""
        rules = self.rules
        return TurnView(
            rules,
            self.graph,
            self.board,
            analyse(self.board, self.graph, rules),
            self.computer_rack,
            len(self.bag),
            "".join(self.bag) + self.rack_text(),
            (self.scores[COMPUTER], self.scores[HUMAN]),
            self.scoreless,
        )

    def choose(self) -> Decision[Move]:
        view = self.turn_view()
        level = self.config.level
        if level == "medium":
            return greedy(view)
        if level == "hard":
            player = EquityPlayer(load_leaves(self.rules), endgame_budget=HARD_ENDGAME_BUDGET)
            return player(view)
        found = raw_moves(view.lines, view.rack, self.graph, self.rules)
        moves = [m for m, _ in merge_wildcard_variants(found)]
        if moves:
            moves.sort(key=lambda m: (m[4], m[0], m[1], m[2], m[3]))
            pick = self.rng.choice(moves[: (len(moves) + 1) // 2])
            placement = to_play(pick, view.board).placement
            return Decision(placement, "easy", "a random move of the lower-scoring half")
        if view.bag_count >= self.rules.min_bag_to_exchange:
            return Decision(Exchange(view.rack), "easy", "no placement: exchange all")
        return Decision(Pass(), "easy", "no placement and the bag is too small to exchange")

    def computer_reply(self) -> Turn:
        self._require(COMPUTER)
        move = self.choose().move
        if isinstance(move, Placement | MultiPlacement):
            parts = list(move.parts) if isinstance(move, MultiPlacement) else [move]
            squares: list[int] = []
            words: list[str] = []
            board = self.board
            for part in parts:
                laid = part.new_tiles(board)
                squares += [s for s, _ in laid]
                after = board.place(laid)
                words += [
                    "".join(after[s] for s in w).upper()
                    for w in words_formed(board, laid, part.across)
                ]
                board = after
            self.board, self.computer_rack, points = apply_placements(
                self.board, self.computer_rack, parts, self.graph, self.rules
            )
            while self.bag and len(self.computer_rack) < self.rules.rack_size:
                self.computer_rack += self.bag.pop()
            turn = Turn(
                COMPUTER,
                "play",
                move.to_text(),
                points,
                parts[0].word.upper(),
                words,
                [divmod(s, SIZE) for s in squares],
                len(squares),
            )
        elif isinstance(move, Exchange):
            if len(self.bag) < self.rules.min_bag_to_exchange:
                raise RuntimeError(f"the computer chose {move} with {len(self.bag)} tiles left")
            keep = remove_tiles(self.computer_rack, move.tiles)
            drawn = [self.bag.pop() for _ in move.tiles]
            self.bag.extend(move.tiles)
            self.rng.shuffle(self.bag)
            self.computer_rack = keep + "".join(drawn)
            turn = Turn(COMPUTER, "exchange", move.to_text(), count=len(move.tiles))
        else:
            turn = Turn(COMPUTER, "pass", Pass().to_text())
        self._finish_turn(turn)
        return turn

    # ----- turns and the end --------------------------------------------------------------
    def _finish_turn(self, turn: Turn) -> None:
        """Score the turn and decide whether the game ends, as :func:`play_game` does."""
        panel, other = turn.by, 1 - turn.by
        self.scores[panel] += turn.score
        self.history.append(turn)
        self.scoreless = self.scoreless + 1 if turn.score == 0 else 0
        if not self._rack_of(panel) and not self.bag:
            bonus = rack_value(self._rack_of(other), self.rules)
            self._end("out", {panel: bonus, other: -bonus})
        elif not self.bag and self.scoreless >= 2 and turn.kind == "pass":
            self._end("passes", self._penalties())
        elif self.scoreless >= SCORELESS_LIMIT:
            self._end("scoreless", self._penalties())
        else:
            self.turn = other

    def _penalties(self) -> dict[int, int]:
        return {p: -rack_value(self._rack_of(p), self.rules) for p in (HUMAN, COMPUTER)}

    def _end(self, reason: str, adjust: dict[int, int]) -> None:
        for panel, points in adjust.items():
            self.scores[panel] += points
            self.adjustments[panel] = points
        self.end_reason = reason
        self.turn = None

    def _next(self) -> int:
        """Whose turn it is, or at the end whose it would be (the other of the last turn's)."""
        if self.turn is not None:
            return self.turn
        return 1 - self.history[-1].by if self.history else HUMAN

    @property
    def winner(self) -> int | None:
        if not self.over or self.scores[0] == self.scores[1]:
            return None
        return HUMAN if self.scores[HUMAN] > self.scores[COMPUTER] else COMPUTER

    # ----- what the page shows ------------------------------------------------------------
    def position(self) -> Position:
        """The engine's position as the person sees it (the computer's rack and the bag hidden)."""
        return Position(
            self.rules,
            self.board,
            (self.rack_text(), None),
            (self.scores[HUMAN], self.scores[COMPUTER]),
            0 if self.turn != COMPUTER else 1,
            None,
        )

    def view(self) -> dict[str, object]:
        rules, config = self.rules, self.config
        last_computer = next((t for t in reversed(self.history) if t.by == COMPUTER), None)
        kind = None if self.turn is None else ("human", "computer")[self.turn]
        return {
            "id": self.id,
            "number": self.number,
            "seed": self.seed,
            "config": config.to_dict(),
            "title": TITLES[rules.name],
            "texts": TEXTS[self.lang],
            "alphabet": rules.alphabet,
            "values": dict(rules.values),
            "premiums": rules.premium_text.split(),
            "start": list(divmod(rules.start, SIZE)),
            "rack_size": rules.rack_size,
            "board": self.board.rows(),
            "rack": list(self.rack),
            "computer_tiles": len(self.computer_rack),
            "bag": len(self.bag),
            "can_exchange": len(self.bag) >= rules.min_bag_to_exchange,
            "min_exchange": rules.min_bag_to_exchange,
            "scores": list(self.scores),
            "turn": self.turn,
            "turn_kind": kind,
            "next": self._next(),  # who would move now: a page with a silent ending names them
            "over": self.over,
            "end": None
            if not self.over
            else {"reason": self.end_reason, "adjustments": list(self.adjustments)},
            "winner": self.winner,
            "history": [t.to_dict() for t in self.history],
            "last": self.history[-1].to_dict() if self.history else None,
            "last_computer": last_computer.to_dict() if last_computer else None,
            "position": self.position().to_text(),
        }


#: The rule set whose premium squares each ``layout=`` value borrows.
_LAYOUT_RULES = {"erudit": "erudit", "scrabble": "scrabble-en", "wwf": "wwf"}


def _premiums(layout: str) -> str | None:
    """The premium grid's text of a ``layout=`` value (None: the rules' own)."""
    return None if layout == "rules" else load_rules(_LAYOUT_RULES[layout]).premium_text


def _touches(cells: tuple[str, ...], s: int) -> bool:
    r, c = divmod(s, SIZE)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < SIZE and 0 <= cc < SIZE and cells[rr * SIZE + cc] != EMPTY:
            return True
    return False


# ----- the API handler -------------------------------------------------------------------
def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PageRequestError(f"{what} must be a whole number {low}..{high}, not {value!r}")
    return value


class EruditGames:
    """The page's handler: holds the sessions and the word graphs (loaded once, on demand).

    ``graphs`` maps a rules name to the word graph to play it with (tests use small lists);
    without it each rules' built-in list is loaded (from the engine's disk cache).
    """

    ACTIONS = ("new", "move", "exchange", "pass", "reply", "state")

    def __init__(self, graphs: dict[str, WordGraph] | None = None) -> None:
        self._graphs: dict[str, WordGraph] = dict(graphs or {})
        self._sessions: Sessions[Session] = Sessions()
        self._load_lock = threading.Lock()

    # ----- dictionaries -------------------------------------------------------------------
    def graph(self, rules: Rules) -> WordGraph:
        with self._load_lock:
            graph = self._graphs.get(rules.name)
            if graph is None:
                graph = self._graphs[rules.name] = graph_for(rules.dictionary)
                # The graph lives as long as the process: keep the collector off its dicts.
                gc.freeze()
            return graph

    def preload(self, rules: str = "erudit") -> threading.Thread:
        """Load a word graph in the background so the first game starts without a wait."""
        thread = threading.Thread(target=self.graph, args=(load_rules(rules),), daemon=True)
        thread.start()
        return thread

    # ----- dispatch -----------------------------------------------------------------------
    def handle(self, action: str, payload: dict[str, object]) -> dict[str, object]:
        if action == "new":
            return self.new_game(payload).view()
        if action not in self.ACTIONS:
            raise PageRequestError(f"unknown action {action!r}; known: {', '.join(self.ACTIONS)}")
        session = self.session(payload.get("id"))
        with session.lock:
            try:
                if action == "move":
                    session.human_move(self._tiles(session, payload.get("tiles")))
                elif action == "exchange":
                    session.human_exchange(self._slots(session, payload.get("slots")))
                elif action == "pass":
                    session.human_pass()
                elif action == "reply":
                    session.computer_reply()
            except Rejection as rejection:
                return {
                    "ok": False,
                    "reason": rejection.reason,
                    "message": rejection.message,
                    "word": rejection.word,
                    "game": session.view(),
                }
            if action in ("move", "exchange"):
                return {"ok": True, "game": session.view()}
            return session.view()

    def new_game(self, payload: dict[str, object]) -> Session:
        config = parse_config(payload)
        number = game_number(payload)
        rules = load_rules(config.rules).with_options(
            bingo_bonus=config.bonus, premiums=_premiums(config.layout))
        session = Session(secrets.token_hex(8), config, rules, self.graph(rules), number)
        return self._sessions.add(session)

    def session(self, sid: object) -> Session:
        return self._sessions.get(sid)

    def newest(self) -> Session | None:
        """The game started last (tests drive a real page and check it against this)."""
        return self._sessions.newest()

    # ----- checking the person's calls ----------------------------------------------------
    def _slot(self, session: Session, value: object, what: str) -> int:
        slot = _whole(value, what, 0, session.rules.rack_size - 1)
        if session.rack[slot] is None:
            raise PageRequestError(f"{what} {slot} of the rack holds no tile")
        return slot

    def _tiles(self, session: Session, value: object) -> list[tuple[int, int, str]]:
        """``[{slot, row, col, letter}]`` as ``(slot, square, char as laid)``."""
        if not isinstance(value, list):
            raise PageRequestError(
                f"tiles must be a list of {{slot, row, col, letter}}, not {value!r}"
            )
        if len(value) > session.rules.rack_size:
            raise PageRequestError(f"{len(value)} tiles, a rack holds {session.rules.rack_size}")
        out: list[tuple[int, int, str]] = []
        slots: set[int] = set()
        squares: set[int] = set()
        alphabet = session.rules.alphabet
        for i, item in enumerate(value, 1):
            what = f"tile {i}"
            if not isinstance(item, dict):
                raise PageRequestError(f"{what} must be an object {{slot, row, col, letter}}")
            slot = self._slot(session, item.get("slot"), f"{what}: slot")
            row = _whole(item.get("row"), f"{what}: row", 0, SIZE - 1)
            col = _whole(item.get("col"), f"{what}: col", 0, SIZE - 1)
            square = row * SIZE + col
            if slot in slots:
                raise PageRequestError(f"{what}: slot {slot} is used twice")
            if square in squares:
                raise PageRequestError(f"{what}: square {row},{col} is used twice")
            if session.board[square] != EMPTY:
                raise PageRequestError(f"{what}: square {row},{col} already holds a tile")
            tile = session.rack[slot]
            assert tile is not None
            letter = item.get("letter", tile if tile != WILDCARD else None)
            if not isinstance(letter, str) or letter.upper() not in alphabet or len(letter) != 1:
                raise PageRequestError(
                    f"{what}: letter must be one letter of {alphabet}, not {letter!r}"
                )
            letter = letter.upper()
            if tile == WILDCARD:
                char = letter.lower()
            elif letter != tile:
                raise PageRequestError(f"{what}: slot {slot} holds {tile!r}, not {letter!r}")
            else:
                char = tile
            slots.add(slot)
            squares.add(square)
            out.append((slot, square, char))
        return out

    def _slots(self, session: Session, value: object) -> list[int]:
        if not isinstance(value, list) or not value:
            raise PageRequestError(f"slots must be a non-empty list of rack slots, not {value!r}")
        slots = [self._slot(session, v, "slot") for v in value]
        if len(set(slots)) != len(slots):
            raise PageRequestError(f"slots {slots} name a slot twice")
        return slots
