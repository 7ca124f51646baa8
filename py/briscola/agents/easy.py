"""The loose player (level ``easy``): the careful heuristic, with human mistakes.

Most of the time it plays like ``medium``; now and then (``MISTAKE_RATE``) it makes one
of the mistakes beginners make: it spends a trump on a worthless trick, throws a card
with points away, or simply plays without looking. It still follows the game: it never
plays at random all the time, and a trick that is obviously its own it takes. The
special actions (mano negra, the trump exchange) it never gets wrong: they are shown on
the table for everyone to see.
"""

from __future__ import annotations

from ..cards import SUIT_OF, Card
from ..view import PlayerView
from .heuristic import HeuristicAgent
from .tactics import tables

MISTAKE_RATE = 0.35
"""Share of decisions (with a real choice) where it makes a mistake."""


class EasyAgent(HeuristicAgent):
    name = "easy"

    def card(self, view: PlayerView) -> Card:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() >= MISTAKE_RATE:
            return super().card(view)
        return self.mistake(view)

    def mistake(self, view: PlayerView) -> Card:
        strength, pts = tables(view)
        legal = list(view.legal)
        kind = self.rng.random()
        trumps = [c for c in legal if SUIT_OF[c] == view.trump]
        if kind < 0.3 and trumps:  # wastes a trump (the biggest one, eagerly)
            return max(trumps, key=lambda c: (strength[c], -c))
        if kind < 0.6:  # throws points away
            loaded = [c for c in legal if pts[c] and SUIT_OF[c] != view.trump]
            if loaded:
                return max(loaded, key=lambda c: (pts[c], -c))
        return legal[int(self.rng.random() * len(legal))]
