"""Briscola: the Italian trick-taking card game. Pure engine, computer players, CLI.

Runs the same on CPython and in Pyodide; standard library only.
"""

from .cards import ALL_CARDS, Card, CardParseError, IllegalMoveError, parse_card, points, strength
from .game import Game
from .model import Action, Outcome, PublicTrick, Trick, parse_action
from .core import trick_winner
from .record import FORMAT, RecordError, from_record, to_record
from .rules import Rules, UnsupportedRuleError
from .view import PlayerView

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS", "Action", "Card", "CardParseError", "FORMAT", "Game", "IllegalMoveError", "Outcome", "PlayerView",
    "PublicTrick", "RecordError", "Rules", "Trick", "UnsupportedRuleError", "from_record",
    "parse_action", "parse_card", "points", "strength", "to_record", "trick_winner",
]
