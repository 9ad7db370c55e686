"""Site profiles: how one web page of a word game is played, as data.

A profile (``calibration/sites/<name>.json``, or a user's file) says how a move is entered, as a
short list of steps from a small vocabulary, how a move is cancelled, passed and a new game
started, and which words on the page mean "your turn", "word refused" or "game over". The
bot reads it and never needs code per site. Steps::

    {"do": "click-new-cell"}                 click the empty cell the letter goes into
    {"do": "type-letter"}                    type the new letter on the keyboard
    {"do": "palette-letter"}                 click the new letter on the page's letter palette
    {"do": "drag-path"}                      press on the word's first cell, drag, release
    {"do": "click-path", "type-at-new": true} click the word's cells in order (typing the
                                             letter when the new cell is clicked)
    {"do": "key", "keys": "Return"}          press a key (or a chord: "ctrl+z")
    {"do": "button", "label": ["Submit"]}    click a button found by its label; with
                                             "optional": true, only if it is shown; with
                                             "beside": ["Easy", 31.0], when its own label
                                             is not read, the point that many label heights
                                             right of the label "Easy" (a chip OCR misses)
    {"do": "settle"}                         wait until the page stops changing
    {"do": "click-at", "cell": [5.4, 0]}     click a point given in cells from the grid's
                                             top-left cell (an icon without a label)

Erudit/Scrabble moves are entered tile by tile, each step waiting for the last to show::

    {"do": "drag-tile"}                      drag a rack tile onto its square
    {"do": "click-tile"}, {"do": "click-square"}   click a rack tile, then its square
    {"do": "pick-letter"}                    a wildcard's letter, on the page's letter dialog

then ``submit``; ``exchange`` opens an exchange, the tiles are clicked, ``exchange-confirm``.
A page that asks a wildcard's letter without letter keys to click (the browser's own
``prompt()`` box) is answered by ``blank-letter``: ``{"do": "type-letter"}`` types the letter,
then e.g. ``{"do": "key", "keys": "Return"}`` (used whenever the frame shows no letter keys).
A pop-up of letter buttons OCR cannot read (JScrab's small bold letters) is named by
``blank-keys``: its letters as one text, row by row; the buttons are found by their shapes.

A page that asks about our move before it takes it (Balda: «add this word anyway?») names the
question in ``texts.confirm-asked`` and the answer in ``confirm`` (steps, usually a button):
the bot answers on the frame that shows the question, after the move, never before it.

Several input styles of one site (``styles``) share the rest of the profile.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.errors import GamebotError

MOVE_STEPS = (
    "click-new-cell",
    "type-letter",
    "palette-letter",
    "drag-path",
    "click-path",
    "drag-tile",
    "click-tile",
    "click-square",
    "pick-letter",
)
PLAIN_STEPS = ("key", "button", "settle", "click-at")
#: Every key a profile may have (README "Writing a site profile"); keys starting with "_"
#: and "comment" are notes for people.
PROFILE_KEYS = frozenset({
    "name", "game", "language", "title", "default-style", "styles", "cancel", "pass",
    "new-game", "start", "dismiss", "submit", "exchange", "exchange-confirm", "accept",
    "confirm", "blank-letter", "texts", "score-labels", "glyphs", "url", "rules", "sides",
    "opponent-timeout", "redraw-timeout", "settle-gap", "park-pointer", "all-tiles-bonus",
    "yo-letter", "min-zipf", "drag-step", "scoreless-end", "blank-keys",
    "end-score-labels",
    "comment",
})
BUILTIN_DIR = Path(__file__).resolve().parents[2] / "calibration" / "sites"
#: A site's word list is not ours: words rarer than this (wordfreq's Zipf scale) are played
#: only when no common one is left (profile ``min-zipf``; our own page, with our dictionary, 0).
MIN_ZIPF = 1.5


class SiteError(GamebotError):
    """A site profile that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class Step:
    """One step of entering something on a page (see the module docstring)."""

    do: str
    keys: tuple[str, ...] = ()
    label: tuple[str, ...] = ()
    optional: bool = False
    type_at_new: bool = False
    cell: tuple[float, float] = (0.0, 0.0)  # click-at: (row, col) in cells, may be fractional
    beside: tuple[str, float] | None = None  # button: (another label, label heights to its right)

    def to_text(self) -> str:
        if self.do == "key":
            return f"key {'+'.join(self.keys)}"
        if self.do == "button":
            return f"button {' | '.join(self.label)}" + (" (if shown)" if self.optional else "")
        if self.do == "click-path" and self.type_at_new:
            return "click-path (typing the new letter)"
        if self.do == "click-at":
            return f"click-at {self.cell[0]:g},{self.cell[1]:g}"
        return self.do


