"""Commands for Erudit / Scrabble: best move for a position, self-play bench and
the oracle checks of the move generator and the endgame solver."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from bot.cli.options import (
    add_json,
    count,
    named_input,
    non_negative_float,
    positive_int,
    read_input,
)
from bot.cli.registry import Command
from bot.games.erudit.shot import add_shot_options, best_input, draw_best

#: Seconds ``erudit best`` lets the simulating player think (the issue's on-screen budget).
THINK = 1.0

if TYPE_CHECKING:
    from solvers.erudit.dictionary import WordGraph
    from solvers.erudit.rules import Rules
    from solvers.timing import Parts


def _rules_options(p: argparse.ArgumentParser, default: str | None = "erudit") -> None:
    shown = default or "the position's 'rules:' line"
    p.add_argument(
        "--rules",
        default=default,
        help=f"erudit, scrabble-ru or scrabble-en, or a rules .json file (default: {shown})",
    )
    p.add_argument(
        "--dictionary",
        metavar="FILE",
        help="word list, one word a line (default: the rules' list: Russian nouns or ENABLE)",
    )
    p.add_argument(
        "--wildcard-score",
        choices=("zero", "letter"),
        help="a placed wildcard scores 0 or the value of its letter (default: the rules')",
    )
    p.add_argument(
        "--multiword",
        action="store_true",
        help="allow several words a turn, each laid like a normal move (a house rule some"
        " Erudit sites play)",
    )
    p.add_argument("--premiums", metavar="FILE", help="premium grid: 15 lines of . d t D T")


def _load(
    args: argparse.Namespace, rules_name: str | None = None, parts: Parts | None = None
) -> tuple[Rules, WordGraph]:
    from pathlib import Path

    from solvers.erudit.dictionary import graph_for
    from solvers.erudit.rules import load_rules
    from solvers.timing import part

    with part(parts, "rules"):
        rules = load_rules(rules_name or args.rules).with_options(
            wildcard_scoring=args.wildcard_score, multiword=True if args.multiword else None
        )
        if args.premiums:
            grid = read_input(args.premiums)
            with named_input(args.premiums):
                rules = rules.with_options(premiums=grid)
    source = str(Path(args.dictionary).resolve()) if args.dictionary else rules.dictionary
    with part(parts, "dictionary"):
        graph = graph_for(source)
    return rules, graph


# --- erudit best ---------------------------------------------------------------------------------
def _configure_best(p: argparse.ArgumentParser) -> None:
    p.add_argument("position", metavar="POSITION.txt", nargs="?",
                   help="position text file ('-' for stdin); or --shot SHOT.png")
    _rules_options(p, default=None)
    add_shot_options(p)
    p.add_argument(
        "--top",
        type=positive_int,
        metavar="N",
        default=10,
        help="how many moves to list (default 10)",
    )
    p.add_argument("--greedy", action="store_true", help="rank by score only, not by equity")
    p.add_argument(
        "--endgame-budget",
        type=count,
        metavar="N",
        default=5000,
        help="nodes the endgame search may visit when the bag is empty (default 5000)",
    )
    p.add_argument(
        "--breadth",
        type=positive_int,
        help="several-words turns: keep the N best placements a step (default: full search)",
    )
    p.add_argument(
        "--think", type=non_negative_float, default=THINK, metavar="SECONDS",
        help="CPU seconds the simulating player may spend choosing the first move among the"
        f" equity player's best (default {THINK:g}; 0: equity alone)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the playouts (default 0)")
    add_json(p)


def _run_best(args: argparse.Namespace) -> int:
    from bot.cli.report import emit
    from bot.cli.timing import WallClock
    from solvers.erudit.best import best_moves
    from solvers.erudit.position import Position

    clock = WallClock()
    with clock.part("position"):
        text, shot = best_input(args)
        with named_input(args.position):
            head_rules = Position.from_text(text).rules.name if args.rules is None else args.rules
    rules, graph = _load(args, head_rules, clock)
    if shot is not None and shot.premiums is not None:
        rules = rules.with_options(premiums=shot.premiums)  # the board's own layout
    with clock.part("position"), named_input(args.position):
        position = Position.from_text(text, rules)
    decisions = best_moves(
        position,
        graph,
        top=args.top,
        greedy=args.greedy,
        endgame_budget=args.endgame_budget,
        breadth=args.breadth,
        parts=clock,
        think=0.0 if args.greedy else args.think,
        seed=args.seed,
    )
    lines = [f"{rules.title}: {len(graph)} words; rack {position.rack or '-'}"]
    if shot is not None and shot.laid:
        lines.append(f"laid, not submitted (back on the rack): {', '.join(shot.laid)}")
    for i, d in enumerate(decisions, 1):
        eq = f"equity {d.equity:7.2f}" if d.equity is not None else ""
        sc = f"score {d.score:4.0f}" if d.score is not None else ""
        lines.append(f"{i:3}. {d.move.to_text():32} {sc}  {eq}  ({d.stage}: {d.reason})")
    if not decisions:
        lines.append("no legal move")
    if shot is not None and args.picture:
        lines.append(f"picture: {draw_best(shot, decisions, args.picture, rules)}")
    lines.append(clock.line())
    summary = {
        "rules": rules.name,
        "moves": [d.to_dict() for d in decisions],
        "seconds": clock.to_dict(),
    }
    if shot is not None:
        summary["laid_not_submitted"] = list(shot.laid)
    emit(summary, lines, args.json)
    return 0


# --- bench erudit --------------------------------------------------------------------------------
def _configure_bench(p: argparse.ArgumentParser) -> None:
    from solvers.erudit.players import PLAYERS
    from solvers.erudit.simulation import CANDIDATES, END_BAG, PLIES

    names = ", ".join(PLAYERS)
    p.add_argument("--player", choices=PLAYERS, default="equity", metavar="NAME",
                   help=f"the player measured: {names} (default equity)")
    p.add_argument("--opponent", choices=PLAYERS, default="greedy", metavar="NAME",
                   help=f"the player it meets: {names} (default greedy)")
    p.add_argument(
        "--games", type=positive_int, metavar="N", default=100,
        help="games (default 100); games 2k and 2k+1 share a deal with the seats swapped",
    )
    p.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    p.add_argument("--jobs", type=positive_int, default=1, metavar="N",
                   help="worker processes (default 1; the figures do not depend on it)")
    p.add_argument(
        "--think", type=non_negative_float, default=1.0, metavar="SECONDS",
        help="CPU seconds a move for a searching player (simulation; default 1)",
    )
    p.add_argument("--candidates", type=positive_int, default=CANDIDATES, metavar="N",
                   help=f"simulation: static moves played out (default {CANDIDATES})")
    p.add_argument("--plies", type=int, choices=(1, 2), default=PLIES,
                   help=f"simulation: plies of each playout (default {PLIES})")
    p.add_argument("--end-bag", type=int, default=END_BAG, metavar="N",
                   help="simulation: with N tiles or fewer in the bag, play out to the end of "
                   f"the game (default {END_BAG}; -1 never)")
    p.add_argument("--no-race", action="store_true",
                   help="simulation: play every candidate every round (no early drops)")
    p.add_argument("--leaves", metavar="FILE.json",
                   help="the player's leave values (default: the rules' own; see fit-leaves)")
    p.add_argument("--opponent-leaves", metavar="FILE.json",
                   help="the opponent's leave values (default: the rules' own)")
    _rules_options(p)
    p.add_argument(
        "--timing-positions",
        type=count,
        metavar="N",
        default=100,
        help="mid-game boards for the move-generation timings (default 100)",
    )
    p.add_argument(
        "--endgame-budget",
        type=count,
        metavar="N",
        default=300,
        help="nodes a player's endgame search may visit a move (default 300)",
    )
    add_json(p)


def _run_bench(args: argparse.Namespace) -> int:
    from bot.bench.erudit import movegen_timings, no_timings, report
    from bot.bench.erudit_match import HeadToHead, MatchSpec, run_games
    from bot.cli.interrupt import until_interrupted
    from bot.cli.progress import progress_bar
    from bot.cli.report import emit
    from bot.cli.timing import WallClock
    from solvers.erudit.players import PlayerSpec, leaves_of

    clock = WallClock()
    rules, graph = _load(args, parts=clock)
    specs = [PlayerSpec(name, think=args.think, seed=args.seed + k,
                        endgame_budget=args.endgame_budget, candidates=args.candidates,
                        plies=args.plies, end_bag=args.end_bag, race=not args.no_race,
                        leaves=leaves)
             for k, (name, leaves) in enumerate(((args.player, args.leaves),
                                                 (args.opponent, args.opponent_leaves)))]
    with clock.part("leave values"):
        for s in specs:  # a file that is missing or not leave values fails here, named
            with named_input(s.leaves or rules.leaves):
                leaves_of(s, rules)
    per_game = 3 if args.timing_positions else 0
    spec = MatchSpec(specs[0], specs[1], rules, graph, args.seed, per_game)
    match, timings = HeadToHead(), no_timings()
    with until_interrupted() as stop:
        with clock.part("self-play games"), progress_bar(
            args.games, f"{rules.name} {args.player} vs {args.opponent}"
        ) as bar:
            for game in run_games(spec, args.games, args.jobs):
                match.add(game, args.timing_positions)
                bar.advance(status=f"{match.overall.rate:.1%}")
        with clock.part("move-generation timings"), progress_bar(
            len(timings) * len(match.boards), "move generation timings"
        ) as bar:
            movegen_timings(match.boards, graph, rules, args.seed, timings, bar.advance)
    summary, lines = report(rules, graph, (args.player, args.opponent), match, timings,
                            args.seed, args.think)
    seconds = clock.to_dict()
    summary.update(jobs=args.jobs, candidates=args.candidates, plies=args.plies,
                   end_bag=args.end_bag, race=not args.no_race,
                   stopped=stop.reason, seconds=seconds, wall_seconds=seconds["total"])
    emit(summary, [*lines, *stop.line(), clock.line()], args.json)
    return stop.exit_code()


# --- erudit verify -------------------------------------------------------------------------------
def _configure_verify(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--positions", type=count, metavar="N", default=300, help="random positions (default 300)"
    )
    p.add_argument(
        "--endgames", type=count, metavar="N", default=100, help="random endgames (default 100)"
    )
    p.add_argument(
        "--words",
        type=positive_int,
        metavar="N",
        default=1500,
        help="dictionary sample size (default 1500)",
    )
    p.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    _rules_options(p)
    add_json(p)


def _run_verify(args: argparse.Namespace) -> int:
    from bot.cli.interrupt import until_interrupted
    from bot.cli.progress import progress_bar
    from bot.cli.report import emit
    from bot.cli.timing import WallClock
    from solvers.erudit.verify import check_endgames, check_positions, sample_graph

    clock = WallClock()
    rules, graph = _load(args, parts=clock)
    moves: dict[str, Any] = {"positions": 0, "positions_identical": 0, "moves_checked": 0,
                             "mismatches": []}
    ends: dict[str, Any] = {"endgames": 0, "endgames_exact": 0, "endgame_mismatches": []}
    words = 0
    with until_interrupted() as stop:
        with clock.part("dictionary sample"):
            small = sample_graph(graph, args.words, args.seed)
            words = len(small)
        with clock.part("move generator vs brute force"), progress_bar(
            args.positions, "move generator vs brute force"
        ) as bar:
            check_positions(rules, small, args.positions, args.seed, bar.advance, moves)
        with clock.part("endgame vs exhaustive search"), progress_bar(
            args.endgames, "endgame solver vs exhaustive"
        ) as bar:
            check_endgames(rules, small, args.endgames, args.seed, bar.advance, ends)
    summary = {"rules": rules.name, "words": words, **moves, **ends, "stopped": stop.reason,
               "seconds": clock.to_dict()}
    lines = [
        f"{rules.name}, {words}-word sample dictionary, seed {args.seed}",
        f"move generator: {moves['positions_identical']}/{moves['positions']} positions identical "
        f"to brute force ({moves['moves_checked']} moves)",
        f"endgame: {ends['endgames_exact']}/{ends['endgames']} equal to exhaustive search",
    ]
    for bad in moves["mismatches"] + ends["endgame_mismatches"]:
        lines.append(f"MISMATCH: {bad}")
    lines += stop.line()
    lines.append(clock.line())
    emit(summary, lines, args.json)
    ok = not moves["mismatches"] and not ends["endgame_mismatches"]
    return stop.exit_code(0 if ok else 1)


COMMANDS: list[Command] = [
    Command(
        "erudit",
        "best",
        "best moves of an Erudit/Scrabble position text, by equity",
        _configure_best,
        _run_best,
    ),
    Command(
        "bench",
        "erudit",
        "one player against another (greedy, equity, simulation), seats alternated, and"
        " move-generation timings",
        _configure_bench,
        _run_bench,
    ),
    Command(
        "erudit",
        "verify",
        "check the move generator against brute force and the endgame against full search",
        _configure_verify,
        _run_verify,
    ),
]
