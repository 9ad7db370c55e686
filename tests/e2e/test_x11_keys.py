"""Each letter typed on X11 gets a key code of its own and keeps it (Chromium remembers the
first letter it saw on a code, so a code must never be remapped to another letter)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.display]


def test_letters_get_distinct_codes_that_carry_their_keysyms(virtual_display):
    from bot.screens.x11_keys import KeyMapper, keysym_for
    from solvers.words.alphabet import alphabet_for

    mapper = KeyMapper(virtual_display.name, lend_latin=True)
    letters = alphabet_for("ru").lower() + "ґєії"
    mapper.assign(letters)
    codes = {ch: mapper.code_for(ch) for ch in letters}
    assert len(set(codes.values())) == len(letters), "one code per letter"
    table = mapper.display.get_keyboard_mapping(mapper.first, mapper.last - mapper.first + 1)
    for ch, code in codes.items():
        assert table[code - mapper.first][0] == keysym_for(ch), ch
    again = {ch: mapper.code_for(ch) for ch in letters}
    assert again == codes, "a letter keeps its code"


def test_without_lending_latin_keys_the_free_codes_run_out_with_a_clear_error():
    from bot.errors import GamebotError
    from bot.screens.x11_keys import KeyMapper
    from bot.virtual_display import VirtualDisplay
    from solvers.words.alphabet import alphabet_for

    with VirtualDisplay(640, 480) as fresh:  # a key map nobody changed yet
        mapper = KeyMapper(fresh.name, lend_latin=False)
        with pytest.raises(GamebotError, match="no free key code left"):
            mapper.assign(alphabet_for("ru").lower() + "ґєії")
        assert mapper.codes["a"] != mapper.codes.get("б"), "the Latin keys stayed the user's"
        mapper.display.close()
