"""``gamebot solve minesweeper`` and ``gamebot bench minesweeper``: the engine on its own."""

from __future__ import annotations

import argparse

from bot.commands import Command
from bot.commands.options import add_json, named_input, positive_int, read_input


def _configure_solve(p: argparse.ArgumentParser) -> None:
    p.add_argument("board", help="board text file (one row a line: # . 1-8 F ? ...), '-' = stdin")
    p.add_argument(
        "--mines", type=int, help="total mines in the game (default: the standard level's count)"
    )
    p.add_argument(
        "--rules",
        choices=["safe", "xp", "opening", "none"],
        default="safe",
        help="first-click rule, used on an all-covered board (default: safe)",
    )
    p.add_argument("--flags", action="store_true", help="also list certain-mine flags")
    add_json(p)


def _run_solve(args: argparse.Namespace) -> int:
    from bot.errors import GamebotError
    from bot.report import emit
    from solvers.minesweeper.rules import FirstClick, standard_mines
    from solvers.minesweeper.solver import Solver, probabilities
    from solvers.minesweeper.state import Board

    text = read_input(args.board)
    with named_input(args.board):
        board = Board.from_text(text)
    mines = args.mines if args.mines is not None else standard_mines(board.rows, board.cols)
    if mines is None:
        raise GamebotError(
            f"a {board.rows}x{board.cols} board is no standard level: give --mines N"
        )
    grid = probabilities(board, mines)
    plan = Solver(FirstClick(args.rules)).plan(board, mines, flags=args.flags)
    lines = ["mine probability, % (. open, F flag):"]
    for r in range(board.rows):
        row = []
        for c in range(board.cols):
            v, p = board.cells[r * board.cols + c], grid[r, c]
            row.append("  F" if v == 10 else "  ." if p != p else f"{round(p * 100):3d}")
        lines.append(" ".join(row))
    lines.append(f"{len(plan)} move(s):")
    for d in plan:
        p = "" if d.probability is None else f" (mine probability {d.probability:.4f})"
        lines.append(f"  {d.move.to_text()}{p} [{d.stage}] {d.reason}")
    summary = {
        "rows": board.rows,
        "cols": board.cols,
        "mines": mines,
        "decision": plan[0].to_dict(),
        "plan": [d.to_dict() for d in plan],
        "probabilities": [[None if p != p else float(p) for p in row] for row in grid],
    }
    emit(summary, lines, args.json)
    return 0


def _configure_bench(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--level", default="expert", help="beginner, intermediate, expert or ROWSxCOLS/MINES"
    )
    p.add_argument(
        "--rules",
        choices=["safe", "xp", "opening", "none"],
        default="safe",
        help="first-click rule (default: safe, the rule published win rates use)",
    )
    p.add_argument("--games", type=positive_int, default=1000, help="games to play (default: 1000)")
    p.add_argument("--seed", type=int, default=1, help="run seed; game i uses its own seed")
    p.add_argument("--jobs", type=positive_int, default=1, help="worker processes (default: 1)")
    add_json(p)
    p.add_argument(
        "--calibration-plot",
        metavar="OUT.png",
        help="also plot each guess's predicted mine probability against how often it was a mine",
    )
    p.add_argument(
        "--first",
        type=int,
        metavar="K",
        help="open the first click K cells in from the top-left corner (default: per rule)",
    )
    p.add_argument(
        "--no-lookahead",
        action="store_true",
        help="guess the safest cell only (the exact-probability baseline)",
    )


def _run_bench(args: argparse.Namespace) -> int:
    from bot.bench_minesweeper_report import bench

    return bench(args)


COMMANDS: list[Command] = [
    Command(
        "solve",
        "minesweeper",
        "mine probabilities and the best move for a board text",
        _configure_solve,
        _run_solve,
        "Prints every covered cell's exact mine probability and the solver's moves: all "
        "certain moves, or else its best guess, each with the stage that chose it.",
    ),
    Command(
        "bench",
        "minesweeper",
        "win rate, speed and calibration of the solver on simulated games",
        _configure_bench,
        _run_bench,
        "Plays N seeded simulated games and prints the win rate with its 95 % confidence "
        "interval, games per second and solver time per decision (median, p99).",
    ),
]
