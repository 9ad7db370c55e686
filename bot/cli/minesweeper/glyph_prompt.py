"""``gamebot calibrate``: the person names the looks calibration could not name.

Each unnamed look is saved as an enlarged PNG (its path printed, to open in any viewer), drawn
in the terminal with half-block characters in its own colours, and the person types the board
character it shows, or Enter to leave it unnamed (it is then learned during play, as with
``--yes``). Ctrl+D or Ctrl+C cancels the whole calibration: nothing is saved.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from rich.console import Console
from rich.style import Style
from rich.text import Text

from bot.cli.prompt import ask
from calibration.minesweeper.user_names import check_name, with_named_look
from vision.minesweeper.debug import enlarge
from vision.minesweeper.skin import CELL_CHARS, Skin

PREVIEW_WIDTH = 16  # terminal columns a look is drawn in


def preview(look: np.ndarray, width: int = PREVIEW_WIDTH) -> Text:
    """The look in half blocks: each character shows two pixels (top in the foreground
    colour, bottom in the background colour)."""
    h, w = look.shape[:2]
    rows = max(2, round(width * h / w / 2) * 2)
    small = cv2.resize(look, (width, rows), interpolation=cv2.INTER_AREA)
    text = Text()
    for y in range(0, rows, 2):
        for x in range(width):
            top = small[y, x]
            bottom = small[y + 1, x]
            text.append("▀", Style(color=_rgb(top), bgcolor=_rgb(bottom)))
        text.append("\n")
    return text


def _rgb(bgr: np.ndarray) -> str:
    b, g, r = (int(v) for v in bgr)
    return f"rgb({r},{g},{b})"


def save_look(look: np.ndarray, folder: Path, index: int) -> Path:
    path = folder / f"look-{index}.png"
    cv2.imwrite(str(path), enlarge(look))
    return path


def name_looks(skin: Skin, groups: Sequence[Any], console: Console | None = None,
               folder: Path | None = None) -> tuple[Skin, list[str]]:
    """Ask for a name for each unnamed group (``calibration.minesweeper.learn.Group``); the skin
    with the named looks added, and lines saying what was named and where the pictures are."""
    console = console or Console(file=sys.stderr, soft_wrap=True, highlight=False)
    folder = folder or Path(tempfile.mkdtemp(prefix=f"gamebot-{skin.name}-looks-"))
    lines: list[str] = []
    allowed = " ".join(CELL_CHARS)
    for i, group in enumerate(groups, 1):
        path = save_look(group.look, folder, i)
        shot, r, c = group.members[0]
        console.print(f"unnamed look {i} of {len(groups)}: {len(group.members)} cell(s), e.g."
                      f" row {r} col {c} of screenshot {shot + 1}; picture: {path}")
        console.print(preview(group.look), end="")
        while True:
            answer = ask(f"what does it show? one of {allowed}, Enter leaves it unnamed: ")
            if not answer:
                lines.append(f"look {i} ({path}) left unnamed: learned later during play")
                break
            try:
                char = check_name(answer)
            except ValueError as exc:
                console.print(str(exc))
                continue
            skin = with_named_look(skin, group.look, char)
            group.name, group.how = char, "named by you"
            lines.append(f"look {i} ({path}) named {char!r} by you")
            break
    return skin, lines
