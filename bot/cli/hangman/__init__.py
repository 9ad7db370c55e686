"""bot/cli/hangman."""
