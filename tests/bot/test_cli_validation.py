"""Bad numbers are refused before anything starts (no Xvfb, no program), with the option and the
value named; the version is one flag away; a play summary says what was played."""

from __future__ import annotations

import json

import pytest

from bot.cli.main import main


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "--games", "0"], "--games: must be 1 or more, not 0"),
        (["demo", "--games", "-5"], "--games: must be 1 or more, not -5"),
        (["demo", "--pace", "-1"], "--pace: must be 0 or more, not -1"),
        (["demo", "--level", "10x10/200"], "'10x10/200': 200 mines do not fit a 10x10 board"),
        (["play", "minesweeper", "--mines", "-3"], "--mines: must be 0 or more, not -3"),
        (["play", "minesweeper", "--games", "0"], "--games: must be 1 or more"),
        (["play", "balda", "--think", "0"], "--think: must be above 0"),
        (["play", "balda", "--games", "0"], "--games: must be 1 or more"),
        (["demo", "balda", "--pace", "-2"], "--pace: must be 0 or more, not -2"),
        (["play", "balda", "--zoom", "1000"], "zoom 1000 % is outside 25..500 %"),
    ],
)
def test_bad_numbers_are_refused_at_parse_time(argv, message, capsys, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out.split()
    assert out[0] == "gamebot" and out[1][0].isdigit()


def test_the_play_summary_names_level_rule_seed_and_mines(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("GAMEBOT_PURE_PYTHON", "1")
    argv = ["play", "minesweeper", "--target", "sim", "--games", "1", "--seed", "4",
            "--level", "9x9/12", "--rules", "opening", "--out", str(tmp_path), "--json"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["level"] == "custom 9x9/12" and summary["mines"] == 12
    assert summary["rules"] == "opening" and summary["seed"] == 4
    assert "level custom 9x9/12, mines 12, first click opening" in out and "seed 4" in out


def test_an_error_still_ends_in_a_json_line_with_json(capsys):
    """A script reading the last line of ``--json`` output gets why it failed, not nothing."""
    import json

    code = main(["play", "balda", "--target", "browser", "--json"])
    captured = capsys.readouterr()
    assert code == 2 and "needs --launch URL" in captured.err
    last = json.loads(captured.out.strip().splitlines()[-1])
    assert "needs --launch URL" in last["error"] and last["stopped"] == last["error"]
    assert main(["play", "balda", "--target", "browser"]) == 2
    assert capsys.readouterr().out == ""  # without --json: only the error, on stderr


def test_page_params_reach_the_builtin_pages_url():
    from bot.cli.main import build_parser
    from bot.cli.page_play import _page_param

    args = build_parser().parse_args(
        ["play", "balda", "--page-param", "ending=silent", "--page-param", "think=0"])
    assert args.page_param == [("ending", "silent"), ("think", "0")]
    with pytest.raises(Exception, match="use KEY=VALUE"):
        _page_param("ending")
    from types import SimpleNamespace

    from bot.web.session import PagePlayConfig, builtin_url

    class Server:
        def url(self, **params):
            return params

    cfg = PagePlayConfig(page_params=dict(args.page_param))
    url = builtin_url(Server(), SimpleNamespace(params=lambda cfg: {"size": 5}), cfg, "type-click")
    assert url == str({"theme": "classic", "input": "type-click", "level": "hard",
                       "first": "human", "size": 5, "ending": "silent", "think": "0"})
