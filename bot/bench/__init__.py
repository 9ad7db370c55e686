"""bot/bench."""
