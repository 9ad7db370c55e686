"""Screen backends behind one protocol (:class:`bot.io.screens.base.Screen`).

``desktop`` (mss + pyautogui, imported lazily), ``sim`` (a simulated program, no display) and
``replay`` (frames from a recording).
"""

from bot.io.screens.base import Button, Screen, ScreenError

__all__ = ["Button", "Screen", "ScreenError"]
