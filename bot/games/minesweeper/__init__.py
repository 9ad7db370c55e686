"""bot/games/minesweeper."""
