"""``gamebot read erudit SHOT.png`` and ``gamebot calibrate erudit --from SHOT...``.

Reading prints the engine's position text (``gamebot erudit best`` reads it back unchanged):
player 1 is the player whose rack shows. Calibration learns a site's look (square and tile
colours, letters, value numbers, wildcard marks) from labelled screenshots: SHOT.txt beside
SHOT.png (or in ``--labels DIR``) is the shot's position text with player 1's rack written in
the order its tiles stand.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from bot.cli.options import add_json
from bot.cli.registry import Command
from bot.errors import GamebotError
from solvers.erudit.rules import RULE_NAMES

RULES = RULE_NAMES


# ----- read erudit -----------------------------------------------------------------------------
def _configure_read(p: argparse.ArgumentParser) -> None:
    p.add_argument("image", help="screenshot (PNG/JPEG) with an Erudit/Scrabble board in it")
    p.add_argument("--rules", choices=RULES,
                   help="the game's rules (default: each the site plays; refused if several fit)")
    p.add_argument("--site", help="site name (e.g. gamebot-erudit, xanado) or a site folder;"
                   " default: try every site known")
    p.add_argument("--no-ocr", action="store_true",
                   help="do not ask Tesseract about glyphs the site's bank does not know")
    p.add_argument("--no-text", action="store_true",
                   help="do not read scores and tiles left off the page")
    add_json(p)


def layout_words(reading: Any) -> str:
    """'matches erudit', or 'a different layout: ...' naming the squares."""
    if reading.layout == "a different layout" or not reading.premiums_match:
        diffs = ", ".join(f"{sq} (shows {seen!r}, {reading.rules} has {want!r})"
                          for sq, seen, want in reading.premium_diffs[:8])
        more = f" and {len(reading.premium_diffs) - 8} more" if len(reading.premium_diffs) > 8 \
            else ""
        return f"a different layout: {diffs}{more}" if diffs else f"matches {reading.layout}"
    return f"matches {reading.layout}"


def _run_read(args: argparse.Namespace) -> int:
    from bot.cli.report import emit
    from bot.games.erudit.sites import read_shot
    from vision.core.errors import ReadError
    from vision.core.frame import Frame

    frame = Frame.from_file(args.image)
    try:
        found = read_shot(frame, args.site, args.rules, ocr=not args.no_ocr,
                          text=not args.no_text)
    except ReadError as exc:
        raise exc.with_source(args.image) from None
    r = found.reading
    state = r.to_position_text(found.rules)
    g = r.geometry
    lines = [state.rstrip("\n"), ""]
    lines.append(f"board at ({g.col_edges[0]}, {g.row_edges[0]}) pitch {found.location.pitch:.2f};"
                 f" site {found.site.name}, theme {r.theme}, rules {found.rules.name}")
    lines.append(f"rack as the page shows it, left to right: {r.rack or '-'}"
                 " (the position text sorts it)")
    lines.append(f"premium layout: {layout_words(r)}")
    if r.wildcards:
        lines.append("wildcards on the board: " + " ".join(r.wildcards))
    lines.append(f"scores: {r.scores[0]} : {r.scores[1]}" if r.scores else "scores: not read")
    lines.append(f"tiles left: {r.bag}" if r.bag is not None else "tiles left: not read")
    if r.learned:
        lines.append("named by Tesseract, confirmed by their values: "
                     + " ".join(f"{w}={ch}" for w, ch in r.learned))
    summary: dict[str, object] = {"state": state, "site": found.site.name, **r.to_dict()}
    emit(summary, lines, args.json)
    return 0


# ----- calibrate erudit --------------------------------------------------------------------------
def _configure_calibrate(p: argparse.ArgumentParser) -> None:
    p.add_argument("--from", dest="images", nargs="+", metavar="SCREENSHOT", required=True,
                   help="screenshots of the site; labelled by SHOT.txt beside each (or in"
                   " --labels), else named from the rules' layout and by Tesseract")
    p.add_argument("--rules", choices=RULES,
                   help="rules of the unlabelled shots (default erudit; a label names its own)")
    p.add_argument("--labels", metavar="DIR",
                   help="folder of <shot name>.txt position texts (player 1's rack in the order"
                   " its tiles stand)")
    p.add_argument("--site", default="learned", help="the site's name (default: learned)")
    p.add_argument("--out", help="site folder to write (default: the user's sites folder/SITE);"
                   " a look already there grows")
    p.add_argument("--fresh", action="store_true", help="start from nothing, not the look there")
    p.add_argument("--score-labels", metavar="OURS,THEIRS",
                   help="the page's words beside the two scores, e.g. 'You,Computer'")
    p.add_argument("--bag-phrase", action="append", default=[], metavar="TEXT",
                   help="words of the page's tiles-left line, e.g. 'tiles left' (repeatable)")
    p.add_argument("--bag-empty-phrase", action="append", default=[], metavar="TEXT",
                   help="words the page shows when the bag is empty, e.g. 'letter bag is"
                   " empty' (repeatable)")
    p.add_argument("--lang", choices=("ru", "en"),
                   help="language of --score-labels/--bag-phrase (default: the shots' rules')")
    p.add_argument("--yes", action="store_true", help="do not ask to confirm the board found")
    add_json(p)


def _run_calibrate(args: argparse.Namespace) -> int:
    import sys

    from bot.cli.report import emit
    from bot.cli.shot_labels import label_for
    from bot.web.site_data import user_sites_dir
    from calibration.erudit.learn import LabelledShot, learn_site
    from solvers.erudit.position import Position, PositionTextError
    from vision.core.errors import ReadError
    from vision.core.frame import Frame
    from vision.erudit.look import LOOK_FILE, EruditSite
    from vision.erudit.reader import locate_erudit, read_erudit, rules_lang

    labels = Path(args.labels) if args.labels else None
    shots, named_by_ocr = [], []
    unnamed: list[str] = []
    layouts: list[tuple[str, str]] = []  # premium layouts read off unlabelled shots
    for name in args.images:
        path = Path(name)
        text = label_for(path, labels)
        if text is None:  # no label: the layout's colours and Tesseract name what they can
            from calibration.erudit.bootstrap import name_shot
            from solvers.erudit.rules import load_rules

            options = [load_rules(n) for n in ([args.rules] if args.rules else RULE_NAMES)]
            try:
                named = name_shot(Frame.from_file(path), options, path.name)
            except ReadError as exc:
                raise GamebotError(f"calibration stopped: {exc}") from None
            shots.append(named.shot)
            layouts.append((path.name, named.layout.kinds))
            named_by_ocr.append(named.shot.name)
            unnamed.extend(f"{path.name}: {w}" for w in named.unnamed)
            continue
        try:
            pos = Position.from_text(text)
        except PositionTextError as exc:
            raise GamebotError(f"{path.stem}.txt: {exc}") from None
        rack = pos.racks[0]
        if rack is None:
            raise GamebotError(f"{path.stem}.txt: player 1's rack must be given")
        from calibration.erudit.bootstrap import layout_of_labelled

        frame = Frame.from_file(path)
        try:
            read = layout_of_labelled(frame, pos.rules, path.name)
        except ReadError as exc:
            raise GamebotError(f"calibration stopped: {path.name}: {exc}") from None
        if read is not None:  # premiums drawn as marks on plain squares (stars) are plain
            layouts.append((path.name, read.layout.kinds))
        shots.append(LabelledShot(frame, tuple(pos.board.rows()), rack, pos.rules, path.name,
                                  read.shown if read is not None else None,
                                  read.also if read is not None else ()))
    first = locate_erudit(shots[0].frame)
    b = first.bounds
    question = (f"{args.images[0]}: 15x15 board at x={b.left} y={b.top}, {b.width}x{b.height}"
                f" px: use it? [Y/n] ")
    from bot.cli.prompt import ask  # Ctrl+D / Ctrl+C at the question: a clean "cancelled"

    if not args.yes and sys.stdin.isatty() and ask(question).lower() in ("n", "no"):
        raise GamebotError("calibration stopped: the board found is not the game's")
    out = Path(args.out) if args.out else user_sites_dir() / args.site
    if not args.fresh and (out / LOOK_FILE).is_file():
        site = EruditSite.load(out)
    else:
        site = EruditSite.empty(args.site, shots[0].rules.alphabet)
    site.look.site = args.site if args.site != "learned" or not site.look.site else site.look.site
    for shot_name, kinds in layouts:
        clash = site.look.merge_layout(kinds)
        if clash:
            from solvers.erudit.board import square_name

            where = ", ".join(square_name(i) for i in clash[:8])
            raise GamebotError(f"calibration stopped: {shot_name} shows other premiums than the"
                               f" shots before it at {where}")
    try:
        site, report = learn_site(shots, site)
    except (ReadError, ValueError) as exc:
        raise GamebotError(f"calibration stopped: {exc}") from None
    if args.score_labels or args.bag_phrase or args.bag_empty_phrase:
        lang = args.lang or rules_lang(shots[0].rules)
        scores = [s.strip() for s in args.score_labels.split(",")] if args.score_labels else []
        site.look.set_texts(lang, scores, args.bag_phrase, args.bag_empty_phrase)
    exact, wrong = 0, []
    for shot in shots:  # every labelled shot read back with what was learned
        if shot.name in named_by_ocr:
            continue
        try:
            r = read_erudit(shot.frame, locate_erudit(shot.frame), site, shot.rules, ocr=False)
        except ReadError as exc:
            wrong.append(f"{shot.name}: {exc}")
            continue
        if r.board == shot.board and r.rack == shot.rack:
            exact += 1
        else:
            wrong.append(f"{shot.name}: reads differently from its label")
    site.save(out)
    lines = report.lines(site)
    labelled = len(shots) - len(named_by_ocr)
    lines.append(f"read back: {exact} of {labelled} labelled shots exact")
    lines.extend(wrong)
    if named_by_ocr:
        lines.append(f"{len(named_by_ocr)} shots without a label: tiles named by Tesseract where"
                     f" it was sure and the value agreed; left unnamed: {len(unnamed)}")
        lines.extend(unnamed[:20])
    lines.append(f"site saved: {out} ({len(site.glyphs)} glyph templates, {len(site.marks)} marks)")
    summary: dict[str, object] = {
        "folder": str(out),
        "site": site.name,
        "shots": len(shots),
        "exact": exact,
        "themes": [t.name for t in site.look.themes],
        "letters": site.glyphs.chars,
        "marks": site.marks.labels,
        "templates": len(site.glyphs),
        "problems": wrong,
        "unlabelled": named_by_ocr,
        "unnamed": unnamed,
    }
    emit(summary, lines, args.json)
    return 0 if not wrong else 1


def run_vision_bench(args: argparse.Namespace) -> int:
    """``gamebot bench vision --game erudit``: the labelled boards and racks."""
    from bot.bench.vision_erudit import run_erudit_bench

    return run_erudit_bench(args)


COMMANDS: list[Command] = [
    Command(
        "read",
        "erudit",
        "read an Erudit/Scrabble screenshot: board, rack, premiums, scores, as position text",
        _configure_read,
        _run_read,
        description="Find the 15x15 board (any zoom) and the rack in IMAGE, read every square"
        " (empty and its premium kind, a tile and its letter, a wildcard), check each tile's"
        " value number against the rules, and print the position text `gamebot erudit best`"
        " reads. Anything that cannot be read for sure is an error naming the square.",
    ),
    Command(
        "calibrate",
        "erudit",
        "learn an Erudit/Scrabble site's look from labelled screenshots",
        _configure_calibrate,
        _run_calibrate,
        description="Learn a site's square and tile colours, letters, value numbers and"
        " wildcard marks from screenshots with their position texts (SHOT.txt beside SHOT.png,"
        " or --labels DIR), then read every shot back as a check. The site is saved to the"
        " user's sites folder (found by `read erudit`) or to --out.",
    ),
]
