"""A connection the X server resets is tried again, then named in a clear error, never a raw
Xlib traceback (a user saw ``ConnectionClosedError ... Connection reset by peer``)."""

from __future__ import annotations

import pytest
from Xlib import error

from bot.errors import GamebotError
from bot.io.windows import x11_backend


def test_a_reset_connection_is_tried_again(monkeypatch):
    calls = []

    def flaky():
        calls.append(1)
        if len(calls) < 3:
            raise error.ConnectionClosedError("server")
        return "display"

    monkeypatch.setattr("Xlib.display.Display", flaky)
    monkeypatch.setattr(x11_backend, "CONNECT_GAP", 0.0)
    assert x11_backend.open_display() == "display"
    assert len(calls) == 3


def test_a_connection_always_reset_is_a_clear_error(monkeypatch):
    def closed():
        raise error.ConnectionClosedError("server")

    monkeypatch.setattr("Xlib.display.Display", closed)
    monkeypatch.setattr(x11_backend, "CONNECT_GAP", 0.0)
    monkeypatch.setenv("DISPLAY", ":93")
    with pytest.raises(GamebotError, match="':93' closed the connection"):
        x11_backend.open_display()
