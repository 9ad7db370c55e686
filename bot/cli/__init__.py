"""bot/cli."""
