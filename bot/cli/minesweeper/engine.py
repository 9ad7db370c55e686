"""``gamebot solve minesweeper`` and ``gamebot bench minesweeper``: the engine on its own."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from bot.cli.options import add_json, named_input, positive_int, read_input
from bot.cli.registry import Command


def _configure_solve(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "board",
        nargs="?",
        help="board text file (one row a line: # . 1-8 F ? ...), '-' = stdin"
        " (`gamebot read minesweeper SHOT.png | gamebot solve minesweeper -`)",
    )
    p.add_argument(
        "--shot",
        metavar="SHOT.png",
        help="read the board from a screenshot instead (its mine counter gives the total)",
    )
    p.add_argument("--skin", help="with --shot: skin name or folder (default: try every skin)")
    p.add_argument(
        "--picture",
        metavar="OUT.png",
        help="with --shot: draw every covered cell's mine probability over the screenshot as"
        " a heat map, the chosen move marked",
    )
    p.add_argument(
        "--mines",
        type=int,
        help="total mines in the game (default: the counter a --shot shows, else the standard"
        " level's count)",
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
    import sys

    from bot.cli.report import emit
    from bot.errors import GamebotError
    from solvers.minesweeper.rules import FirstClick, standard_mines
    from solvers.minesweeper.solver import Solver, probabilities
    from solvers.minesweeper.state import Board

    if (args.board is None) == (args.shot is None):
        raise GamebotError("give a board text file (or - for stdin) or --shot SHOT.png, one")
    if args.picture and not args.shot:
        raise GamebotError("--picture draws over a screenshot: give --shot SHOT.png")
    picture = None
    if args.picture:
        from bot.run.pictures import check_output

        picture = check_output(args.picture, (".png", ".jpg", ".jpeg"))
    shot = _read_shot(args) if args.shot else None
    notes: list[str] = []
    if shot is not None:
        from bot.games.minesweeper.mines import mine_total
        from solvers.minesweeper.state import Cell

        board = shot.board
        total = mine_total(board.rows, board.cols, shot.counter, board.count(Cell.FLAG),
                           args.mines)
        mines = total.mines if total is not None else None
        if total is not None and total.note:
            notes.append(total.note)
    else:
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
    lines.append(f"{len(plan)} move(s):" if plan else
                 "no move: every covered cell is a mine (--flags flags them)")
    for d in plan:
        p = "" if d.probability is None else f" (mine probability {d.probability:.4f})"
        lines.append(f"  {d.move.to_text()}{p} [{d.stage}] {d.reason}")
    summary: dict[str, object] = {
        "rows": board.rows,
        "cols": board.cols,
        "mines": mines,
        "decision": plan[0].to_dict() if plan else None,
        "plan": [d.to_dict() for d in plan],
        "probabilities": [[None if p != p else float(p) for p in row] for row in grid],
    }
    if shot is not None:
        summary["board"] = board.to_text()
        summary["mines_note"] = notes[0] if notes else None
    if picture is not None and shot is not None:
        from bot.games.minesweeper.heatmap import save_heatmap

        summary.update(save_heatmap(picture, shot.pixels, shot.geometry, board, grid, plan))
        lines.append(f"picture: {picture}")
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    emit(summary, lines, args.json)
    return 0


def _read_shot(args: argparse.Namespace) -> Any:
    """The board, counter, grid and pixels of a screenshot (``--shot``)."""
    from types import SimpleNamespace

    from vision.core.errors import ReadError
    from vision.core.frame import Frame
    from vision.minesweeper.reader import read_minesweeper

    frame = Frame.from_file(args.shot)
    try:
        reading = read_minesweeper(frame, skin=args.skin)
    except ReadError as exc:
        raise exc.with_source(args.shot) from None
    return SimpleNamespace(board=reading.board, counter=reading.counter,
                           geometry=reading.geometry, pixels=frame.pixels)


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
        "--first-cell",
        type=cell_arg,
        metavar="R,C",
        help="open the first click at row R, column C (negative: from the bottom / right edge)",
    )
    p.add_argument(
        "--no-lookahead",
        action="store_true",
        help="guess the safest cell only (the exact-probability baseline; = --engine safest)",
    )
    from solvers.minesweeper.strength import SETTINGS

    names = ", ".join(SETTINGS)
    p.add_argument(
        "--engine",
        metavar="NAME",
        help=f"engine setting to measure: {names} (default: default, what the bot plays);"
        " NAME:knob=value,... changes knobs, e.g. default:cutoff=0.9,fifty=off",
    )
    p.add_argument(
        "--versus",
        metavar="NAME",
        help="also play every game (same layout, same first click) with this engine setting"
        " and print the paired difference in win rate with its 95 %% interval",
    )
    p.add_argument(
        "--save-outcomes",
        metavar="FILE",
        help="write each game's outcome (and what identifies the games) to FILE, for"
        " --versus-saved",
    )
    p.add_argument(
        "--save-versus-outcomes",
        metavar="FILE",
        help="with --versus: write the other engine's outcomes to FILE too",
    )
    p.add_argument(
        "--from-game",
        type=int,
        default=0,
        metavar="K",
        help="play game numbers K to K+N-1 (N = --games), to extend an earlier run of the seed"
        " (default: 0)",
    )
    p.add_argument(
        "--versus-saved",
        metavar="FILE",
        help="pair this run with the outcomes --save-outcomes kept of the same games (instead"
        " of replaying the reference with --versus)",
    )
    p.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="run the games as Ray tasks on an existing cluster: 'auto' (the one `ray start`"
        " began here) or its address HOST:PORT; same seeds, same figures as a local run"
        " (--jobs is then ignored; needs the ray extra, which scripts/setup.sh installs)",
    )


def cell_arg(text: str) -> tuple[int, int]:
    """An argparse type: ``R,C`` (either may be negative, counting from the far edge)."""
    try:
        r, c = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a cell is ROW,COL (e.g. 0,-1), not {text!r}") from None
    return r, c


def _run_bench(args: argparse.Namespace) -> int:
    from bot.bench.minesweeper_report import bench

    return bench(args)


# corners, the cells next to the XP relocation's (0, 0), three in from a corner, the centre
FIRST_CANDIDATES = "0,0 0,1 1,0 1,1 0,-1 -1,0 -1,-1 -4,-4 8,15"


def _configure_first(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--level", default="expert", help="beginner, intermediate, expert or ROWSxCOLS/MINES"
    )
    p.add_argument(
        "--rules",
        choices=["safe", "xp", "opening", "none"],
        default="xp",
        help="first-click rule (default: xp; xp and none play the same layouts for every cell)",
    )
    p.add_argument(
        "--cells",
        default=FIRST_CANDIDATES,
        help=f"candidate first-click cells, R,C separated by spaces (default: {FIRST_CANDIDATES})",
    )
    p.add_argument(
        "--reference",
        type=cell_arg,
        metavar="R,C",
        help="the cell the others are paired against (default: the rule's first click)",
    )
    p.add_argument("--games", type=positive_int, default=2000, help="games per cell (default 2000)")
    p.add_argument("--seed", type=int, default=1, help="run seed; game i uses its own seed")
    p.add_argument("--jobs", type=positive_int, default=1, help="worker processes (default: 1)")
    p.add_argument(
        "--save",
        type=Path,
        default=Path("out/first-click"),
        metavar="DIR",
        help="keep each cell's outcomes here and reuse them (default: out/first-click)",
    )
    add_json(p)


def _run_first(args: argparse.Namespace) -> int:
    from bot.bench.first_click import play, table
    from bot.cli.interrupt import until_interrupted
    from bot.cli.output_paths import check_folder
    from bot.cli.progress import progress_bar
    from bot.cli.report import emit
    from solvers.minesweeper.opening import first_click, place
    from solvers.minesweeper.rules import FirstClick, Level

    check_folder(args.save, "--save")
    level, rules = Level.parse(args.level), FirstClick(args.rules)
    cells: dict[tuple[int, int], tuple[int, int]] = {}  # on the board -> as asked
    for text in args.cells.split():
        cell = cell_arg(text)
        cells.setdefault(place(cell, level.rows, level.cols), cell)
    reference = place(
        args.reference or first_click(level.rows, level.cols, rules), level.rows, level.cols
    )
    cells.setdefault(reference, reference)
    # the reference first, so a run stopped by Ctrl+C still pairs the cells it finished
    order = [cells[reference]] + [c for b, c in cells.items() if b != reference]
    played = []
    with until_interrupted() as stop, progress_bar(
        args.games * len(cells), f"{level.name} first clicks"
    ) as bar:
        for cell in order:
            played.append(
                play(level, rules, args.seed, cell, args.games, args.jobs, args.save, bar.advance)
            )
    if not played:
        emit({"level": level.name, "cells": [], "stopped": stop.reason},
             ["no cell finished", *stop.line()], args.json)
        return stop.exit_code()
    ref = played[0]
    rows = table(played, ref)
    lines = [
        f"{level.name}, {rules.value} rule, seed {args.seed}: first-click cells on the same"
        f" {args.games} layouts, paired against ({ref.on_board[0]}, {ref.on_board[1]})",
        "  cell       games    wins  win rate  95 % CI          vs ref (pp)  95 % CI",
    ]
    for row in rows:
        low, high = row["ci95"]
        vs = row["vs_reference"]
        dlow, dhigh = vs["ci95"]
        lines.append(
            f"  {str(tuple(row['cell'])):9s} {row['games']:6d} {row['wins']:7d}"
            f"  {100 * row['win_rate']:6.2f} %  {100 * low:5.2f}-{100 * high:5.2f} %"
            f"   {100 * vs['difference']:+6.2f}      {100 * dlow:+5.2f} to {100 * dhigh:+5.2f}"
        )
    summary = {
        "level": level.name,
        "rules": rules.value,
        "seed": args.seed,
        "games": args.games,
        "reference": list(ref.on_board),
        "cells": rows,
        "stopped": stop.reason,
    }
    if stop:
        lines.append(f"{len(played)} of {len(cells)} cells finished (kept in {args.save})")
    lines += stop.line()
    emit(summary, lines, args.json)
    return stop.exit_code()


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
        "interval, games per second and solver time per decision (median, p99). With "
        "--versus, a second engine setting plays the same games and the paired difference is "
        "printed; with --ray, the games run on a Ray cluster.",
    ),
    Command(
        "bench",
        "minesweeper-first",
        "where to click first: candidate cells on the same seeded layouts, paired",
        _configure_first,
        _run_first,
        "Plays the same seeded games from each candidate first-click cell and prints each "
        "cell's win rate with its 95 % interval and its paired difference from a reference.",
    ),
]
