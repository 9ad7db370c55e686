"""Word lists the word games share: Russian nouns, English ENABLE words, or a user's own file.

Everything is UPPERCASE with Ё folded into Е, so a board letter and a dictionary letter compare
equal without further thought.
"""

from solvers.words.alphabet import ENGLISH_ALPHABET, RUSSIAN_ALPHABET, fold_yo
from solvers.words.english import english_words
from solvers.words.russian import russian_nouns
from solvers.words.wordfile import WordListError, load_word_file

__all__ = [
    "ENGLISH_ALPHABET",
    "RUSSIAN_ALPHABET",
    "WordListError",
    "english_words",
    "fold_yo",
    "load_word_file",
    "russian_nouns",
]
