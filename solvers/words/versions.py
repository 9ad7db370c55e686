"""Installed versions of the packages word lists are built from, found without importing them.

``importlib.metadata`` costs about 0.1 s to import, most of a warm start's budget, so the
version is read from the ``<name>-<version>.dist-info`` folder beside the package instead,
falling back to importlib.metadata when that folder is not there (an egg, a zip).
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path


@functools.cache
def package_version(module: str, distribution: str) -> str:
    """The version of ``distribution`` (whose top package is ``module``), or ``"unknown"``."""
    spec = importlib.util.find_spec(module)
    if spec is None:
        return "unknown"
    locations = list(spec.submodule_search_locations or [])
    if spec.origin and not locations:
        locations = [str(Path(spec.origin).parent)]
    stem = distribution.replace("-", "_").lower()
    for location in locations:
        for info in Path(location).parent.glob("*.dist-info"):
            name, _, version = info.name.removesuffix(".dist-info").partition("-")
            if name.lower().replace("-", "_") == stem and version:
                return version
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "unknown"
