"""Server side of the Balda page: game sessions on our engine, a person's moves checked by our
rules and dictionary, and the computer's replies at three strengths.

The page calls (``POST /api/balda/<action>``, JSON object in and out):

* ``new`` — the URL parameters plus ``game`` (how many games this page started before): a fresh
  game; the answer is the game view (see :meth:`Session.view`).
* ``move`` — ``{id, cell: [r, c], letter, path: [[r, c], ...], add?}``: the person to move
  plays (``add: true``: the word the page asked about is added, ``unknown=ask``).
  ``{"ok": true, "game": view}`` or, for a word the rules or the dictionary refuse,
  ``{"ok": false, "reason", "message", "word", "game"}`` with the position unchanged.
* ``pass`` — ``{id}``: the person to move passes.
* ``reply`` — ``{id}``: the computer, if it is its turn, moves (or passes) and the view comes back.
* ``state`` — ``{id}``: the view as it is.

Malformed calls (no such game, a cell off the grid, not the person's turn) are
:class:`PageRequestError` (HTTP 400).
"""

from __future__ import annotations

import functools
import hashlib
import random
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass

from bot.pages.balda.config import BaldaConfig, parse_config
from bot.pages.kit.server import PageRequestError
from bot.pages.kit.sessions import Sessions, game_number
from solvers.balda import (
    BaldaMove,
    BaldaRules,
    BaldaState,
    Lexicon,
    generate_moves,
    greedy_decision,
    search_decision,
)
from solvers.balda.positions import start_words
from solvers.words.alphabet import LANGUAGES, alphabet_for, normalise

HARD_SECONDS = 1.0
Cell = tuple[int, int]


# ----- languages -------------------------------------------------------------------------
def _given(lexicon: Lexicon) -> Lexicon:
    """A lexicon already loaded (a language's word list given to the page, not built)."""
    return lexicon


@dataclass(frozen=True)
class Language:
    code: str
    alphabet: str
    load: Callable[[], Lexicon]
    yo: bool = False  # Russian with Ё a letter of its own (yo=letter)

    def normalise(self, text: str) -> str:
        """Upper case; Russian also folds Ё into Е (its dictionary is folded the same way),
        unless Ё is a letter of its own."""
        return normalise(text, self.code, self.yo)


#: The key of Russian with Ё a letter of its own among a page's languages.
RU_YO = "ru+yo"


def language_key(config: BaldaConfig) -> str:
    """Which of the page's languages a game plays: its ``lang``, Russian with Ё apart when
    ``yo=letter``."""
    return RU_YO if config.lang == "ru" and config.yo == "letter" else config.lang


def available_languages() -> dict[str, Language]:
    """Every language ``solvers`` has nouns for (ru, uk, en), Russian first."""
    found = {
        code: Language(code, alphabet_for(code), functools.partial(Lexicon.for_language, code))
        for code in LANGUAGES
    }
    found[RU_YO] = Language("ru", alphabet_for("ru", yo=True),
                            functools.partial(Lexicon.for_language, "ru", yo=True), yo=True)
    return found


