"""``gamebot read balda SHOT.png`` and ``gamebot calibrate balda --from SHOT...``.

A glyph bank is found by site name (the user's learned one first, then the one shipped in
``calibration/sites/<name>/glyphs``), by folder, or, with no ``--site``, by trying every bank
known; with none that fits, Tesseract names every glyph and refuses what it is not sure of.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.cli.options import add_json
from bot.cli.registry import Command
from bot.errors import GamebotError

LANGS = ("ru", "uk", "en")


@dataclass(frozen=True)
class BankChoice:
    """A bank to try: its folder (None = start empty), language, and the site profile."""

    folder: Path | None
    lang: str
    site: str
    score_labels: tuple[str, str] = ("", "")


def _bank_folder(path: Path) -> Path | None:
    for candidate in (path, path / "glyphs"):
        if (candidate / "bank.json").is_file():
            return candidate
    return None


def _profiles() -> list[Any]:
    from bot.web.sites import builtin_sites, load_profile

    out = []
    for name in builtin_sites():
        try:
            profile = load_profile(name)
        except GamebotError:
            continue
        if profile.game == "balda":
            out.append(profile)
    return out


def _site_folders(name: str) -> list[Path]:
    from bot.web.site_data import user_sites_dir
    from bot.web.sites import BUILTIN_DIR

    found = [user_sites_dir() / name / "glyphs", BUILTIN_DIR / name / "glyphs"]
    return [p for p in found if (p / "bank.json").is_file()]


def bank_choices(site: str | None, lang: str | None) -> list[BankChoice]:
    """Banks to try for a screenshot, most specific first."""
    profiles = _profiles()
    if site:
        path = Path(site)
        if path.is_dir():
            folder = _bank_folder(path)
            if folder is None:
                raise GamebotError(f"{path}: no glyph bank (bank.json) in this folder")
            return [BankChoice(folder, code, path.name) for code in ([lang] if lang else LANGS)]
        matching = [p for p in profiles if site in (p.name, p.glyphs)]
        choices = []
        for p in matching:
            for folder in _site_folders(p.glyphs or p.name):
                choices.append(BankChoice(folder, lang or p.language, p.name, p.score_labels))
        if not matching:
            for folder in _site_folders(site):
                for code in [lang] if lang else list(LANGS):
                    choices.append(BankChoice(folder, code, site))
        if not choices:
            known = ", ".join(sorted({p.glyphs or p.name for p in profiles}))
            raise GamebotError(f"no glyph bank for site {site!r} (known: {known}); learn one"
                               f" with `gamebot calibrate balda --from SHOT... --site {site}`")
        return [c for c in choices if lang is None or c.lang == lang] or choices
    from bot.web.site_data import user_sites_dir

    choices = []
    users = user_sites_dir()
    if users.is_dir():
        for sub in sorted(users.iterdir()):
            folder = _bank_folder(sub)
            if folder is not None:
                for code in [lang] if lang else list(LANGS):
                    choices.append(BankChoice(folder, code, sub.name))
    for p in profiles:
        if lang is None or p.language == lang:
            for folder in _site_folders(p.glyphs or p.name):
                choices.append(BankChoice(folder, p.language, p.name, p.score_labels))
    choices.append(BankChoice(None, lang or "ru", "none"))
    return choices


def _configure_read(p: argparse.ArgumentParser) -> None:
    p.add_argument("image", help="screenshot (PNG/JPEG) with a Balda grid anywhere in it")
    p.add_argument("--site", help="site name (a profile or glyph bank, e.g. vladhuk-balda-uk)"
                   " or a glyph bank folder; default: try every bank known")
    p.add_argument("--lang", choices=LANGS, help="the game's language (default: the site's,"
                   " else Russian)")
    p.add_argument("--no-ocr", action="store_true",
                   help="do not ask Tesseract about glyphs the bank does not know")
    add_json(p)


def _read_with(choice: BankChoice, frame: Any, location: Any, ocr: bool) -> Any:
    from solvers.words.alphabet import alphabet_for
    from vision.balda.reader import read_balda
    from vision.core.glyph_bank import GlyphBank
    from vision.core.ocr import tesseract_lang

    alphabet = alphabet_for(choice.lang)
    if choice.folder is not None:
        bank = GlyphBank.load(choice.folder)
    else:
        bank = GlyphBank(alphabet, "")
    return read_balda(frame, location, bank, alphabet, tesseract_lang(choice.lang), ocr)


def _scores(frame: Any, location: Any, choice: BankChoice) -> list[int] | None:
    if not all(choice.score_labels):
        return None
    from vision.core.ocr import OcrUnavailableError, tesseract_lang
    from vision.core.page_text import PageText, number_near

    try:
        lines = PageText(tesseract_lang(choice.lang)).lines(frame, [location.geometry.bounds])
    except OcrUnavailableError:
        return None
    found = [number_near(lines, label, extra_words=None) for label in choice.score_labels]
    return [int(v) for v in found] if all(v is not None for v in found) else None  # type: ignore[arg-type]


def _run_read(args: argparse.Namespace) -> int:
    from bot.cli.report import emit
    from vision.core.errors import ReadError
    from vision.core.frame import Frame
    from vision.core.letters import locate_letter_grid

    frame = Frame.from_file(args.image)
    try:
        location = locate_letter_grid(frame)
    except ReadError as exc:
        raise exc.with_source(args.image) from None
    errors: list[tuple[BankChoice, ReadError]] = []
    reading = choice = None
    candidates = bank_choices(args.site, args.lang)
    # Templates alone first: Tesseract told to read Latin would name a Cyrillic А as A.
    passes = [False] if args.no_ocr else [False, True]
    for ocr in passes:
        for candidate in candidates:
            if candidate.folder is None and not ocr:
                continue
            try:
                reading = _read_with(candidate, frame, location, ocr)
            except ReadError as exc:
                errors.append((candidate, exc))
                continue
            choice = candidate
            break
        if reading is not None:
            break
    if reading is None or choice is None:
        if not errors:
            raise GamebotError(f"{args.image}: no glyph bank to read it with (give --site)")
        last = {f"{c.site} ({c.lang})": e for c, e in errors}
        tried = "; ".join(f"{k}: {e}" for k, e in list(last.items())[-3:])
        raise ReadError(f"{args.image}: no glyph bank reads this grid. {tried}",
                        errors[-1][1].cell, errors[-1][1].crop,
                        errors[-1][1].cells).with_source("read balda") from None
    scores = _scores(frame, location, choice)
    rows = reading.row_strings()
    state_lines = ([f"scores: {scores[0]} {scores[1]}"] if scores else []) + rows
    state = "\n".join(state_lines) + "\n"
    g = location.geometry
    lines = [state.rstrip("\n"), ""]
    lines.append(f"{location.rows}x{location.cols} grid at ({g.col_edges[0]}, {g.row_edges[0]})"
                 f" pitch {location.pitch:.2f}; bank {choice.site} ({choice.lang})")
    marked = [divmod(i, location.cols) for i, m in enumerate(reading.marked) if m]
    if marked:
        lines.append("marked cells (selection, highlight): "
                     + " ".join(f"{r},{c}" for r, c in marked))
    if reading.learned:
        lines.append("named by Tesseract (check them): "
                     + " ".join(f"{r},{c}={ch}" for r, c, ch in reading.learned))
    summary: dict[str, object] = {
        "state": state,
        "rows": location.rows,
        "cols": location.cols,
        "scores": scores,
        "grid": rows,
        "marked": [list(rc) for rc in marked],
        "learned": [list(x) for x in reading.learned],
        "site": choice.site,
        "lang": choice.lang,
        "location": location.to_dict(),
    }
    emit(summary, lines, args.json)
    return 0


def _configure_calibrate(p: argparse.ArgumentParser) -> None:
    p.add_argument("--from", dest="images", nargs="+", metavar="SCREENSHOT", required=True,
                   help="screenshots of the game; more shots teach more letters and looks")
    p.add_argument("--site", default="learned",
                   help="site name the bank is for (default: learned)")
    p.add_argument("--lang", choices=LANGS, default="ru", help="the game's language (default ru)")
    p.add_argument("--labels", metavar="DIR",
                   help="folder of <shot name>.txt grids (one row a line, '.' empty): glyphs"
                   " are learned under these letters (a .txt beside a shot counts too)")
    p.add_argument("--out", help="bank folder to write (default: the user's sites folder"
                   " SITE/glyphs); an existing bank there grows")
    p.add_argument("--fresh", action="store_true", help="start from an empty bank")
    p.add_argument("--yes", action="store_true", help="do not ask to confirm the grid found")
    add_json(p)


def _run_calibrate(args: argparse.Namespace) -> int:
    import sys

    from bot.cli.report import emit
    from bot.cli.shot_labels import label_for
    from bot.web.site_data import user_sites_dir
    from calibration.balda.learn import learn_bank
    from solvers.words.alphabet import alphabet_for
    from vision.core.frame import Frame
    from vision.core.glyph_bank import GlyphBank
    from vision.core.letters import locate_letter_grid
    from vision.core.ocr import tesseract_lang

    labels = Path(args.labels) if args.labels else None
    shots = []
    for name in args.images:
        path = Path(name)
        shots.append((Frame.from_file(path), label_for(path, labels), path.name))
    first = locate_letter_grid(shots[0][0])
    b = first.geometry.bounds
    question = (f"{args.images[0]}: {first.rows}x{first.cols} grid at x={b.left} y={b.top},"
                f" {b.width}x{b.height} px: use it? [Y/n] ")
    from bot.cli.prompt import ask  # Ctrl+D / Ctrl+C at the question: a clean "cancelled"

    if not args.yes and sys.stdin.isatty() and ask(question).lower() in ("n", "no"):
        raise GamebotError("calibration stopped: the grid found is not the game's")
    out = Path(args.out) if args.out else user_sites_dir() / args.site / "glyphs"
    start = None
    if not args.fresh and (out / "bank.json").is_file():
        start = GlyphBank.load(out)
    alphabet = alphabet_for(args.lang)
    from solvers.balda.lexicon import Lexicon

    # unlabelled shots are named by the game: its dictionary decides
    lexicon = Lexicon.for_language(args.lang) if any(t is None for _, t, _ in shots) else None
    bank, report = learn_bank(shots, alphabet, tesseract_lang(args.lang), args.site, start,
                              lexicon=lexicon)
    bank.save(out)
    labelled = sum(1 for _, text, _ in shots if text is not None)
    lines = report.lines(bank)
    lines.append(f"{labelled} of {len(shots)} shots had a labelled grid; bank saved: {out}"
                 f" ({len(bank)} templates)")
    summary: dict[str, object] = {
        "folder": str(out),
        "site": args.site,
        "lang": args.lang,
        "templates": len(bank),
        "letters": bank.chars,
        "learned": dict(report.learned),
        "unnamed": report.unnamed,
        "plain_faces": [list(c) for c in bank.plain_faces],
    }
    emit(summary, lines, args.json)
    return 0


def run_vision_bench(args: argparse.Namespace) -> int:
    """``gamebot bench vision --game balda``: the labelled grids read with the shipped glyph
    banks (``recordings/balda/labelled`` or ``--fixtures DIR``), then with empty banks."""
    from pathlib import Path

    from bot.bench.vision_balda import run_balda_bench
    from bot.cli.progress import progress_bar
    from bot.cli.report import emit
    from bot.web.sites import BUILTIN_DIR
    from solvers.words.alphabet import alphabet_for
    from vision.balda.fixtures import load_balda_fixtures
    from vision.core.glyph_bank import GlyphBank

    folder = Path(args.fixtures) if args.fixtures else None
    banks: dict[str, GlyphBank] = {}

    def bank_for(site: str) -> GlyphBank:
        if site not in banks:
            shipped = BUILTIN_DIR / site / "glyphs"
            if not (shipped / "bank.json").is_file():
                raise GamebotError(f"no glyph bank shipped for site {site!r} ({shipped})")
            banks[site] = GlyphBank.load(shipped)
        return banks[site].copy()

    total = len(load_balda_fixtures(folder))
    repeat = max(1, min(args.repeat, 50))
    with progress_bar(total, "balda pictures") as bar:
        summary, lines = run_balda_bench(
            bank_for, alphabet_for, folder, repeat, True, lambda name: bar.advance(status=name)
        )
    emit(summary, lines, args.json)
    return 0


COMMANDS: list[Command] = [
    Command(
        "read",
        "balda",
        "read a Balda screenshot: the grid as position text, scores where shown",
        _configure_read,
        _run_read,
        description="Find the Balda grid (5x5 to 7x7, any zoom) anywhere in IMAGE, name every"
        " letter with the site's glyph bank (Tesseract for glyphs it does not know, only when"
        " sure) and print the position text `gamebot balda moves` reads. A glyph nobody can"
        " name for sure is an error naming the cell; nothing is guessed.",
    ),
    Command(
        "calibrate",
        "balda",
        "learn a Balda site's glyph bank from screenshots",
        _configure_calibrate,
        _run_calibrate,
        description="Locate the grid in every screenshot and learn its glyphs: under the"
        " letters of a labelled grid (--labels, or SHOT.txt beside SHOT.png), else as"
        " Tesseract names them when it is sure. The bank is saved to the user's sites folder"
        " (found automatically by `read balda` and `play balda`) or to --out.",
    ),
]
