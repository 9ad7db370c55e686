"""vision/minesweeper."""
