"""Exact endgame: perfect play once nothing is hidden, best expectation over the rest.

:func:`solve` plays a position with every card known (hands, the cards on the table and
the stock in drawing order): for each card the seat to move may play, the card points its
side takes from here to the end of the deal when everyone plays perfectly. Two sides
(two players, or two teams) are searched with alpha-beta inside a trick and a memo of
exact values at the start of each trick; three players alone use max-n (each seat
maximises its own points).

Maximising final card points also maximises the result: points taken so far are fixed,
so two moves with equal final points have equal results (the tie-break towards winning
the deal never has to choose).

:func:`choose_by_worlds` applies the solver to a seat's view: over every split of the
unseen cards that fits the view (or a seeded sample when there are too many), the card
with the best total. With two players and an empty stock there is exactly one split; with
the hands face up, one order of the stock per way the cards past the shown one may lie.

The trick, follow and draw rules are the rules core's, so every variant is solved: no
trump, following suit, Dupla's four plays a trick and two draws each.
"""

from __future__ import annotations

import random
from typing import Generator, Sequence

from ..cards import ALL_CARDS, TABLES
from ..core import best_play, draw_order, legal_cards
from ..view import PlayerView
from . import run_to_end
from .sim import Hidden, Tables, full_hands
from .slices import SLICE_MS, Slices, paced

_INF = 1 << 20

LEGAL_ONLY = 1.0
"""The play model's doubt that makes it the model of a seat playing any card the rules
allow: the weight of a split is then 0 exactly when a past play would have been illegal."""


