"""bot/games/hangman."""
