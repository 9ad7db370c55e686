"""The CLI lists its verbs, and every registered command has working --help."""

import pytest

from bot.cli.main import build_parser, main
from bot.cli.registry import VERBS, Command, all_commands
from bot.errors import GamebotError


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


@pytest.mark.parametrize(
    ("error", "line"),
    [
        (GamebotError("no board found in shot.png"), "gamebot: error: no board found in shot.png"),
        (ValueError("board.txt: line 3: unknown cell 'z'"),
         "gamebot: error: board.txt: line 3: unknown cell 'z'"),
        (FileNotFoundError(2, "No such file or directory", "shot.png"),
         "gamebot: error: [Errno 2] No such file or directory: 'shot.png'"),
    ],
    ids=["gamebot-error", "value-error", "missing-file"],
)
def test_bad_input_is_one_clear_line(monkeypatch, capsys, error, line):
    """main() turns an input error into exit code 2 and exactly one line on stderr, no trace."""

    def run(_args):
        raise error

    fake = [Command("read", "thing", "read a thing", lambda p: None, run)]
    monkeypatch.setattr("bot.cli.main.all_commands", lambda: fake)
    assert main(["read", "thing"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == line + "\n"


def test_a_missing_screenshot_is_one_line_naming_the_file(tmp_path, capsys):
    missing = tmp_path / "nope.png"
    assert main(["read", "minesweeper", str(missing)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("gamebot: error: ")
    assert str(missing) in err


def test_an_interrupt_is_one_line_and_exit_130(monkeypatch, capsys):
    def run(_args):
        raise KeyboardInterrupt

    fake = [Command("play", "thing", "play a thing", lambda p: None, run)]
    monkeypatch.setattr("bot.cli.main.all_commands", lambda: fake)
    assert main(["play", "thing"]) == 130
    assert capsys.readouterr().err == "gamebot: interrupted\n"


def test_every_command_uses_a_known_verb():
    build_parser()
    assert {c.verb for c in all_commands()} <= set(VERBS)


def test_option_lists_repeated_to_keep_help_fast_match_their_sources():
    # The command modules repeat these names so building the parser imports no numpy or vision.
    from bot.cli.hangman import common as hangman_common
    from bot.cli.minesweeper import play as minesweeper_play
    from bot.games.minesweeper.programs import NAMES
    from solvers.hangman.priors import PRIORS
    from solvers.hangman.strategies import STRATEGIES

    assert hangman_common.STRATEGIES == STRATEGIES
    assert hangman_common.PRIORS == PRIORS
    assert minesweeper_play.TARGETS == NAMES
