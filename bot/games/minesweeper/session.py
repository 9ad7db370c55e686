"""Set up one Minesweeper play session (display, program, screen, solver, recorder), run it,
and sum it up. Shared by ``gamebot play minesweeper`` and ``gamebot demo``.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli.output_paths import check_file, check_folder
from bot.errors import GamebotError
from bot.games.minesweeper.programs.profile import FlagPolicy, Profile
from bot.io.targets.base import Target
from bot.run import session as root
from bot.run import stats
from bot.run.loop import Loop, LoopOptions, Status
from bot.run.recorder import Recorder
from bot.run.results import STALE_FRAMES, SessionStats
from bot.run.safety import GuardedScreen
from bot.run.session import PlayResult
from bot.run.spec import Session, SessionConfig, Table
from solvers.minesweeper.rules import FirstClick, Level

if TYPE_CHECKING:
    from bot.games.minesweeper.adapter import MinesweeperPlayer
    from bot.games.minesweeper.learning import GlyphLearning


@dataclass
class PlayConfig(SessionConfig):
    """A Minesweeper session: which program, which level and rules, how to read and learn."""

    target: str = "auto"
    title: str | None = None
    window_class: str | None = None
    window_id: int | None = None
    launch: bool = False
    level: Level | None = None
    mines: int | None = None
    dry_run: bool = False
    flags: FlagPolicy | None = None
    new_game_keys: tuple[str, ...] | None = None
    rules: FirstClick | None = None
    game_rules: FirstClick | None = None  # the rule a program the bot runs plays (builtin, sim)
    auto_open: bool = False
    window_dialogs: bool = False  # the built-in window opens its look's dialogs
    window_look: str = "winxp"  # the built-in window's look (win7: animated, its dialogs)
    skin: str | None = None
    sim_skin: str | None = None  # the look a simulated window is drawn in
    # learn glyphs the skin lacks as they appear (bot.games.minesweeper.learning)
    learn: bool = True
    learn_into: Path | None = None  # save the grown skin there (else kept in memory only)


def check_play_paths(cfg: PlayConfig) -> None:
    """Every place a play, demo or record session writes, before it starts."""
    for option, folder in (("--record", cfg.record), ("--out", cfg.out),
                           ("--learn-into", cfg.learn_into)):
        if folder is not None:
            check_folder(folder, option)
    if cfg.log is not None:
        check_file(cfg.log, "--log")


def _adjust(profile: Profile, cfg: PlayConfig) -> Profile:
    """The profile with the command line's overrides applied."""
    from dataclasses import replace

    if cfg.flags is not None:
        profile = replace(profile, flags=cfg.flags)
    if cfg.new_game_keys is not None:
        profile = replace(profile, new_game_keys=cfg.new_game_keys)
    if cfg.rules is not None:
        profile = replace(profile, rules=cfg.rules, rules_source="user")
    if cfg.skin is not None:
        profile = replace(profile, skin=cfg.skin)
    return profile


def open_screen_and_target(cfg: PlayConfig, stack: ExitStack
                           ) -> tuple[GuardedScreen, Target[Profile]]:
    """The screen to play on and the program on it (started here when asked)."""
    from bot.games.minesweeper import programs as targets

    if cfg.target == "sim":
        from bot.games.minesweeper.programs import sim
        from bot.games.minesweeper.sim_screen import SimScreen, skin_renderer

        level = cfg.level or Level.parse("intermediate")
        game_rules = cfg.game_rules or cfg.rules or FirstClick.SAFE
        prof = _adjust(sim.profile(rules=game_rules, auto_opens=cfg.auto_open), cfg)
        renderer = skin_renderer(cfg.sim_skin or drawable(prof.skin))
        screen = SimScreen(
            level,
            game_rules,
            cfg.seed,
            renderer,
            auto_open=cfg.auto_open,
            flag_to_win=prof.flags is FlagPolicy.AT_END,  # as xdemineur wants it
        )
        return GuardedScreen(screen), sim.target(prof)

    if cfg.launch and sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
        from bot.io.virtual_display import VirtualDisplay

        stack.enter_context(VirtualDisplay(1600, 1000))
    from bot.io.screens.desktop import DesktopScreen

    if cfg.launch:
        level = cfg.level or targets.default_level(cfg.target)
        target = targets.launch(cfg.target, level, seed=cfg.seed, rules=_program_rules(cfg),
                                dialogs=cfg.window_dialogs, look=cfg.window_look)
        stack.callback(target.close)
    else:
        target = targets.attach(cfg.target, cfg.title, cfg.window_class, cfg.window_id)
    target.profile = _adjust(target.profile, cfg)
    desktop = DesktopScreen(cfg.pause)
    stack.callback(desktop.close)
    return GuardedScreen(desktop), target


