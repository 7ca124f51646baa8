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

from ..cards import SUIT_OF, TABLES, make_pack
from ..core import best_play, draw_order, legal_cards
from ..view import PlayerView
from .tactics import TRUMP_KEEP, first_lead_keys, follow_lead_key, trump_pending

WIN_TEMPO = 0.5
SURE_TRUMP_STRENGTH = 9
LOADED = 10
"""Points on the table that make a trick worth fighting for with opponents still to play."""


class Tables:
    """Per-deal lookup tables for the fast policy: strength, points, keep values, and
    the shape of a trick (``per`` cards each, ``size`` plays in all: 4 in Dupla), whether
    a seat must follow suit, and whether the next card fixes trump (``pending``).

    When the others must follow suit the policy counts the cards: ``gone`` is the mask of
    the cards out of play when the tables were made (those of the finished tricks, and
    those not in the pack), ``above`` per card the mask of the stronger cards of its
    suit, ``top_key`` its lead key when it tops its suit
    (:func:`~.tactics.must_follow_lead_key` as one int)."""

    __slots__ = ("trump", "strength", "pts", "keep", "lead_key", "load_key", "discard_key", "n", "team_of",
                 "per", "size", "follow",
                 "pending", "after", "draws", "gone", "above", "top_key")

    def __init__(self, ranking: str, trump: int | None, n: int, team_of: Sequence[int], per: int = 1,
                 follow: bool = False, pending: bool = False, gone: int = 0) -> None:
        strength, pts = TABLES[ranking]
        self.trump = trump
        self.strength = strength
        self.pts = pts
        self.n = n
        self.team_of = tuple(team_of)
        self.per = per
        self.size = n * per
        self.follow = follow
        self.pending = pending
        self.after = tuple(tuple(_after(seat, pos, self.team_of, n, self.size) for pos in range(self.size))
                           for seat in range(n))
        self.draws = tuple(draw_order(w, n, per) for w in range(n))  # the rules core's, per winner
        keep = tuple((TRUMP_KEEP + strength[c]) if SUIT_OF[c] == trump else 0 for c in range(40))
        self.keep = keep
        # (value, strength) folded into one int so min() compares once.
        self.discard_key = tuple((pts[c] + keep[c]) * 16 + strength[c] for c in range(40))
        self.lead_key = (tuple(follow_lead_key(c, trump, strength) for c in range(40)) if follow
                         else self.discard_key)
        self.load_key = tuple((keep[c] - pts[c]) * 16 + strength[c] + 512 for c in range(40))
        self.gone = gone
        self.above: tuple[int, ...] = ()
        self.top_key: tuple[int, ...] = ()
        if follow:
            self.above = tuple(sum(1 << x for x in range(40) if SUIT_OF[x] == SUIT_OF[c] and strength[x] > strength[c])
                               for c in range(40))
            self.top_key = tuple((TOP_PTS - pts[c]) * 64 + TOP_STRENGTH - strength[c] for c in range(40))
            self.lead_key = tuple(k + NOT_TOP for k in self.lead_key)

    def counting(self) -> Tables:
        """A copy for one playout whose ``gone`` the playout grows with every trick it
        settles, so the policy counts the cards played since as medium counts them in
        a real deal (only where the others must follow suit, the one use of ``gone``)."""
        t = object.__new__(Tables)
        for name in Tables.__slots__:
            setattr(t, name, getattr(self, name))
        return t

    @classmethod
    def of(cls, view: PlayerView, trump: int | None = None) -> Tables:
        """The tables of the view's deal; ``trump`` stands in for a trump the seat's own
        lead is about to fix (trump "first")."""
        rules = view.rules
        pending = trump_pending(view)
        gone = 0
        if rules.must_follow:
            gone = out_of_pack(rules.pack)
            for tr in view.tricks:
                for _, c in tr.plays:
                    gone |= 1 << c
        return cls(rules.ranking, trump if pending and trump is not None else view.trump, view.players,
                   rules.team_of, rules.cards_per_trick, rules.must_follow, pending and trump is None, gone)


TOP_PTS = 16
TOP_STRENGTH = 32
NOT_TOP = 1 << 12
"""The must-follow lead keys folded into ints: a card that tops its suit before every
other, most points first, then the strongest."""


def out_of_pack(size: int) -> int:
    """Mask of the cards a pack of ``size`` leaves out."""
    pack = 0
    for c in make_pack(size):
        pack |= 1 << c
    return ((1 << 40) - 1) & ~pack


def follow_lead_keys(hand: Sequence[int], gone: int, t: Tables) -> list[int]:
    """The lead key of each card of ``hand`` when the others must follow suit (lower
    first, the medium rule): a card no card still out of its suit beats first
    (:func:`~.tactics.must_follow_lead_key`); ``gone`` the mask of cards out of play."""
    seen = gone
    for c in hand:
        seen |= 1 << c
    above = t.above
    top = t.top_key
    lead = t.lead_key
    return [lead[c] if above[c] & ~seen else top[c] for c in hand]