@dataclass(frozen=True)
class SiteProfile:
    """How the bot plays one site. Texts are matched case-insensitively, loosely (OCR)."""

    name: str
    game: str
    language: str
    title: str  # a regular expression for the browser window's title
    move: tuple[Step, ...]
    cancel: tuple[Step, ...] = ()
    pass_turn: tuple[Step, ...] = ()
    new_game: tuple[Step, ...] = ()
    start: tuple[Step, ...] = ()  # run once on a page just opened (a menu before the game)
    dismiss: tuple[Step, ...] = ()  # clears a results dialog (optional buttons)
    submit: tuple[Step, ...] = ()  # confirms a move laid tile by tile (Erudit)
    exchange: tuple[Step, ...] = ()  # opens an exchange; then the tiles are clicked
    exchange_confirm: tuple[Step, ...] = ()
    accept: tuple[Step, ...] = ()  # accepts the opponent's going out (the page asks first)
    confirm: tuple[Step, ...] = ()  # answers the page's question about our move (add it)
    blank_letter: tuple[Step, ...] = ()  # a wildcard's letter typed (a prompt() box)
    # the wildcard pop-up's buttons' letters in reading order, for buttons OCR cannot read
    blank_keys: str = ""
    turn_ours: tuple[str, ...] = ()
    turn_theirs: tuple[str, ...] = ()
    rejected: tuple[str, ...] = ()
    used: tuple[str, ...] = ()  # Balda: the word was played before (this game only)
    garbled: tuple[str, ...] = ()  # Balda: the page refused our input, not our word
    won: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    drawn: tuple[str, ...] = ()
    over: tuple[str, ...] = ()  # the game ended; who won is told by the scores
    choose_letter: tuple[str, ...] = ()  # a wildcard's letter is being asked for
    accept_asked: tuple[str, ...] = ()  # the page waits for us to accept the last move
    challenged: tuple[str, ...] = ()  # the page's computer challenged our move off the board
    confirm_asked: tuple[str, ...] = ()  # the page asks about our move before taking it
    notice: tuple[str, ...] = ()  # a message (the computer passed) the ``dismiss`` steps clear
    score_labels: tuple[str, str] = ("", "")  # the labels next to our and their score
    # the labels before our and their final score in the end message (deductions made)
    end_score_labels: tuple[str, str] = ("", "")
    glyphs: str = ""  # glyph bank folder name under calibration/sites/ (default: name)
    style: str = ""  # which of the site's input styles ``move`` is
    styles: tuple[str, ...] = ()
    url: str = ""  # where the page is, when the site is served from a fixed place
    rules: str = ""  # Erudit/Scrabble: the rules the site plays (erudit, scrabble-en, ...)
    all_tiles_bonus: int | None = None  # Erudit: points for a whole rack (None: the rules')
    # Erudit: scoreless turns in a row (passes, exchanges) that end a game on this site,
    # whatever the bag holds (Xanado: 4, each player passing twice); None: the rules' own
    scoreless_end: int | None = None
    yo_letter: bool = False  # Russian: Ё is a letter of its own on this site (УЧЁТ, not УЧЕТ)
    # words rarer than this are not played while others are (None: Balda MIN_ZIPF, Erudit 0)
    min_zipf: float | None = None
    sides: int = 2  # players; the bot plays one side unless told to play both
    opponent_timeout: float = 60.0  # seconds the opponent may think
    redraw_timeout: float = 5.0  # seconds our own input may take to show
    settle_gap: float = 0.05  # seconds between the two grabs that must agree
    drag_step: float | None = None  # seconds a drag takes from one cell to the next
    end_animation: float = 0.0  # the loop's question (a moving end before dialogs): none
    park_pointer: bool = True
    source: str = ""  # the file it came from
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def types_letters(self) -> bool:
        """Whether a move or a wildcard's letter is typed on the keyboard (only then does a
        letter outside ASCII need a key code of its own on X11)."""
        return self.move_types_letters or self.blank_types_letters

    @property
    def move_types_letters(self) -> bool:
        """Whether the chosen style's move types its new letter on the keyboard."""
        return _typing(self.move)

    @property
    def blank_types_letters(self) -> bool:
        """Whether a wildcard's letter is typed (the page asks it in a box, no letter keys)."""
        return _typing(self.blank_letter)

    @property
    def phrases(self) -> dict[str, tuple[str, ...]]:
        """Every phrase the page may show, by what it means."""
        return {
            "ours": self.turn_ours,
            "theirs": self.turn_theirs,
            "rejected": self.rejected,
            "used": self.used,
            "garbled": self.garbled,
            "won": self.won,
            "lost": self.lost,
            "drawn": self.drawn,
            "over": self.over,
            "choose": self.choose_letter,
            "accept": self.accept_asked,
            "challenged": self.challenged,
            "confirm": self.confirm_asked,
            "notice": self.notice,
        }


