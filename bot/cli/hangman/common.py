"""Options every Hangman command shares: strategy, prior, dictionary, miss limit."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from bot.cli.options import add_json, positive_int
from solvers.hangman.game import BSD_MAX_MISSES
from solvers.hangman.words import SYSTEM_WORDS

if TYPE_CHECKING:
    from solvers.hangman.lexicon import Lexicon

# The names of solvers.hangman.strategies.STRATEGIES and solvers.hangman.priors.PRIORS, repeated
# so that building the parser does not import numpy (a test keeps them equal).
STRATEGIES = ("greedy", "expected", "maxwin")
PRIORS = ("uniform", "wordfreq", "bsdgames")


def solver_options(p: argparse.ArgumentParser, strategy: str, prior: str) -> None:
    p.add_argument(
        "--strategy",
        choices=STRATEGIES,
        default=strategy,
        help="greedy: the greedy guesser (the letter the fewest candidate words lack);"
        " expected: fewest expected misses; maxwin: best chance to win within the miss limit"
        " (default: %(default)s)",
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
        default=str(SYSTEM_WORDS),
        help="word list, one word a line; only lowercase a-z words count (default: %(default)s)",
    )
    p.add_argument(
        "--misses",
        type=positive_int,
        default=BSD_MAX_MISSES,
        help="the game is lost at this miss (default: %(default)s, as in bsdgames)",
    )
    add_json(p)


def lexicon_from_args(
    args: argparse.Namespace, min_length: int, length: int | None = None
) -> Lexicon:
    from solvers.hangman.lexicon import Lexicon
    from solvers.hangman.priors import prior_weights
    from solvers.hangman.words import read_words

    words = read_words(args.dictionary, min_length, length)
    return Lexicon(words, prior_weights(args.prior, words, args.dictionary, min_length))
