"""A Hangman move is one letter guess, with the text form ``guess e``."""

from __future__ import annotations

from dataclasses import dataclass

ALPHABET = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, order=True)
class Guess:
    """Guess one lowercase letter ``a``-``z``."""

    letter: str

    def __post_init__(self) -> None:
        if len(self.letter) != 1 or self.letter not in ALPHABET:
            raise ValueError(f"bad guess {self.letter!r}: a guess is one letter a-z")

    def to_text(self) -> str:
        return f"guess {self.letter}"

    @classmethod
    def from_text(cls, text: str) -> Guess:
        parts = text.split()
        if len(parts) != 2 or parts[0].lower() != "guess":
            raise ValueError(f"bad move {text!r}: expected 'guess LETTER', e.g. 'guess e'")
        return cls(parts[1].lower())

    def __str__(self) -> str:
        return self.to_text()
