"""Letters a position may hold: one alphabet per game, checked before any move is generated.

A Latin ``D`` inside a Russian БАЛDА looks right on screen but matches no dictionary word, so
without a check the engine quietly finds "0 moves" (or ignores the word). These checks turn that
into an error naming the cell, the letter (with its Unicode name: Latin A and Cyrillic А look
the same) and the alphabet expected, and a dictionary in another script than the grid into an
error saying so.
"""

from __future__ import annotations

import unicodedata

from solvers.balda.lexicon import Lexicon
from solvers.balda.state import BaldaState, BaldaStateError
from solvers.words.alphabet import (
    LANGUAGE_NAMES,
    RUSSIAN_ALPHABET,
    UKRAINIAN_ALPHABET,
    alphabet_for,
    guess_language,
    script_of,
)

# Every Cyrillic letter the games know, in alphabet order: Russian's, then Ukrainian's own.
_CYRILLIC_LETTERS = RUSSIAN_ALPHABET + "".join(
    ch for ch in UKRAINIAN_ALPHABET if ch not in RUSSIAN_ALPHABET
)


class BaldaAlphabetError(BaldaStateError):
    """A position letter outside the game's alphabet, or a dictionary in another script."""


def describe_letter(ch: str) -> str:
    """``'D' (U+0044 LATIN CAPITAL LETTER D)``: unambiguous even for look-alike letters."""
    name = unicodedata.name(ch, "unnamed character")
    return f"{ch!r} (U+{ord(ch):04X} {name})"


def position_letters(state: BaldaState) -> list[str]:
    """Every letter on the grid and in the used words."""
    return [ch for ch in state.grid if ch] + [ch for word in state.used for ch in word]


def position_language(state: BaldaState, default: str = "ru") -> str:
    """The language the position's letters point to (see :func:`guess_language`), else
    ``default``: a grid of letters both Cyrillic alphabets share decides nothing."""
    return guess_language(position_letters(state)) or default


def check_alphabet(state: BaldaState, alphabet: str, name: str | None = None) -> None:
    """Raise :class:`BaldaAlphabetError` naming the first cell (row by row) or used word whose
    letter is not in ``alphabet``; ``name`` ("Russian") says whose alphabet it is."""
    allowed = frozenset(alphabet)
    whose = f"the {name} alphabet" if name else "the alphabet"
    for index, ch in enumerate(state.grid):
        if ch and ch not in allowed:
            row, col = state.cell(index)
            raise BaldaAlphabetError(
                f"cell {row},{col} (row {row}, column {col}, counted from 0) holds "
                f"{describe_letter(ch)}, which is not a letter of {whose} {alphabet}"
            )
    for word in state.used:
        bad = [ch for ch in word if ch not in allowed]
        if bad:
            raise BaldaAlphabetError(
                f"used word {word!r} has {describe_letter(bad[0])}, which is not a letter of "
                f"{whose} {alphabet}"
            )


def _expected_alphabet(lexicon: Lexicon) -> tuple[str, str]:
    """(letters, whose) a position played with ``lexicon`` may hold."""
    if lexicon.language is not None:
        return alphabet_for(lexicon.language), LANGUAGE_NAMES[lexicon.language]
    known = {"Cyrillic": _CYRILLIC_LETTERS, "Latin": alphabet_for("en")}.get(lexicon.script, "")
    extra = "".join(ch for ch in lexicon.alphabet if ch not in known)
    return known + extra, lexicon.script if known else "dictionary's"


def check_position(state: BaldaState, lexicon: Lexicon) -> None:
    """Refuse a position that ``lexicon`` cannot be played on, with a clear reason.

    A grid wholly in another script than the dictionary ("the dictionary's words are Latin;
    the grid is Cyrillic") is said first; then any single letter outside the dictionary's
    alphabet is named with its cell.
    """
    grid_script = script_of(position_letters(state))
    words_script = lexicon.script
    if (
        grid_script in ("Latin", "Cyrillic")
        and words_script in ("Latin", "Cyrillic")
        and grid_script != words_script
    ):
        about = f"{len(lexicon)} words"
        if lexicon.language is not None:
            about = f"{lexicon.language_name}, {about}"
        raise BaldaAlphabetError(
            f"the dictionary's words are {words_script} ({about}); the grid is {grid_script}: "
            "use a dictionary in the grid's language"
        )
    alphabet, whose = _expected_alphabet(lexicon)
    check_alphabet(state, alphabet, whose)
