"""Balda (Балда): rules, positions, move generation and look-ahead search; pure logic."""

from solvers.balda.letters import (
    BaldaAlphabetError,
    check_alphabet,
    check_position,
    position_language,
)
from solvers.balda.lexicon import Lexicon
from solvers.balda.movegen import generate_moves
from solvers.balda.moves import BaldaMove, BaldaMoveError
from solvers.balda.players import greedy_decision, search_decision
from solvers.balda.rules import BaldaRules
from solvers.balda.search import SearchResult, search
from solvers.balda.state import BaldaState, BaldaStateError

__all__ = [
    "BaldaAlphabetError",
    "BaldaMove",
    "BaldaMoveError",
    "BaldaRules",
    "BaldaState",
    "BaldaStateError",
    "Lexicon",
    "SearchResult",
    "check_alphabet",
    "check_position",
    "generate_moves",
    "greedy_decision",
    "position_language",
    "search",
    "search_decision",
]
