"""``python -m bot.builtin_game [--level beginner] [--seed N]``: open the built-in window."""

from __future__ import annotations

import argparse
import tkinter as tk

from bot.builtin_game.window import MinesweeperWindow, skin_renderer
from solvers.minesweeper.rules import FirstClick, Level


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.builtin_game", description="The built-in Minesweeper window."
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
        default=FirstClick.SAFE,
        choices=list(FirstClick),
        help="first-click rule (default: safe)",
    )
    parser.add_argument("--seed", type=int, default=None, help="repeatable layouts")
    parser.add_argument("--skin", default="winxp", help="look to draw (default: winxp)")
    parser.add_argument("--scale", type=float, default=1.0, help="zoom factor")
    args = parser.parse_args(argv)
    root = tk.Tk()
    MinesweeperWindow(root, args.level, args.rules, args.seed, skin_renderer(args.skin, args.scale))
    root.mainloop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
