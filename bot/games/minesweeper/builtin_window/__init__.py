"""The built-in Minesweeper window: the simulator drawn in the Windows XP look, in Tk.

It is a separate program (``python -m bot.games.minesweeper.builtin_window``) so the bot plays it
exactly as it plays any other: through screen captures and real mouse events, no shortcuts.
"""

TITLE = "gamebot Minesweeper"
