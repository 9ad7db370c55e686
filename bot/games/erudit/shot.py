"""``gamebot erudit best --shot SHOT.png``: the position of a screenshot, and the picture of the
best move drawn on it (``--picture OUT.png``).

The screenshot is read as ``gamebot read erudit`` reads it (site and rules tried in turn unless
named); a board whose premium squares differ from the rules' grid is scored on the grid it
shows (squares under tiles taken from the rules'). The picture is the screenshot with the best
move's tiles laid on their squares, the rack tiles it uses ringed, and a caption with the move,
its score and its equity.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bot.errors import GamebotError

if TYPE_CHECKING:
    from PIL import ImageDraw, ImageFont

    from solvers.decision import Decision
    from solvers.erudit.board import Board
    from solvers.erudit.moves import Move
    from solvers.erudit.rules import Rules
    from vision.core.frame import Frame
    from vision.core.geometry import Region
    from vision.erudit.reader import EruditReading

#: Colours of the drawing (RGB): the laid tiles, their letters, the rings, the caption.
TILE_FILL = (255, 236, 140)
TILE_EDGE = (200, 30, 30)
INK = (20, 20, 20)
CAPTION_FILL = (25, 25, 25)
CAPTION_INK = (255, 255, 255)


@dataclass(frozen=True)
class ShotPosition:
    """A screenshot's position text, and what is needed to draw on it."""

    path: Path
    text: str
    frame: Frame
    reading: EruditReading
    premiums: str | None  # the board's own premium grid when it differs from the rules'
    #: Squares of tiles laid on the board but not submitted (back on the rack in ``text``)
    laid: tuple[str, ...] = ()


def add_shot_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--shot", metavar="SHOT.png",
                   help="read the position off a screenshot instead of a position text")
    p.add_argument("--site", help="with --shot: the site (default: try every site known)")
    p.add_argument("--picture", metavar="OUT.png",
                   help="with --shot: save the screenshot with the best move drawn on it")


def best_input(args: argparse.Namespace) -> tuple[str, ShotPosition | None]:
    """The position text to decide on: from POSITION.txt, or from --shot (then ``args.position``
    names the screenshot, for messages)."""
    from bot.cli.options import read_input

    if args.shot is None:
        if args.picture:
            raise GamebotError("--picture draws on a screenshot: give --shot SHOT.png")
        if args.position is None:
            raise GamebotError("give a position text (POSITION.txt, '-' for stdin) or"
                               " --shot SHOT.png")
        return read_input(args.position), None
    if args.position is not None:
        raise GamebotError(f"give either {args.position} or --shot {args.shot}, not both")
    if args.picture:
        from bot.run.pictures import check_output

        check_output(args.picture, (".png",))
    shot = read_shot_position(Path(args.shot), args.site, args.rules)
    args.position = str(shot.path)
    return shot.text, shot


def read_shot_position(path: Path, site: str | None, rules: str | None) -> ShotPosition:
    from bot.games.erudit.sites import read_shot
    from vision.core.errors import ReadError
    from vision.core.frame import Frame

    frame = Frame.from_file(path)
    try:
        found = read_shot(frame, site, rules)
    except ReadError as exc:
        raise GamebotError(str(exc.with_source(str(path)))) from None
    r = found.reading
    premiums = None
    if not r.premiums_match:
        want = [ln.strip() for ln in found.rules.premium_text.strip().splitlines()]
        premiums = "\n".join(
            "".join(seen if seen != "?" else want[row][col] for col, seen in enumerate(line))
            for row, line in enumerate(r.premiums)
        ) + "\n"
    r, laid = _laid_back_on_rack(frame, r, found.rules.rack_size)
    return ShotPosition(path, r.to_position_text(found.rules), frame, r, premiums, laid)


