"""The levels as they played at the end of 2026, kept as fixed yardsticks.

``hard-2026`` and ``expert-2026`` are the ``hard`` and ``expert`` of build 9c69f80
(docs/strength.md's rows up to 2026-12-01). The arena loads them by name, so a stronger
level is measured against a player that does not move; the page does not offer them
(its levels are ``briscola_app.settings.LEVELS``).

Frozen means their choices stay the same, card for card: ``tests/unit/test_frozen_agents.py``
plays fixed deals of every table size and several variants with them and compares a
digest of every action chosen with the one recorded when they were frozen. Where the
live levels change, these classes keep the old behaviour (each override below says what it
keeps).
"""

from __future__ import annotations

from dataclasses import replace

from .expert import DEFAULT_BUDGET_MS
from .five import LEVELS, ExpertPlayer, HardPlayer


class Hard2026(HardPlayer):
    """``hard`` as of 2026."""

    name = "hard"
    learned = False  # mid-game cards by the heuristic, not the distilled model
    spare_top_trumps = False  # teams: the ace and three of trump spent on a cheap trick too
    solve_six_from_three = False  # six players: the solver from two cards in hand only
    exact_fit = False  # following suit, endgame splits scored on one random order of the draws
    five_level = replace(LEVELS["hard"], solve=False)  # Chiamata: the last tricks played out, not solved
    open_stock_two = 2  # Scoperta: the solver from the last draw only
    dupla_stock = 0  # Dupla: the solver from the empty stock only
    five_stock = 0  # five cards a hand: the solver from the empty stock only


class Expert2026(ExpertPlayer):
    """``expert`` as of 2026, with ``hard-2026`` as its prior (the card it gives a head start)."""

    name = "expert"
    mixture = ()  # the other seat modelled as medium alone
    count_played = False  # following suit, playouts count only the cards out at the decision
    exact_fit = False  # following suit, endgame splits scored on one random order of the draws

    def __init__(self, seed: int | None = None, budget_ms: float = DEFAULT_BUDGET_MS,
                 iterations: int | None = None) -> None:
        super().__init__(seed, budget_ms, iterations)
        self.prior = Hard2026(seed=self.seed)


__all__ = ["Expert2026", "Hard2026"]
