"""The site a recording carries (:mod:`bot.web.site_copies`), as replay reads it: the profile
played with and the look each frame was read with (else the last look kept), else the site
its header names, looked up as play did."""

from __future__ import annotations

import json
from pathlib import Path

from bot.run.recorder import RecordingError
from bot.web.site_copies import LOOKS, PROFILES, numbered
from bot.web.sites import SiteError, SiteProfile, load_profile, parse_profile


def latest_look(recording: Path) -> Path | None:
    """The last look the session kept in ``recording``, if it kept any."""
    copies = numbered(Path(recording) / LOOKS)
    return copies[-1] if copies else None


def look_at(recording: Path, number: object) -> Path | None:
    """The look copy ``number`` (1, 2, ...) the session had when it read a frame, as its
    event says; the last look when the event names none or a copy that is not there (a
    recording made before events named their look)."""
    if isinstance(number, int) and not isinstance(number, bool) and number > 0:
        path = Path(recording) / LOOKS / f"{number:04d}"
        if path.is_dir():
            return path
    return latest_look(recording)


def recorded_profile(header: dict[str, object], recording: Path) -> SiteProfile | None:
    """The profile a recording was played with, from its own copy (the last one of the name
    its header gives, in the input style it gives); None when it holds no copy."""
    name = header.get("site")
    style = header.get("style")
    for path in reversed(numbered(Path(recording) / PROFILES, ".json")):
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise RecordingError(f"{path}: the recorded site profile is unreadable: {exc}"
                                 ) from None
        if name and isinstance(data, dict) and data.get("name") != name:
            continue
        try:
            return parse_profile(data, str(path), str(style) if style else None)
        except SiteError as exc:
            raise RecordingError(str(exc)) from None
    return None


def replay_profile(header: dict[str, object], recording: Path | None, default: str
                   ) -> SiteProfile:
    """The profile to re-read a recording with: its own copy, else the site its header names
    (``default`` when it names none), looked up as play looks it up."""
    copy = recorded_profile(header, recording) if recording is not None else None
    if copy is not None:
        return copy
    try:
        return load_profile(str(header.get("site") or default))
    except SiteError as exc:
        if recording is None:
            raise
        raise RecordingError(
            f"{recording}: the recording holds no copy of its site profile ({PROFILES}/ is"
            f" missing: recorded by an older gamebot) and {exc}; replay it with"
            " --site NAME|FILE") from None
