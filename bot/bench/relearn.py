"""The relearn hold-out, in play: a built-in skin with all its digits removed plays simulated
games drawn in the full skin, and learns the digits back by the game's logic while it plays.

Every board the bot reads is compared, cell by cell, with the simulator's own board: a number
cell read as its number counts as named, one read as ``_`` (opened, number not known yet) as
unnamed, anything else as a wrong name, which must never happen. The games themselves must
end as the simulator says they did. (``gamebot bench vision`` prints these figures beside the
screenshot half, :func:`calibration.minesweeper.relearn.relearn_numbers`.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.run.out_dir import default_out
from solvers.minesweeper.game import Status
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.state import Cell


@dataclass
class PlayRelearned:
    games: int = 0
    games_agreeing: int = 0  # ended as the simulator says
    named: int = 0
    unnamed: int = 0
    wrong: int = 0
    frames: int = 0
    stopped: str = ""
    learned: str = ""
    examples: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {"games": self.games, "games_agreeing": self.games_agreeing,
                "frames": self.frames, "cells_named": self.named, "cells_unnamed": self.unnamed,
                "wrong_names": self.wrong, "stopped": self.stopped, "learned": self.learned}


def relearn_in_play(skin_name: str, games: int = 5, seed: int = 1,
                    level: Level | None = None, problems: Path | None = None) -> PlayRelearned:
    """Play ``games`` simulated games drawn in ``skin_name`` with its digits removed."""
    from bot.games.minesweeper.adapter import MinesweeperPlayer
    from bot.games.minesweeper.learning import GlyphLearning
    from bot.games.minesweeper.programs import sim
    from bot.games.minesweeper.sim_screen import SimScreen, shown_board, skin_renderer
    from bot.run.loop import Loop, LoopOptions
    from bot.run.safety import GuardedScreen
    from calibration.minesweeper.relearn import without_numbers
    from solvers.minesweeper.solver import Solver
    from vision.minesweeper.skin import load_skin

    level = level or Level.parse("intermediate")
    profile = sim.profile(rules=FirstClick.SAFE)
    screen = SimScreen(level, FirstClick.SAFE, seed, skin_renderer(skin_name))
    learning = GlyphLearning(name=f"{skin_name}-relearned")
    bare = without_numbers(load_skin(skin_name))
    player = MinesweeperPlayer(profile, Solver(profile.rules, seed), level.mines, skin=bare,
                               learning=learning)
    result = PlayRelearned()
    read = player.read

    def checked(frame: Any, location: Any) -> Any:
        seen = read(frame, location)
        truth = shown_board(screen.game)
        result.frames += 1
        for i, (got, want) in enumerate(zip(seen.board.cells, truth.cells, strict=True)):
            if not Cell(want).is_number or want == Cell.ZERO:
                continue
            if got == Cell.OPENED:
                result.unnamed += 1
            elif got == want:
                result.named += 1
            elif got not in (Cell.UNKNOWN, Cell.QUESTION):  # not drawn yet: a stale frame
                result.wrong += 1
                if len(result.examples) < 3:
                    r, c = divmod(i, truth.cols)
                    result.examples.append(f"frame {result.frames} ({r}, {c})"
                                           f" {Cell(want).char!r} read as {Cell(got).char!r}")
        return seen

    player.read = checked  # type: ignore[method-assign]
    options = LoopOptions(games=games, problems_dir=problems or default_out() / "problems")
    stats = Loop(GuardedScreen(screen), sim.target(profile), player, options).run()
    screen.new_game()  # the last game counted as it ended
    truth = ["won" if s is Status.WON else "lost" for s in screen.finished][: len(stats.games)]
    result.games = len(stats.games)
    result.games_agreeing = sum(g.outcome == t for g, t in zip(stats.games, truth, strict=False))
    result.stopped = stats.stopped
    skin = player.skin
    result.learned = getattr(skin, "chars", "")
    return result


#: Built-in skins the relearn matrix covers (win7 has no digits beyond 3 and cannot draw a
#: whole game, so only its screenshots are measured).
SKINS = ("winxp", "win7", "xdemineur", "gnome-mines")
DRAWABLE = ("winxp", "xdemineur", "gnome-mines")


def relearn_matrix(games: int = 5, seed: int = 1, folder: Path | None = None,
                   progress: Any = None) -> tuple[dict[str, object], list[str]]:
    """Each built-in skin without its digits, named again from its labelled screenshots and
    from ``games`` simulated games: cells named, cells left unnamed, wrong names (never)."""
    from calibration.minesweeper.relearn import relearn_numbers

    table: dict[str, object] = {}
    lines = ["relearn (each built-in skin with all its digits removed; cells of digits: named /"
             " left unnamed / named wrongly):"]
    wrong = 0
    for name in SKINS:
        shots = relearn_numbers(name, folder)
        row: dict[str, object] = {"screenshots": shots.to_dict()}
        wrong += shots.wrong
        text = (f"  {name}: screenshots {shots.named} / {shots.unnamed} / {shots.wrong}"
                f" (learned {shots.skin.chars!r})")
        if games and name in DRAWABLE:
            played = relearn_in_play(name, games, seed)
            row["play"] = played.to_dict()
            wrong += played.wrong
            text += (f"; {played.games} simulated games {played.named} / {played.unnamed} /"
                     f" {played.wrong}, {played.games_agreeing}/{played.games} ended as the"
                     f" simulator says (learned {played.learned!r})")
            if played.stopped:
                text += f", stopped: {played.stopped}"
        table[name] = row
        lines.append(text)
        if progress is not None:
            progress(name)
    table["wrong_names"] = wrong
    lines.append(f"  wrong names in all: {wrong}")
    return table, lines
