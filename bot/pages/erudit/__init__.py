"""bot/pages/erudit."""
