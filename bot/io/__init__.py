"""bot/io."""
