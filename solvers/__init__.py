"""Pure game logic: states, rules, move generation, search, simulators.

Nothing here touches pixels, screens or the network; word lists are the only files read.
"""
