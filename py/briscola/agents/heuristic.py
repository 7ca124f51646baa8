"""The careful heuristic (level ``medium``).

Leads lisci; wins a loaded trick with the cheapest card that wins it; keeps trumps for
tricks worth taking; loads points onto a trick its partner is sure to win and never
takes a trick from its own side.

Every variant: it plays only the cards the rules allow (following suit where it must);
with no trump every card is plain; when the others must follow suit it leads the cards
that top their suit, then high, and takes a trick with a card that could be beaten later
(:func:`~.tactics.must_follow_lead_key`, :func:`~.tactics.keep_top_follow`); in Dupla,
where a seat plays twice in a trick, its own later card counts as its side still to
play; when the first card fixes trump, it leads the cheapest card of the suit it is
strongest in. It shows mano negra and takes a gainful trump exchange
(:func:`~.tactics.special_action`).
"""

from __future__ import annotations

import random

from ..cards import SUIT_OF, Card
from ..model import Action
from ..view import PlayerView
from .tactics import (beats, current_best, first_lead_keys, keep_top_follow, keep_value, must_follow_lead_key,
                      out_cards, special_action, tables, top_of_suit, trump_pending)

WIN_TEMPO = 0.5
"""Winning a trick is worth a little even with no points in it: the winner draws first
and leads the next trick."""

SURE_TRUMP_STRENGTH = 9
"""A partner's trump this high (the three or the ace) is treated as sure to win."""


class HeuristicAgent:
    name = "medium"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)  # breaks exact ties, so play is not predictable

    def choose(self, view: PlayerView) -> Card | Action:
        return special_action(view) or self.card(view)

    def card(self, view: PlayerView) -> Card:
        """The card to play (the choice beside the special actions)."""
        if len(view.legal) == 1:
            return view.legal[0]
        if not view.trick:
            return self.lead(view)
        return self.follow(view)

    def _pick(self, cards: list[Card], key) -> Card:
        best = min(key(c) for c in cards)
        ties = [c for c in cards if key(c) == best]
        return ties[0] if len(ties) == 1 else ties[int(self.rng.random() * len(ties))]

    def lead(self, view: PlayerView) -> Card:
        strength, pts = tables(view)
        trump = view.trump
        if trump_pending(view):
            keys = dict(zip(view.legal, first_lead_keys(view.legal, strength, pts)))
            return self._pick(list(view.legal), keys.__getitem__)
        if view.rules.must_follow:
            out = out_cards(view)
            return self._pick(list(view.legal),
                              lambda c: must_follow_lead_key(c, trump, strength, pts, top_of_suit(c, out, strength)))
        return self._pick(
            list(view.legal),
            lambda c: (pts[c] + keep_value(c, trump, strength), strength[c]),
        )

    def follow(self, view: PlayerView, hand: list[Card] | None = None) -> Card:
        """The card to play after the lead, from ``hand`` (the legal cards by default)."""
        strength, pts = tables(view)
        trump = view.trump
        hand = list(view.legal) if hand is None else hand
        best_seat, best = current_best(view.trick, trump, strength)
        trick_points = sum(pts[c] for _, c in view.trick)
        after = view.seats_after_me()
        opponents_after = [s for s in after if not view.same_side(s)]

        if view.same_side(best_seat):
            sure = not opponents_after or (
                SUIT_OF[best] == trump and strength[best] >= SURE_TRUMP_STRENGTH
            )
            if sure:  # load points onto the partner's trick, but not trumps
                return self._pick(hand, lambda c: (keep_value(c, trump, strength) - pts[c], strength[c]))
            return self._discard(hand, strength, pts, trump)

        if view.rules.must_follow and not after and SUIT_OF[hand[0]] == SUIT_OF[view.trick[0][1]]:
            keep = keep_top_follow([c for c in hand if beats(c, best, trump, strength)], out_cards(view),
                                   strength, pts)
            if keep is not None:
                return keep

        def gain(c: Card) -> float:
            if beats(c, best, trump, strength):
                value = trick_points + pts[c] + WIN_TEMPO - keep_value(c, trump, strength)
                if opponents_after and SUIT_OF[c] != trump:
                    value -= pts[c]  # a plain card can still be trumped by those after me
                return value
            return -pts[c] - keep_value(c, trump, strength)

        if opponents_after and not any(view.same_side(s) for s in after) and trick_points < 10:
            # Opponents still to play and nothing much to take: don't start a fight.
            return self._discard(hand, strength, pts, trump)
        return self._pick(hand, lambda c: (-gain(c), strength[c]))

    def _discard(self, hand: list[Card], strength, pts, trump: int | None) -> Card:
        return self._pick(hand, lambda c: (pts[c] + keep_value(c, trump, strength), strength[c]))
