"""Drafting a site profile from the page itself (``gamebot profile balda|erudit URL``)."""
