"""Commands registered here are added by the work on issue 11 (Balda on screen)."""

from __future__ import annotations

from bot.commands import Command

COMMANDS: list[Command] = []