def refused(word: str, fraction: float, salt: str) -> bool:
    """Whether the page's dictionary refuses ``word``: the same answer for a word and salt
    every time, about ``fraction`` of all words."""
    if fraction <= 0:
        return False
    digest = hashlib.blake2b(f"{salt}:{word}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64 < fraction


class Rejection(Exception):
    """A move the page refuses as the game would: ``reason`` is a code, ``message`` the text."""

    def __init__(self, reason: str, message: str, word: str = "") -> None:
        super().__init__(message)
        self.reason, self.message, self.word = reason, message, word


def preset_state(position: str, size: int, language: Language
                 ) -> tuple[BaldaState, tuple[tuple[int, int], ...]]:
    """The grid a ``position`` parameter gives (rows joined by '/', '.' empty), and the cells
    of its letters off the start row; PageRequestError says what is wrong with it."""
    rows = position.split("/")
    if len(rows) != size or any(len(row) != size for row in rows):
        raise PageRequestError(f"position must be {size} rows of {size} cells joined by '/'")
    grid: list[str] = []
    for row in rows:
        for ch in row:
            letter = "" if ch == "." else language.normalise(ch)
            if letter and letter not in language.alphabet:
                raise PageRequestError(f"position: {ch!r} is not a letter of the alphabet")
            grid.append(letter)
    rules = BaldaRules(size=size)
    start = "".join(grid[rules.start_row * size : (rules.start_row + 1) * size])
    if len(start) != size:
        raise PageRequestError("position: the middle row (the start word) must be full")
    placed = tuple(divmod(i, size) for i, ch in enumerate(grid)
                   if ch and i // size != rules.start_row)
    return BaldaState(rules=rules, grid=tuple(grid), used=(start,)), placed


def log_ended(session: Session) -> None:
    """With ``GAMEBOT_PAGE_LOG=FILE``, one JSON line per game that ends (its grid, scores by
    panel, words): what the page truly holds, to check a bot's reading against."""
    import json
    import os

    path = os.environ.get("GAMEBOT_PAGE_LOG")
    if not path:
        return
    view = session.view()
    line = {k: view[k] for k in ("number", "seed", "scores", "words", "end_reason")}
    line["grid"] = ["".join(ch or "." for ch in row) for row in view["grid"]]  # type: ignore[attr-defined]
    line["config"] = view["config"]
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(line, ensure_ascii=False) + "\n")


# ----- one game --------------------------------------------------------------------------
class Session:
    """One game on the page. Seats map the engine's players (0 moves first) to the page's two
    panels (0 = "Вы" / "Игрок 1", 1 = "Компьютер" / "Игрок 2")."""

    def __init__(
        self,
        sid: str,
        config: BaldaConfig,
        language: Language,
        lexicon: Lexicon,
        number: int,
        starts: list[str],
        hard_seconds: float = HARD_SECONDS,
    ) -> None:
        self.id, self.config, self.language, self.lexicon = sid, config, language, lexicon
        self.number = number
        self.hard_seconds = hard_seconds
        self.seed = secrets.randbelow(2**31) if config.seed is None else config.seed + number
        self.rng = random.Random(self.seed)
        self.salt = "" if config.seed is None else str(config.seed)
        self.lock = threading.Lock()
        hotseat = config.mode == "hotseat"
        # seat of engine player p; the computer sits on panel 1
        self.seats = (0, 1) if hotseat or config.first == "human" else (1, 0)
        self.kinds = ("human", "human") if hotseat else ("human", "computer")  # by panel
        start = self.rng.choice(starts)
        self.preset: tuple[tuple[int, int], ...] = ()  # letters a ``position`` placed
        if config.position:
            self.state, self.preset = preset_state(config.position, config.size, language)
        else:
            self.state = BaldaState.new(start, BaldaRules(size=config.size), yo=language.yo)
        self.history: list[tuple[int, BaldaMove]] = []  # (panel, move) in play order

    # ----- whose turn ---------------------------------------------------------------------
    @property
    def turn(self) -> int | None:
        """The panel to move, or None once the game is over."""
        return None if self.state.is_over else self.seats[self.state.to_move]

    def turn_kind(self) -> str | None:
        turn = self.turn
        return None if turn is None else self.kinds[turn]

    def _require(self, kind: str) -> None:
        if self.state.is_over:
            raise PageRequestError("the game is over; start a new one")
        if self.turn_kind() != kind:
            raise PageRequestError(f"it is not the {kind}'s turn")

    # ----- moves --------------------------------------------------------------------------
    def human_move(self, cell: Cell, letter: str, path: list[Cell], add: bool = False) -> None:
        """Play a person's move or raise :class:`Rejection` saying what is wrong; ``add`` (the
        person said «add it» to an unknown word, ``unknown=ask``) skips the dictionary."""
        self._require("human")
        move = self._checked_move(cell, letter, path, add and self.config.unknown == "ask")
        self._apply(move)

    def human_pass(self) -> None:
        self._require("human")
        self._apply(BaldaMove.passing())

    def computer_reply(self) -> str:
        """The computer moves (or passes); returns how it chose, for the log."""
        self._require("computer")
        level = self.config.level
        if level == "easy":
            moves = generate_moves(self.state, self.lexicon)
            moves.sort(key=lambda m: (len(m.word), m.to_text()))
            shorter = moves[: (len(moves) + 1) // 2]
            self._apply(self.rng.choice(shorter) if shorter else BaldaMove.passing())
            return "easy: a random word among the shorter half"
        if level == "medium":
            decision = greedy_decision(self.state, self.lexicon, self.rng)
        else:
            decision = search_decision(self.state, self.lexicon, seconds=self.hard_seconds)
        self._apply(decision.move)
        return f"{level}: {decision.stage}"

    def _apply(self, move: BaldaMove) -> None:
        panel = self.seats[self.state.to_move]
        self.state = self.state.play(move)
        self.history.append((panel, move))
        if self.state.is_over:
            log_ended(self)

    def _checked_move(self, cell: Cell, letter: str, path: list[Cell], added: bool = False
                      ) -> BaldaMove:
        state, rules = self.state, self.state.rules
        letter = self.language.normalise(letter)
        if len(letter) != 1 or letter not in self.language.alphabet:
            raise Rejection("alphabet", f"Буквы «{letter}» нет в алфавите")
        if state.letter(cell) is not None:
            raise Rejection("cell", "Клетка уже занята")
        index = state.index(cell)
        if not any(state.grid[n] for n in rules.neighbours[index]):
            raise Rejection("cell", "Новая буква должна стоять рядом с другой буквой")
        if len(set(path)) != len(path):
            raise Rejection("path", "Клетка в слове выбрана дважды")
        for a, b in zip(path, path[1:], strict=False):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise Rejection("path", "Буквы слова должны идти по соседним клеткам")
        if cell not in path:
            raise Rejection("path", "Слово должно проходить через новую букву")
        letters = []
        for step in path:
            found = letter if step == cell else state.letter(step)
            if found is None:
                raise Rejection("path", "Слово можно составлять только из букв на поле")
            letters.append(found)
        word = "".join(letters)
        if len(word) < rules.min_length:
            raise Rejection("short", f"Слово должно быть не короче {rules.min_length} букв", word)
        if word in state.used_words:
            raise Rejection("used", f"Слово «{word}» уже было", word)
        if not added and (word not in self.lexicon or refused(word, self.config.reject,
                                                               self.salt)):
            raise Rejection("dictionary", f"Слова «{word}» нет в словаре", word)
        return BaldaMove(cell=cell, letter=letter, path=tuple(path), word=word)

    # ----- what the page shows ------------------------------------------------------------
    def view(self) -> dict[str, object]:
        state, config = self.state, self.config
        n = state.size
        scores = [0, 0]
        for player, seat in enumerate(self.seats):
            scores[seat] = state.scores[player]
        last = None
        if self.history:
            panel, move = self.history[-1]
            last = {"by": panel, "pass": move.is_pass, "word": move.word}
            if not move.is_pass:
                assert move.cell is not None
                last.update(
                    cell=list(move.cell), letter=move.letter, path=[list(c) for c in move.path]
                )
        over = state.is_over
        winner = None
        if over and scores[0] != scores[1]:
            winner = 0 if scores[0] > scores[1] else 1
        hotseat = config.mode == "hotseat"
        return {
            "id": self.id,
            "number": self.number,
            "seed": self.seed,
            "config": config.to_dict(),
            "alphabet": self.language.alphabet,
            "labels": ["Игрок 1", "Игрок 2"] if hotseat else ["Вы", "Компьютер"],
            "kinds": list(self.kinds),
            "size": n,
            "grid": [list(state.grid[r * n : (r + 1) * n]) for r in range(n)],
            "start_word": state.used[0],
            "scores": scores,
            "turn": self.turn,
            "next": self.seats[state.to_move],  # who would move: a silent ending names them
            "turn_kind": self.turn_kind(),
            "words": [{"word": m.word, "by": panel} for panel, m in self.history if not m.is_pass],
            "placed": [{"cell": list(cell), "by": (cell[0] + cell[1]) % 2}
                       for cell in self.preset]
            + [{"cell": list(m.cell), "by": panel} for panel, m in self.history
               if m.cell is not None],
            "passes": state.passes,
            "pass_limit": state.rules.pass_limit,
            "over": over,
            "end_reason": None if not over else "full" if state.empty_count == 0 else "passes",
            "winner": winner,
            "last": last,
            "position": state.to_text(),
        }


# ----- the API handler -------------------------------------------------------------------
def _cell(value: object, size: int, what: str) -> Cell:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise PageRequestError(f"{what} must be [row, col], not {value!r}")
    row, col = value
    if not (0 <= row < size and 0 <= col < size):
        raise PageRequestError(f"{what} {row},{col} is outside the {size}x{size} grid")
    return (row, col)


class BaldaGames:
    """The page's handler: holds the sessions and the dictionaries (loaded once, on demand).

    ``lexicons`` replaces the built-in dictionaries (tests use small word lists);
    ``hard_seconds`` is the hard level's thinking time.
    """

    def __init__(
        self, lexicons: dict[str, Lexicon] | None = None, hard_seconds: float = HARD_SECONDS
    ) -> None:
        self.hard_seconds = hard_seconds
        if lexicons is None:
            self.languages = available_languages()
            self._lexicons: dict[str, Lexicon] = {}
        else:
            self.languages = {
                code: Language(
                    "ru" if code == RU_YO else code,
                    alphabet_for(code) if code in LANGUAGES else lexicon.alphabet,
                    functools.partial(_given, lexicon),
                    yo=code == RU_YO,
                )
                for code, lexicon in lexicons.items()
            }
            self._lexicons = dict(lexicons)
        self._sessions: Sessions[Session] = Sessions()
        self._load_lock = threading.Lock()
        self._starts: dict[tuple[str, int], list[str]] = {}

    # ----- dictionaries -------------------------------------------------------------------
    def lexicon(self, lang: str) -> Lexicon:
        with self._load_lock:
            lexicon = self._lexicons.get(lang)
            if lexicon is None:
                import gc

                lexicon = self._lexicons[lang] = self.languages[lang].load()
                # The trie lives as long as the process: keep the collector off it (as the
                # balda commands do), or it re-scans a quarter of a million dicts mid-search.
                gc.freeze()
            return lexicon

    def preload(self, lang: str = "ru") -> threading.Thread:
        """Load a dictionary in the background so the first game starts without a wait."""
        thread = threading.Thread(target=self.lexicon, args=(lang,), daemon=True)
        thread.start()
        return thread

    def _start_words(self, lang: str, size: int) -> list[str]:
        key = (lang, size)
        if key not in self._starts:
            words = start_words(self.lexicon(lang), size)
            if not words:
                raise PageRequestError(f"the {lang} dictionary has no {size}-letter word")
            self._starts[key] = words
        return self._starts[key]

    # ----- dispatch -----------------------------------------------------------------------
    def handle(self, action: str, payload: dict[str, object]) -> dict[str, object]:
        if action == "new":
            return self.new_game(payload).view()
        if action not in ("move", "pass", "reply", "state"):
            raise PageRequestError(
                f"unknown action {action!r}; known: new, move, pass, reply, state"
            )
        session = self.session(payload.get("id"))
        with session.lock:
            if action == "move":
                return self._move(session, payload)
            if action == "pass":
                session.human_pass()
            elif action == "reply":
                session.computer_reply()
            return session.view()

    def new_game(self, payload: dict[str, object]) -> Session:
        config = parse_config(payload, tuple(k for k in self.languages if k != RU_YO))
        number = game_number(payload)
        key = language_key(config)
        if key not in self.languages:
            raise PageRequestError("yo=letter: this page has no Russian with Ё apart")
        lexicon = self.lexicon(key)
        starts = self._start_words(key, config.size)
        session = Session(
            secrets.token_hex(8),
            config,
            self.languages[key],
            lexicon,
            number,
            starts,
            self.hard_seconds,
        )
        return self._sessions.add(session)

    def session(self, sid: object) -> Session:
        return self._sessions.get(sid)

    def _move(self, session: Session, payload: dict[str, object]) -> dict[str, object]:
        size = session.state.size
        cell = _cell(payload.get("cell"), size, "cell")
        letter = payload.get("letter")
        if not isinstance(letter, str) or not letter:
            raise PageRequestError(f"letter must be a one-letter string, not {letter!r}")
        path = payload.get("path")
        if not isinstance(path, list) or not path:
            raise PageRequestError(f"path must be a non-empty list of [row, col], not {path!r}")
        cells = [_cell(step, size, f"path step {i + 1}") for i, step in enumerate(path)]
        try:
            session.human_move(cell, letter, cells, payload.get("add") is True)
        except Rejection as rejection:
            return {
                "ok": False,
                "reason": rejection.reason,
                "message": rejection.message,
                "word": rejection.word,
                # unknown=ask: the page asks whether to add the word (then sends add: true)
                "ask": rejection.reason == "dictionary" and session.config.unknown == "ask",
                "game": session.view(),
            }
        return {"ok": True, "game": session.view()}
