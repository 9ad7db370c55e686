"""Head-to-head games: pairs share a deal with the seats swapped, and the figures add up."""

from __future__ import annotations

from solvers.decision import Decision
from solvers.erudit.game import TurnView
from solvers.erudit.headtohead import paired_game
from solvers.erudit.leaves import LeaveModel
from solvers.erudit.player import EquityPlayer, greedy


class Watching:
    """Greedy, noting the rack of every view it is shown."""

    def __init__(self) -> None:
        self.racks: list[str] = []

    def __call__(self, view: TurnView) -> Decision:
        self.racks.append(view.rack)
        return greedy(view)


def test_a_pair_swaps_the_seats_over_the_same_deal(en_rules, en_small):
    a0, b0, a1, b1 = Watching(), Watching(), Watching(), Watching()
    even = paired_game(a0, b0, en_rules, en_small, seed=5, index=0)
    odd = paired_game(a1, b1, en_rules, en_small, seed=5, index=1)
    assert even.player_first and not odd.player_first
    # the same shuffled bag: the player's first rack of game 1 is the opponent's of game 0
    assert a1.racks[0] == b0.racks[0] and b1.racks[0] == a0.racks[0]
    # both are greedy, so the second game is the first one mirrored
    assert odd.scores == even.scores[::-1] and odd.turns == even.turns[::-1]


def test_the_figures_add_up(en_rules, en_small):
    equity = EquityPlayer(LeaveModel.zero(en_rules), endgame_budget=100)
    game = paired_game(equity, greedy, en_rules, en_small, seed=2, index=3, keep_boards=2)
    assert game.index == 3 and not game.player_first
    for side in (0, 1):
        assert len(game.seconds[side]) == game.turns[side] > 0
        assert all(s >= 0 for s in game.seconds[side])
        # the final score differs from the points laid only by the racks left at the end
        assert abs(game.scores[side] - game.points[side]) <= 2 * sum(en_rules.values.values())
        assert game.bingos[side] <= game.turns[side]
    assert len(game.boards) <= 2
    for board, unseen in game.boards:
        assert len(board.tiles()) + len(unseen) == len(en_rules.full_bag())