def _typing(steps: tuple[Step, ...]) -> bool:
    return any(step.do == "type-letter" or (step.do == "click-path" and step.type_at_new)
               for step in steps)


def _strings(where: str, key: str, value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise SiteError(f"{where}: {key!r} must be a text or a non-empty list of texts")
    return tuple(value)


def _steps(where: str, key: str, value: object, allowed: tuple[str, ...]) -> tuple[Step, ...]:
    if not isinstance(value, list):
        raise SiteError(f"{where}: {key!r} must be a list of steps")
    steps = []
    for i, raw in enumerate(value):
        at = f"{where}: {key}[{i}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("do"), str):
            raise SiteError(f'{at}: a step is an object with "do" (one of {", ".join(allowed)})')
        do = raw["do"]
        if do not in allowed:
            raise SiteError(f"{at}: unknown step {do!r} (known here: {', '.join(allowed)})")
        unknown = set(raw) - {"do", "keys", "label", "optional", "type-at-new", "cell", "beside"}
        if unknown:
            raise SiteError(f"{at}: unknown field(s) {', '.join(sorted(unknown))}")
        keys: tuple[str, ...] = ()
        if do == "key":
            if not isinstance(raw.get("keys"), str) or not raw["keys"]:
                raise SiteError(f'{at}: a key step needs "keys", e.g. "Return" or "ctrl+z"')
            keys = tuple(raw["keys"].split("+"))
        label: tuple[str, ...] = ()
        beside: tuple[str, float] | None = None
        if do == "button":
            label = _strings(at, "label", raw.get("label"))
            if "beside" in raw:
                b = raw["beside"]
                if (
                    not isinstance(b, list) or len(b) != 2 or not isinstance(b[0], str)
                    or not isinstance(b[1], int | float)
                ):
                    raise SiteError(f'{at}: "beside" is [label, label heights to its right]')
                beside = (b[0], float(b[1]))
        cell = (0.0, 0.0)
        if do == "click-at":
            value = raw.get("cell")
            if (
                not isinstance(value, list)
                or len(value) != 2
                or not all(isinstance(v, int | float) for v in value)
            ):
                raise SiteError(f'{at}: a click-at step needs "cell": [row, col] (in cells)')
            cell = (float(value[0]), float(value[1]))
        steps.append(
            Step(
                do,
                keys=keys,
                label=label,
                optional=bool(raw.get("optional", False)),
                type_at_new=bool(raw.get("type-at-new", False)),
                cell=cell,
                beside=beside,
            )
        )
    return tuple(steps)


def parse_profile(data: object, where: str, style: str | None = None) -> SiteProfile:
    """A profile from its JSON value; ``style`` picks one of the site's input styles."""
    if not isinstance(data, dict):
        raise SiteError(f"{where}: a site profile is a JSON object")
    for key in ("name", "game", "language", "title"):
        if not isinstance(data.get(key), str) or not data[key]:
            raise SiteError(f"{where}: {key!r} is required (a text)")
    extra = sorted(k for k in data if k not in PROFILE_KEYS and not str(k).startswith("_"))
    if extra:  # a typo would otherwise be a step or a phrase silently missing
        raise SiteError(f"{where}: unknown key(s) {', '.join(map(repr, extra))} (known:"
                        f" {', '.join(sorted(PROFILE_KEYS))})")
    styles = data.get("styles")
    if not isinstance(styles, dict) or not styles:
        raise SiteError(f'{where}: "styles" must map each input style to its move steps')
    chosen = style or str(data.get("default-style") or next(iter(styles)))
    if chosen not in styles:
        raise SiteError(
            f"{where}: no input style {chosen!r} (the site has: {', '.join(styles)})"
        )
    every = MOVE_STEPS + PLAIN_STEPS
    move = _steps(where, f"styles.{chosen}", styles[chosen], every)
    texts = data.get("texts", {})
    if not isinstance(texts, dict):
        raise SiteError(f"{where}: 'texts' must be an object of phrase lists")
    known_texts = {
        "turn-ours", "turn-theirs", "rejected", "used", "garbled", "won", "lost", "drawn", "over",
        "choose-letter", "accept-asked", "challenged", "confirm-asked", "notice",
    }
    unknown = set(texts) - known_texts
    if unknown:
        raise SiteError(
            f"{where}: unknown text kind(s) {', '.join(sorted(unknown))}"
            f" (known: {', '.join(sorted(known_texts))})"
        )

    def text(key: str) -> tuple[str, ...]:
        return _strings(where, f"texts.{key}", texts[key]) if key in texts else ()

    def number(key: str, default: float) -> float:
        value = data.get(key, default)
        if not isinstance(value, int | float) or value <= 0:
            raise SiteError(f"{where}: {key!r} must be a positive number of seconds")
        return float(value)

    return SiteProfile(
        name=data["name"],
        game=data["game"],
        language=data["language"],
        title=data["title"],
        move=move,
        cancel=_steps(where, "cancel", data.get("cancel", []), PLAIN_STEPS),
        pass_turn=_steps(where, "pass", data.get("pass", []), PLAIN_STEPS),
        new_game=_steps(where, "new-game", data.get("new-game", []), PLAIN_STEPS),
        start=_steps(where, "start", data.get("start", []), PLAIN_STEPS),
        dismiss=_steps(where, "dismiss", data.get("dismiss", []), PLAIN_STEPS),
        turn_ours=text("turn-ours"),
        turn_theirs=text("turn-theirs"),
        rejected=text("rejected"),
        used=text("used"),
        garbled=text("garbled"),
        won=text("won"),
        lost=text("lost"),
        drawn=text("drawn"),
        over=text("over"),
        choose_letter=text("choose-letter"),
        accept_asked=text("accept-asked"),
        challenged=text("challenged"),
        confirm_asked=text("confirm-asked"),
        notice=text("notice"),
        confirm=_steps(where, "confirm", data.get("confirm", []), PLAIN_STEPS),
        blank_letter=_steps(where, "blank-letter", data.get("blank-letter", []),
                            (*PLAIN_STEPS, "type-letter")),
        blank_keys=_keys(where, data.get("blank-keys", "")),
        accept=_steps(where, "accept", data.get("accept", []), PLAIN_STEPS),
        submit=_steps(where, "submit", data.get("submit", []), PLAIN_STEPS),
        exchange=_steps(where, "exchange", data.get("exchange", []), PLAIN_STEPS),
        exchange_confirm=_steps(
            where, "exchange-confirm", data.get("exchange-confirm", []), PLAIN_STEPS
        ),
        score_labels=_labels(where, data.get("score-labels")),
        end_score_labels=_labels(where, data.get("end-score-labels"), "end-score-labels"),
        glyphs=str(data.get("glyphs") or data["name"]),
        style=chosen,
        styles=tuple(styles),
        url=str(data.get("url", "")),
        rules=str(data.get("rules", "")),
        all_tiles_bonus=_bonus(where, data.get("all-tiles-bonus")),
        scoreless_end=_turns(where, data.get("scoreless-end")),
        yo_letter=_flag(where, "yo-letter", data.get("yo-letter", False)),
        min_zipf=None if "min-zipf" not in data else _zipf(where, data["min-zipf"]),
        sides=int(data.get("sides", 2)),
        opponent_timeout=number("opponent-timeout", 60.0),
        redraw_timeout=number("redraw-timeout", 5.0),
        settle_gap=number("settle-gap", 0.05),
        drag_step=number("drag-step", 0.15) if "drag-step" in data else None,
        park_pointer=bool(data.get("park-pointer", True)),
        source=where,
    )


def _zipf(where: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 8:
        raise SiteError(f"{where}: 'min-zipf' is a word frequency on the Zipf scale, 0..8 (0:"
                        " every word of our dictionary; 2: words seen about once in 10 million)")
    return float(value)


def _keys(where: str, value: object) -> str:
    if not isinstance(value, str) or not all(ch.isalpha() for ch in value) or len(
            set(value.upper())) != len(value):
        raise SiteError(f"{where}: 'blank-keys' is the wildcard pop-up's letters as one text,"
                        " row by row, each letter once (JScrab: \"ОАЕИНРСТВДКЛ...\")")
    return value.upper()


def _flag(where: str, key: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise SiteError(f"{where}: {key!r} is true or false")
    return value


def _bonus(where: str, value: object) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1000:
        raise SiteError(f"{where}: 'all-tiles-bonus' is the points for laying a whole rack"
                        " (0..1000; 50 in Scrabble and Erudit, 35 on some sites)")
    return value


def _turns(where: str, value: object) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 20:
        raise SiteError(f"{where}: 'scoreless-end' is how many scoreless turns in a row end a"
                        " game (1..20; Xanado 4: each of two players passing twice)")
    return value


def _labels(where: str, value: object, key: str = "score-labels") -> tuple[str, str]:
    if value is None:
        return ("", "")
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, str) and v for v in value)
    ):
        raise SiteError(f"{where}: {key!r} is [our label, their label]")
    return (value[0], value[1])


