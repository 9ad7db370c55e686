"""Words a site refused, kept per site (Balda and Erudit)."""

from __future__ import annotations

from pathlib import Path


class RejectedWords:
    """Words a site refused, one a line, append-only, so the bot never offers them again."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.words: set[str] = set()
        if path is not None and path.is_file():
            self.words = {w.strip() for w in path.read_text(encoding="utf-8").split() if w}

    def add(self, word: str) -> None:
        if word in self.words:
            return
        self.words.add(word)
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "a", encoding="utf-8") as fh:
                fh.write(word + "\n")
