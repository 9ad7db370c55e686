"""bot/run."""
