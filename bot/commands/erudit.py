"""Commands for erudit."""

from __future__ import annotations

from bot.commands import Command

COMMANDS: list[Command] = []