def user_sites_dir() -> Path:
    """The user's sites folder: ``$GAMEBOT_SITES``, else ``~/.local/share/gamebot/sites``."""
    env = os.environ.get("GAMEBOT_SITES")
    if env:
        return Path(env)
    return Path.home() / ".local" / "share" / "gamebot" / "sites"


def load_profile(name_or_path: str, style: str | None = None) -> SiteProfile:
    """A site by name (``NAME.json`` in the user's sites folder, else a built-in one such as
    ``gamebot-balda``) or a profile file by path."""
    path = Path(name_or_path)
    if not path.suffix:
        path = user_sites_dir() / f"{name_or_path}.json"
        if not path.is_file():
            path = BUILTIN_DIR / f"{name_or_path}.json"
        if not path.is_file():
            known = ", ".join(sorted(p.stem for p in BUILTIN_DIR.glob("*.json"))) or "none"
            raise SiteError(
                f"no site profile named {name_or_path!r} in {user_sites_dir()} (built-in:"
                f" {known}); give a profile's file path, or put NAME.json in that folder"
            )
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SiteError(f"{path}: cannot read the site profile: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise SiteError(f"{path}, line {exc.lineno}: not valid JSON: {exc.msg}") from None
    return parse_profile(data, str(path), style)


def builtin_sites() -> list[str]:
    return sorted(p.stem for p in BUILTIN_DIR.glob("*.json"))
