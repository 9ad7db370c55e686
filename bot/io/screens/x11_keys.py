"""Typing any letter on X11: give each letter a key code of its own, then press that key.

pyautogui knows the US layout only, and ``xdotool type`` remaps one spare key code for every
letter it types: Chromium keeps the first letter it saw on that code, so ``бакот`` arrives as
``ббббб``. Here a letter that no key carries gets a key code nobody uses, once, for the whole
session, and keeps it; Chromium then reads each code once and is right every time. Codes come
from the key map's empty slots, then from the vendor keys (XF86 media and launch keys, which
nobody types letters on: a default Xvfb has 19 empty slots and a Cyrillic alphabet needs 33),
each given back at the end; on a display the bot started itself (a private Xvfb, where no
person types) the Latin letter keys may be lent too. Keys are pressed with XTest, like every
other input the bot sends.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from Xlib.display import Display as XDisplay

from bot.errors import GamebotError

#: XF86 keysyms (media, launch and other vendor keys): lent when the empty slots run out.
VENDOR_FIRST, VENDOR_LAST = 0x1008FF00, 0x1008FFFF

_SHARED: dict[str, KeyMapper] = {}  # one per display name, kept for the process's life


def keysym_for(char: str) -> int:
    """The X keysym of a character: Latin-1 as itself, anything else by its Unicode code."""
    code = ord(char)
    if 0x20 <= code <= 0x7E or 0xA0 <= code <= 0xFF:
        return code
    return 0x01000000 + code


class KeyMapper:
    """Key codes for letters on one X display (see the module docstring)."""

    def __init__(self, display_name: str, lend_latin: bool = False) -> None:
        from Xlib.display import Display

        try:
            self.display: XDisplay = Display(display_name)
        except Exception as exc:  # Xlib raises its own types for an unusable display
            raise GamebotError(f"cannot open the display {display_name}: {exc}") from exc
        if not self.display.has_extension("XTEST"):
            raise GamebotError(f"the display {display_name} has no XTEST extension")
        info = self.display.display.info
        self.first, self.last = info.min_keycode, info.max_keycode
        self.codes: dict[str, int] = {}
        self._free: list[int] = []
        self._original: dict[int, tuple[int, ...]] = {}  # codes we changed -> their keysyms
        self._lend_latin = lend_latin
        self._scan(lend_latin)

    def _scan(self, lend_latin: bool) -> None:
        mapping = self.display.get_keyboard_mapping(self.first, self.last - self.first + 1)
        latin: list[int] = []
        vendor: list[int] = []
        for offset, row in enumerate(mapping):
            code = self.first + offset
            syms = [s for s in row if s]
            if not syms and code > self.first:  # code 8 is unusable to some programs
                self._free.append(code)
                continue
            if all(VENDOR_FIRST <= s <= VENDOR_LAST for s in syms):
                vendor.append(code)
                continue
            for sym in syms[:1]:
                if 0x20 < sym < 0x7F and chr(sym).isalnum():
                    self.codes.setdefault(chr(sym), code)
                    if chr(sym).isalpha() and chr(sym).islower():
                        latin.append(code)
                elif 0x01000100 <= sym <= 0x0110FFFF:
                    self.codes.setdefault(chr(sym - 0x01000000), code)
        self._free += vendor
        if lend_latin:
            self._free += latin

    def assign(self, letters: Iterable[str]) -> None:
        """Give every letter (lower and upper case) a key code, before the page needs it."""
        for ch in letters:
            self.code_for(ch.lower())

    def code_for(self, char: str) -> int:
        code = self.codes.get(char)
        if code is not None:
            return code
        if not self._free:
            raise GamebotError(
                f"no free key code left to type {char!r} (the display's key map is full);"
                " use a site style that picks letters on the page's palette"
            )
        code = self._free.pop(0)
        for other in [ch for ch, c in self.codes.items() if c == code]:
            del self.codes[other]  # a lent Latin key: it types the new letter from now on
        if code not in self._original:
            row = self.display.get_keyboard_mapping(code, 1)[0]
            self._original[code] = tuple(row)
        sym = keysym_for(char)
        self.display.change_keyboard_mapping(code, [(sym, sym, sym, sym)])
        self.display.sync()
        self.codes[char] = code
        return code

    def rescan(self) -> None:
        """Read the key map afresh (after :meth:`restore`): no letter keeps a lent code."""
        self.codes, self._free = {}, []
        self._scan(self._lend_latin)

    def restore(self) -> None:
        """Give every key code we changed its keysyms back (a Latin key lent is Latin again)."""
        for code, row in sorted(self._original.items()):
            self.display.change_keyboard_mapping(code, [tuple(row) or (0,)])
        self.display.sync()
        self._original.clear()

    def type(self, text: str) -> None:
        from Xlib import X
        from Xlib.ext import xtest

        for ch in text:
            code = self.code_for(ch)
            xtest.fake_input(self.display, X.KeyPress, code)
            xtest.fake_input(self.display, X.KeyRelease, code)
            self.display.sync()


def active() -> KeyMapper | None:
    """The mapper of the current display if one changed its key map (then every letter,
    ASCII too, must be typed through it: pyautogui keeps the key map it read at start)."""
    return _SHARED.get(os.environ.get("DISPLAY", ""))


def mapper(lend_latin: bool = False) -> KeyMapper:
    """The process's key mapper for the current ``DISPLAY``."""
    name = os.environ.get("DISPLAY", "")
    if not name:
        raise GamebotError("no X display to type on (DISPLAY is not set)")
    found = _SHARED.get(name)
    if found is None:
        found = _SHARED[name] = KeyMapper(name, lend_latin)
    return found


def release() -> None:
    """At the end of a session: the current display's key map as it was. The mapper stays
    and types from then on (pyautogui may still hold the key map it read before the change)."""
    found = _SHARED.get(os.environ.get("DISPLAY", ""))
    if found is not None:
        try:
            found.restore()
            found.rescan()
        except Exception:  # the display may be gone already
            return
        gui = sys.modules.get("pyautogui")
        if gui is not None:  # it may have read the key map while Latin keys were lent
            from bot.io.screens.desktop import reconnect

            reconnect(gui)


def forget(display_name: str) -> None:
    """Drop the mapper of a display that is gone (a private Xvfb that was stopped)."""
    gone = _SHARED.pop(display_name, None)
    if gone is not None:
        try:
            gone.display.close()
        except Exception:  # the server may already be gone
            pass
