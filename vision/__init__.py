"""Pixels to states: board location, grid geometry, cell and glyph classification, OCR.

Pure functions on numpy arrays (BGR, as OpenCV uses). Nothing here moves the mouse.
"""
