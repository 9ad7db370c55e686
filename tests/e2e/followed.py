"""What every e2e game on a page checks first: nothing misread or misclicked, a game
followed, and moves made by both sides."""

from __future__ import annotations

from bot.run.session import PlayResult


def moves_of_both_sides(result: PlayResult) -> list[str]:
    """The first game's moves (``us: ...`` and ``them: ...``), after checking the session
    misread nothing, clicked nothing refused, followed a game and saw both sides move."""
    s = result.summary
    assert s["misreads"] == 0 and s["refused_clicks"] == 0, s["stopped"]
    assert result.stats.games, s["stopped"]
    played = list(result.stats.games[0].details["moves_played"])
    assert any(m.startswith("us:") for m in played), (played, s["stopped"])
    assert any(m.startswith("them:") for m in played), (played, s["stopped"])
    return played
