"""Per-game glue for the loop: how to read a frame, check it, decide, and turn moves into clicks."""