class Solver:
    """Perfect-information search of one fully known position (one world).

    The trick, follow and draw rules are the rules core's: ``per`` cards a seat each
    trick (two in Dupla, in turn), the suit led followed when ``follow``, trump None for
    none."""

    __slots__ = ("trump", "strength", "pts", "n", "team_of", "stock", "memo", "nodes", "per", "size", "follow")

    def __init__(self, trump: int | None, n: int, team_of: Sequence[int], ranking: str = "standard",
                 stock: Sequence[int] = (), per: int = 1, follow: bool = False) -> None:
        self.trump = trump
        self.strength, self.pts = TABLES[ranking]
        self.n = n
        self.team_of = tuple(team_of)
        self.stock = tuple(stock)  # reverse drawing order: the last item is drawn first
        self.memo: dict = {}
        self.nodes = 0
        self.per = per
        self.size = n * per
        self.follow = follow

    @classmethod
    def of(cls, t: Tables, ranking: str, stock: Sequence[int] = ()) -> Solver:
        """A solver for the deal the playout tables ``t`` describe."""
        return cls(t.trump, t.n, t.team_of, ranking, stock, t.per, t.follow)

    # -- shared ---------------------------------------------------------------------------
    def _finish(self, hands, trick, pos):
        """Trick complete: (winner, points, hands after drawing, stock position)."""
        best_seat, _ = best_play(trick, self.trump, self.strength)
        pts = self.pts
        p = 0
        for _, c in trick:
            p += pts[c]
        if pos:
            hands = list(hands)
            for s in draw_order(best_seat, self.n, self.per):
                pos -= 1
                hands[s] = hands[s] + (self.stock[pos],)
            hands = tuple(hands)
        return best_seat, p, hands, pos

    @staticmethod
    def _without(hands, seat, c):
        h = hands[seat]
        i = h.index(c)
        out = list(hands)
        out[seat] = h[:i] + h[i + 1:]
        return tuple(out)

    def _moves(self, hand, trick):
        """The cards the rules allow, those with points first (for earlier cut-offs)."""
        if self.follow and trick:
            hand = legal_cards(hand, trick, True)
        pts = self.pts
        return sorted(hand, key=lambda c: -pts[c]) if len(hand) > 1 else hand

    # -- two sides: value = points side 0 takes from here ---------------------------------
    def _trick_start(self, hands, leader, pos):
        if not hands[leader]:
            return 0
        key = (tuple(tuple(sorted(h)) for h in hands), leader, pos)
        v = self.memo.get(key)
        if v is None:
            v = self._search(hands, (), leader, pos, -_INF, _INF)
            self.memo[key] = v
        return v

    def _search(self, hands, trick, turn, pos, alpha, beta):
        self.nodes += 1
        maximise = self.team_of[turn] == 0
        n = self.n
        best = -_INF if maximise else _INF
        for c in self._moves(hands[turn], trick):
            rest = self._without(hands, turn, c)
            t2 = trick + ((turn, c),)
            if len(t2) == self.size:
                w, p, h2, pos2 = self._finish(rest, t2, pos)
                v = (p if self.team_of[w] == 0 else 0) + self._trick_start(h2, w, pos2)
            else:
                v = self._search(rest, t2, (turn + 1) % n, pos, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        return best

    # -- three players alone: max-n, value = tuple of points per seat from here ------------
    def _maxn_start(self, hands, leader, pos):
        if not hands[leader]:
            return (0,) * self.n
        key = (tuple(tuple(sorted(h)) for h in hands), leader, pos)
        v = self.memo.get(key)
        if v is None:
            v = self._maxn(hands, (), leader, pos)
            self.memo[key] = v
        return v

    def _maxn(self, hands, trick, turn, pos):
        self.nodes += 1
        best = None
        for c in self._moves(hands[turn], trick):
            v = self._maxn_move(hands, trick, turn, pos, c)
            if best is None or v[turn] > best[turn]:
                best = v
        return best

    def _maxn_move(self, hands, trick, turn, pos, c):
        rest = self._without(hands, turn, c)
        t2 = trick + ((turn, c),)
        if len(t2) == self.size:
            w, p, h2, pos2 = self._finish(rest, t2, pos)
            v = list(self._maxn_start(h2, w, pos2))
            v[w] += p
            return tuple(v)
        return self._maxn(rest, t2, (turn + 1) % self.n, pos)

    # -- the root ---------------------------------------------------------------------------
    def values(self, hands, trick, turn) -> dict[int, int]:
        """Card -> points the mover's side (alone: the mover) takes from here on."""
        return run_to_end(self.values_steps(hands, trick, turn))

    def values_steps(self, hands, trick, turn) -> Generator[None, None, dict[int, int]]:
        """:meth:`values`, pausing (a bare ``yield``) after each card searched: one
        guess of a long endgame takes several frames' work."""
        hands = tuple(tuple(int(c) for c in h) for h in hands)
        trick = tuple((s, int(c)) for s, c in trick)
        pos = len(self.stock)
        out = {}
        two_sides = len(set(self.team_of)) == 2
        for c in self._moves(hands[turn], trick):
            if c in out:
                continue
            if two_sides:
                rest = self._without(hands, turn, c)
                t2 = trick + ((turn, c),)
                if len(t2) == self.size:
                    w, p, h2, pos2 = self._finish(rest, t2, pos)
                    v0 = (p if self.team_of[w] == 0 else 0) + self._trick_start(h2, w, pos2)
                else:
                    v0 = self._search(rest, t2, (turn + 1) % self.n, pos, -_INF, _INF)
                if self.team_of[turn] == 0:
                    out[c] = v0
                else:
                    out[c] = self._remaining(hands, trick) - v0
            else:
                out[c] = self._maxn_move(hands, trick, turn, pos, c)[turn]
            yield
        return out

    def _remaining(self, hands, trick):
        pts = self.pts
        return (sum(pts[c] for h in hands for c in h) + sum(pts[c] for _, c in trick)
                + sum(pts[c] for c in self.stock))


def solve(hands: Sequence[Sequence[int]], trick: Sequence[tuple[int, int]], turn: int, trump: int | None, *,
          stock: Sequence[int] = (), ranking: str = "standard",
          team_of: Sequence[int] | None = None, per: int = 1, follow: bool = False) -> dict[int, int]:
    """Perfect play of a fully known position.

    ``hands`` per seat, ``trick`` the (seat, card) plays so far, ``turn`` the seat to move,
    ``trump`` the trump suit index (None: no trump), ``stock`` the cards still to draw in
    drawing order (the briscola last), ``team_of`` the side of each seat (default: each
    seat alone), ``per`` the cards each seat plays a trick (2 in Dupla), ``follow`` the
    rule to follow suit. Returns, for each card the mover may play, the card points its side takes from now to
    the end of the deal (this trick included) with best play by every side.

    >>> from briscola.cards import parse_cards
    >>> h = [parse_cards("1D 2S"), parse_cards("3D 4C")]
    >>> {str(k): v for k, v in solve(h, [], 0, trump=1).items()}  # Coppe trump
    {'1D': 0, '2S': 10}
    """
    n = len(hands)
    team_of = tuple(team_of) if team_of is not None else tuple(range(n))
    solver = Solver(trump, n, team_of, ranking, tuple(reversed([int(c) for c in stock])), per, follow)
    return {ALL_CARDS[c]: v for c, v in solver.values(hands, trick, turn).items()}


def world_values(view: PlayerView, others: dict[int, list[int]], stock_rev: list[int]) -> dict[int, int]:
    """Exact values of each legal card in one guess of the hidden cards."""
    return run_to_end(world_values_steps(view, others, stock_rev))


def world_values_steps(view: PlayerView, others: dict[int, list[int]], stock_rev: list[int]
                       ) -> Generator[None, None, dict[int, int]]:
    """:func:`world_values`, pausing after each card searched (:meth:`Solver.values_steps`)."""
    hands = full_hands(view, others)
    rules = view.rules
    solver = Solver(view.trump, view.players, rules.team_of, rules.ranking, stock_rev, rules.cards_per_trick,
                    rules.must_follow)
    return (yield from solver.values_steps(hands, view.trick, view.seat))


def choose_by_worlds(view: PlayerView, rng: random.Random, max_worlds: int = 64,
                     hidden: Hidden | None = None, infer: bool = False,
                     oversample: int = 3, exact_fit: bool = False) -> tuple[int, dict[int, float]]:
    """:func:`choose_by_worlds_steps` run to the end in one go."""
    return run_to_end(choose_by_worlds_steps(view, rng, max_worlds, hidden, infer, oversample, exact_fit))


def choose_by_worlds_steps(view: PlayerView, rng: random.Random, max_worlds: int = 64,
                           hidden: Hidden | None = None, infer: bool = False,
                           oversample: int = 3, exact_fit: bool = False
                           ) -> Generator[None, None, tuple[int, dict[int, float]]]:
    """Best card over every split of the unseen cards (a seeded sample past ``max_worlds``):
    the best total of :func:`worlds_totals_steps`.

    Returns (card, total value per card). Ties go to the card that is cheapest to keep
    out of play (fewest points, lowest strength), so the choice does not depend on luck.
    Yields every :data:`SLICE_MS` of work; where it yields never changes the result."""
    totals, _ = yield from worlds_totals_steps(view, rng, max_worlds, hidden, infer, oversample, exact_fit)
    return best_total(totals, view.rules.ranking), totals


def best_total(totals: dict[int, float], ranking: str) -> int:
    """The card of the highest total; ties to the fewest points, then the lowest strength."""
    strength, pts = TABLES[ranking]
    return max(totals, key=lambda c: (totals[c], -pts[c], -strength[c], -c))


def worlds_totals_steps(view: PlayerView, rng: random.Random, max_worlds: int = 64,
                        hidden: Hidden | None = None, infer: bool = False,
                        oversample: int = 3, exact_fit: bool = False
                        ) -> Generator[None, None, tuple[dict[int, float], float]]:
    """Each legal card's total over every split of the unseen cards (a seeded sample past
    ``max_worlds``) of the card points the mover's side takes from now on, each split
    solved exactly and counted with its weight; and the splits' total weight (a card's
    total over it is its mean).

    With ``infer``, splits are weighted by how likely they make the other seats' past
    plays (:class:`~.infer.PlayModel`): every split by its likelihood, or, past
    ``max_worlds``, ``max_worlds`` splits resampled from ``oversample`` times as many.
    Without it, when the rules make the others follow suit, splits are weighted as if the
    others had played any card the rules allow (:data:`LEGAL_ONLY`): a split in which a
    seat failed to follow while it could have counts for nothing. With ``exact_fit`` that
    is decided exactly (:meth:`~.infer.PlayModel.fits`: some order of the seat's draws
    makes every past play legal) and every split that fits counts alike; without it a
    split is scored on one history of its draws picked at random, which may rule out a
    split that fits and leaves the weights resting on a few splits (``hard-2026`` and
    ``expert-2026`` keep that).

    Yields every :data:`~.slices.SLICE_MS` of work; where it yields never changes the result."""
    slices = Slices()
    hidden = hidden or Hidden(view)
    model = None
    if (infer or view.rules.must_follow) and view.tricks and view.open_hands is None:
        from .infer import PlayModel

        model = PlayModel(view, Tables.of(view), partners=not infer, **({} if infer else {"eps": LEGAL_ONLY}))
        if not model.seats:
            model = None
    if model is not None:
        fit_only = exact_fit and not infer
        play_model = model

        def weigh(others: dict[int, list[int]]) -> float:
            if fit_only:
                return 1.0 if play_model.fits(others) else 0.0
            return play_model.weight(others, rng)
    if hidden.count_worlds() <= max_worlds:
        worlds = [(o, s, 1.0) for o, s in hidden.worlds()]
        if model is not None:
            weighed = []
            for o, s, _ in worlds:
                weighed.append((o, s, weigh(o)))
                if slices.due():
                    yield
                    slices.resumed()
            if any(w for _, _, w in weighed):  # else no sampled history fits: all alike
                worlds = weighed
    elif model is None:
        worlds = [(*hidden.sample(rng), 1.0) for _ in range(max_worlds)]
    else:
        from .infer import resample

        worlds = []
        for _ in range(4):  # rounds until max_worlds distinct splits (duplicates are free)
            cands = [hidden.sample(rng) for _ in range(max_worlds * oversample)]
            weights = []
            for o, _ in cands:
                weights.append(weigh(o))
                if slices.due():
                    yield
                    slices.resumed()
            counts: dict[int, int] = {}
            for i in resample(weights, max_worlds, rng):
                counts[i] = counts.get(i, 0) + 1
            worlds.extend((cands[i][0], cands[i][1], float(counts[i])) for i in sorted(counts))
            if len(worlds) >= max_worlds:
                break
    totals: dict[int, float] = {int(c): 0.0 for c in view.legal}
    weight = 0.0
    for others, stock, w in worlds:
        values = yield from paced(world_values_steps(view, others, stock), slices)
        for c, v in values.items():
            totals[c] += w * v
        weight += w
        if slices.due():
            yield
            slices.resumed()
    return totals, weight


def nothing_hidden(view: PlayerView) -> bool:
    """Is there one layout of the hidden cards only? (two players and an empty stock: the
    other hand is exactly the unseen cards; open hands and at most the shown next card
    left face down)"""
    return Hidden(view).count_worlds() == 1


__all__ = ["SLICE_MS", "Solver", "best_total", "solve", "choose_by_worlds", "choose_by_worlds_steps", "world_values",
           "world_values_steps", "worlds_totals_steps", "nothing_hidden"]
