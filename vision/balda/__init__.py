"""vision/balda."""
