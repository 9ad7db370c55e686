"""Named engine settings: what each name sets, overrides, and clear errors."""

import pytest

from solvers.minesweeper.endgame import MAX_LAYOUTS, MAX_NODES
from solvers.minesweeper.guess import GuessConfig
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.state import Board
from solvers.minesweeper.strength import DEFAULT, SETTINGS, parse_setting


def test_default_is_what_the_solver_plays():
    solver = Solver()
    assert DEFAULT.guess == solver.guess_config == GuessConfig()
    assert (DEFAULT.endgame_layouts, DEFAULT.endgame_nodes) == (MAX_LAYOUTS, MAX_NODES)
    assert DEFAULT.endgame_layouts == solver.endgame_layouts and solver.fifty and DEFAULT.fifty


def test_each_name_switches_its_technique():
    assert parse_setting("safest").guess.lookahead is False
    assert parse_setting("no-endgame").endgame_layouts == 0
    assert parse_setting("no-fifty").fifty is False
    deep = parse_setting("deep-endgame")
    assert deep.endgame_layouts > MAX_LAYOUTS and deep.endgame_nodes > MAX_NODES
    assert deep.guess == GuessConfig() and deep.fifty
    assert set(SETTINGS) >= {"default", "safest", "no-endgame", "no-fifty"}


def test_overrides_take_the_knobs_type():
    s = parse_setting("default:cutoff=0.9, max-candidates=5,fifty=off,endgame_layouts=50")
    assert s.guess.cutoff == 0.9 and s.guess.max_candidates == 5
    assert s.fifty is False and s.endgame_layouts == 50
    assert s.guess.blend == GuessConfig().blend  # untouched knobs keep the name's values
    assert s.name == "default:cutoff=0.9, max-candidates=5,fifty=off,endgame_layouts=50"
    assert parse_setting("safest:blend=0.5").guess.lookahead is False


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("strongest", "no engine setting 'strongest'; known: default"),
        ("default:depth=3", "'depth=3' is no KNOB=VALUE"),
        ("default:cutoff", "'cutoff' is no KNOB=VALUE"),
        ("default:cutoff=high", "engine knob cutoff takes float, not 'high'"),
        ("default:fifty=maybe", "engine knob fifty takes on/off"),
    ],
)
def test_bad_settings_say_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        parse_setting(text)


def test_no_fifty_leaves_an_unavoidable_fifty_fifty_to_the_guess():
    board = Board.from_text("..1#\n..1#")
    solver = Solver()
    assert solver.decide(board, 1).stage == "fifty-fifty"
    solver.fifty = False
    decision = solver.decide(board, 1)
    assert decision.stage != "fifty-fifty"
    assert decision.probability == pytest.approx(0.5)
