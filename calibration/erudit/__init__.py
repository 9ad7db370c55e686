"""calibration/erudit."""
