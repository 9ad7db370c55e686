"""Sessions that never click: a dry run (read, decide, draw the intended clicks) and watching
a game someone else plays (``gamebot record``), keeping every distinct board it shows."""

from __future__ import annotations

import time
from pathlib import Path

from bot.run.act import Gesture
from bot.run.loop import Loop
from bot.run.recorder import box
from solvers.decision import Decision
from solvers.minesweeper.moves import Move
from solvers.minesweeper.state import Board
from vision.core.errors import ReadError
from vision.core.frame import Frame


def watch(loop: Loop, seconds: float) -> int:
    """Record the board each time it changes, without clicking; returns the frames kept."""
    loop.locate()
    loop.record_event(loop.header())
    last: Board | None = None
    kept = 0
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            loop.screen.check_stop()
            frame, settled = loop.grab_settled()
            try:
                seen = loop.player.read(frame, loop.location)
            except ReadError as exc:
                if settled and not loop.moved():
                    loop.stats.misreads += 1
                    loop.record_problem(frame, "misread", f"unreadable frame: {exc}")
                elif loop.moved():
                    loop.stats.relocations += 1
                    loop.locate()
                continue
            if seen.board != last:
                loop.record_event(
                    {
                        "event": "seen",
                        "region": box(frame),
                        "counter": seen.counter,
                        "state": seen.board.to_text(),
                    },
                    frame,
                )
                last, kept = seen.board, kept + 1
            time.sleep(0.02)
    except KeyboardInterrupt:
        loop.stats.stopped = "interrupted (Ctrl+C)"
    loop.record_event({"event": "stop", "reason": loop.stats.stopped or "done"})
    return kept


def dry_run(loop: Loop, folder: Path) -> tuple[list[Decision[Move]], Path]:
    """Read and decide once, click nothing; save the frame with the intended clicks drawn."""
    from bot.run.annotate import draw_gestures

    loop.locate()
    seen = loop.observe(None, None)
    frame = loop.last_frame
    assert frame is not None
    end = loop.player.outcome(seen)
    decisions = [] if end is not None else loop.player.decide(seen)
    gestures = loop.player.gestures(decisions, seen)
    moves = ", ".join(d.move.to_text() for d in decisions[:4])
    more = f" (+{len(decisions) - 4})" if len(decisions) > 4 else ""
    caption = f"game {end}" if end is not None else f"dry run: {moves}{more}"
    pixels = draw_gestures(frame, [g for g in gestures if isinstance(g, Gesture)], caption)
    path = Path(folder) / f"dry-run-{time.strftime('%Y%m%d-%H%M%S')}.png"
    Frame(pixels, frame.region, frame.timestamp).save(path)
    return decisions, path
