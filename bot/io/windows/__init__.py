"""bot/io/windows."""