def keep_top(hand: Sequence[int], trick: Sequence[tuple[int, int]], best: int, gone: int, t: Tables) -> int:
    """Following suit last with ``hand`` (the cards of the suit led): the card that takes
    the trick keeping the top of the suit (:func:`~.tactics.keep_top_follow`), or -1."""
    seen = gone
    for c in hand:
        seen |= 1 << c
    for _, c in trick:
        seen |= 1 << c
    strength = t.strength
    pts = t.pts
    above = t.above
    best_s = strength[best]
    suit = SUIT_OF[best]
    choice = -1
    for c in hand:
        if SUIT_OF[c] == suit and strength[c] > best_s and above[c] & ~seen:
            if choice < 0 or (pts[c], strength[c]) > (pts[choice], strength[choice]):
                choice = c
    return choice


winner_of = best_play  # (seat, card) taking a trick, the engine's own rule


def _after(seat: int, pos: int, team_of: Sequence[int], n: int, size: int) -> tuple[bool, bool]:
    """(an opponent plays after me, my side plays after me) for ``seat`` playing the
    ``pos``-th card of a trick of ``size`` plays; in Dupla a seat may play again later
    in the trick, and its own later card counts as its side's."""
    later = [team_of[(seat + i) % n] == team_of[seat] for i in range(1, size - pos)]
    return (not all(later), any(later))


def policy(hand: Sequence[int], trick: Sequence[tuple[int, int]], seat: int, t: Tables) -> int:
    """The medium heuristic on plain ints (rollout policy; deterministic). When the
    others must follow suit it counts the cards out of play in ``t.gone``: those out
    when the tables were made, and in a two-player playout those it has played since
    (:func:`playout2`; :func:`playout` does not add them, so there a card is taken for
    the top of its suit only when it surely is)."""
    if t.follow and trick:
        hand = legal_cards(hand, trick, True)
    if len(hand) == 1:
        return hand[0]
    if not trick:
        if t.pending:
            keys = first_lead_keys(hand, t.strength, t.pts)
            return hand[keys.index(min(keys))]
        if t.follow:
            keys = follow_lead_keys(hand, t.gone, t)
            return hand[keys.index(min(keys))]
        key = t.lead_key
        return min(hand, key=key.__getitem__)
    trump = t.trump
    strength = t.strength
    pts = t.pts
    keep = t.keep
    best_seat, best = winner_of(trick, trump, strength)
    opp_after, partner_after = t.after[seat][len(trick)]
    if t.team_of[best_seat] == t.team_of[seat]:
        if not opp_after or (SUIT_OF[best] == trump and strength[best] >= SURE_TRUMP_STRENGTH):
            return min(hand, key=t.load_key.__getitem__)
        return min(hand, key=t.discard_key.__getitem__)
    if t.follow and not opp_after and not partner_after and SUIT_OF[hand[0]] == SUIT_OF[trick[0][1]]:
        top = keep_top(hand, trick, best, t.gone, t)
        if top >= 0:
            return top
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


def settle(hands: list[list[int]], stock: list[int], trick: Sequence[tuple[int, int]], points: list[int],
           t: Tables) -> int:
    """A full trick: its winner takes its points, then every seat draws from ``stock``
    (the rules core's order: the winner first, one card a turn). Returns the winner."""
    winner, _ = winner_of(trick, t.trump, t.strength)
    pts = t.pts
    p = 0
    for _, c in trick:
        p += pts[c]
    points[winner] += p
    if stock:
        for s in t.draws[winner]:
            hands[s].append(stock.pop())
    return winner


def playout(hands: list[list[int]], stock: list[int], trick: list[tuple[int, int]], turn: int,
            points: list[int], t: Tables) -> list[int]:
    """Play to the end with :func:`policy` for every seat; mutates and returns ``points``.

    ``stock`` is in reverse drawing order (``pop()`` draws), the briscola first."""
    n = t.n
    size = t.size
    while True:
        while len(trick) < size:
            hand = hands[turn]
            c = policy(hand, trick, turn, t)
            hand.remove(c)
            trick.append((turn, c))
            turn = (turn + 1) % n
        turn = settle(hands, stock, trick, points, t)
        trick = []
        if not hands[turn]:
            return points


# -- what is hidden, and guesses of it ---------------------------------------------------