def _program_rules(cfg: PlayConfig) -> FirstClick | None:
    """The rule a program the bot starts should play: --game-rules, else --rules for the
    built-in window (whose rule the bot chooses), else the program's own."""
    if cfg.game_rules is not None:
        return cfg.game_rules
    return cfg.rules if cfg.target in ("auto", "builtin") else None


def drawable(skin: str | None) -> str:
    """The skin a simulated window is drawn in when reading starts from none (``--skin none``)."""
    from bot.games.minesweeper.looks import COLD

    return skin if skin not in (None, COLD) else "winxp"


def learning_for(cfg: PlayConfig, target: Target[Profile]) -> GlyphLearning:
    """Learning during play: a learned look is kept in the user skin folder under the
    program's name (read and play try it from then on), or in ``--learn-into``; the simulator
    keeps it in memory unless told."""
    import re

    from bot.games.minesweeper.learning import GlyphLearning
    from bot.games.minesweeper.skin_copies import SkinCopies
    from vision.minesweeper.skin import builtin_skins, user_skin_dir

    name = target.profile.name
    if name == "window-title":
        name = re.sub(r"[^A-Za-z0-9]+", "-", cfg.title or cfg.window_class or "window").strip("-")
        name = name.lower() or "window"
    if name in builtin_skins():
        name += "-learned"  # a built-in name always means the built-in skin
    into = cfg.learn_into
    if into is None and cfg.target != "sim":
        into = user_skin_dir() / name
    return GlyphLearning(into, name=into.name if into is not None else name,
                         auto_opens=target.profile.auto_opens,
                         copies=SkinCopies(cfg.record) if cfg.record is not None else None)


def learned_summary(learning: GlyphLearning | None) -> dict[str, object]:
    """What the session learned of the look: where it is kept, the names it knows, and the
    looks still unnamed (with what each may still be)."""
    skin = learning.skin if learning is not None else None
    if learning is None or skin is None:
        return {"learned_skin": None}
    saved = learning.into is not None and learning.into.is_dir()
    return {
        "learned_skin": str(learning.into) if saved else None,
        "looks_named": skin.chars,
        "looks_unnamed": list(skin.unnamed_candidates),
        "names_withdrawn": list(learning.withdrawn),
    }


def restarter(cfg: PlayConfig, stack: ExitStack) -> Callable[[], Target[Profile]] | None:
    """With --launch: a callback that starts the program again after it crashed."""
    if not cfg.launch or cfg.target == "sim":
        return None
    from bot.games.minesweeper import programs as targets

    def restart() -> Target[Profile]:
        level = cfg.level or targets.default_level(cfg.target)
        target = targets.launch(cfg.target, level, seed=cfg.seed, rules=_program_rules(cfg),
                                dialogs=cfg.window_dialogs, look=cfg.window_look)
        target.profile = _adjust(target.profile, cfg)
        stack.callback(target.close)
        return target

    return restart


