"""``gamebot solve balda`` and ``gamebot solve erudit``: the same verbs for every game.

They are ``balda best`` and ``erudit best`` under the verb every game has (``solve minesweeper``,
``solve hangman``), found where a user looks first.
"""

from __future__ import annotations

from bot.cli.registry import Command


def _commands() -> list[Command]:
    from bot.cli.balda import engine as balda
    from bot.cli.erudit import engine as erudit

    found: list[Command] = []
    for module, game in ((balda, "balda"), (erudit, "erudit")):
        best = next(c for c in module.COMMANDS if c.verb == game and c.game == "best")
        found.append(
            Command(
                "solve",
                game,
                best.help,
                best.configure,
                best.run,
                description=(best.description or best.help) + f" (the same as `{game} best`)",
            )
        )
    return found


COMMANDS: list[Command] = _commands()
