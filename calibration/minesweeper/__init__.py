"""calibration/minesweeper."""
