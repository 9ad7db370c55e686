"""A site profile drafted from what was seen on the page: the JSON a user confirms once.

Each key is either *found* (read or tried on the page: a button's label, the turn line, the
input style that made a tile land) or *guessed* (the common default: phrases a fresh page
cannot show yet, Escape for a cancel no button offers). :class:`Draft` keeps both lists, so
the command can say which is which, and the file carries them under ``_draft`` (a note key the
profile reader skips). Pure, so it is tested without a display.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from calibration.profile.page_words import Found
from calibration.profile.vocabulary import DISMISS, PHRASES, SEEN_AT_START

#: Labels that confirm an exchange once its tiles are marked (guessed: the dialog shows later).
EXCHANGE_CONFIRM = {"ru": ("Обменять", "Подтвердить", "OK"), "uk": ("Обміняти", "OK"),
                    "en": ("Swap", "Exchange", "OK")}
CHOOSE_LETTER = {"ru": ("Выберите букву",), "uk": ("Оберіть літеру",),
                 "en": ("Choose a letter", "Select a letter", "Select the letter")}

Steps = list[dict[str, Any]]


class DraftError(ValueError):
    """A draft that cannot be made or written; the message says why and what to do."""


@dataclass
class Draft:
    """The drafted profile and what of it was found on the page and what was guessed."""

    data: dict[str, Any]
    found: list[str] = field(default_factory=list)
    guessed: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"found on the page ({len(self.found)}):"]
        out += [f"  {x}" for x in self.found]
        out.append(f"guessed ({len(self.guessed)}): check these")
        out += [f"  {x}" for x in self.guessed]
        return out


def button(label: str) -> dict[str, Any]:
    return {"do": "button", "label": [label]}


def submit_button(label: str, lang: str) -> dict[str, Any]:
    """The submit step: the label read, with the language's more telling submit labels tried
    before it (a page may show «Finished Turn» only once tiles lie on the board, its «Play»
    heading all the time) and the rest after."""
    from calibration.profile.vocabulary import BUTTONS

    common = list(BUTTONS["submit"].get(lang, ()))
    at = common.index(label) if label in common else len(common)
    return {"do": "button", "label": [*common[:at], label, *common[at + 1 :]]}


@dataclass(frozen=True)
class Seen:
    """Everything the live look at the page gives the draft."""

    game: str  # balda or erudit
    name: str
    language: str
    title: str  # the window's title, as shown
    style: str  # the input style tried and seen to work ("" when none did)
    move: Steps  # its steps
    buttons: dict[str, Found]
    turns: dict[str, Found]
    scores: tuple[str, str] | None
    other_styles: dict[str, Steps] = field(default_factory=dict)  # guessed alternatives
    style_note: str = ""  # what the trial saw
    taken_back: bool | None = None  # the tried input was taken back (None: nothing tried)
    start: tuple[str, ...] = ()  # a menu's buttons clicked before the board showed
    look: str = ""  # a shipped look (glyphs) that reads the page, if one does
    marker: str = ""  # the mark beside the name of whoever moves (``>``), if one is seen


def title_pattern(title: str) -> str:
    """The window title as a regular expression (its start, escaped). A page without a title
    of its own shows its address: the path is kept, not the host and port (a folder served
    again gets another port)."""
    import re

    def escape(text: str) -> str:  # only what a pattern reads as more than itself
        return re.sub(r"([.^$*+?{}\[\]\\|()])", r"\\\1", text)

    title = title.strip()
    address = re.match(r"^(?:https?://)?(?:[\w.-]+|\[[\w:]+\]):\d+(/.*)$", title)
    if address:
        return escape(address.group(1))
    return "^" + escape(title)


def build(seen: Seen) -> Draft:
    """The profile of a page from what the live look saw."""
    lang = seen.language
    data: dict[str, Any] = {"name": seen.name, "game": seen.game, "language": lang,
                            "title": title_pattern(seen.title)}
    d = Draft(data)
    d.found.append(f"language {lang} (the page's text)")
    d.found.append(f"title {data['title']!r} (the window's)")
    b = seen.buttons
    style = seen.style or next(iter(seen.other_styles), "")
    styles = {seen.style: list(seen.move)} if seen.style else {}
    styles.update({k: v for k, v in seen.other_styles.items() if k not in styles})
    if not styles:
        raise DraftError("no input style to draft: nothing was tried on the page")
    data["default-style"] = style
    data["styles"] = styles
    if seen.style:
        d.found.append(f"input style {seen.style!r}: {seen.style_note}")
    else:
        d.guessed.append(f"input style {style!r}: {seen.style_note or 'not tried'}")
    for other in styles:
        if other != seen.style and seen.style:
            d.guessed.append(f"input style {other!r} (another the page may take: --style {other})")

    def steps(key: str, found: Steps | None, guess: Steps | None, why: str) -> None:
        if found is not None:
            data[key] = found
            boxed = f" (the button {b[key].label!r}, read in its box)" if (
                key in b and b[key].cell is not None) else ""
            d.found.append(f"{key}: {_text(found)}{boxed}")
        elif guess is not None:
            data[key] = guess
            d.guessed.append(f"{key}: {_text(guess)} ({why})")
        else:
            d.guessed.append(f"{key}: none ({why})")

    def on_page(key: str) -> Steps | None:
        if key not in b:
            return None
        if b[key].cell is not None:  # read in its box only: clicked where it is
            row, col = b[key].cell or (0.0, 0.0)
            return [{"do": "click-at", "cell": [round(row, 2), round(col, 2)]}]
        return [button(b[key].label)]

    if seen.game == "erudit":
        submit = on_page("submit")
        if submit and submit[0]["do"] == "button":  # a page may relabel it once tiles lie
            submit = [submit_button(submit[0]["label"][0], lang)]
        steps("submit", submit, None, "no submit button read: add the step that confirms a"
              " move")
        steps("exchange", on_page("exchange"), None, "no exchange button read")
        if "exchange" in b:
            data["exchange-confirm"] = [{"do": "button", "label": list(EXCHANGE_CONFIRM[lang])}]
            d.guessed.append(f"exchange-confirm: {_text(data['exchange-confirm'])}")
        data["blank-letter"] = [{"do": "type-letter"}, {"do": "key", "keys": "Return"}]
        d.guessed.append("blank-letter: type the letter, Return (a prompt() box; unused when"
                         " the page shows letter keys)")
    steps("cancel", on_page("cancel"), [{"do": "key", "keys": "Escape"}], "no cancel button"
          " read")
    steps("pass", on_page("pass"), None, "no pass button read")
    if seen.start:
        data["start"] = [{**button(label), "optional": True} for label in seen.start]
        d.found.append(f"start: {_text(data['start'])} (the page opened on a menu)")
    menu = [button(label) for label in seen.start] or None
    steps("new-game", on_page("new-game"),
          menu or [{"do": "key", "keys": "F5"}, {"do": "settle"}],
          "no new-game button read: " + ("the menu's" if menu else "reloading the page"))
    data["dismiss"] = [{"do": "button", "label": [label], "optional": True}
                       for label in DISMISS[lang]]
    d.guessed.append(f"dismiss: {_text(data['dismiss'])} (each only if shown)")
    texts: dict[str, list[str]] = {}
    for kind in PHRASES:
        if kind in SEEN_AT_START:
            if kind in seen.turns:
                texts[kind] = [seen.turns[kind].label]
                d.found.append(f"texts.{kind}: {texts[kind]}")
            elif seen.marker and seen.scores:  # «➤ You»: the mark moves to whoever moves
                texts[kind] = [f"@{seen.marker}{seen.scores[kind == 'turn-theirs']}"]
                how = "read beside our name" if kind == "turn-ours" else "by the same mark"
                (d.found if kind == "turn-ours" else d.guessed).append(
                    f"texts.{kind}: {texts[kind]} (the turn mark {seen.marker!r} {how})")
            elif kind == "turn-theirs" and "turn-ours" in seen.turns:
                # a page that names our turn in a banner names theirs there too, while they
                # think (a common phrase; a log line would name it for ever: no banner, no guess)
                texts[kind] = list(PHRASES[kind][lang])
                d.guessed.append(f"texts.{kind}: the common phrases ({len(texts[kind])}; the"
                                 " page names our turn in a banner)")
            elif (kind == "turn-ours" and seen.game == "balda" and "submit" in b
                  and b["submit"].cell is None):
                # Balda waits for a phrase (Erudit plays without): a send button the page
                # reader reads shows on our turn (Xanado's shows only once tiles lie)
                texts[kind] = [b["submit"].label]
                d.guessed.append(f"texts.{kind}: {texts[kind]} (no turn line read: the submit"
                                 " button's label, shown on our turn)")
            continue
        texts[kind] = list(PHRASES[kind][lang])
        d.guessed.append(f"texts.{kind}: the common phrases ({len(texts[kind])})")
    if seen.game == "erudit":
        texts["choose-letter"] = list(CHOOSE_LETTER[lang])
        d.guessed.append("texts.choose-letter: the common phrases")
    data["texts"] = texts
    if seen.scores:
        data["score-labels"] = list(seen.scores)
        d.found.append(f"score-labels: {list(seen.scores)}")
    else:
        d.guessed.append("score-labels: none read (the winner is then what the page says)")
    if seen.look:
        data["glyphs"] = seen.look
        d.found.append(f"glyphs: {seen.look!r} (the shipped look of that site reads this page)")
    data["opponent-timeout"] = 60
    data["redraw-timeout"] = 15 if seen.game == "erudit" else 5
    if seen.taken_back is False:
        d.guessed.append("the input tried could not be taken back: reload the page before"
                         " playing")
    data["_draft"] = {"found": d.found, "guessed": d.guessed}
    return d


def _text(steps: Sequence[dict[str, Any]]) -> str:
    parts = []
    for s in steps:
        if s["do"] == "button":
            parts.append(f"button {' | '.join(s['label'])}")
        elif s["do"] == "click-at":
            parts.append(f"click-at {s['cell'][0]:g},{s['cell'][1]:g}")
        elif s["do"] == "key":
            parts.append(f"key {s['keys']}")
        else:
            parts.append(str(s["do"]))
    return ", ".join(parts)


def compact_json(data: dict[str, Any]) -> str:
    """The profile one key a line (a few lines to read and edit, not a page of brackets);
    ``texts`` and the ``_draft`` notes one entry a line."""
    def one(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    rows = []
    for key, value in data.items():
        if isinstance(value, dict) and value:
            inner = ",\n".join(f"    {one(k)}: {one(v)}" for k, v in value.items())
            rows.append(f"  {one(key)}: {{\n{inner}\n  }}")
        else:
            rows.append(f"  {one(key)}: {one(value)}")
    return "{\n" + ",\n".join(rows) + "\n}\n"


def write(path: Path, data: dict[str, Any], force: bool = False) -> Path:
    """Write the profile atomically (a temporary file renamed); an existing file is kept
    unless ``force``."""
    if path.exists() and not force:
        raise DraftError(f"{path} exists: keep it, or draft again with --force to replace it")
    path.parent.mkdir(parents=True, exist_ok=True)
    text = compact_json(data)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
