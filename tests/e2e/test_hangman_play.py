"""The real bsdgames hangman in an xterm on a private Xvfb, played by the bot.

Ten words (the closing note's 50+ word run is ``gamebot play hangman --games 60 --compare-sim``).
Every word must be read without a single misread, come from the dictionary, and be played
guess for guess as the simulator plays that word: the screen reading adds nothing and loses
nothing.
"""

from __future__ import annotations

import pytest

from bot.games.hangman.adapter import HangmanAdapter
from bot.games.hangman.target import HangmanTarget
from bot.games.hangman.xterm import HangmanXterm
from bot.io.screens.desktop import DesktopScreen
from bot.run.loop import Loop, LoopOptions
from bot.run.recorder import Recorder
from bot.run.replay import replay
from bot.run.safety import GuardedScreen
from solvers.hangman.game import Game
from solvers.hangman.lexicon import Lexicon
from solvers.hangman.priors import bsdgames_weights
from solvers.hangman.strategies import make_solver
from solvers.hangman.words import SYSTEM_WORDS, read_words

pytestmark = [pytest.mark.display, pytest.mark.xdist_group("hangman-e2e")]


@pytest.fixture(scope="module")
def solver():
    words = read_words(SYSTEM_WORDS)
    return make_solver("maxwin", Lexicon(words, bsdgames_weights(words, SYSTEM_WORDS)))


def simulate(solver, word: str) -> tuple[bool, int, str]:
    game = Game(word, solver.max_misses)
    while game.status.value == "playing":
        game.play(solver.decide(game.state).move)
    guesses = "".join(g.letter for g in game.history)
    return game.status.value == "won", game.state.misses, guesses


def test_the_bot_plays_ten_words_of_real_hangman(virtual_display, solver, tmp_path):
    screen = DesktopScreen()
    terminal = HangmanXterm(screen)
    guarded = GuardedScreen(screen)
    folder = tmp_path / "rec"
    try:
        terminal.start()
        with Recorder(folder) as recorder:
            terminal.calibration.save(folder / "calibration.png")
            loop = Loop(
                guarded,
                HangmanTarget(terminal),
                HangmanAdapter(terminal, solver),
                LoopOptions(games=10, problems_dir=tmp_path),
                recorder,
            )
            session = loop.run()
    finally:
        terminal.stop()
        screen.close()
    report = replay(folder)  # the recording re-reads the same, frame for frame
    assert report.mismatches == [] and report.frames > 10
    assert report.wins == session.wins
    assert session.stopped == ""
    assert session.misreads == 0
    assert guarded.guard.refused == 0
    assert len(session.games) == 10
    for game in session.games:
        word = game.details["word"]
        assert game.details["in_dictionary"], word
        played = (game.outcome == "won", game.details["misses"], game.details["guesses"])
        assert played == simulate(solver, word)
