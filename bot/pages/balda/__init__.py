"""bot/pages/balda."""
