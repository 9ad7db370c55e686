"""Reading a text terminal (the one bsdgames hangman runs in) with templates of its own font.

A terminal draws every character in a fixed cell with the same pixels each time, so templates
cut from the terminal itself read it exactly and fast. They are learned from a calibration
screen the bot prints before the game starts (``CALIBRATION_LINES``): one line in reverse video
that shows the cell grid, then every printable ASCII character in order. Nothing here depends
on the font, its size, or the colours.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import Region

PRINTABLE = "".join(chr(c) for c in range(33, 127))  # "!" .. "~"; the space is learned apart
REVERSE_ON, REVERSE_OFF = "\x1b[7m", "\x1b[0m"
INK = 64  # grey levels from the background that count as ink when finding the grid
MATCH_TOLERANCE = 0.004  # mean squared difference (0..1 scale) a cell may have from its glyph
MIN_SEPARATION = 0.0005  # two characters closer than this are drawn alike: the font is refused


def calibration_text(cols: int = 80) -> str:
    """What the terminal must print (from its top-left corner) for :meth:`Glyphs.learn`."""
    lines = [REVERSE_ON + " " * cols + REVERSE_OFF]
    lines += [PRINTABLE[i : i + cols] for i in range(0, len(PRINTABLE), cols)]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class TerminalGrid:
    """Where the character cells are, in the pixels of a frame of the terminal window."""

    left: int
    top: int
    cell_width: int
    cell_height: int
    cols: int
    rows: int

    def cell(self, row: int, col: int) -> Region:
        return Region(
            self.left + col * self.cell_width,
            self.top + row * self.cell_height,
            self.cell_width,
            self.cell_height,
        )

    @property
    def region(self) -> Region:
        return Region(
            self.left, self.top, self.cols * self.cell_width, self.rows * self.cell_height
        )


def _gray(frame: Frame) -> np.ndarray:
    return cv2.cvtColor(frame.pixels, cv2.COLOR_BGR2GRAY)


def _longest_run(mask: np.ndarray) -> tuple[int, int]:
    """(start, length) of the longest run of True in a 1-D bool array; (0, 0) if none."""
    padded = np.r_[False, mask, False].astype(np.int8)
    edges = np.flatnonzero(np.diff(padded))
    if edges.size == 0:
        return 0, 0
    starts, ends = edges[::2], edges[1::2]
    k = int(np.argmax(ends - starts))
    return int(starts[k]), int(ends[k] - starts[k])


def find_grid(frame: Frame, cols: int = 80, rows: int = 24) -> TerminalGrid:
    """Locate the cell grid from the reverse-video bar of a calibration screen."""
    gray = _gray(frame).astype(np.int16)
    background = int(np.bincount(gray.ravel()).argmax())
    ink = np.abs(gray - background) > INK
    top, height = _longest_run(np.asarray(ink.mean(axis=1) > 0.8))
    if height < 4:
        raise ReadError("no calibration bar: the terminal did not print the calibration text")
    left, width = _longest_run(np.asarray(ink[top : top + height].all(axis=0)))
    if width % cols:
        raise ReadError(f"calibration bar is {width} px wide, not a multiple of {cols} columns")
    grid = TerminalGrid(left, top, width // cols, height, cols, rows)
    inside = Region(0, 0, frame.width, frame.height).intersect(grid.region)
    if inside != grid.region:
        raise ReadError(f"a {cols}x{rows} grid of {width // cols}x{height} cells does not fit")
    return grid


def cell_vectors(frame: Frame, grid: TerminalGrid) -> np.ndarray:
    """Every cell's grey pixels as one row, scaled to 0..1: shape (rows * cols, h * w)."""
    r = grid.region
    gray = _gray(frame)[r.top : r.bottom, r.left : r.right].astype(np.float32) / 255.0
    cells = gray.reshape(grid.rows, grid.cell_height, grid.cols, grid.cell_width)
    return cells.transpose(0, 2, 1, 3).reshape(grid.rows * grid.cols, -1)


@dataclass(frozen=True, eq=False)
class Glyphs:
    """The terminal's look: its grid and one template per character (several may read ' ')."""

    grid: TerminalGrid
    labels: str
    templates: np.ndarray  # (len(labels), cell_h * cell_w) float32
    tolerance: float = MATCH_TOLERANCE  # set by learn(): well below the closest two glyphs

    @classmethod
    def learn(cls, frame: Frame, cols: int = 80, rows: int = 24) -> Glyphs:
        """Templates from a frame of the terminal showing :func:`calibration_text`."""
        grid = find_grid(frame, cols, rows)
        vectors = cell_vectors(frame, grid).reshape(rows, cols, -1)
        labels: list[str] = []
        templates: list[np.ndarray] = []
        for i, ch in enumerate(PRINTABLE):
            labels.append(ch)
            templates.append(vectors[1 + i // cols, i % cols])
        # Blank cells: after the last character on its line, and the line below (where the
        # cursor waits). Distinct looks (plain, cursor) are all kept as spaces.
        last_row = 1 + (len(PRINTABLE) - 1) // cols
        blanks = [vectors[last_row, c] for c in range(len(PRINTABLE) % cols or cols, cols)]
        blanks += list(vectors[last_row + 1])
        spaces: list[np.ndarray] = []
        for blank in blanks:
            if not any(np.array_equal(blank, seen) for seen in spaces):
                spaces.append(blank)
        labels += [" "] * len(spaces)
        templates += spaces
        stack = np.stack(templates).astype(np.float32)
        glyphs = cls(grid, "".join(labels), stack)
        closest = glyphs.closest_pair()
        return cls(grid, glyphs.labels, stack, min(MATCH_TOLERANCE, closest / 3))

    def closest_pair(self) -> float:
        """Distance between the two most alike different characters; refuses a font that
        draws two characters alike, since they could be misread for each other."""
        d = self.distances(self.templates)
        labels = np.array(list(self.labels))
        d[labels[:, None] == labels[None, :]] = np.inf
        i, j = np.unravel_index(int(np.argmin(d)), d.shape)
        if d[i, j] < MIN_SEPARATION:
            raise ReadError(
                f"the terminal font draws {self.labels[i]!r} and {self.labels[j]!r} alike;"
                " choose another font"
            )
        return float(d[i, j])

    def distances(self, vectors: np.ndarray) -> np.ndarray:
        """Mean squared difference of each vector to each template: (len(vectors), templates)."""
        t = self.templates
        d = (
            (vectors * vectors).sum(axis=1)[:, None]
            + (t * t).sum(axis=1)[None, :]
            - 2.0 * vectors @ t.T
        )
        return np.maximum(d, 0.0) / t.shape[1]

    def read(self, frame: Frame) -> list[str]:
        """Every line of the terminal, trailing blanks removed; ReadError on any unknown cell."""
        vectors = cell_vectors(frame, self.grid)
        d = self.distances(vectors)
        best = np.argmin(d, axis=1)
        worst = np.flatnonzero(d[np.arange(best.size), best] > self.tolerance)
        if worst.size:
            cells = tuple(divmod(int(k), self.grid.cols) for k in worst)
            row, col = cells[0]
            crop = frame.crop(self.grid.cell(row, col)).pixels
            raise ReadError(
                f"{worst.size} terminal cell(s) match no glyph, first at row {row} col {col}",
                cell=(row, col),
                crop=crop,
                cells=cells,
            )
        chars = np.array(list(self.labels))[best].reshape(self.grid.rows, self.grid.cols)
        return ["".join(line).rstrip() for line in chars]
