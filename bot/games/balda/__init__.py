"""bot/games/balda."""
