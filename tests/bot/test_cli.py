"""The CLI lists its verbs, and every registered command has working --help."""

import pytest

from bot.cli import build_parser, main
from bot.commands import VERBS, all_commands


def test_top_level_help_lists_registered_verbs(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for verb in {c.verb for c in all_commands()}:
        assert verb in out


@pytest.mark.parametrize(
    "argv",
    [[c.verb] + ([c.game] if c.game else []) for c in all_commands()],
    ids=lambda argv: " ".join(argv),
)
def test_every_command_has_help(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--help"])
    assert exc.value.code == 0
    assert "usage: gamebot" in capsys.readouterr().out


def test_bad_input_is_one_clear_line(capsys):
    from bot.commands import Command
    from bot.errors import GamebotError

    def run(_args):
        raise GamebotError("no board found in shot.png")

    parser = build_parser([Command("read", "thing", "read a thing", lambda p: None, run)])
    args = parser.parse_args(["read", "thing"])
    with pytest.raises(GamebotError):
        args._run(args)


def test_every_command_uses_a_known_verb():
    build_parser()
    assert {c.verb for c in all_commands()} <= set(VERBS)


def test_option_lists_repeated_to_keep_help_fast_match_their_sources():
    # The command modules repeat these names so building the parser imports no numpy or vision.
    from bot.commands import hangman_common, minesweeper_play
    from bot.targets import NAMES
    from solvers.hangman.priors import PRIORS
    from solvers.hangman.strategies import STRATEGIES

    assert hangman_common.STRATEGIES == STRATEGIES
    assert hangman_common.PRIORS == PRIORS
    assert minesweeper_play.TARGETS == NAMES
