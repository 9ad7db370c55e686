"""What a Hangman player knows: the word pattern and the wrong letters, as a text value.

Text form: the pattern with ``-`` for unknown letters, then (if any) the wrong letters in
alphabetical order: ``-----e-e- wrong=jkqvwxz``; with no wrong guess just ``------``. Letters
guessed right are the letters shown in the pattern, so the text says everything a player knows.
``_`` is read as ``-`` too (handy on command lines, where a leading ``-`` looks like an option).
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.hangman.moves import ALPHABET

UNKNOWN = "-"


class StateTextError(ValueError):
    """A state text that cannot be parsed; the message says what is wrong and where."""


@dataclass(frozen=True)
class State:
    """``pattern``: known letters, ``-`` where unknown; ``wrong``: letters not in the word."""

    pattern: str
    wrong: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not self.pattern:
            raise StateTextError("empty pattern: a word has at least one letter")
        for i, ch in enumerate(self.pattern):
            if ch != UNKNOWN and ch not in ALPHABET:
                raise StateTextError(
                    f"bad pattern {self.pattern!r}: character {i + 1} is {ch!r}, "
                    f"expected a-z or {UNKNOWN!r}"
                )
        for ch in self.wrong:
            if len(ch) != 1 or ch not in ALPHABET:
                raise StateTextError(f"bad wrong letter {ch!r}: expected one letter a-z")
            if ch in self.pattern:
                raise StateTextError(
                    f"letter {ch!r} is both in the pattern {self.pattern!r} and wrong"
                )

    @classmethod
    def start(cls, length: int) -> State:
        """Nothing guessed yet for a word of ``length`` letters."""
        if length < 1:
            raise StateTextError(f"bad word length {length}: must be at least 1")
        return cls(UNKNOWN * length)

    @property
    def length(self) -> int:
        return len(self.pattern)

    @property
    def right(self) -> frozenset[str]:
        """Letters guessed right (they show in the pattern)."""
        return frozenset(self.pattern) - {UNKNOWN}

    @property
    def guessed(self) -> frozenset[str]:
        return self.right | self.wrong

    @property
    def misses(self) -> int:
        return len(self.wrong)

    @property
    def solved(self) -> bool:
        return UNKNOWN not in self.pattern

    def matches(self, word: str) -> bool:
        """Could ``word`` be the hidden word, given everything this state shows?"""
        if len(word) != len(self.pattern):
            return False
        guessed = self.guessed
        for shown, letter in zip(self.pattern, word, strict=True):
            if shown == UNKNOWN:
                if letter in guessed:
                    return False
            elif shown != letter:
                return False
        return True

    def after(self, letter: str, word: str) -> State:
        """The state once ``letter`` is guessed and the hidden word is ``word``."""
        if letter in self.guessed:
            raise ValueError(f"letter {letter!r} was already guessed in {self.to_text()!r}")
        if letter not in word:
            return State(self.pattern, self.wrong | {letter})
        pattern = "".join(w if w == letter else p for p, w in zip(self.pattern, word, strict=True))
        return State(pattern, self.wrong)

    def to_text(self) -> str:
        if not self.wrong:
            return self.pattern
        return f"{self.pattern} wrong={''.join(sorted(self.wrong))}"

    @classmethod
    def from_text(cls, text: str) -> State:
        parts = text.split()
        if not parts or len(parts) > 2:
            raise StateTextError(
                f"bad state {text!r}: expected 'PATTERN [wrong=LETTERS]', e.g. '--a--e wrong=st'"
            )
        wrong: list[str] = []
        if len(parts) == 2:
            key, _, letters = parts[1].partition("=")
            if key != "wrong":
                raise StateTextError(f"bad state {text!r}: second field must be 'wrong=LETTERS'")
            wrong = list(letters)
            if len(set(wrong)) != len(wrong):
                raise StateTextError(f"bad state {text!r}: a wrong letter is repeated")
        return cls(parts[0].replace("_", UNKNOWN), frozenset(wrong))

    def __str__(self) -> str:
        return self.to_text()
