"""bot/pages/kit."""