def summarize(result: SessionStats, session: Session[PlayConfig, MinesweeperPlayer]
              ) -> dict[str, object]:
    """Minesweeper's own figures: latencies, glyphs learned, the level, rules and mine total
    played by, and the look learned."""
    cfg, player = session.cfg, session.table.adapter
    latencies = result.latencies()
    level = cfg.level
    return {
        "learned_glyphs": result.learned,
        "latency_ms_median": stats.median(latencies),
        "latency_ms_p90": stats.percentile(latencies, 90),
        "moves": result.moves,
        "level": (f"{level.name} {level.rows}x{level.cols}/{level.mines}" if level is not None
                  else "as shown on screen"),
        "rules": player.profile.rules.value,
        "rules_from": player.rule.why if player.rule else None,
        "seed": cfg.seed,
        **(player.mine_total.to_dict() if player.mine_total else {"mines": cfg.mines}),
        "target": session.table.target.profile.name,
        "dialogs_closed": session.table.target.dialogs_closed,
        **learned_summary(player.learning),
        "first_move_seconds": (round(player.first_move_at - session.began, 2)
                               if player.first_move_at is not None else None),
    }


def _num(value: object, digits: int = 1) -> str:
    """A figure for people: NaN (nothing measured yet) as a dash."""
    if not isinstance(value, int | float) or math.isnan(value):
        return "-"
    return f"{value:.{digits}f}"


def _from(summary: Mapping[str, object]) -> str:
    """Why the solver played by that first-click rule, when known."""
    why = summary.get("rules_from")
    return f" ({why})" if why else ""


def human_lines(summary: Mapping[str, object]) -> list[str]:
    games, wins = summary["games"], summary["wins"]
    rate = summary["win_rate"]
    low, high = root.interval(summary)
    lines = [
        f"played {summary.get('target', '?')}: level {summary.get('level', '?')}, mines"
        f" {summary.get('mines', '?')}, first click {summary.get('rules', '?')}{_from(summary)},"
        f" seed {summary.get('seed')}",
        f"games {games}, wins {wins}"
        + (f", win rate {rate:.1%} (95 % CI {low:.1%}-{high:.1%})" if rate is not None else ""),
        f"seconds a game (median) {_num(summary['seconds_per_game_median'], 2)}, frame-to-click"
        f" latency median {_num(summary['latency_ms_median'])} ms"
        f" (p90 {_num(summary['latency_ms_p90'])} ms; read {_num(summary['read_ms_median'])} ms,"
        f" decide {_num(summary['decide_ms_median'])} ms)",
        f"misreads {summary['misreads']}, glyphs learned {summary['learned_glyphs']},"
        f" refused clicks {summary['refused_clicks']},"
        f" relocations {summary['relocations']}, {STALE_FRAMES} {summary['stale_frames']}",
    ]
    if summary.get("dialogs_closed"):
        lines.append(f"dialogs of the program answered {summary['dialogs_closed']}")
    if summary.get("mines_note"):
        lines.append(f"note: {summary['mines_note']}")
    if summary.get("stopped"):
        lines.append(f"stopped: {summary['stopped']}")
    if summary.get("first_move_seconds") is not None:
        lines.append(f"first move {summary['first_move_seconds']:.2f} s after the start"
                     " (program started, board found, its look learned or recognised)")
    if summary.get("looks_named") is not None:
        unnamed = root.texts(summary, "looks_unnamed")
        lines.append(f"look learned: names {summary['looks_named']!r}, {len(unnamed)} look(s)"
                     " not named yet" + (f" ({', '.join(unnamed)})" if unnamed else ""))
    for key in ("recording", "log", "learned_skin"):
        if summary.get(key):
            lines.append(f"{key}: {summary[key]}")
    return lines


