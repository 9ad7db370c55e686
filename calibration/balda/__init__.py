"""calibration/balda."""
