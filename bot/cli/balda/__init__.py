"""bot/cli/balda."""
