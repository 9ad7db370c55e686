"""Alphabets of the word games, and the Ё → Е folding every Russian word list goes through."""

from __future__ import annotations

# Ё is not listed: word games treat it as Е, and every list here is folded before use.
RUSSIAN_ALPHABET = "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
ENGLISH_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

_YO = str.maketrans({"Ё": "Е", "ё": "е"})


def fold_yo(word: str) -> str:
    """``ЁЖ`` → ``ЕЖ``: games count ё and е as one letter, so lists and boards fold it."""
    return word.translate(_YO)
