"""bot/games/erudit."""
