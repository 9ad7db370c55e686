"""The project's own game pages (Balda, later Erudit), served on 127.0.0.1 for people and the bot.

Each game has a folder of static files (``bot/pages/<game>/``) and a handler object that answers
the page's JSON calls (``bot/pages/<game>_game.py``); :mod:`bot.pages.kit.server` serves both.
"""
