"""Each letter typed on X11 gets a key code of its own and keeps it (Chromium remembers the
first letter it saw on a code, so a code must never be remapped to another letter)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.display]


def test_letters_get_distinct_codes_that_carry_their_keysyms(virtual_display):
    from bot.io.screens.x11_keys import KeyMapper, keysym_for
    from solvers.words.alphabet import alphabet_for

    mapper = KeyMapper(virtual_display.name, lend_latin=True)
    letters = alphabet_for("ru").lower() + "ґєії"
    try:
        mapper.assign(letters)
        codes = {ch: mapper.code_for(ch) for ch in letters}
        assert len(set(codes.values())) == len(letters), "one code per letter"
        table = mapper.display.get_keyboard_mapping(mapper.first, mapper.last - mapper.first + 1)
        for ch, code in codes.items():
            assert table[code - mapper.first][0] == keysym_for(ch), ch
        again = {ch: mapper.code_for(ch) for ch in letters}
        assert again == codes, "a letter keeps its code"
    finally:
        mapper.restore()  # the display's Latin keys are Latin again for the module's next tests


def test_without_lending_latin_keys_the_free_codes_run_out_with_a_clear_error():
    from bot.errors import GamebotError
    from bot.io.screens.x11_keys import KeyMapper
    from bot.io.virtual_display import VirtualDisplay
    from solvers.words.alphabet import alphabet_for

    with VirtualDisplay(640, 480) as fresh:  # a key map nobody changed yet
        mapper = KeyMapper(fresh.name, lend_latin=False)
        with pytest.raises(GamebotError, match="no free key code left"):
            mapper.assign(alphabet_for("ru").lower() + "ґєії")
        assert mapper.codes["a"] != mapper.codes.get("б"), "the Latin keys stayed the user's"
        mapper.display.close()


def test_pyautogui_reads_the_key_map_again_once_the_lent_keys_are_back():
    """pyautogui keeps the key codes it read when it connected: read while the Latin keys were
    lent, 'e' has code 0, which X refuses (BadValue) the next time the bot types or presses it."""
    from Xlib import XK
    from Xlib.display import Display

    from bot.io.screens import x11_keys
    from bot.io.screens.desktop import DesktopScreen
    from bot.io.virtual_display import VirtualDisplay
    from solvers.words.alphabet import alphabet_for

    with VirtualDisplay(640, 480) as fresh_display:
        keys = x11_keys.mapper(lend_latin=True)
        keys.assign(alphabet_for("ru").lower() + "ґєії")
        screen = DesktopScreen()  # connects now, with the Latin keys lent
        mapping = screen._gui.platformModule.keyboardMapping
        assert mapping["e"] == 0, "the letters are lent: pyautogui finds no key for 'e'"
        x11_keys.release()
        check = Display(fresh_display.name)
        fresh = check.keysym_to_keycode(XK.string_to_keysym("e"))
        check.close()
        assert fresh != 0
        _pyautogui_takes_e_again(screen, fresh)
        x11_keys.forget(fresh_display.name)


def _pyautogui_takes_e_again(screen, fresh: int) -> None:
    assert screen._gui.platformModule.keyboardMapping["e"] == fresh
    screen.type_text("e")  # X takes it
    screen.press("ctrl", "n")
