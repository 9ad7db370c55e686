"""The head-to-head driver of ``bench erudit``: totals by seat, and the same games whatever
the number of worker processes."""

from __future__ import annotations

import pytest

from bot.bench.erudit_match import HeadToHead, MatchSpec, Record, run_games
from solvers.erudit.dictionary import graph_for
from solvers.erudit.headtohead import GameOutcome
from solvers.erudit.players import PlayerSpec, UnknownPlayerError
from solvers.erudit.rules import load_rules
from solvers.erudit.verify import sample_graph


def _outcome(index: int, first: bool, scores: tuple[int, int]) -> GameOutcome:
    return GameOutcome(index, first, scores, scores, (3, 3), (0, 1), (1, 0),
                       ((0.1, 0.2, 0.3), (0.0, 0.0, 0.0)))


def test_a_draw_counts_half():
    r = Record()
    for mine, theirs in ((10, 5), (5, 5), (1, 9), (9, 1)):
        r.add(mine, theirs)
    assert (r.wins, r.losses, r.ties, r.games) == (2, 1, 1, 4)
    assert r.rate == pytest.approx(2.5 / 4)
    low, high = r.interval()
    assert low < r.rate < high


def test_totals_by_seat_and_the_first_movers_record():
    match = HeadToHead()
    match.add(_outcome(0, True, (400, 300)))  # player first, wins
    match.add(_outcome(1, False, (350, 360)))  # player second, loses: the first mover won
    match.add(_outcome(2, True, (300, 300)))
    assert (match.first.wins, match.first.ties, match.second.losses) == (1, 1, 1)
    assert (match.first_mover.wins, match.first_mover.ties, match.first_mover.games) == (2, 1, 3)
    assert match.overall.rate == pytest.approx(1.5 / 3)
    assert match.mean_final(0) == pytest.approx(350) and match.mean_final(1) == pytest.approx(320)
    assert match.exchanges == [0, 3] and match.bingos == [3, 0]
    assert len(match.seconds[0]) == 9


def test_the_games_do_not_depend_on_the_jobs():
    en_rules = load_rules("scrabble-en")
    en_small = sample_graph(graph_for("english-enable"), 600, 11)
    spec = MatchSpec(PlayerSpec("equity", endgame_budget=50), PlayerSpec("greedy"), en_rules,
                     en_small, seed=4, boards_per_game=1)
    one = [(g.index, g.scores, g.turns) for g in run_games(spec, 4, jobs=1)]
    two = [(g.index, g.scores, g.turns) for g in run_games(spec, 4, jobs=2)]
    assert one == two and [i for i, _, _ in one] == [0, 1, 2, 3]


def test_an_unknown_player_is_named():
    with pytest.raises(UnknownPlayerError, match="unknown player 'best'"):
        PlayerSpec("best")
