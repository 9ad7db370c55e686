"""Erudit/Scrabble frames of a recording read again: board and rack, as recorded."""

from __future__ import annotations

from pathlib import Path

from bot.run.recorder import RecordingError
from bot.run.replay import TextReader
from vision.core.frame import Frame

#: Page kinds whose frames may show something over the board (not read again).
OVER_THE_BOARD = frozenset({"choose", "rejected", "notice", "won", "lost", "drawn", "over"})


def erudit_reader(header: dict[str, object], directory: Path | None = None) -> TextReader:
    """Erudit/Scrabble vision with the recorded site's look, board and rack, as play read
    them: Tesseract names a glyph the look lacks when the tile's value confirms it, and the
    frames are read in order, so what one frame taught the next one knows (play keeps those
    names for the session only). A tile still unknown (named during play by the game's logic,
    which a lone frame cannot redo) reads as ``?`` and agrees with any letter recorded there
    (a rack tile no look names reads ``?``, as play left it out);
    every other square and rack tile must read as recorded. Each frame is told the tiles the
    frames of its game before it recorded, as play was told the board it followed. The
    site's look is the one the recording keeps (:mod:`bot.web.site_copies`), else the site
    its header names."""
    from bot.games.erudit.sites import find_site
    from bot.web.recorded_site import latest_look
    from solvers.erudit.rules import load_rules
    from vision.erudit.look import EruditSite
    from vision.erudit.reader import locate_erudit, read_erudit

    look = latest_look(directory) if directory is not None else None
    site = EruditSite.load(look or find_site(str(header.get("site") or "gamebot-erudit")))
    rules = load_rules(str(header.get("rules") or "erudit"))

    def read(frame: Frame, known: dict[int, str] | None = None) -> str:
        reading = read_erudit(frame, locate_erudit(frame), site, rules, check=False,
                              partial=True, empty_rack=True, known=known, unknown_rack=True)
        board = "".join(reading.board)
        rows = "\n".join(board[r * 15 : (r + 1) * 15] for r in range(15))
        return f"{rows}\nrack {reading.rack}"

    def expected(event: dict[str, object]) -> str:
        return f"{str(event['board']).rstrip()}\nrack {event.get('rack', '')}"

    def agree(got: str, want: str) -> bool:
        return len(got) == len(want) and all(
            g == w or (g == "?" and w.isalpha()) for g, w in zip(got, want, strict=True)
        )

    def checks(event: dict[str, object]) -> bool:
        # The wildcard's letter dialog, or a pop-up over a dimmed page (a refusal, a notice,
        # the end: JScrab), covers the board: play kept the board it read before.
        page = event.get("page", ())
        return not (isinstance(page, list | tuple) and bool(set(page) & OVER_THE_BOARD))

    followed: dict[int, str] = {}  # the tiles of the game's frames read before, as recorded
    game: list[object] = [None]

    def read_event(frame: Frame, event: dict[str, object]) -> str:
        # told as play was told: the board it followed (a tile keeps the letter and case it
        # was followed with: a W whose 4 touches it reads as a wildcard alone) and its laid
        # tiles
        if event.get("game_no") != game[0]:
            game[0] = event.get("game_no")
            followed.clear()
        got = read(frame, {**followed, **laid_squares(event)})
        board = "".join(str(event.get("board", "")).split())
        followed.update((i, ch) for i, ch in enumerate(board) if ch.isalpha())
        return got

    return TextReader(read, "board", expected, agree, checks, read_event=read_event)


def laid_squares(event: dict[str, object]) -> dict[int, str]:
    """The tiles play had laid and not sent when it read the event's frame (``square=letter``
    each; lower case a wildcard), told to the reader again as play told it."""
    laid = event.get("laid", ())
    if not isinstance(laid, list | tuple):
        raise RecordingError(f"frame {event.get('frame')}: 'laid' is not a list: {laid!r}")
    known: dict[int, str] = {}
    for item in laid:
        square, sep, char = str(item).partition("=")
        if not sep or not square.isdigit() or len(char) != 1:
            raise RecordingError(f"frame {event.get('frame')}: a laid tile {item!r} is not"
                                 f" 'square=letter'")
        known[int(square)] = char
    return known
