"""The bot: CLI, the capture -> read -> decide -> act loop, screens, actuators, recorder."""
