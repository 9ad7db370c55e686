"""vision/erudit."""
