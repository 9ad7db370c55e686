"""The perft fixture: stored positions and their number of legal moves (full Russian list).

``perft_balda.txt`` holds blocks separated by ``---`` lines: a state text, then a line
``perft: N`` (N = legal moves, counting each (cell, letter, path, word) once). The counts were
taken with the brute-force oracle and depend on the dictionary data version named in the file
header. To re-record after a dictionary upgrade (and review the diff)::

    .venv/bin/python -m tests.solvers.balda.perft
"""

from __future__ import annotations

import importlib.metadata
import random
from pathlib import Path

from solvers.balda import BaldaRules, BaldaState, Lexicon
from solvers.balda.oracle import brute_force_moves
from solvers.balda.positions import random_position

FIXTURE = Path(__file__).with_name("perft_balda.txt")


def read_fixture(path: Path = FIXTURE) -> list[tuple[BaldaState, int]]:
    out = []
    blocks = path.read_text(encoding="utf-8").split("\n---\n")
    for block in blocks:
        lines = [ln for ln in block.splitlines() if ln and not ln.startswith("#")]
        if not lines:
            continue
        key, _, count = lines[-1].partition(":")
        assert key == "perft", f"block ends with {lines[-1]!r}, not 'perft: N'"
        out.append((BaldaState.from_text("\n".join(lines[:-1])), int(count)))
    return out


def record(path: Path = FIXTURE) -> None:
    lexicon = Lexicon.russian()
    rng = random.Random(2024)
    layouts = [BaldaRules()] * 6 + [BaldaRules(diagonal=True)] * 2
    layouts += [BaldaRules(size=6)] * 2 + [BaldaRules(size=7)] * 2
    version = importlib.metadata.version("pymorphy3-dicts-ru")
    parts = [
        "# Balda perft: position -> number of legal moves (cell, letter, path, word).\n"
        f"# Dictionary: Lexicon.russian(), pymorphy3-dicts-ru {version}. Counted by the\n"
        "# brute-force oracle; re-record with: python -m tests.solvers.balda.perft\n"
    ]
    for rules in layouts:
        free = rules.size * rules.size - rules.size
        state = random_position(lexicon, rng, rng.randint(free // 4, 3 * free // 4), rules)
        count = len(brute_force_moves(state, lexicon.words))
        parts.append(f"{state.to_text()}perft: {count}\n")
    path.write_text("---\n".join(parts), encoding="utf-8")


if __name__ == "__main__":
    record()
    print(f"wrote {FIXTURE}")
