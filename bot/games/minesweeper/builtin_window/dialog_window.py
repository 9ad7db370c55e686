"""The built-in window's dialogs as Windows draws them here: a fixed-size top-level window of
their own, transient for the game's, placed beside the board (not over it; with no window
manager nothing moves it)."""

from __future__ import annotations

import tkinter as tk

GAP = 12  # pixels between the game's window and its dialog


def dialog_beside(root: tk.Tk, title: str) -> tk.Toplevel:
    top = tk.Toplevel(root)
    top.title(title)
    top.resizable(False, False)
    top.transient(root)
    root.update_idletasks()
    top.geometry(f"+{root.winfo_rootx() + root.winfo_width() + GAP}+{root.winfo_rooty()}")
    return top
