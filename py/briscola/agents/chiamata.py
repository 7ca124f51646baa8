"""Briscola chiamata for the computer players: the auction, the call, and a belief over
who holds the called card.

**Bidding from the value of the hand.** For the next bid the auction allows, the seat
deals the unseen cards to the other four hands many times (``worlds``), and for each
card it could call plays every deal out with the fast playout policy, the holder of that
card on its side. The best call's mean card points is what the hand is worth at that
bid; it bids while that clears the contract by a margin that depends on the level, else
it passes for good. The same guesses serve every candidate call (common random numbers),
so two calls are compared on the same deals.

**The call** takes the card with the best mean over more guesses.

**Who is the partner.** Until the called card is played only its holder knows. Each
other seat keeps a weight per possible holder: a seat that loads points onto a trick the
caller is winning (with opponents of the caller still to play or not) is more likely the
partner; one that takes a trick away from the caller, or throws points on a trick an
opponent of the caller wins, less likely. Searches deal the called card to a seat drawn
by those weights.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Generator, Sequence

from ..cards import ALL_CARDS, SUIT_OF, TABLES, Card
from ..core import best_play, called_cards, contract
from ..model import BID, CALL, Action
from ..view import PlayerView
from . import run_to_end
from .sim import Tables, playout

HAND = 8
PARTNER_SIGN = 3.0
"""How much more (or less) likely one telling play makes a seat the partner."""
LOADED = 10
"""Card points thrown on a trick that count as loading it (an ace or a three)."""


@lru_cache(maxsize=256)
def world_tables(ranking: str, trump: int, n: int, side: tuple[int, ...]) -> Tables:
    """Playout tables of a Chiamata deal whose caller's side is ``side``."""
    team_of = tuple(0 if s in side else 1 for s in range(n))
    return Tables(ranking, trump, n, team_of)


def candidates(view: PlayerView, bid: int) -> list[Card]:
    """The cards worth weighing as the call after winning with ``bid``: the bid rank in
    each suit (the Two after points in an auction of ranks then points), or, when any card
    may be called (points from the start), the highest card of each suit this seat does
    not hold."""
    cards = called_cards(bid, view.rules.auction or "")
    if cards is not None:
        return cards
    strength = TABLES[view.rules.ranking][0]
    mine = set(view.hand)
    out = []
    for s in range(4):
        suit = [c for c in ALL_CARDS[s * 10:s * 10 + 10] if c not in mine]
        if suit:
            out.append(max(suit, key=strength.__getitem__))
    return out


def guesses(view: PlayerView, rng: random.Random, worlds: int) -> list[list[list[int]]]:
    """``worlds`` full deals: this seat's hand and the unseen cards shared among the others."""
    pool = [int(c) for c in view.unseen()]
    n = view.players
    out = []
    for _ in range(worlds):
        rng.shuffle(pool)
        hands: list[list[int]] = []
        k = 0
        for s in range(n):
            if s == view.seat:
                hands.append([int(c) for c in view.hand])
            else:
                hands.append(pool[k:k + HAND])
                k += HAND
        out.append(hands)
    return out


def call_values_steps(view: PlayerView, calls: Sequence[int], deals: Sequence[list[list[int]]]
                      ) -> Generator[None, None, dict[int, float]]:
    """Mean card points of this seat's side, calling each card of ``calls``, over
    ``deals`` played out from the first lead; pausing (a bare ``yield``) after each deal
    played out."""
    n = view.players
    me = view.seat
    leader = (view.dealer + 1) % n
    ranking = view.rules.ranking
    values = {}
    for card in calls:
        total = 0
        for hands in deals:
            holder = next(s for s in range(n) if card in hands[s])
            side = (me,) if holder == me else tuple(sorted((me, holder)))
            t = world_tables(ranking, SUIT_OF[card], n, side)
            points = playout([list(h) for h in hands], [], [], leader, [0] * n, t)
            total += sum(points[s] for s in side)
            yield
        values[card] = total / len(deals)
    return values


