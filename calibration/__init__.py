"""Skins: what a game looks like (geometry, templates, palette) and how it is learned.

A skin is data (a folder with a manifest and template images), not code.
"""
