"""``python -m bot.games.minesweeper.builtin_window [--level beginner] [--seed N] [--rules xp]``:
open the built-in
window. Its first-click rule follows its look unless given: the Windows XP look plays the XP
rule (a first-click mine moves to the top-left-most free cell), as Windows XP did."""

from __future__ import annotations

import argparse
import tkinter as tk

from bot.games.minesweeper.builtin_window.window import MinesweeperWindow, skin_renderer
from bot.games.minesweeper.first_click_rule import LOOK_RULES
from solvers.minesweeper.rules import FirstClick, Level


def options(argv: list[str] | None = None) -> argparse.Namespace:
    """The window's settings, with the first-click rule decided (given, else the look's)."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.games.minesweeper.builtin_window",
        description="The built-in Minesweeper window.",
    )
    parser.add_argument(
        "--level",
        type=Level.parse,
        default=Level.parse("beginner"),
        help="beginner, intermediate, expert or ROWSxCOLS/MINES",
    )
    parser.add_argument(
        "--rules",
        type=FirstClick,
        default=None,
        choices=list(FirstClick),
        help="first-click rule (default: the look's: xp for winxp, opening for win7, else safe)",
    )
    parser.add_argument("--seed", type=int, default=None, help="repeatable layouts")
    parser.add_argument("--skin", default="winxp", help="look to draw (default: winxp)")
    parser.add_argument("--scale", type=float, default=1.0, help="zoom factor")
    parser.add_argument("--dialogs", action="store_true",
                        help="the look's dialogs, each a window of its own: winxp asks a name"
                        " after a best time, win7 ends every game with its Game Won / Game Lost"
                        " dialog (default: no dialogs)")
    args = parser.parse_args(argv)
    if args.rules is None:
        args.rules = LOOK_RULES.get(args.skin, FirstClick.SAFE)
    return args


def main(argv: list[str] | None = None) -> int:
    args = options(argv)
    root = tk.Tk()
    renderer = skin_renderer(args.skin, args.scale)
    MinesweeperWindow(root, args.level, args.rules, args.seed, renderer, dialogs=args.dialogs,
                      look=args.skin)
    root.mainloop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
