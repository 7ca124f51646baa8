"""Lean simulation for search: plain-int cards, list hands, a fast medium-like policy.

The engine's :class:`~briscola.game.Game` is built for correctness and records; search
needs thousands of playouts per decision, so it works on plain lists here. Everything in
this module is built from a :class:`~briscola.view.PlayerView` (what one seat knows) plus
a sampled guess of the hidden cards, never from a game.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Iterator, Sequence

from ..cards import SUIT_OF, TABLES
from ..core import best_play
from ..view import PlayerView
from .tactics import TRUMP_KEEP

WIN_TEMPO = 0.5
SURE_TRUMP_STRENGTH = 9
LOADED = 10
"""Points on the table that make a trick worth fighting for with opponents still to play."""


class Tables:
    """Per-deal lookup tables for the fast policy: strength, points, keep values."""

    __slots__ = ("trump", "strength", "pts", "keep", "lead_key", "load_key", "discard_key", "n", "team_of",
                 "beat_mask", "carichi_mask", "lead_key_c", "lead_key_nc", "carichi")

    def __init__(self, ranking: str, trump: int, n: int, team_of: Sequence[int]) -> None:
        strength, pts = TABLES[ranking]
        self.trump = trump
        self.strength = strength
        self.pts = pts
        self.n = n
        self.team_of = tuple(team_of)
        keep = tuple((TRUMP_KEEP + strength[c]) if SUIT_OF[c] == trump else 0 for c in range(40))
        self.keep = keep
        # (value, strength) folded into one int so min() compares once.
        self.lead_key = tuple((pts[c] + keep[c]) * 16 + strength[c] for c in range(40))
        self.discard_key = self.lead_key
        self.load_key = tuple((keep[c] - pts[c]) * 16 + strength[c] + 512 for c in range(40))
        # The counting lead (hard): what beats each plain carico, which carichi are out,
        # and lead keys with the trump keep of hard (halved once no carico is out).
        trumps = 0
        for c in range(40):
            if SUIT_OF[c] == trump:
                trumps |= 1 << c
        self.carichi = tuple(c for c in range(40) if SUIT_OF[c] != trump and pts[c] >= 10)
        carichi_mask = 0
        beat = [0] * 40
        for c in self.carichi:
            carichi_mask |= 1 << c
            m = trumps
            for x in range(40):
                if SUIT_OF[x] == SUIT_OF[c] and strength[x] > strength[c]:
                    m |= 1 << x
            beat[c] = m
        self.beat_mask = tuple(beat)
        self.carichi_mask = carichi_mask
        self.lead_key_c = tuple(2 * (pts[c] + keep[c]) * 16 + strength[c] for c in range(40))
        self.lead_key_nc = tuple((2 * pts[c] + (strength[c] if SUIT_OF[c] == trump else 0)) * 16 + strength[c]
                                 for c in range(40))

    @classmethod
    def of(cls, view: PlayerView) -> Tables:
        return cls(view.rules.ranking, view.trump, view.players, view.rules.team_of)


winner_of = best_play  # (seat, card) taking a trick, the engine's own rule


def policy(hand: Sequence[int], trick: Sequence[tuple[int, int]], seat: int, t: Tables) -> int:
    """The medium heuristic on plain ints (rollout policy; deterministic)."""
    if len(hand) == 1:
        return hand[0]
    if not trick:
        key = t.lead_key
        return min(hand, key=key.__getitem__)
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
            return min(hand, key=t.load_key.__getitem__)
        return min(hand, key=t.discard_key.__getitem__)
    trick_points = 0
    for _, c in trick:
        trick_points += pts[c]
    if opp_after and not partner_after and trick_points < LOADED:
        return min(hand, key=t.discard_key.__getitem__)
    best_suit = SUIT_OF[best]
    best_s = strength[best]
    choice = hand[0]
    choice_v = -1e9
    for c in hand:
        s = SUIT_OF[c]
        if (s == best_suit and strength[c] > best_s) or (s == trump and best_suit != trump):
            v = trick_points + pts[c] + WIN_TEMPO - keep[c]
            if opp_after and s != trump:
                v -= pts[c]
        else:
            v = -pts[c] - keep[c]
        if v > choice_v or (v == choice_v and strength[c] < strength[choice]):
            choice, choice_v = c, v
    return choice


def smart_lead(hand: Sequence[int], gone: int, t: Tables) -> int:
    """The counting lead of ``hard`` (plain ints): a safe carico first, else the cheapest
    card, trumps kept only while carichi are still out. ``gone``: mask of played cards."""
    known = gone
    for c in hand:
        known |= 1 << c
    out = ~known
    beat = t.beat_mask
    best = -1
    pts = t.pts
    for c in hand:
        if beat[c] and not (beat[c] & out):
            if best < 0 or (pts[c], t.strength[c]) > (pts[best], t.strength[best]):
                best = c
    if best >= 0:
        return best
    key = t.lead_key_c if t.carichi_mask & out else t.lead_key_nc
    return min(hand, key=key.__getitem__)


def playout_smart(hands: list[list[int]], stock: list[int], trick: list[tuple[int, int]], turn: int,
                  points: list[int], t: Tables, smart: Sequence[bool], gone: int) -> list[int]:
    """:func:`playout` where the seats flagged in ``smart`` lead as ``hard`` does
    (counting); ``gone``: mask of the cards played before ``trick``."""
    n = t.n
    trump = t.trump
    strength = t.strength
    pts = t.pts
    for _, c in trick:
        gone |= 1 << c
    while True:
        while len(trick) < n:
            hand = hands[turn]
            if not trick and smart[turn] and len(hand) > 1:
                c = smart_lead(hand, gone, t)
            else:
                c = policy(hand, trick, turn, t)
            hand.remove(c)
            trick.append((turn, c))
            gone |= 1 << c
            turn = (turn + 1) % n
        winner, _ = winner_of(trick, trump, strength)
        p = 0
        for _, c in trick:
            p += pts[c]
        points[winner] += p
        if stock:
            for i in range(n):
                hands[(winner + i) % n].append(stock.pop())
        trick = []
        turn = winner
        if not hands[winner]:
            return points


def playout(hands: list[list[int]], stock: list[int], trick: list[tuple[int, int]], turn: int,
            points: list[int], t: Tables) -> list[int]:
    """Play to the end with :func:`policy` for every seat; mutates and returns ``points``.

    ``stock`` is in reverse drawing order (``pop()`` draws), the briscola first."""
    n = t.n
    trump = t.trump
    strength = t.strength
    pts = t.pts
    while True:
        while len(trick) < n:
            hand = hands[turn]
            c = policy(hand, trick, turn, t)
            hand.remove(c)
            trick.append((turn, c))
            turn = (turn + 1) % n
        winner, _ = winner_of(trick, trump, strength)
        p = 0
        for _, c in trick:
            p += pts[c]
        points[winner] += p
        if stock:
            for i in range(n):
                hands[(winner + i) % n].append(stock.pop())
        trick = []
        turn = winner
        if not hands[winner]:
            return points


# -- what is hidden, and guesses of it ---------------------------------------------------

class Hidden:
    """The hidden part of a position as one seat sees it.

    ``pool``: unseen cards in a fixed order (pack order), to share among other hands
    and the face-down stock; ``known``: seat -> cards publicly known to be in that hand
    (the drawn briscola); ``need``: seat -> how many pool cards that hand holds."""

    __slots__ = ("pool", "known", "need", "talon", "briscola_pending", "briscola", "seat")

    def __init__(self, view: PlayerView) -> None:
        self.seat = view.seat
        self.briscola = int(view.briscola)
        played = set(view.played_cards())
        self.known: dict[int, list[int]] = {}
        taker = view.briscola_taker
        if taker is not None and taker != view.seat and view.briscola not in played:
            self.known[taker] = [int(view.briscola)]
        self.pool = sorted(int(c) for c in view.unseen())
        self.need = {}
        for s in range(view.players):
            if s != view.seat:
                self.need[s] = view.hand_sizes[s] - len(self.known.get(s, ()))
        self.talon = view.talon_size
        self.briscola_pending = taker is None

    def sample(self, rng: random.Random) -> tuple[dict[int, list[int]], list[int]]:
        """One full guess: other hands, and the stock in reverse drawing order."""
        pool = list(self.pool)
        rng.shuffle(pool)
        hands: dict[int, list[int]] = {}
        k = 0
        for s, m in self.need.items():
            hands[s] = self.known.get(s, []) + pool[k:k + m]
            k += m
        stock = [self.briscola] if self.briscola_pending else []
        stock.extend(pool[k:k + self.talon])
        return hands, stock

    def count_worlds(self) -> int:
        from math import comb

        total, left = 1, len(self.pool)
        for m in self.need.values():
            total *= comb(left, m)
            left -= m
        for i in range(self.talon):
            total *= left - i
        return total

    def worlds(self) -> Iterator[tuple[dict[int, list[int]], list[int]]]:
        """Every guess (use only when :meth:`count_worlds` is small)."""
        from itertools import permutations

        seats = list(self.need)

        def rec(i: int, left: list[int], acc: dict[int, list[int]]):
            if i == len(seats):
                for order in permutations(left, self.talon):
                    stock = [self.briscola] if self.briscola_pending else []
                    stock.extend(order)
                    yield dict(acc), stock
                return
            s = seats[i]
            for pick in combinations(left, self.need[s]):
                rest = [c for c in left if c not in pick]
                acc[s] = self.known.get(s, []) + list(pick)
                yield from rec(i + 1, rest, acc)

        yield from rec(0, list(self.pool), {})


def full_hands(view: PlayerView, others: dict[int, list[int]]) -> list[list[int]]:
    hands = [[] for _ in range(view.players)]
    hands[view.seat] = [int(c) for c in view.hand]
    for s, h in others.items():
        hands[s] = list(h)
    return hands


# -- two players: exact play once the stock is empty -------------------------------------

def solve_open(lead: Sequence[int], follow: Sequence[int], t: Tables) -> int:
    """Card points the leader takes from the rest of a two-player deal with the stock
    empty and both hands known (both play perfectly); hands of at most three cards."""
    trump = t.trump
    strength = t.strength
    pts = t.pts
    if len(lead) == 1:  # the last trick, unrolled: half the time of recursing into it
        x = lead[0]
        y = follow[0]
        sx = SUIT_OF[x]
        sy = SUIT_OF[y]
        if (sy == sx and strength[y] > strength[x]) or (sy == trump and sx != trump):
            return 0
        return pts[x] + pts[y]
    rest = 0
    for c in lead:
        rest += pts[c]
    for c in follow:
        rest += pts[c]
    best = -1
    for i, x in enumerate(lead):
        sx = SUIT_OF[x]
        a2 = lead[:i] + lead[i + 1:]
        worst = 1000
        for j, y in enumerate(follow):
            sy = SUIT_OF[y]
            b2 = follow[:j] + follow[j + 1:]
            if (sy == sx and strength[y] > strength[x]) or (sy == trump and sx != trump):
                v = rest - pts[x] - pts[y] - solve_open(b2, a2, t)
            else:
                v = pts[x] + pts[y] + solve_open(a2, b2, t)
            if v < worst:
                worst = v
                if worst <= best:
                    break
        if worst > best:
            best = worst
    return best


def playout2(hands: list[list[int]], stock: list[int], trick: list[tuple[int, int]], turn: int,
             points: list[int], t: Tables) -> list[int]:
    """:func:`playout` for two players, solved exactly from the first trick with the
    stock empty (as the searching levels play from then on)."""
    trump = t.trump
    strength = t.strength
    pts = t.pts
    while True:
        if not stock and not trick:
            lead = hands[turn]
            follow = hands[turn ^ 1]
            if lead:
                got = solve_open(lead, follow, t)
                left = 0
                for c in lead:
                    left += pts[c]
                for c in follow:
                    left += pts[c]
                points[turn] += got
                points[turn ^ 1] += left - got
            return points
        while len(trick) < 2:
            hand = hands[turn]
            c = policy(hand, trick, turn, t)
            hand.remove(c)
            trick.append((turn, c))
            turn ^= 1
        winner, _ = winner_of(trick, trump, strength)
        points[winner] += pts[trick[0][1]] + pts[trick[1][1]]
        if stock:
            hands[winner].append(stock.pop())
            hands[winner ^ 1].append(stock.pop())
        trick = []
        turn = winner
        if not hands[winner]:
            return points
