"""Pictures of what the bot did: a recorded game as an animated GIF, and the win rate over a
long session with its 95 % interval.

Both read only what the bot itself wrote (a recording, a game log), so they can be made after
the fact, on another machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bot.errors import GamebotError
from bot.run import stats
from bot.run.recorder import whole


def check_output(path: str | Path, suffixes: Sequence[str]) -> Path:
    """An output path a command may write, checked before any work starts."""
    out = Path(path)
    if out.suffix.lower() not in suffixes:
        raise GamebotError(f"{out}: the picture must end in {' or '.join(suffixes)}")
    folder = out.parent if str(out.parent) else Path(".")
    if folder.exists() and not folder.is_dir():
        raise GamebotError(f"{out}: {folder} is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise GamebotError(f"{out}: cannot make the folder {folder}: {exc.strerror}") from None
    if not os_access_writable(folder):
        raise GamebotError(f"{out}: the folder {folder} is not writable")
    return out


def os_access_writable(folder: Path) -> bool:
    import os

    return os.access(folder, os.W_OK)


def game_of(event: dict[str, object]) -> int:
    """The game a recorded event belongs to (0: before the first game)."""
    return whole(event.get("game", event.get("game_no", 0)), "an event's game number")


def game_gif(directory: str | Path, out: str | Path, game: int | None = None,
             seconds_per_frame: float = 0.4, width: int = 480) -> dict[str, object]:
    """An animated GIF of one recorded game (default: the first with frames left)."""
    import cv2
    from PIL import Image

    from bot.io.screens.replay import ReplayScreen

    screen = ReplayScreen(directory)
    games = sorted({game_of(e) for e in screen.events})
    games = [g for g in games if g > 0] or games
    if not games:
        raise GamebotError(f"{directory}: the recording holds no frames")
    chosen = games[0] if game is None else game
    if chosen not in games:
        raise GamebotError(
            f"{directory}: no frames of game {chosen} (games with frames: "
            f"{', '.join(map(str, games[:20]))})"
        )
    events = [e for e in screen.events if game_of(e) == chosen]
    pictures = []
    last = None
    for event in events:
        if event.get("frame") == last:
            continue
        last = event.get("frame")
        pixels = screen.load(event).pixels
        h, w = pixels.shape[:2]
        scale = min(1.0, width / w)
        small = cv2.resize(pixels, (max(1, round(w * scale)), max(1, round(h * scale))),
                           interpolation=cv2.INTER_AREA)
        pictures.append(Image.fromarray(cv2.cvtColor(small, cv2.COLOR_BGR2RGB)))
    ms = max(20, round(seconds_per_frame * 1000))
    durations = [ms] * (len(pictures) - 1) + [ms * 5]  # linger on the end
    pictures[0].save(out, save_all=True, append_images=pictures[1:], duration=durations,
                     loop=0, optimize=True)
    return {"gif": str(out), "game": chosen, "frames": len(pictures)}


def win_rate_plot(outcomes: Sequence[str], out: str | Path, title: str) -> dict[str, object]:
    """Cumulative win rate game by game, with its Wilson 95 % band."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    finished = [o for o in outcomes if o in ("won", "lost", "drawn")]
    if not finished:
        raise GamebotError("no finished game to plot")
    xs, rates, lows, highs = [], [], [], []
    wins = 0
    for n, outcome in enumerate(finished, 1):
        wins += outcome == "won"
        low, high = stats.wilson_interval(wins, n)
        xs.append(n)
        rates.append(wins / n)
        lows.append(low)
        highs.append(high)
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    ax.fill_between(xs, lows, highs, alpha=0.25, label="95 % interval")
    ax.plot(xs, rates, label=f"win rate ({wins}/{len(finished)} = {wins / len(finished):.1%})")
    ax.set_xlabel("games played")
    ax.set_ylabel("win rate so far")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.set_title(title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)
    return {"plot": str(out), "games": len(finished), "wins": wins}
