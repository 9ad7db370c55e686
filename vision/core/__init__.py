"""vision/core."""
