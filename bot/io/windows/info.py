"""What every window backend gives: one listed window, and the three things done with one.

Kept apart from :mod:`bot.io.windows.finder` so that the backends (X window tree, pywinctl) can
build these without importing the module that chooses between them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from vision.core.geometry import Region


@dataclass(frozen=True)
class WindowInfo:
    """One top-level window: its id (X window id or native handle), title, class, client area
    on the screen, and the backend that listed it (which then measures and focuses it); the
    process that owns it and the window it is a dialog of, when the backend knows them."""

    id: int
    title: str
    app: str
    region: Region
    visible: bool = True
    backend: str = "x11"
    pid: int | None = None
    transient_for: int | None = None  # the window this one is a dialog of (WM_TRANSIENT_FOR)

    def describe(self) -> str:
        r = self.region
        app = f", {self.app}" if self.app else ""
        return f"{self.title!r} ({self.id:#x}{app}, {r.width}x{r.height} at {r.left},{r.top})"


class WindowBackend(Protocol):
    """A way to list, measure and focus top-level windows on this machine."""

    name: str

    def windows(self) -> list[WindowInfo]:
        """Every top-level window with a title (hidden ones marked ``visible=False``)."""
        ...

    def client_region(self, window: int) -> Region:
        """Where the window's client area (no frame, no title bar) is on the screen now;
        :class:`bot.io.x11.WindowLost` when it is gone."""
        ...

    def focus(self, window: int) -> None:
        """Give the window the keyboard focus (and bring it to the front where that is how)."""
        ...

    def press(self, window: int, *keys: str) -> None:
        """Keys typed into the window as a person types them (it gets the focus first)."""
        ...
