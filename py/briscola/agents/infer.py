"""Inference over the hidden cards: how likely each guess makes what the others played.

A guess of the hidden cards (:class:`~.sim.Hidden`) fixes every other hand *now*. The
others' past plays say something about those hands: a careful player who led a liscio
probably had no safe carico, one who let a loaded trick go probably had nothing to take
it with. :class:`PlayModel` scores a guess by the probability of every play the other
seats made, under the medium-like policy of :mod:`.sim` with a little noise::

    P(card | hand, trick) = (1 - EPS) * [card is the policy's choice] / ties + EPS / len(hand)

The hand a seat held at each past trick is rebuilt backwards from the guess: its hand
now, plus the cards it played since, minus the cards it drew since. Which of its cards
were drawn when is hidden too; each step back picks one uniformly (every history is
then equally likely a priori), the drawn briscola excepted (it was the last draw of its
taker). The score is an unbiased estimate of the guess's likelihood, used to resample
guesses (importance resampling) before the expensive playouts.

Only the view is used: the trick history, who took the briscola, the hand sizes.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..cards import SUIT_OF
from ..view import PlayerView
from .sim import LOADED, SURE_TRUMP_STRENGTH, WIN_TEMPO, Tables, winner_of

EPS = 0.1
"""Share of each decision's probability spread evenly over the hand (the model's doubt)."""


def choice_set(hand: Sequence[int], trick: Sequence[tuple[int, int]], seat: int, t: Tables) -> list[int]:
    """Every card the medium policy may play here (its exact ties included)."""
    if len(hand) == 1:
        return [hand[0]]
    if not trick:
        return _argmin(hand, t.lead_key)
    trump = t.trump
    strength = t.strength
    pts = t.pts
    keep = t.keep
    team_of = t.team_of
    n = t.n
    best_seat, best = winner_of(trick, trump, strength)
    my_team = team_of[seat]
    left = n - len(trick) - 1
    opp_after = False
    partner_after = False
    for i in range(1, left + 1):
        if team_of[(seat + i) % n] == my_team:
            partner_after = True
        else:
            opp_after = True
    if team_of[best_seat] == my_team:
        if not opp_after or (SUIT_OF[best] == trump and strength[best] >= SURE_TRUMP_STRENGTH):
            return _argmin(hand, t.load_key)
        return _argmin(hand, t.discard_key)
    trick_points = 0
    for _, c in trick:
        trick_points += pts[c]
    if opp_after and not partner_after and trick_points < LOADED:
        return _argmin(hand, t.discard_key)
    best_suit = SUIT_OF[best]
    best_s = strength[best]
    out: list[int] = []
    out_key = None
    for c in hand:
        s = SUIT_OF[c]
        if (s == best_suit and strength[c] > best_s) or (s == trump and best_suit != trump):
            v = trick_points + pts[c] + WIN_TEMPO - keep[c]
            if opp_after and s != trump:
                v -= pts[c]
        else:
            v = -pts[c] - keep[c]
        k = (-v, strength[c])
        if out_key is None or k < out_key:
            out, out_key = [c], k
        elif k == out_key:
            out.append(c)
    return out


def _argmin(hand: Sequence[int], key: Sequence[int]) -> list[int]:
    best = min(key[c] for c in hand)
    return [c for c in hand if key[c] == best]


class PlayModel:
    """The others' observed decisions, ready to score guesses of their hands."""

    __slots__ = ("events", "t", "eps", "seats", "memo")

    def __init__(self, view: PlayerView, t: Tables, eps: float = EPS, partners: bool = True) -> None:
        self.t = t
        self.eps = eps
        n = view.players
        me = view.seat
        rules = view.rules
        rounds = (rules.pack - rules.hand_size * n) // n  # tricks followed by a draw
        taker = view.briscola_taker
        # Backwards, per seat: ("play", card, trick so far) and ("draw", forced card or -1).
        events: dict[int, list[tuple]] = {s: [] for s in range(n) if s != me}
        cur = [(s, int(c)) for s, c in view.trick]
        for i, (s, c) in enumerate(cur):
            if s != me:
                events[s].append((0, c, cur[:i]))
        for k in range(len(view.tricks) - 1, -1, -1):
            plays = [(s, int(c)) for s, c in view.tricks[k].plays]
            for s in events:
                if k < rounds:
                    forced = int(view.briscola) if (k == rounds - 1 and s == taker) else -1
                    events[s].append((1, forced, None))
            for i, (s, c) in enumerate(plays):
                if s != me:
                    events[s].append((0, c, plays[:i]))
        self.events = {s: [(i, *e) for i, e in enumerate(ev)] for s, ev in events.items()}
        self.memo: dict[int, float] = {}
        self.seats = [s for s in events if any(e[0] == 0 for e in events[s])
                      and (partners or rules.team_of[s] != rules.team_of[me])]

    def weight(self, others: dict[int, list[int]], rng: random.Random) -> float:
        """Likelihood (up to a constant) of every observed play in this guess."""
        t = self.t
        eps = self.eps
        keep_p = 1.0 - eps
        memo = self.memo
        w = 1.0
        for s in self.seats:
            hand = list(others[s])
            mask = 0
            for c in hand:
                mask |= 1 << c
            base = s << 50
            for i, kind, c, ctx in self.events[s]:
                if kind:
                    if c < 0:
                        c = hand[int(rng.random() * len(hand))]
                    hand.remove(c)
                    mask ^= 1 << c
                    continue
                hand.append(c)
                mask |= 1 << c
                key = base | (i << 40) | mask
                p = memo.get(key)
                if p is None:
                    m = len(hand)
                    if m == 1:
                        p = 1.0
                    else:
                        ch = choice_set(hand, ctx, s, t)
                        p = eps / m
                        if c in ch:
                            p += keep_p / len(ch)
                    memo[key] = p
                w *= p
        return w


def resample(weights: Sequence[float], k: int, rng: random.Random) -> list[int]:
    """Systematic resampling: ``k`` indices drawn in proportion to ``weights``."""
    total = sum(weights)
    if total <= 0:
        return list(range(min(k, len(weights))))
    step = total / k
    u = rng.random() * step
    out = []
    acc = 0.0
    i = 0
    last = len(weights) - 1
    for j in range(k):
        target = u + j * step
        while i < last and acc + weights[i] < target:
            acc += weights[i]
            i += 1
        out.append(i)
    return out
