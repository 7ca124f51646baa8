"""``hard``'s leads in two-player Briscolone with the suit to follow: a linear model of
what each card is worth, fitted to values that knew the other hand.

No trump, three cards a hand, one card a seat a trick, and a seat must follow the suit
led when it can: a card led wins its trick unless the other hand holds a stronger card
of its suit, and a seat that did not follow has shown a void. Each card this seat may
lead is described by a few dozen numbers (:func:`features`: its kind and the part of the
deal, what is still out above and below it in its suit, the chance that the other hand
holds a stronger card of the suit or any card of it, counted from the cards out and the
voids it has shown, what the rest of this hand holds, the score, and whether it is the
card the counting rules lead) and valued by a dot product with fitted weights; the card
of the highest value is led. Answers stay with the counting rules, which lose less
against the values below than any fit of these features did (``tools/distil_follow.py``
prints both).

The weights (:data:`briscola.agents.learned_follow_weights.LEAD`) are fitted by
``tools/distil_follow.py``: in deals of ``hard`` against ``medium``, at every lead of
either seat, the expert's search *told the other hand* (the order of the stock still
guessed) values every card in card points; the weights are the ridge regression of those
values, centred per decision, on the features, which hold only what the seat sees. A
regression on what the seat sees of values that knew more estimates each card's worth
given what the seat sees, averaged over the hands the other player really holds in such
positions: the model learns what the other seat's plays say about its hand without a
model of that player written down. It is fair: it reads the view only.
"""

from __future__ import annotations

from math import comb
from typing import Sequence

from ..cards import SUIT_OF
from ..view import PlayerView
from .learned import CARICO
from .tactics import out_cards, tables, top_of_suit

MIN_STOCK = 3
"""The model leads from a stock of this many cards; with fewer ``hard`` solves exactly."""
PHASES = 3
KINDS = 3  # liscio (no points), figure (2 to 4), carico (10, 11)
LENGTH = 37
"""Numbers in a card's description (:func:`features`)."""


def applies(view: PlayerView) -> bool:
    """Two players, no trump, the suit to follow, three cards a hand, one card a trick,
    hidden hands, the 40-card pack."""
    r = view.rules
    return (view.players == 2 and r.trump == "none" and r.must_follow and r.hand_size == 3
            and r.cards_per_trick == 1 and view.open_hands is None and r.pack == 40)


def _chance(total: int, good: int, drawn: int) -> float:
    """The chance that ``drawn`` cards taken at random from ``total`` include one of ``good``."""
    if good <= 0 or drawn <= 0:
        return 0.0
    if total - good < drawn:
        return 1.0
    return 1 - comb(total - good, drawn) / comb(total, drawn)


def features(view: PlayerView, card: int, out: Sequence[int], voids: dict[int, int], rule: int) -> list[float]:
    """The numbers that describe leading ``card`` now; ``out`` the cards out
    (:func:`~.tactics.out_cards`), ``voids`` the other seat's draws since it showed a
    void in a suit (:func:`~.hard.void_draws`), ``rule`` the card the counting rules
    lead (``hard`` without the model)."""
    strength, pts = tables(view)
    me = view.seat
    stock = view.stock_size
    held = view.hand_sizes[1 - me]
    rest = [int(c) for c in view.hand if c != card]
    margin = view.points[me] - view.points[1 - me]
    suit = SUIT_OF[card]
    phase = 0 if stock > 20 else (1 if stock > 8 else 2)
    p_raw = pts[card]
    kind = 0 if p_raw == 0 else (1 if p_raw < CARICO else 2)
    onehot = [0.0] * (PHASES * KINDS)
    onehot[phase * KINDS + kind] = 1.0
    s = strength[card] / 9
    p = p_raw / 11
    total = len(out)
    suit_out = [c for c in out if SUIT_OF[c] == suit]
    above = [c for c in suit_out if strength[c] > strength[card]]
    below_pts = sum(pts[c] for c in suit_out if strength[c] < strength[card]) / 30
    above_pts = sum(pts[c] for c in above) / 30
    drawn = min(held, voids.get(suit, held))
    risk = _chance(total, len(above), drawn)
    holds_suit = _chance(total, len(suit_out), drawn)
    void_shown = 1.0 if suit in voids else 0.0
    same_mine = sum(1 for c in rest if SUIT_OF[c] == suit) / 2
    rest_top = sum(1 for c in rest if top_of_suit(c, out, strength)) / 2
    rest_pts = sum(pts[c] for c in rest) / 22
    top = 0.0 if above else 1.0
    late = 1.0 if phase == 2 else 0.0
    stk = stock / 34
    m = margin / 60
    by_rule = 1.0 if card == rule else 0.0
    return [
        *onehot,
        s, p, len(above) / 9, above_pts, below_pts, len(suit_out) / 9,
        risk, risk * p, risk * above_pts, (1 - risk) * p, (1 - risk) * below_pts,
        holds_suit, holds_suit * p, void_shown, void_shown * p,
        same_mine, rest_top, rest_pts, top * p, top * late,
        risk * late, p * late, p * stk, risk * m, p * m,
        by_rule, by_rule * late, by_rule * p,
    ]


def value(w: Sequence[float], x: Sequence[float]) -> float:
    return sum(a * b for a, b in zip(w, x))


def best_card(view: PlayerView, weights: Sequence[float], voids: dict[int, int], rule: int) -> int:
    """The card to lead that the model values most (ties: the weaker card, then the lower id)."""
    strength, _ = tables(view)
    out = out_cards(view)
    best = -1
    best_v = 0.0
    for c in view.legal:
        v = round(value(weights, features(view, int(c), out, voids, rule)), 9)
        if best < 0 or v > best_v or (v == best_v and (strength[c], int(c)) < (strength[best], best)):
            best, best_v = int(c), v
    return best
