"""Options every Hangman command shares: strategy, prior, dictionary, miss limit."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solvers.hangman.lexicon import Lexicon

SYSTEM_WORDS = "/usr/share/dict/words"
STRATEGIES = ("greedy", "expected", "maxwin")
PRIORS = ("uniform", "wordfreq", "bsdgames")


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {text}")
    return value


def solver_options(p: argparse.ArgumentParser, strategy: str, prior: str) -> None:
    p.add_argument(
        "--strategy",
        choices=STRATEGIES,
        default=strategy,
        help="greedy: seed 001 (fewest candidates lack the letter); expected: fewest expected "
        "misses; maxwin: best chance to win within the miss limit (default: %(default)s)",
    )
    p.add_argument(
        "--prior",
        choices=PRIORS,
        default=prior,
        help="how likely each word is: uniform, wordfreq (English word frequency), or bsdgames "
        "(the odds bsdgames hangman really picks words with) (default: %(default)s)",
    )
    p.add_argument(
        "--dictionary",
        metavar="FILE",
        default=SYSTEM_WORDS,
        help="word list, one word a line; only lowercase a-z words count (default: %(default)s)",
    )
    p.add_argument(
        "--misses",
        type=positive,
        default=7,
        help="the game is lost at this miss (bsdgames: 7) (default: %(default)s)",
    )
    p.add_argument("--json", action="store_true", help="last stdout line: one JSON object")


def lexicon_from_args(
    args: argparse.Namespace, min_length: int, length: int | None = None
) -> Lexicon:
    from solvers.hangman.lexicon import Lexicon
    from solvers.hangman.priors import prior_weights
    from solvers.hangman.words import read_words

    words = read_words(args.dictionary, min_length, length)
    return Lexicon(words, prior_weights(args.prior, words, args.dictionary, min_length))
