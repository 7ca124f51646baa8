"""Small pieces of card sense shared by the computer players."""

from __future__ import annotations

from typing import Sequence

from ..cards import SUIT_OF, TABLES, Card
from ..view import PlayerView

TRUMP_KEEP = 5
"""What holding a trump is worth beyond its points, for its lowest card; each step of
rank adds one. Spending a trump on a trick must gain more than this."""


def tables(view: PlayerView) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(strength, points) per card for the view's ranking preset."""
    return TABLES[view.rules.ranking]


def beats(card: int, best: int, trump: int, strength: Sequence[int]) -> bool:
    """Does ``card`` take a trick that ``best`` is winning so far?"""
    if SUIT_OF[card] == SUIT_OF[best]:
        return strength[card] > strength[best]
    return SUIT_OF[card] == trump


def current_best(trick: Sequence[tuple[int, Card]], trump: int, strength: Sequence[int]) -> tuple[int, Card]:
    """The (seat, card) winning the trick so far."""
    best_seat, best = trick[0]
    for seat, c in trick[1:]:
        if beats(c, best, trump, strength):
            best_seat, best = seat, c
    return best_seat, best


def keep_value(card: int, trump: int, strength: Sequence[int]) -> int:
    """What a card is worth in hand beyond its points: trumps win tricks later."""
    if SUIT_OF[card] == trump:
        return TRUMP_KEEP + strength[card]
    return 0


def same_side(view: PlayerView, seat: int) -> bool:
    team_of = view.rules.team_of
    return team_of[seat] == team_of[view.seat]


def seats_after_me(view: PlayerView) -> list[int]:
    """Seats still to play in this trick after this seat."""
    n = view.players
    left = n - len(view.trick) - 1
    return [(view.seat + i) % n for i in range(1, left + 1)]