def open_table(cfg: PlayConfig, stack: ExitStack) -> Table[MinesweeperPlayer]:
    """The screen, the program and the adapter (with learning) for one session."""
    from bot.games.minesweeper.adapter import MinesweeperPlayer
    from solvers.minesweeper.solver import Solver

    screen, target = open_screen_and_target(cfg, stack)
    learning = learning_for(cfg, target) if cfg.learn else None
    player = MinesweeperPlayer(
        target.profile, Solver(target.profile.rules, cfg.seed), cfg.mines, learning=learning,
        level_mines=cfg.level.mines if cfg.level else None,
        shape=(cfg.level.rows, cfg.level.cols) if cfg.level else None,
    )
    return Table(screen, target, player, restart=restarter(cfg, stack),
                 keep_games=False)  # a night keeps counts only


def check(cfg: PlayConfig) -> None:
    check_limits(cfg)
    check_play_paths(cfg)  # before any program starts: a run must be able to keep its figures


def play(cfg: PlayConfig, status: Status | None = None) -> PlayResult:
    """Run one session to its end (limits, Ctrl+C, fail-safe or a problem) and sum it up."""
    from bot.games.minesweeper.spec import SPEC

    if cfg.dry_run:
        return dry_run_session(cfg)
    return root.play(SPEC, cfg, status)


def dry_run_session(cfg: PlayConfig) -> PlayResult:
    """Read and decide once, never click; the intended clicks drawn on the frame."""
    from bot.games.minesweeper.watching import dry_run

    check_play_paths(cfg)
    with ExitStack() as stack:
        table = open_table(cfg, stack)
        player = table.adapter
        loop = Loop(table.screen, table.target, player,
                    LoopOptions(problems_dir=cfg.out, pace=cfg.pace, keep_games=False))
        decisions, path = dry_run(loop, cfg.out)
    lines = [f"would play: {d.move.to_text()} [{d.stage}] {d.reason}" for d in decisions]
    if player.rule is not None:
        lines.append(f"first-click rule assumed: {player.rule.text()}")
    lines.append(f"image: {path}")
    summary = {
        "dry_run": True,
        "moves": [d.to_dict() for d in decisions],
        "image": str(path),
        "refused_clicks": table.screen.guard.refused,
        "rules": player.profile.rules.value,
        "rules_from": player.rule.why if player.rule else None,
    }
    return PlayResult(loop.stats, summary, lines)


def check_limits(cfg: PlayConfig) -> None:
    if cfg.game_rules is not None and not (
        cfg.target == "sim" or (cfg.launch and cfg.target in ("auto", "builtin"))
    ):
        raise GamebotError(
            "--game-rules sets the rule of a program the bot runs: use it with --target sim"
            " or --launch --target builtin"
        )
    if cfg.games is not None and cfg.games < 1:
        raise GamebotError("--games must be at least 1")
    if cfg.hours is not None and cfg.hours <= 0:
        raise GamebotError("--hours must be positive")
    if cfg.learn_into is not None:
        from bot.games.minesweeper.learning import check_learn_into

        if not cfg.learn:
            raise GamebotError("--learn-into and --no-learn contradict each other")
        check_learn_into(cfg.learn_into)


def watch(cfg: PlayConfig, seconds: float) -> dict[str, object]:
    """``gamebot record``: keep every distinct board the screen shows for ``seconds``."""
    from bot.games.minesweeper.adapter import MinesweeperPlayer
    from bot.games.minesweeper.watching import watch as watch_board

    if cfg.record is None:
        raise GamebotError("record needs a folder to write to")
    check_play_paths(cfg)
    with ExitStack() as stack:
        screen, target = open_screen_and_target(cfg, stack)
        player = MinesweeperPlayer(target.profile, None, cfg.mines)
        recorder = stack.enter_context(Recorder(cfg.record))
        loop = Loop(screen, target, player, LoopOptions(problems_dir=cfg.out), recorder)
        kept = watch_board(loop, seconds)
    return {
        "recording": str(cfg.record),
        "frames": kept,
        "misreads": loop.stats.misreads,
        "stopped": loop.stats.stopped,
    }
