"""bot/io/targets."""
