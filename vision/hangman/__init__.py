"""vision/hangman."""