class Hidden:
    """The hidden part of a position as one seat sees it.

    ``pool``: unseen cards in a fixed order (pack order), to share among other hands
    and the face-down stock; ``known``: seat -> cards publicly known to be in that hand
    (the drawn briscola, a turned card taken in an exchange; every hand when hands are
    open); ``need``: seat -> how many pool cards that hand holds; ``top``: the next card
    of the stock when it is shown (Scoperta), drawn first; ``bottom``: the turned card
    still under the stock, drawn last (None when none waits: drawn, or not turned);
    ``under``: the turned aces and threes put back under the stock (Redeal) still there,
    in drawing order, drawn after every other face-down card."""

    __slots__ = ("pool", "known", "need", "talon", "top", "bottom", "seat", "under")

    def __init__(self, view: PlayerView) -> None:
        self.seat = view.seat
        self.known: dict[int, list[int]] = {s: [int(c) for c in cards] for s, cards in view.known_cards().items()}
        pool = sorted(int(c) for c in view.unseen())
        self.top = int(view.next_card) if view.next_card is not None and view.talon_size else None
        if self.top is not None and self.top in pool:  # (a redealt card shown is no pool card)
            pool.remove(self.top)
        self.pool = pool
        self.need = {}
        for s in range(view.players):
            if s != view.seat:
                self.need[s] = view.hand_sizes[s] - len(self.known.get(s, ()))
        under = [int(c) for c in view.under()]
        if self.top is not None and self.top in under:  # shown, and drawn first
            under.remove(self.top)
        self.under = under
        self.talon = view.talon_size - (self.top is not None) - len(under)  # face-down cards still unknown
        self.bottom = int(view.briscola) if view.briscola_pending and view.briscola is not None else None

    def stock(self, order: Sequence[int]) -> list[int]:
        """The stock in reverse drawing order (``pop()`` draws) around ``order``, the
        unknown face-down cards: the turned card first, the shown next card last."""
        stock = [] if self.bottom is None else [self.bottom]
        stock.extend(reversed(self.under))
        stock.extend(order)
        if self.top is not None:
            stock.append(self.top)
        return stock

    def sample(self, rng: random.Random) -> tuple[dict[int, list[int]], list[int]]:
        """One full guess: other hands, and the stock in reverse drawing order."""
        pool = list(self.pool)
        rng.shuffle(pool)
        hands: dict[int, list[int]] = {}
        k = 0
        for s, m in self.need.items():
            hands[s] = self.known.get(s, []) + pool[k:k + m]
            k += m
        return hands, self.stock(pool[k:k + self.talon])

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
                    yield dict(acc), self.stock(order)
                return
            s = seats[i]
            for pick in combinations(left, self.need[s]):
                rest = [c for c in left if c not in pick]
                acc[s] = self.known.get(s, []) + list(pick)
                yield from rec(i + 1, rest, acc)

        yield from rec(0, list(self.pool), {})


def full_hands(view: PlayerView, others: dict[int, list[int]]) -> list[list[int]]:
    hands: list[list[int]] = [[] for _ in range(view.players)]
    hands[view.seat] = [int(c) for c in view.hand]
    for s, h in others.items():
        hands[s] = list(h)
    return hands


# -- two players: exact play once the stock is empty -------------------------------------

OPEN_SOLVE_CARDS = 3
"""Playouts solve exactly from the first trick with the stock empty and at most this
many cards in each hand (five-card hands play two tricks by the policy first: solving
them in every playout would cost far more than it gains)."""


def solve_open(lead: list[int], follow: list[int], t: Tables) -> int:
    """Card points the leader takes from the rest of a two-player deal of one card each
    a trick, with the stock empty and both hands known (both play perfectly, following
    suit where the rules say so); hands of at most three cards."""
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
        must = t.follow and any(SUIT_OF[y] == sx for y in follow)
        for j, y in enumerate(follow):
            sy = SUIT_OF[y]
            if must and sy != sx:
                continue
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
             points: list[int], t: Tables, count: bool = True) -> list[int]:
    """:func:`playout` for two players of one card each a trick, solved exactly from the
    first trick with the stock empty and hands of at most :data:`OPEN_SOLVE_CARDS` (as
    the searching levels play from then on). ``trick`` may be full: it is settled first.

    When the others must follow suit the policy counts every card played, those of the
    playout's own tricks too (:meth:`Tables.counting`; ``count=False``: only those out
    when the tables were made, as ``expert-2026`` plays). Judged position by position
    (docs/ai.md), counting them gained 0.032 card points a decision (standard error
    0.011) in two-player Briscolone following suit."""
    pts = t.pts
    counting = t.follow and count
    if counting:
        t = t.counting()
    while True:
        if not stock and not trick and len(hands[turn]) <= OPEN_SOLVE_CARDS:
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
        if counting:
            gone = t.gone
            for _, c in trick:
                gone |= 1 << c
            t.gone = gone
        turn = settle(hands, stock, trick, points, t)
        trick = []
        if not hands[turn]:
            return points
