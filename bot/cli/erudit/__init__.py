"""bot/cli/erudit."""
