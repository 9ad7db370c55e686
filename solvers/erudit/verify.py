"""Random positions and endgames for checking the fast code against the slow references.

Positions come from a few random good moves on an empty board (so they look like games),
sometimes with stray letters dropped on empty squares (a screen bot meets arbitrary, even
wrong, boards) and sometimes with a wildcard already on the board; racks have 1-7 tiles and
0-3 wildcards. A dictionary sample keeps the brute force fast enough to run hundreds of times.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from solvers.erudit.board import EMPTY, Board
from solvers.erudit.bruteforce import brute_force_moves, generator_moves
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.endgame import EndgameSolver, exhaustive_value
from solvers.erudit.movegen import generate
from solvers.erudit.rules import SIZE, WILDCARD, Rules


def sample_graph(graph: WordGraph, words: int, seed: int) -> WordGraph:
    """``words`` random words of the list plus all its two-letter words (so boards connect)."""
    everything = graph.words()
    rng = random.Random(seed)
    rng.shuffle(everything)
    short = [w for w in everything if len(w) <= 2]
    return WordGraph(everything[:words] + short)


def random_board(rules: Rules, graph: WordGraph, rng: random.Random) -> tuple[Board, list[str]]:
    """A board after 0-7 random good moves, and the tiles left in the bag."""
    bag = list(rules.full_bag())
    rng.shuffle(bag)
    board = Board.empty()
    for _ in range(rng.randint(0, 7)):
        rack = "".join(bag[: rules.rack_size])
        plays = sorted(generate(board, rack, graph, rules), key=lambda p: -p.score)
        if not plays:
            continue
        play = rng.choice(plays[:6])
        board = board.place(play.placement.new_tiles(board))
        for ch in play.used:
            bag.remove(ch)
    if rng.random() < 0.25:
        cells = list(board.cells)
        for _ in range(rng.randint(1, 6)):
            s = rng.randrange(SIZE * SIZE)
            letters = [ch for ch in bag if ch != WILDCARD]
            if cells[s] == EMPTY and letters:
                ch = rng.choice(letters)
                if WILDCARD in bag and rng.random() < 0.3:
                    bag.remove(WILDCARD)  # a wildcard standing for ch
                    cells[s] = ch.lower()
                else:
                    bag.remove(ch)
                    cells[s] = ch
        board = Board(tuple(cells))
    return board, bag


def random_rack(bag: list[str], rng: random.Random) -> str:
    letters = [ch for ch in bag if ch != WILDCARD]
    size = rng.randint(1, 7)
    blanks = min(rng.choice((0, 0, 0, 1, 1, 2, 3)), size)
    return "".join(rng.sample(letters, size - blanks)) + WILDCARD * blanks


def check_positions(
    rules: Rules,
    graph: WordGraph,
    count: int,
    seed: int,
    tick: Callable[[], None] | None = None,
    report: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Compare generator and brute force on ``count`` random positions.

    ``report`` (filled in place, position by position) keeps the figures so far when the run
    is stopped early; ``positions`` counts the positions checked.
    """
    rng = random.Random(seed)
    out = report if report is not None else {}
    out.update(positions=0, positions_identical=0, moves_checked=0, mismatches=[])
    for i in range(count):
        r = rules.with_options(wildcard_scoring="letter") if i % 5 == 4 else rules
        board, bag = random_board(r, graph, rng)
        rack = random_rack(bag, rng)
        fast = generator_moves(generate(board, rack, graph, r), board)
        slow = brute_force_moves(board, rack, graph, r)
        if fast == slow:
            out["positions_identical"] += 1
        else:
            extra = len(set(fast) - set(slow))
            missing = len(set(slow) - set(fast))
            wrong = sum(1 for k in set(fast) & set(slow) if fast[k] != slow[k])
            out["mismatches"].append(
                f"position {i} rack {rack}: {extra} extra, {missing} missing, {wrong} mis-scored"
            )
        out["moves_checked"] += len(slow)
        out["positions"] += 1
        if tick:
            tick()
    return out


def random_endgame(rules: Rules, graph: WordGraph, rng: random.Random) -> tuple[Board, str, str]:
    board, bag = random_board(rules, graph, rng)
    rng.shuffle(bag)
    a, b = rng.randint(1, 3), rng.randint(1, 3)
    return board, "".join(bag[:a]), "".join(bag[a : a + b])


def check_endgames(
    rules: Rules,
    graph: WordGraph,
    count: int,
    seed: int,
    tick: Callable[[], None] | None = None,
    report: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Compare the alpha-beta endgame value with full minimax on ``count`` random endgames
    (``report`` filled in place as in :func:`check_positions`)."""
    rng = random.Random(seed + 7919)
    out = report if report is not None else {}
    out.update(endgames=0, endgames_exact=0, endgame_mismatches=[])
    for i in range(count):
        board, me, opp = random_endgame(rules, graph, rng)
        want = exhaustive_value(board, me, opp, graph, rules)
        got = EndgameSolver(graph, rules, node_budget=10**7).solve(board, me, opp)
        if got.exact and got.value == want:
            out["endgames_exact"] += 1
        else:
            out["endgame_mismatches"].append(
                f"endgame {i} {me} vs {opp}: {got.value} (exact={got.exact}) vs exhaustive {want}"
            )
        out["endgames"] += 1
        if tick:
            tick()
    return out
