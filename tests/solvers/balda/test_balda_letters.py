"""Letters outside the game's alphabet and dictionaries in another script are clear errors."""

import pytest

from solvers.balda import (
    BaldaAlphabetError,
    BaldaState,
    BaldaStateError,
    Lexicon,
    check_alphabet,
    check_position,
    position_language,
)
from solvers.words import RUSSIAN_ALPHABET, UKRAINIAN_ALPHABET


def grid(*rows: str, used: str = "") -> BaldaState:
    return BaldaState.from_text(f"used: {used}\n" + "\n".join(rows) + "\n")


RUSSIAN_WORDS = Lexicon(["БАЛДА", "БАЛ", "ДА", "ЛАДА"], "ru")
ENGLISH_WORDS = Lexicon(["HOUSE", "MOUSE", "USE"], "en")


def test_a_latin_letter_in_a_russian_grid_names_its_cell():
    # The D at row 2, column 3 is Latin: it looks like Д's neighbour but is U+0044.
    state = grid(".....", ".....", "БАЛDА", ".....", ".....")
    with pytest.raises(BaldaAlphabetError) as info:
        check_alphabet(state, RUSSIAN_ALPHABET, "Russian")
    message = str(info.value)
    assert "cell 2,3" in message and "row 2, column 3" in message
    assert "'D' (U+0044 LATIN CAPITAL LETTER D)" in message
    assert f"the Russian alphabet {RUSSIAN_ALPHABET}" in message


def test_a_latin_look_alike_is_told_apart_by_its_code_point():
    # Latin A (U+0041) and Cyrillic А (U+0410) look the same; only the message can tell.
    state = grid(".....", ".....", "БAЛДА", ".....", ".....")
    with pytest.raises(BaldaAlphabetError, match=r"cell 2,1 .*U\+0041 LATIN CAPITAL LETTER A"):
        check_position(state, RUSSIAN_WORDS)


def test_the_first_bad_cell_row_by_row_is_named():
    state = grid(".....", "..Q..", "БАЛДА", "Z....", ".....")
    with pytest.raises(BaldaAlphabetError, match=r"cell 1,2 .*'Q'"):
        check_alphabet(state, RUSSIAN_ALPHABET)


def test_a_used_word_outside_the_alphabet_is_named():
    state = grid(".....", ".....", "БАЛДА", ".....", ".....", used="БАЛДА HOUSE")
    with pytest.raises(BaldaAlphabetError, match=r"used word 'HOUSE' has 'H'"):
        check_alphabet(state, RUSSIAN_ALPHABET, "Russian")


def test_ukrainian_letters_in_a_russian_grid_and_back():
    ukrainian = grid(".....", ".....", "ЇЖАКИ", ".....", ".....")
    with pytest.raises(BaldaAlphabetError, match=r"cell 2,0 .*CYRILLIC CAPITAL LETTER YI"):
        check_alphabet(ukrainian, RUSSIAN_ALPHABET, "Russian")
    check_alphabet(ukrainian, UKRAINIAN_ALPHABET, "Ukrainian")
    russian = grid(".....", ".....", "СЪЕЗД", ".....", ".....")
    with pytest.raises(BaldaAlphabetError, match=r"cell 2,1 .*HARD SIGN"):
        check_alphabet(russian, UKRAINIAN_ALPHABET, "Ukrainian")


def test_a_dictionary_in_another_script_says_so():
    cyrillic = grid(".....", ".....", "БАЛДА", ".....", ".....")
    with pytest.raises(
        BaldaAlphabetError,
        match=r"the dictionary's words are Latin \(English, 3 words\); the grid is Cyrillic",
    ):
        check_position(cyrillic, ENGLISH_WORDS)
    latin = grid(".....", ".....", "HOUSE", ".....", ".....")
    with pytest.raises(BaldaAlphabetError, match=r"words are Cyrillic .*; the grid is Latin"):
        check_position(latin, RUSSIAN_WORDS)


def test_matching_positions_pass():
    check_position(grid(".....", ".....", "БАЛДА", ".....", "....."), RUSSIAN_WORDS)
    check_position(grid(".....", ".....", "HOUSE", ".....", "....."), ENGLISH_WORDS)
    # A list in no named language: any letter of its script is accepted.
    unnamed = Lexicon(["КОТ", "ТОК"])
    assert unnamed.language is None
    check_position(grid(".....", ".....", "БАЛДА", ".....", "....."), unnamed)
    with pytest.raises(BaldaAlphabetError, match=r"cell 2,3 .*'D'.*Cyrillic alphabet"):
        check_position(grid(".....", ".....", "БАЛDА", ".....", "....."), unnamed)


def test_the_error_is_a_state_error_and_a_value_error():
    assert issubclass(BaldaAlphabetError, BaldaStateError)
    assert issubclass(BaldaAlphabetError, ValueError)


@pytest.mark.parametrize(
    ("row", "expected"),
    [("БАЛДА", "ru"), ("СЪЕЗД", "ru"), ("ЇЖАКИ", "uk"), ("HOUSE", "en"), ("БАЛDА", "ru")],
)
def test_position_language(row, expected):
    assert position_language(grid(".....", ".....", row, ".....", ".....")) == expected


def test_position_language_uses_the_default_when_letters_decide_nothing():
    assert position_language(grid(".....", ".....", "БАЛДА", ".....", "....."), "uk") == "uk"