def _laid_back_on_rack(frame: Frame, reading: EruditReading, rack_size: int
                       ) -> tuple[EruditReading, tuple[str, ...]]:
    """The reading with the tiles laid but not submitted (told by their look:
    :mod:`vision.erudit.laid`) taken off the board and put back on the rack (a wildcard's as
    ``*``): they are the player's to play, not the board's."""
    from dataclasses import replace

    from solvers.erudit.board import square_name
    from solvers.erudit.rules import SIZE, WILDCARD
    from vision.erudit.laid import laid_squares

    board = "".join(reading.board)
    laid = laid_squares(frame.pixels, reading.geometry, board, rack_size)
    if not laid or len(reading.rack) + len(laid) > rack_size:
        return reading, ()
    cells = list(board)
    back = ""
    for i in laid:
        back += WILDCARD if cells[i].islower() else cells[i]
        cells[i] = "."
    rows = tuple("".join(cells[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE))
    names = tuple(square_name(i) for i in laid)
    wild = tuple(w for w in reading.wildcards if w not in names)
    return replace(reading, board=rows, rack=reading.rack + back, wildcards=wild), names


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    from PIL import ImageFont

    try:
        import matplotlib

        path = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans-Bold.ttf"
        return ImageFont.truetype(str(path), size)
    except (ImportError, OSError):
        return ImageFont.load_default()


def draw_best(shot: ShotPosition, decisions: Sequence[Decision[Move]], out: str | Path,
              rules: Rules) -> Path:
    """Save the screenshot with the best move drawn on it; returns the path."""
    import numpy as np
    from PIL import Image, ImageDraw

    from solvers.erudit.moves import MultiPlacement, Placement
    from solvers.erudit.rules import WILDCARD

    rgb = shot.frame.pixels[:, :, ::-1]
    image = Image.fromarray(np.ascontiguousarray(rgb))
    draw = ImageDraw.Draw(image)
    r = shot.reading
    geometry = r.geometry
    pitch = geometry.pitch[0]
    best = decisions[0] if decisions else None
    caption = "no legal move"
    if best is not None:
        move = best.move
        parts = list(move.parts) if isinstance(move, MultiPlacement) else (
            [move] if isinstance(move, Placement) else [])
        board = shot_board(r)
        used: list[str] = []
        for part in parts:
            for square, ch in part.new_tiles(board):
                cell = geometry.cell_rect(*divmod(square, 15))
                inset = max(1, int(pitch * 0.06))
                box = (cell.left + inset, cell.top + inset, cell.right - inset, cell.bottom - inset)
                draw.rounded_rectangle(box, radius=max(2, int(pitch * 0.12)), fill=TILE_FILL,
                                       outline=TILE_EDGE, width=max(2, int(pitch * 0.07)))
                letter = ch.upper()
                font = _font(max(8, int(pitch * 0.55)))
                draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), letter, fill=INK,
                          font=font, anchor="mm")
                if ch.islower():
                    small = _font(max(6, int(pitch * 0.22)))
                    draw.text((box[2] - 2, box[3] - 2), WILDCARD, fill=TILE_EDGE, font=small,
                              anchor="rd")
                used.append(WILDCARD if ch.islower() else ch)
            board = board.place(part.new_tiles(board))
        _ring_rack(draw, r, used, pitch)
        score = f"score {best.score:.0f}" if best.score is not None else ""
        equity = f"equity {best.equity:.1f}" if best.equity is not None else ""
        caption = "  ".join(x for x in (move.to_text(), score, equity) if x)
    _caption(draw, image.size, geometry.bounds, caption, pitch)
    path = Path(out)
    image.save(path)
    return path


def shot_board(reading: EruditReading) -> Board:
    from solvers.erudit.board import Board

    return Board.from_rows(list(reading.board))


def _ring_rack(draw: ImageDraw.ImageDraw, reading: EruditReading, used: list[str], pitch: float
               ) -> None:
    """Ring the rack tiles the move uses (the first free tile of each letter)."""
    left = list(zip(reading.rack, reading.rack_tiles, strict=True))
    width = max(2, int(pitch * 0.08))
    for ch in used:
        for k, (tile, region) in enumerate(left):
            if tile == ch:
                draw.rectangle((region.left - width, region.top - width, region.right + width,
                                region.bottom + width), outline=TILE_EDGE, width=width)
                left.pop(k)
                break


def _caption(draw: ImageDraw.ImageDraw, size: tuple[int, int], board: Region, text: str,
             pitch: float) -> None:
    """The move, score and equity in a dark band just above the board (below if no room)."""
    font = _font(max(12, int(pitch * 0.5)))
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    w, h = right - left + 16, bottom - top + 12
    y = board.top - h - 4 if board.top - h - 4 >= 0 else min(size[1] - h, board.bottom + 4)
    x = max(0, min(size[0] - w, board.left))
    draw.rectangle((x, y, x + w, y + h), fill=CAPTION_FILL)
    draw.text((x + 8 - left, y + 6 - top), text, fill=CAPTION_INK, font=font)
