"""bot/web."""
