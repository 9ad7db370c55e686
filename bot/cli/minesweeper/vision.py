"""``gamebot read minesweeper``, ``gamebot calibrate minesweeper`` and ``gamebot bench vision``."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from bot.cli.options import add_json
from bot.cli.registry import Command

if TYPE_CHECKING:
    from vision.core.frame import Frame
    from vision.minesweeper.reader import BoardLocation


def _configure_read(p: argparse.ArgumentParser) -> None:
    p.add_argument("image", help="screenshot (PNG/JPEG) with a Minesweeper board anywhere in it")
    p.add_argument("--skin", help="skin name or folder (default: try every built-in skin)")
    add_json(p)
    p.add_argument(
        "--debug",
        metavar="OUT.png",
        help="save the grid and every cell's class drawn over the picture (refused cells in"
        " red) and, on an error, the refused crop as OUT-crop.png",
    )


def _save_debug(
    path: str, frame: Frame, location: BoardLocation | None, error: Exception | None
) -> list[str]:
    """Write the debug pictures; returns lines saying what was written."""
    from pathlib import Path

    import cv2

    from vision.core.errors import ReadError
    from vision.minesweeper.debug import draw_cells, draw_regions, enlarge
    from vision.minesweeper.reader import BoardLocation, cell_verdicts

    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    pixels = frame.pixels
    written: list[str] = []
    if isinstance(location, BoardLocation):
        verdict = cell_verdicts(frame, location)
        bad = {(int(r), int(c)) for r, c in zip(*(~verdict.accepted).nonzero(), strict=True)}
        chars = verdict.text().split("\n")
        panel = location.panel
        boxed = draw_regions(pixels, {"counter": panel.counter, "timer": panel.timer,
                                      "face": panel.face})
        picture = draw_cells(boxed, location.geometry, chars, bad)
    else:
        picture = pixels
    if not cv2.imwrite(str(out), picture):
        raise OSError(f"{out}: could not write the debug picture")
    written.append(f"debug picture: {out}")
    crop = error.crop if isinstance(error, ReadError) else None
    if crop is None and error is not None:
        crop = pixels
    if crop is not None:
        crop_path = out.with_name(out.stem + "-crop" + out.suffix)
        cv2.imwrite(str(crop_path), enlarge(crop) if crop.shape[0] < 100 else crop)
        written.append(f"refused crop: {crop_path}")
    return written


def _run_read(args: argparse.Namespace) -> int:
    import sys

    from bot.cli.report import emit
    from vision.core.errors import ReadError
    from vision.core.frame import Frame
    from vision.minesweeper.reader import locate_minesweeper, read_minesweeper

    if args.debug:
        from bot.run.pictures import check_output

        check_output(args.debug, (".png", ".jpg", ".jpeg", ".bmp"))
    frame = Frame.from_file(args.image)
    location = None
    try:
        location = locate_minesweeper(frame, args.skin)
        reading = read_minesweeper(frame, location=location)
    except ReadError as exc:
        if args.debug:
            for line in _save_debug(args.debug, frame, location, exc):
                print(line, file=sys.stderr)
        raise exc.with_source(args.image) from None
    g = reading.geometry
    about = [
        f"{g.rows}x{g.cols} board, skin {reading.skin}, scale {reading.scale:.2f},"
        f" grid at ({g.col_edges[0]}, {g.row_edges[0]}) pitch {g.pitch[0]:.2f}x{g.pitch[1]:.2f}",
        f"counter {reading.counter}, timer {reading.timer}, face {reading.face}",
    ]
    if args.debug:
        about.extend(_save_debug(args.debug, frame, location, None))
    # The board text alone on stdout, so `read ... | solve minesweeper -` works; the rest
    # goes to stderr (and into the JSON line with --json).
    for line in about:
        print(line, file=sys.stderr)
    summary = reading.to_dict()
    summary["location"] = location.to_dict()
    emit(summary, [reading.board.to_text()], args.json)
    return 0


def _configure_bench(p: argparse.ArgumentParser) -> None:
    add_json(p)
    p.add_argument(
        "--game",
        choices=("minesweeper", "balda", "erudit"),
        default="minesweeper",
        help="whose labelled screenshots to measure (default: minesweeper); balda and erudit"
        " read recordings/<game>/labelled",
    )
    p.add_argument(
        "--repeat", type=int, default=30, help="timed reads/locates per picture (default: 30)"
    )
    p.add_argument(
        "--scales",
        default="1,1.25,1.5,2",
        help="comma-separated scales the accuracy pass rescales every fixture to, with both"
        " bilinear and nearest-neighbour resizing (default: 1,1.25,1.5,2)",
    )
    p.add_argument(
        "--fixtures",
        help="folder of labelled screenshots with labels.json (default: the project's"
        " recordings/minesweeper/labelled)",
    )
    p.add_argument(
        "--relearn-games", type=int, default=5, metavar="N",
        help="the relearn matrix: every built-in skin with its digits removed names them again"
        " from its screenshots and from N simulated games (default 5; 0: screenshots only)",
    )


def _run_bench(args: argparse.Namespace) -> int:
    from pathlib import Path

    from bot.bench.vision_minesweeper import VisionBench
    from bot.cli.interrupt import until_interrupted
    from bot.cli.progress import progress_bar
    from bot.cli.report import emit

    if args.game != "minesweeper":  # each game's vision verbs bench its own pictures
        import importlib

        return int(importlib.import_module(f"bot.cli.{args.game}.vision").run_vision_bench(args))
    scales = [float(s) for s in args.scales.split(",") if s.strip()]
    folder = Path(args.fixtures) if args.fixtures else None
    bench = VisionBench(folder, scales, max(1, args.repeat))
    with until_interrupted() as stop:
        with progress_bar(bench.accuracy_pictures(), "pictures read") as bar:
            bench.accuracy(lambda name: bar.advance(status=name))
        with progress_bar(len(bench.speed_fixtures()), "read and locate timings") as bar:
            bench.speed(lambda name: bar.advance(status=name))
        if not stop.reason:
            from bot.bench.relearn import SKINS, relearn_matrix

            with progress_bar(len(SKINS), "relearn matrix") as bar:
                relearn, relearn_lines = relearn_matrix(
                    max(0, args.relearn_games), 1, folder, lambda name: bar.advance(status=name))
    summary, lines = bench.report()
    if not stop.reason:
        summary["relearn"] = relearn
        lines += relearn_lines
    summary["stopped"] = stop.reason
    emit(summary, lines + stop.line(), args.json)
    return stop.exit_code()


def _configure_calibrate(p: argparse.ArgumentParser) -> None:
    p.add_argument("--from", dest="images", nargs="+", metavar="SCREENSHOT",
                   help="screenshots of the game (same window size); several help: more glyphs")
    p.add_argument("--live", action="store_true",
                   help="learn from the screen itself (grabs the whole display)")
    p.add_argument("--seconds", type=float, default=0.0,
                   help="with --live: keep grabbing for this long while you play (default: once)")
    p.add_argument("--name", default="learned", help="name of the new skin (default: learned)")
    p.add_argument("--out", help="skin folder to write (default: the user skin folder/NAME)")
    p.add_argument("--board", metavar="X,Y,W,H",
                   help="the board rectangle in pixels, if the found one is wrong")
    p.add_argument("--yes", action="store_true",
                   help="ask nothing: the board rectangle found is used and looks calibration"
                   " could not name stay unnamed (learned during play)")
    p.add_argument("--compare", metavar="SKIN",
                   help="also read the screenshots with this skin and compare with the learned one")
    add_json(p)


def _grab_screen(seconds: float) -> list[Frame]:
    """The whole display (every monitor) now, and every half second for ``seconds``."""
    import time

    from bot.io.screens.desktop import DesktopScreen

    screen = DesktopScreen()
    frames = []
    end = time.monotonic() + seconds
    try:
        while True:
            frames.append(screen.grab())
            if time.monotonic() >= end:
                return frames
            time.sleep(0.5)
    finally:
        screen.close()


def _run_calibrate(args: argparse.Namespace) -> int:
    from pathlib import Path

    from bot.cli.output_paths import check_folder
    from bot.cli.prompt import ask, can_ask
    from bot.cli.report import emit
    from bot.errors import GamebotError
    from calibration.minesweeper.learn import learn_skin
    from calibration.minesweeper.skin_compare import compare_skins
    from vision.core.frame import Frame
    from vision.core.geometry import Region
    from vision.minesweeper.skin import save_skin, user_skin_dir

    if not args.images and not args.live:
        raise GamebotError("give screenshots with --from, or --live to use the screen")
    folder = check_folder(Path(args.out) if args.out else user_skin_dir() / args.name, "--out")
    frames = [Frame.from_file(p) for p in args.images or []]
    if args.live:
        frames += _grab_screen(args.seconds)
    region = None
    if args.board:
        try:
            x, y, w, h = (int(v) for v in args.board.split(","))
        except ValueError:
            raise GamebotError(f"--board {args.board!r}: expected X,Y,W,H") from None
        region = Region(x, y, w, h)
    skin, report = learn_skin(frames, args.name, region)
    first = report.grids[0].geometry()
    b = first.bounds
    question = (f"board found at x={b.left} y={b.top}, {b.width}x{b.height} px,"
                f" {first.rows}x{first.cols} cells: use it? [Y/n] ")
    named: list[str] = []
    if not args.yes and can_ask():
        if ask(question).lower() in ("n", "no"):
            raise GamebotError("give the board rectangle with --board X,Y,W,H")
        unnamed = [g for g in report.groups if g.name is None]
        if unnamed:  # the person may know what calibration could not name
            from bot.cli.minesweeper.glyph_prompt import name_looks

            skin, named = name_looks(skin, unnamed)
            stale = ("learned ", "group(s) left unnamed")  # said before the person named looks
            report.notes = [n for n in report.notes if not any(s in n for s in stale)]
            left = sum(g.name is None for g in report.groups)
            if left:
                named.append(f"{left} group(s) left unnamed: learned later during play")
            named.append(f"the skin has {skin.chars!r}, missing {skin.missing!r}")
    save_skin(skin, folder)
    lines = report.lines() + named + [f"skin saved: {folder} (use --skin {folder})"]
    summary: dict[str, object] = {
        "skin": args.name,
        "folder": str(folder),
        "cell_size": list(skin.cell_size),
        "learned": skin.chars,
        "missing": skin.missing,
        "boards": [list(rc) for rc in report.boards],
    }
    if args.compare:
        table, rows = compare_skins(skin, args.compare, frames)
        lines += rows
        summary["compare"] = table
    emit(summary, lines, args.json)
    return 0


COMMANDS: list[Command] = [
    Command(
        "read",
        "minesweeper",
        "read a Minesweeper screenshot: board text, geometry, skin, counter, face",
        _configure_read,
        _run_read,
        description="Find the Minesweeper board anywhere in IMAGE (any built-in or learned skin,"
        " 100-200 % scale), read every cell exactly and print the board text, grid geometry,"
        " skin, counters and face. A cell that matches no glyph is an error naming the cell.",
    ),
    Command(
        "calibrate",
        "minesweeper",
        "learn a Minesweeper skin from screenshots (or the live screen)",
        _configure_calibrate,
        _run_calibrate,
        description="Learn a new skin with no templates to start from: the cell lattice from the"
        " picture, cells grouped by likeness, numbers named by Tesseract (kept only if the"
        " board stays possible), flags and mines by colour. It asks whether the board"
        " rectangle is right, then shows each look it could not name (a PNG and a preview in"
        " the terminal) for you to name or leave unnamed; --yes asks nothing. Glyphs not seen"
        " yet are reported, and are learned during play.",
    ),
    Command(
        "bench",
        "vision",
        "vision speed and accuracy: read/locate times, cells exact on the labelled fixtures",
        _configure_bench,
        _run_bench,
        description="Times reading a located 30x16 board and locating boards in 1920x1080"
        " screenshots, and reads every labelled fixture at every scale (bilinear and nearest)"
        " counting exact cells.",
    ),
]
