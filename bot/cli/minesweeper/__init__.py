"""bot/cli/minesweeper."""
