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
from .tactics import TABLES, beats, out_cards, tables

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


# -- the same model on plain ints ---------------------------------------------------------
# :func:`features` spells the model out, for fitting; :func:`value` computes the same dot
# product on ints and bit masks, several times faster (``hard`` decides with it, and a
# search can call it inside its playouts). tests/unit/test_learned.py holds the two equal
# for any weights.

_STRENGTH, _PTS = TABLES["standard"]
assert all(SUIT_OF[c] == c // 10 for c in range(40)), "cards of a suit are ten in a row"
FULL = (1 << 40) - 1
_SUIT_MASK = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
_ABOVE = tuple(sum(1 << x for x in range(40) if x // 10 == c // 10 and _STRENGTH[x] > _STRENGTH[c])
               for c in range(40))
_CARICHI = tuple(sum(1 << x for x in range(40) if _PTS[x] >= CARICO and x // 10 != trump) for trump in range(4))
_SUIT_PTS = tuple(sum(_PTS[i] for i in range(10) if m >> i & 1) for m in range(1 << 10))
"""Card points of the cards of one suit given as a 10-bit pattern."""


def value(w: Sequence[float], card: int, trump: int, rest: Sequence[int], out: int, stock: int,
          margin: int, led: int) -> float:
    """``w`` . :func:`features`, on ints: ``rest`` is the rest of the hand, ``out`` the
    cards out (:func:`~.tactics.out_cards`) as a bit mask, ``margin`` the seat's card
    points less the other's, ``led`` the card on the table (-1: none, a lead)."""
    suit = card // 10
    p_raw = _PTS[card]
    is_trump = suit == trump
    t = 1.0 if is_trump else 0.0
    u = 1.0 - t
    phase = 0 if stock > 20 else (1 if stock > 8 else 2)
    v = w[phase * 6 + (0 if p_raw == 0 else (1 if p_raw < CARICO else 2)) + (3 if is_trump else 0)]
    carichi_out = (out & _CARICHI[trump]).bit_count() / 8
    trumps_out = (out & _SUIT_MASK[trump]).bit_count() / 10
    above = out & _ABOVE[card]
    n_above = above.bit_count()
    points_above = _SUIT_PTS[(above >> (10 * suit)) & 1023] / 30
    my_trumps = my_points = same_mine = 0
    for x in rest:
        if x // 10 == trump:
            my_trumps += 1
        if x // 10 == suit:
            same_mine += 1
        my_points += _PTS[x]
    s = _STRENGTH[card] / 9
    p = p_raw / 11
    if led >= 0:
        if led // 10 == suit:
            wins = 1.0 if _STRENGTH[card] > _STRENGTH[led] else 0.0
        else:
            wins = t
        on_table = _PTS[led] / 11
        led_trump = 1.0 if led // 10 == trump else 0.0
    else:
        wins = on_table = led_trump = 0.0
    lose = 1.0 - wins
    top = 0.0 if n_above else 1.0
    carico = 1.0 if p_raw >= CARICO and not is_trump else 0.0
    late = 1.0 if phase == 2 else 0.0
    stk = stock / 34
    m = margin / 60
    return (v + w[18] * s * t + w[19] * s * u + w[20] * p
            + w[21] * carichi_out * t + w[22] * carichi_out * carico
            + w[23] * trumps_out * u + w[24] * trumps_out * t
            + w[25] * n_above / 10 + w[26] * points_above
            + w[27] * my_trumps / 2 * t + w[28] * my_trumps / 2 * u + w[29] * my_points / 22
            + w[30] * m * t + w[31] * m * p
            + w[32] * wins + w[33] * wins * on_table + w[34] * lose * on_table + w[35] * wins * p
            + w[36] * lose * p + w[37] * wins * t + w[38] * wins * t * on_table + w[39] * wins * t * s
            + w[40] * lose * t + w[41] * led_trump * wins + w[42] * wins * carichi_out * t
            + w[43] * wins * late + w[44] * top * u + w[45] * carico * trumps_out + w[46] * carico * top
            + w[47] * p * late + w[48] * s * t * late + w[49] * same_mine / 2 + w[50] * stk * t
            + w[51] * stk * p + w[52] * wins * s * u + w[53] * wins * p * t)


def best_of(hand: Sequence[int], trump: int, out: int, stock: int, margin: int, led: int,
            weights: tuple[Sequence[float], Sequence[float]]) -> int:
    """:func:`best_card` on ints (the arguments as :func:`value`'s), for a seat free to
    play any card of ``hand``."""
    w = weights[1] if led >= 0 else weights[0]
    best = -1
    best_v = 0.0
    for c in hand:
        v = round(value(w, c, trump, [x for x in hand if x != c], out, stock, margin, led), 9)
        if best < 0 or v > best_v or (v == best_v and (_STRENGTH[c], c) < (_STRENGTH[best], best)):
            best, best_v = c, v
    return best


def _ints(view: PlayerView) -> tuple[int, int, int, int]:
    """(trump, cards out as a mask, margin, card led or -1) of a view the model applies to."""
    out = 0
    for c in out_cards(view):
        out |= 1 << int(c)
    me = view.seat
    led = int(view.trick[0][1]) if view.trick else -1
    assert view.trump is not None
    return view.trump, out, view.points[me] - view.points[1 - me], led


def values(view: PlayerView, weights: tuple[Sequence[float], Sequence[float]]) -> dict[int, float]:
    """The model's value of each legal card (relative: only differences mean anything)."""
    trump, out, margin, led = _ints(view)
    w = weights[1] if led >= 0 else weights[0]
    hand = [int(c) for c in view.hand]
    return {int(c): value(w, int(c), trump, [x for x in hand if x != c], out, view.stock_size, margin, led)
            for c in view.legal}


def best_card(view: PlayerView, weights: tuple[Sequence[float], Sequence[float]]) -> int:
    """The legal card of the highest value; ties to the lowest strength, then the card."""
    trump, out, margin, led = _ints(view)
    return best_of([int(c) for c in view.legal], trump, out, view.stock_size, margin, led, weights)
