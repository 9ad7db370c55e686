"""Frozen geometry: points, rectangles and cell grids, in pixels.

Screen coordinates may be negative (monitors left of or above the primary one). A grid keeps
every row and column edge, because some programs (gnome-mines) do not draw on one uniform pitch.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Point:
    x: int
    y: int

    def offset(self, dx: int, dy: int) -> Point:
        return Point(self.x + dx, self.y + dy)


@dataclass(frozen=True)
class Region:
    """An axis-aligned rectangle: left/top inclusive, right/bottom exclusive."""

    left: int
    top: int
    width: int
    height: int

    def __post_init__(self) -> None:
        if self.width < 0 or self.height < 0:
            raise ValueError(f"region with negative size: {self}")

    @property
    def right(self) -> int:
        return self.left + self.width

    @property
    def bottom(self) -> int:
        return self.top + self.height

    @property
    def center(self) -> Point:
        return Point(self.left + self.width // 2, self.top + self.height // 2)

    def contains(self, point: Point) -> bool:
        return self.left <= point.x < self.right and self.top <= point.y < self.bottom

    def contains_region(self, other: Region) -> bool:
        return (
            self.left <= other.left
            and self.top <= other.top
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    def offset(self, dx: int, dy: int) -> Region:
        return Region(self.left + dx, self.top + dy, self.width, self.height)

    def intersect(self, other: Region) -> Region | None:
        left, top = max(self.left, other.left), max(self.top, other.top)
        right, bottom = min(self.right, other.right), min(self.bottom, other.bottom)
        if right <= left or bottom <= top:
            return None
        return Region(left, top, right - left, bottom - top)

    def to_dict(self) -> dict[str, int]:
        return {"left": self.left, "top": self.top, "width": self.width, "height": self.height}

    def to_list(self) -> list[int]:
        """[left, top, width, height], as recordings store a region."""
        return [self.left, self.top, self.width, self.height]


@dataclass(frozen=True)
class GridGeometry:
    """Cell edges of a board: ``col_edges`` has cols+1 x values, ``row_edges`` rows+1 y values."""

    col_edges: tuple[int, ...]
    row_edges: tuple[int, ...]

    def __post_init__(self) -> None:
        for name, edges in (("col_edges", self.col_edges), ("row_edges", self.row_edges)):
            if len(edges) < 2:
                raise ValueError(f"{name} needs at least two edges")
            if any(b <= a for a, b in zip(edges, edges[1:], strict=False)):
                raise ValueError(f"{name} must increase strictly: {edges}")

    @classmethod
    def uniform(
        cls, origin: Point, pitch_x: float, pitch_y: float, rows: int, cols: int
    ) -> GridGeometry:
        """A grid on one pitch (fractional pitches are rounded edge by edge)."""
        return cls(
            tuple(origin.x + round(i * pitch_x) for i in range(cols + 1)),
            tuple(origin.y + round(i * pitch_y) for i in range(rows + 1)),
        )

    @property
    def rows(self) -> int:
        return len(self.row_edges) - 1

    @property
    def cols(self) -> int:
        return len(self.col_edges) - 1

    @property
    def bounds(self) -> Region:
        return Region(
            self.col_edges[0],
            self.row_edges[0],
            self.col_edges[-1] - self.col_edges[0],
            self.row_edges[-1] - self.row_edges[0],
        )

    @property
    def pitch(self) -> tuple[float, float]:
        """Mean cell width and height."""
        return (self.bounds.width / self.cols, self.bounds.height / self.rows)

    def cell_rect(self, r: int, c: int) -> Region:
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise IndexError(f"cell ({r}, {c}) is outside the {self.rows}x{self.cols} grid")
        x0, x1 = self.col_edges[c], self.col_edges[c + 1]
        y0, y1 = self.row_edges[r], self.row_edges[r + 1]
        return Region(x0, y0, x1 - x0, y1 - y0)

    def cell_center(self, r: int, c: int) -> Point:
        return self.cell_rect(r, c).center

    def cell_at(self, point: Point) -> tuple[int, int] | None:
        """The (row, col) under a point, or None outside the grid."""
        if not self.bounds.contains(point):
            return None
        col = next(i for i in range(self.cols) if point.x < self.col_edges[i + 1])
        row = next(i for i in range(self.rows) if point.y < self.row_edges[i + 1])
        return row, col

    def offset(self, dx: int, dy: int) -> GridGeometry:
        return GridGeometry(
            tuple(x + dx for x in self.col_edges), tuple(y + dy for y in self.row_edges)
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "rows": self.rows,
            "cols": self.cols,
            "col_edges": list(self.col_edges),
            "row_edges": list(self.row_edges),
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> GridGeometry:
        cols = data["col_edges"]
        rows = data["row_edges"]
        if not isinstance(cols, list) or not isinstance(rows, list):
            raise ValueError("grid geometry needs col_edges and row_edges lists")
        return cls(tuple(int(x) for x in cols), tuple(int(y) for y in rows))
