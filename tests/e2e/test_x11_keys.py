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


def test_without_lending_latin_keys_a_cyrillic_alphabet_takes_empty_and_vendor_keys():
    """A display the bot did not start (a user's own Xvfb: 19 empty key codes) still types a
    whole Cyrillic alphabet: the XF86 media/launch keys are lent after the empty slots, and
    given back at the end; the Latin keys stay the user's. Only a key map with nothing left
    to lend is an error, and it says so."""
    from bot.errors import GamebotError
    from bot.io.screens.x11_keys import VENDOR_FIRST, VENDOR_LAST, KeyMapper, keysym_for
    from bot.io.virtual_display import VirtualDisplay
    from solvers.words.alphabet import alphabet_for

    with VirtualDisplay(640, 480) as fresh:  # a key map nobody changed yet
        mapper = KeyMapper(fresh.name, lend_latin=False)
        count = mapper.last - mapper.first + 1
        before = mapper.display.get_keyboard_mapping(mapper.first, count)
        letters = alphabet_for("ru").lower() + "ґєії"
        mapper.assign(letters)
        codes = {ch: mapper.code_for(ch) for ch in letters}
        assert len(set(codes.values())) == len(letters), "one code per letter"
        assert mapper.codes["a"] not in codes.values(), "the Latin keys stayed the user's"
        table = mapper.display.get_keyboard_mapping(mapper.first, count)
        lent = [c for c in codes.values() if any(before[c - mapper.first])]
        assert lent, "more letters than empty slots: some vendor keys were lent"
        assert all(VENDOR_FIRST <= s <= VENDOR_LAST
                   for c in lent for s in before[c - mapper.first] if s)
        for ch, code in codes.items():
            assert table[code - mapper.first][0] == keysym_for(ch), ch
        with pytest.raises(GamebotError, match="no free key code left"):
            mapper.assign(chr(0x4E00 + k) for k in range(count))  # more than the whole map
        mapper.restore()
        after = mapper.display.get_keyboard_mapping(mapper.first, count)
        assert [list(r)[:1] for r in after] == [list(r)[:1] for r in before], "given back"
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
        keys.assign(chr(0x4E00 + k) for k in range(len(keys._free)))  # every key lent
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