def choose_bid_steps(view: PlayerView, rng: random.Random, worlds: int, margin: float
                     ) -> Generator[None, None, Action]:
    """The next bid up when the hand clears its contract by ``margin``, else a pass;
    pausing after each guess played out."""
    bids = [a for a in view.legal_actions if a.kind == BID]
    if not bids:
        return Action.pass_()
    bid = bids[0].value
    assert bid is not None
    values = yield from call_values_steps(view, candidates(view, bid), guesses(view, rng, worlds))
    if max(values.values()) >= contract(bid) + margin:
        return bids[0]
    return Action.pass_()


def choose_call_steps(view: PlayerView, rng: random.Random, worlds: int) -> Generator[None, None, Action]:
    """The callable card with the best mean for this seat's side, pausing after each
    guess played out."""
    calls = [a.card for a in view.legal_actions if a.kind == CALL and a.card is not None]
    bid = view.bid  # the last bid: rank bids go down, so not the largest number
    assert bid is not None
    weigh = [c for c in candidates(view, bid) if c in calls] or calls
    values = yield from call_values_steps(view, weigh, guesses(view, rng, worlds))
    return Action.call(max(weigh, key=lambda c: (values[c], -c)))


def auction_action(view: PlayerView, rng: random.Random, worlds: int, margin: float) -> Action | None:
    """This seat's bid, pass or call when the deal is in its auction or call; None in play."""
    return run_to_end(auction_action_steps(view, rng, worlds, margin))


def auction_action_steps(view: PlayerView, rng: random.Random, worlds: int, margin: float
                         ) -> Generator[None, None, Action | None]:
    """:func:`auction_action`, pausing after each guess played out (a bid weighs some
    hundred deals played out: several frames' work in a page)."""
    if view.phase == "auction":
        return (yield from choose_bid_steps(view, rng, worlds, margin))
    if view.phase == "call":
        return (yield from choose_call_steps(view, rng, 2 * worlds))
    return None


# -- who holds the called card -------------------------------------------------------------

def partner_weights(view: PlayerView) -> dict[int, float]:
    """Relative chance of each seat holding the called card, as this seat sees it: the
    known holder alone once known; else every seat but the caller and this one (which
    knows it does not hold it), weighed by how it played to the caller's tricks."""
    if view.partner is not None:
        return {view.partner: 1.0}
    caller = view.caller
    if caller is None or view.called is None:
        return {}
    weights = {s: 1.0 for s in range(view.players) if s not in (caller, view.seat)}
    strength, pts = TABLES[view.rules.ranking]
    trump = view.trump
    tricks = [t.plays for t in view.tricks] + ([view.trick] if view.trick else [])
    for plays in tricks:
        for i in range(1, len(plays)):
            seat, card = plays[i]
            if seat not in weights:
                continue
            winning, _ = best_play(plays[:i], trump, strength)
            took = best_play(plays[:i + 1], trump, strength)[0] == seat
            if winning == caller and took:
                weights[seat] /= PARTNER_SIGN  # took the trick away from the caller
            elif winning == caller and pts[card] >= LOADED:
                weights[seat] *= PARTNER_SIGN  # loaded the caller's trick
            elif winning != caller and winning in weights and not took and pts[card] >= LOADED:
                weights[seat] /= PARTNER_SIGN  # loaded a trick the caller was losing
    return weights


def draw_holder(weights: dict[int, float], rng: random.Random, room: dict[int, int]) -> int | None:
    """A seat for the called card drawn by ``weights`` among seats with room in hand."""
    seats = [s for s in weights if room.get(s, 0) > 0]
    if not seats:
        return None
    total = sum(weights[s] for s in seats)
    x = rng.random() * total
    for s in seats:
        x -= weights[s]
        if x <= 0:
            return s
    return seats[-1]
