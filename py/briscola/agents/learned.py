"""The expert's judgement distilled into a small linear model, for ``hard``'s mid-game cards.

Two players, a trump, three cards a hand, one card a seat a trick, free play (no
following suit), hands hidden: before the solver takes over near the end,
``hard`` asks :func:`best_card` which card to play. Each legal card is described by a
few dozen numbers (:func:`features`: what kind of card it is and when in the deal, what
it can still meet among the cards out, what it does to the trick on the table) and
valued by a dot product with weights fitted to the expert's own values of the same cards
(``tools/distil_hard.py``: the expert's search, 200 guesses, values every legal card of
hard-versus-hard positions in card points; the weights are the ridge regression of those
values, centred per decision, on the features). The card of the highest value is
played. A model is a pair of weight lists, one for leads and one for answers
(:data:`briscola.agents.learned_weights.WEIGHTS`); evaluating one is a few dozen
multiplications a card, in pure Python.
"""

from __future__ import annotations

from typing import Sequence

from ..cards import SUIT_OF
from ..view import PlayerView
from .tactics import beats, out_cards, tables

CARICO = 10
PHASES = ("early", "mid", "late")
KINDS = ("liscio", "fig", "carico", "Tlo", "Tfig", "Thi")


def phase_of(stock: int) -> int:
    """0 early (more than 20 cards in the stock), 1 mid (9 to 20), 2 late (8 or fewer)."""
    return 0 if stock > 20 else (1 if stock > 8 else 2)


def kind_of(card: int, trump: int, pts: Sequence[int]) -> int:
    """Index in :data:`KINDS`: a plain liscio, figure or carico, or a trump of those."""
    p = pts[card]
    k = 0 if p == 0 else (1 if p < CARICO else 2)
    return k + 3 if SUIT_OF[card] == trump else k


def applies(view: PlayerView) -> bool:
    """Is this a position of the kind the model was fitted on? Two players, the standard
    ranking and pack, a trump, three cards a hand, one card a trick, free play, hidden
    hands."""
    r = view.rules
    return (view.players == 2 and view.trump is not None and r.ranking == "standard" and r.hand_size == 3
            and r.cards_per_trick == 1 and not r.must_follow and view.open_hands is None
            and r.pack == 40)


def features(view: PlayerView, card: int, out: Sequence[int]) -> list[float]:
    """The numbers that describe playing ``card`` now (see the module doc); the same
    length for a lead and an answer (their weights differ)."""
    strength, pts = tables(view)
    trump = view.trump
    assert trump is not None
    phase = phase_of(view.stock_size)
    kind = kind_of(card, trump, pts)
    is_trump = SUIT_OF[card] == trump
    hand = [c for c in view.hand if c != card]
    onehot = [0.0] * (len(KINDS) * len(PHASES))
    onehot[phase * len(KINDS) + kind] = 1.0
    carichi_out = sum(1 for c in out if pts[c] >= CARICO and SUIT_OF[c] != trump) / 8
    trumps_out = sum(1 for c in out if SUIT_OF[c] == trump) / 10
    beaters = [c for c in out if beats(c, card, trump, strength)]
    same_suit_above = sum(1 for c in beaters if SUIT_OF[c] == SUIT_OF[card]) / 10
    points_above = sum(pts[c] for c in beaters if SUIT_OF[c] == SUIT_OF[card]) / 30
    my_trumps = sum(1 for c in hand if SUIT_OF[c] == trump) / 2
    my_points = sum(pts[c] for c in hand) / 22
    me = view.seat
    lead_margin = (view.points[me] - view.points[1 - me]) / 60
    s = strength[card] / 9
    p = pts[card] / 11
    t = 1.0 if is_trump else 0.0
    u = 1.0 - t
    if view.trick:
        led = view.trick[0][1]
        wins = 1.0 if beats(card, led, trump, strength) else 0.0
        on_table = pts[led] / 11
        led_trump = 1.0 if SUIT_OF[led] == trump else 0.0
    else:
        wins = on_table = led_trump = 0.0
    lose = 1.0 - wins
    top = 0.0 if same_suit_above else 1.0
    carico = 1.0 if pts[card] >= CARICO and not is_trump else 0.0
    late = 1.0 if phase == 2 else 0.0
    same_suit_mine = sum(1 for c in hand if SUIT_OF[c] == SUIT_OF[card]) / 2
    stock = view.stock_size / 34
    return [
        *onehot,
        s * t, s * u, p,
        carichi_out * t, carichi_out * carico,
        trumps_out * u, trumps_out * t,
        same_suit_above, points_above,
        my_trumps * t, my_trumps * u, my_points,
        lead_margin * t, lead_margin * p,
        wins, wins * on_table, lose * on_table, wins * p, lose * p,
        wins * t, wins * t * on_table, wins * t * s, lose * t, led_trump * wins,
        wins * carichi_out * t, wins * late,
        top * u, carico * trumps_out, carico * top, p * late, s * t * late,
        same_suit_mine, stock * t, stock * p, wins * s * u, wins * p * t,
    ]


def values(view: PlayerView, weights: tuple[Sequence[float], Sequence[float]]) -> dict[int, float]:
    """The model's value of each legal card (relative: only differences mean anything)."""
    w = weights[1] if view.trick else weights[0]
    out = out_cards(view)
    return {int(c): sum(a * b for a, b in zip(w, features(view, int(c), out))) for c in view.legal}


def best_card(view: PlayerView, weights: tuple[Sequence[float], Sequence[float]]) -> int:
    """The legal card of the highest value; ties to the lowest strength, then the card."""
    strength, _ = tables(view)
    v = values(view, weights)
    return max(v, key=lambda c: (round(v[c], 9), -strength[c], -c))
