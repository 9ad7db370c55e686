"""The first-click rule follows the look unless the user or the program says otherwise; the
built-in window plays the rule it is given (the XP rule by its look); play prints the rule."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

import pytest

from bot.cli.main import main
from bot.games.minesweeper.adapter import MinesweeperPlayer
from bot.games.minesweeper.builtin_window.__main__ import options
from bot.games.minesweeper.first_click_rule import LOOK_RULES, assume
from bot.games.minesweeper.programs import builtin, gnome_mines, sim, window_title, xdemineur
from bot.games.minesweeper.session import human_lines
from bot.games.minesweeper.sim_screen import SimScreen
from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from tests.bot.minesweeper_fakes import code_locate, code_read, code_render
from vision.core.geometry import GridGeometry


@pytest.mark.parametrize(
    ("look", "rule", "source"),
    [
        ("winxp", FirstClick.XP, "look"),
        ("win7", FirstClick.OPENING, "look"),
        ("xdemineur", FirstClick.SAFE, "default"),
        ("gnome-mines", FirstClick.SAFE, "default"),
        (None, FirstClick.SAFE, "default"),
    ],
)
def test_a_window_found_by_title_plays_by_its_look(look, rule, source):
    assumed = assume(window_title.profile(), look)
    assert (assumed.rule, assumed.source) == (rule, source)
    if look in LOOK_RULES:
        assert assumed.why == f"the {look} look"


def test_the_user_and_a_known_program_come_before_the_look():
    given = replace(window_title.profile(), rules=FirstClick.SAFE, rules_source="user")
    assert assume(given, "winxp").rule is FirstClick.SAFE
    assert assume(given, "winxp").why == "--rules"
    assert assume(gnome_mines.PROFILE, "winxp").rule is FirstClick.OPENING  # its own rule
    assert assume(xdemineur.PROFILE, "winxp").rule is FirstClick.SAFE
    assert assume(sim.profile(), "winxp").rule is FirstClick.SAFE  # the simulator's own


def test_the_builtin_window_plays_its_looks_rule_unless_told():
    assert options([]).rules is FirstClick.XP  # the Windows XP look
    assert options(["--skin", "win7"]).rules is FirstClick.OPENING
    assert options(["--skin", "xdemineur"]).rules is FirstClick.SAFE
    assert options(["--rules", "safe"]).rules is FirstClick.SAFE
    argv = builtin.command(Level.parse("expert"))
    assert argv[argv.index("--rules") + 1] == "xp"
    argv = builtin.command(Level.parse("expert"), rules=FirstClick.SAFE)
    assert argv[argv.index("--rules") + 1] == "safe"
    # a window already on the screen is judged by its look; one the bot starts, by its rule
    assert builtin.PROFILE.rules_source == "look"
    assert assume(builtin.PROFILE, "winxp").rule is FirstClick.XP


@dataclass(frozen=True)
class LookLocation:
    geometry: GridGeometry
    skin: str


def test_the_solver_takes_the_rule_the_look_tells_on_first_sight(tmp_path):
    level = Level("small", 8, 8, 8)
    profile = replace(sim.profile(), skin=None, rules_source="look")  # a program seen, not known
    screen = SimScreen(level, FirstClick.XP, 4, code_render)
    solver = Solver(profile.rules, 4)
    assert solver.rules is FirstClick.SAFE

    def locate(frame):
        return LookLocation(code_locate(frame).geometry, "winxp")

    player = MinesweeperPlayer(profile, solver, level.mines, locate, code_read)
    options = LoopOptions(games=2, problems_dir=tmp_path)
    loop = Loop(GuardedScreen(screen), sim.target(profile), player, options)
    stats = loop.run()
    assert stats.stopped == "" and len(stats.games) == 2
    assert solver.rules is FirstClick.XP
    assert player.profile.rules is FirstClick.XP
    assert player.header(loop.target)["rules"] == "xp"
    assert player.rule is not None and player.rule.text() == "xp (the winxp look)"
    first = screen.clicks[0][0]
    cell = player_cell(loop, first)
    assert cell == (7, 7)  # the XP rule's first click, not the top-left corner


def player_cell(loop, point):
    geometry = loop.location.geometry.offset(loop.window.left, loop.window.top)
    return geometry.cell_at(point)


def test_play_prints_the_rule_it_assumed(tmp_path, capsys):
    base = ["play", "minesweeper", "--target", "sim", "--level", "beginner", "--games", "2"]
    base += ["--seed", "3", "--out", str(tmp_path), "--json"]
    assert main([*base, "--game-rules", "xp"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "first click xp (the rule sim plays by)" in out[0]
    summary = json.loads(out[-1])
    assert (summary["rules"], summary["rules_from"]) == ("xp", "the rule sim plays by")
    assert main([*base, "--game-rules", "xp", "--rules", "safe"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "first click safe (--rules)" in out[0]
    lines = human_lines(
        {**json.loads(out[-1]), "rules": "opening", "rules_from": "the win7 look"}
    )
    assert "first click opening (the win7 look)" in lines[0]


def test_game_rules_only_for_a_program_the_bot_runs(capsys):
    code = main(["play", "minesweeper", "--target", "xdemineur", "--game-rules", "xp"])
    assert code == 2
    assert "--game-rules" in capsys.readouterr().err
