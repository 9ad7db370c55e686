"""A session of bsdgames hangman in an xterm: the terminal started (on a private Xvfb when
there is no display), its font learned from the calibration screen, the solver, and the
figures a hangman session adds to every game's."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bot.run import session as root
from bot.run.results import SessionStats
from bot.run.safety import GuardedScreen
from bot.run.spec import Session, SessionConfig, Table

if TYPE_CHECKING:
    from bot.games.hangman.adapter import HangmanAdapter
    from solvers.hangman.lexicon import Lexicon

DEFAULT_LOG = Path("out/hangman/wins.jsonl")


@dataclass
class HangmanConfig(SessionConfig):
    """Which words bsdgames plays, which solver guesses them, the xterm's font."""

    games: int | None = 10
    log: Path | None = DEFAULT_LOG
    out: Path = Path("out/problems")  # where a frame that stopped the bot is saved
    dictionary: str = "/usr/share/dict/words"
    min_length: int = 6
    strategy: str = "maxwin"
    prior: str = "bsdgames"
    misses: int = 7
    font: str = "DejaVu Sans Mono"
    font_size: int = 11


def lexicon(cfg: HangmanConfig, length: int | None = None) -> Lexicon:
    """The words hangman may pick (``hangman -m``), weighted by the prior."""
    from solvers.hangman.lexicon import Lexicon
    from solvers.hangman.priors import prior_weights
    from solvers.hangman.words import read_words

    words = read_words(cfg.dictionary, cfg.min_length, length)
    return Lexicon(words, prior_weights(cfg.prior, words, cfg.dictionary, cfg.min_length))


def check(cfg: HangmanConfig) -> None:
    from bot.cli.output_paths import check_file, check_folder

    if cfg.log is not None:
        check_file(cfg.log, "--log")
    if cfg.record:
        check_folder(cfg.record, "--record")


def open_table(cfg: HangmanConfig, stack: ExitStack) -> Table[HangmanAdapter]:
    """The xterm with hangman running in it, its font learned, and the adapter."""
    from bot.games.hangman.adapter import HangmanAdapter
    from bot.games.hangman.target import HangmanTarget
    from bot.games.hangman.xterm import HangmanXterm
    from solvers.hangman.strategies import make_solver

    solver = make_solver(cfg.strategy, lexicon(cfg), cfg.misses)
    if sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
        from bot.io.virtual_display import VirtualDisplay

        stack.enter_context(VirtualDisplay(1024, 768))
    from bot.io.screens.desktop import DesktopScreen

    screen = DesktopScreen()
    stack.callback(screen.close)
    terminal = HangmanXterm(screen, Path(cfg.dictionary), cfg.min_length, cfg.font,
                            cfg.font_size)
    stack.callback(terminal.stop)
    terminal.start()
    if cfg.record is not None and terminal.calibration is not None:
        cfg.record.mkdir(parents=True, exist_ok=True)
        terminal.calibration.save(cfg.record / "calibration.png")
    return Table(GuardedScreen(screen), HangmanTarget(terminal), HangmanAdapter(terminal, solver))


def summarize(result: SessionStats, session: Session[HangmanConfig, HangmanAdapter]
              ) -> dict[str, object]:
    """Hangman's own figures: misses a word, words bsdgames played that the dictionary lacks."""
    games = result.finished
    cfg = session.cfg
    n = max(1, len(games))
    return {
        "mean_misses": sum(int(g.details["misses"]) for g in games) / n,  # type: ignore[call-overload]
        "words_not_in_dictionary": sum(not g.details.get("in_dictionary") for g in games),
        "strategy": cfg.strategy,
        "prior": cfg.prior,
    }


def human_lines(summary: Mapping[str, object]) -> list[str]:
    games, wins = root.count(summary, "games"), root.count(summary, "wins")
    low, high = root.interval(summary)
    n = max(1, games)
    lines = [
        f"played {games} words of bsdgames hangman ({summary['strategy']},"
        f" {summary['prior']} prior)",
        f"  won {wins} = {100 * wins / n:.1f} % (95 % CI {100 * low:.1f}-{100 * high:.1f} %)",
        f"  misreads {summary['misreads']}, stale frames {summary['stale_frames']},"
        f" words not in the dictionary {summary['words_not_in_dictionary']}",
        f"  median read {summary['read_ms_median']:.1f} ms,"
        f" decide {summary['decide_ms_median']:.2f} ms",
        f"  win log: {summary['log']}",
    ]
    if summary["stopped"]:
        lines.append(f"  stopped: {summary['stopped']}")
    return lines
