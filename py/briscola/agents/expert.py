"""The search player (level ``expert``): determinized Monte Carlo over the hidden cards
on top of the exact endgame solver.

For each decision it repeatedly guesses the hidden cards (the other hands and the order
of the stock) among the layouts that fit its view, the drawn briscola kept in its
taker's hand, weighted by how well each explains the others' play so far (two players:
drawn from the exact posterior of the other hand, :class:`~.infer.HandBelief`, under a
mixture of models of its play where ``hard``'s model applies, :data:`MIXTURE`; more
players: importance resampling with :class:`~.infer.PlayModel`), and tries every card
it may play in that guess: it plays the card,
then the rest of the deal with the fast medium-like policy (:mod:`.sim`) for every
seat. The card with the best average result wins. Guesses are shared by all candidate
cards (common random numbers), so their comparison is sharp with few samples.

Near the end it stops guessing the play and solves: with two players, from the moment
the stock holds ``SOLVE_STOCK`` cards or fewer, each guess is solved exactly (and with an
empty stock the one possible guess is the truth, so play is perfect); with more players
the last tricks are solved over the splits of the unseen cards.

Every variant: the guesses keep what the variant shows (open hands leave only the order
of the stock past the shown next card to guess; a card taken in an exchange stays in its
taker's hand; with no turned card nothing waits under the stock), the playouts follow its
rules through :mod:`.sim` (no trump, following suit, Dupla's four-card tricks), and the
first card of a deal whose first card fixes trump is tried with its own suit as trump.
Where nothing is hidden (two players and an empty stock, late Scoperta) the exact solver
plays. The exact posterior of the other hand is kept for three-card hands of one card a
trick; Dupla, five-card hands and an exchange by the other seat use the play model.

Budget: ``budget_ms`` of wall clock per decision (default 300), or, for reproducible
matches, ``iterations`` guesses per decision whatever the clock says. :meth:`think`
yields every :data:`~.slices.SLICE_MS` of work so a browser page keeps painting.
"""

from __future__ import annotations

import random
import time
from bisect import bisect_right
from itertools import accumulate
from typing import Any, Generator

from ..cards import ALL_CARDS, SUIT_OF, Card
from ..model import Action
from ..view import PlayerView
from . import run_to_end
from .endgame import Solver, best_total, nothing_hidden, worlds_totals_steps
from .hard import HardAgent, _position_key
from . import learned
from .infer import HandBelief, MixedBelief, PlayModel, mask_cards, resample
from .sim import Hidden, Tables, full_hands, playout, playout2
from .slices import Slices, paced
from .tactics import special_action, trump_pending

DEFAULT_BUDGET_MS = 300

SOLVE_STOCK = {2: 4, 3: 0, 4: 0, 6: 0}
"""Stock size (briscola included) from which each guess is solved exactly."""

SOLVE_STOCK_FIVE = 2
"""Two players with five cards a hand: stock size from which each guess is solved (a
guess is twelve cards to solve, so later than with three). Against hard over 150 deals
(200 guesses): 54.7% instead of 51.2%."""

EXACT_WORLDS = 400

SOLVE_COST = 4
"""An exactly solved guess costs about this many played-out ones: with a fixed iteration
count, that many fewer guesses are solved."""
"""With two players and a small stock: solve every guess when there are at most this many."""

POINT_WEIGHT = 0.2
"""Value of a playout: 1 for a win (0.5 draw) plus this times the point margin / 120."""

TOTAL_POINTS = 120

MIN_WORLDS = 8

PRIOR_BONUS = 0.05
"""Head start (per guess, in value units) of the card the ``hard`` heuristic would play:
the search must find the alternative better by more than this to overrule it. Sampling
noise then costs little, since the fallback is a good card."""
"""Guesses always tried, whatever the clock says."""


BATCH = 16
"""Guesses kept per round of importance resampling."""

OVERSAMPLE = 6
"""Guesses scored per guess kept: the more, the closer the kept ones follow the
others' observed play (and the more duplicates, which cost nothing to play out)."""


BELIEF_EPS = 0.02
"""The play model's doubt in the two-player posterior (:class:`~.infer.HandBelief`).
Against medium over 500 deals (seed 1, 200 guesses): 71.8% at 0.1, 73.6% at 0.02; against
hard 63.9% at 0.02."""

MIXTURE = (("medium", 0.02), ("medium", 0.30), ("learned", 0.10))
"""Two players where ``hard``'s model applies: the other seat's play is modelled as one
of these, each equally likely a priori (:class:`~.infer.MixedBelief`): the medium policy
with little doubt, the same with much, and ``hard``'s distilled model. Measured by the
log-probability of the true other hand (docs/ai.md): against the new hard the learned
model explains its play best, against expert-2026 the doubtful medium, against hard-2026
the sure medium; the mixture follows whichever fits."""


_DONE: Any = object()
"""No guess left (the end of a guess source)."""
_PAUSE: Any = object()
"""Yielded by a guess source between two steps of a long piece of work: not a guess."""


class ExpertAgent:
    name = "expert"
    infer = True
    eps = None  # None: infer.EPS
    batch = BATCH
    oversample = OVERSAMPLE
    point_weight = POINT_WEIGHT
    prior_bonus = PRIOR_BONUS
    solve_rollouts = True  # two players: playouts solve exactly once the stock is empty
    belief = True  # two players: guesses from the exact posterior of the other hand
    belief_eps = BELIEF_EPS
    mixture: tuple[tuple[str, float], ...] = MIXTURE  # () : the medium model alone
    count_played = True  # two players following suit: playouts count the cards they play (sim.playout2)
    exact_fit = True  # three or more following suit: endgame splits that fit some order of the draws

    def __init__(self, seed: int | None = None, budget_ms: float = DEFAULT_BUDGET_MS,
                 iterations: int | None = None) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 30)
        self.budget_ms = budget_ms
        self.iterations = iterations  # guesses per decision; None: use the clock budget
        self.rng = random.Random(self.seed)
        self.last_worlds = 0
        self.prior = HardAgent(seed=self.seed)
        self._hand_belief = HandBelief()
        self._mixed = MixedBelief.of(self.mixture) if self.mixture else None

    def choose(self, view: PlayerView) -> Card | Action:
        return run_to_end(self.think(view))

    def think(self, view: PlayerView) -> Generator[None, None, Card | Action]:
        return special_action(view) or (yield from self.think_card(view))

    def think_card(self, view: PlayerView) -> Generator[None, None, Card]:
        """The card to play, yielding every :data:`~.slices.SLICE_MS` of work."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        totals, _, _ = yield from self._search(view, card_points=False)
        return ALL_CARDS[best_total(totals, view.rules.ranking)]

    def think_values(self, view: PlayerView) -> Generator[None, None, dict[Card, float]]:
        """For each card this seat may play, the card points its side is expected to end
        the deal with, as the search that chooses the card sees it: the same guesses (the
        same seed), the same playouts and solves, each guess scored by the side's final
        card points instead of the win and the margin, and no head start for ``hard``'s
        card. What the review after a deal shows (:mod:`briscola_app.review`); yields
        every :data:`SLICE_MS` of work as :meth:`think` does."""
        rules = view.rules
        side = rules.teams[rules.team_of[view.seat]]
        now = sum(view.points[s] for s in side)
        totals, weight, from_now = yield from self._search(view, card_points=True)
        if not weight:  # no guess fitted at all: nothing to tell the cards apart
            return {ALL_CARDS[c]: float(now) for c in totals}
        return {ALL_CARDS[c]: (now if from_now else 0) + v / weight for c, v in totals.items()}

    def _search(self, view: PlayerView,
                card_points: bool) -> Generator[None, None, tuple[dict[int, float], float, bool]]:
        """The search of a decision: (total value per legal card, total weight of the
        guesses, whether the values count from now rather than from the deal's start).
        Values are the card points of the seat's side with ``card_points``; else the search's
        own (:meth:`_value_fn`, the head start of ``hard``'s card included), or the
        points taken from now on where every guess is solved exactly."""
        self.rng.seed(_position_key(view) ^ self.seed)
        n = view.players
        if n == 2 and nothing_hidden(view):
            totals, weight = yield from worlds_totals_steps(view, self.rng, 1)
            return totals, weight, True
        if (n > 2 or view.open_hands is not None) and HardAgent._endgame(view):
            budget = self.iterations if self.iterations is not None else 64
            totals, weight = yield from worlds_totals_steps(view, self.rng, max(8, min(budget, 64)),
                                                            exact_fit=self.exact_fit)
            return totals, weight, True
        totals, mass = yield from self._pimc(view, card_points)
        return totals, mass, False

    # -- search ------------------------------------------------------------------------
    def _value_fn(self, view: PlayerView):
        """(final points per seat) -> value for this seat's side."""
        rules = view.rules
        teams = rules.teams
        mine = rules.team_of[view.seat]
        threshold = rules.win_threshold
        n = view.players
        pw = self.point_weight / TOTAL_POINTS

        def alone(points):
            me = points[mine]
            best_other = max(p for s, p in enumerate(points) if s != mine)
            win = 1.0 if me > best_other else (0.5 if me == best_other else 0.0)
            return win + pw * (me - best_other)

        def two_sides(points):
            own = sum(points[s] for s in teams[mine])
            other = sum(points[s] for s in teams[1 - mine])
            win = 1.0 if own >= threshold or own > other else (0.5 if own == other else 0.0)
            return win + pw * (own - other)
        return alone if n == 3 else two_sides

    def _budget_done(self, worlds: int, started: float, limit: int | None) -> bool:
        if limit is not None:
            return worlds >= limit
        return worlds >= MIN_WORLDS and (time.perf_counter() - started) * 1000 >= self.budget_ms

    @staticmethod
    def _tables(view: PlayerView, legal: list[int]) -> dict[int, Tables]:
        """The playout tables after each candidate card: one set, unless the card is the
        first of a deal whose first card fixes trump (then its suit is trump)."""
        if not trump_pending(view):
            t = Tables.of(view)
            return {c: t for c in legal}
        by_suit = {s: Tables.of(view, trump=s) for s in {SUIT_OF[c] for c in legal}}
        return {c: by_suit[SUIT_OF[c]] for c in legal}

    def _solves_guesses(self, view: PlayerView) -> bool:
        """Two players, one card a seat a trick and a small stock: each guess is solved
        exactly instead of played out (:data:`SOLVE_STOCK`, :data:`SOLVE_STOCK_FIVE`)."""
        rules = view.rules
        if view.players != 2 or rules.cards_per_trick != 1:
            return False
        if rules.hand_size == 5:
            return view.stock_size <= SOLVE_STOCK_FIVE
        return view.stock_size <= SOLVE_STOCK[2]

    def _source(self, view: PlayerView, hidden: Hidden, t: Tables, every, slices: Slices):
        """The guesses to try, (other hands, stock, multiplicity), following the others'
        play where that tells anything (:meth:`_guesses`, :meth:`_belief_guesses`)."""
        if not self.infer or view.open_hands is not None:  # open hands: only the stock order is hidden
            return self._guesses(hidden, None, every)
        if view.players == 2 and self.belief and _belief_fits(view):
            posterior: HandBelief | MixedBelief = self._hand_belief
            if self._mixed is not None and learned.applies(view) and view.rules.trump != "first":
                posterior = self._mixed
            belief = _with_redeals(view, (yield from paced(posterior.steps(view, t, self.belief_eps), slices)))
            if belief:
                return self._belief_guesses(view, belief, hidden, every)
            return self._guesses(hidden, None, every)
        model = None
        if view.tricks or view.trick:
            model = PlayModel(view, t, **({} if self.eps is None else {"eps": self.eps}))
            if not model.seats:
                model = None
        return self._guesses(hidden, model, every)

    def _points_fn(self, view: PlayerView):
        """(final points per seat) -> the card points of this seat's side."""
        rules = view.rules
        side = rules.teams[rules.team_of[view.seat]]
        return lambda points: sum(points[s] for s in side)

    def _pimc(self, view: PlayerView,
              card_points: bool = False) -> Generator[None, None, tuple[dict[int, float], float]]:
        """Every legal card played out (or solved) over the guesses: (total value per
        card, total multiplicity of the guesses); the value is :meth:`_value_fn`'s with
        ``hard``'s card given its head start, or with ``card_points`` the side's final card
        points (:meth:`_points_fn`) and no head start."""
        started = time.perf_counter()
        slices = Slices()
        hidden = Hidden(view)
        value = self._points_fn(view) if card_points else self._value_fn(view)
        legal = sorted(set(int(c) for c in view.legal))
        tabs = self._tables(view, legal)
        t = tabs[legal[0]]
        totals = {c: 0.0 for c in legal}
        seat = view.seat
        n = view.players
        base_points = list(view.points)
        trick = [(s, int(c)) for s, c in view.trick]
        solve = self._solves_guesses(view)
        limit = self.iterations
        if solve and hidden.count_worlds() <= EXACT_WORLDS and self.iterations is None:
            every = list(hidden.worlds())
            self.rng.shuffle(every)  # the clock may stop early: an unbiased subset
            worlds_iter = iter(every)
        else:
            worlds_iter = None
            if solve and limit is not None:
                limit = max(MIN_WORLDS, limit // SOLVE_COST)
        worlds = 0
        mass = 0
        source = yield from self._source(view, hidden, t, worlds_iter, slices)
        one_each = n == 2 and t.per == 1 and self.solve_rollouts
        if not one_each:
            roll = playout
        else:
            roll = playout2 if self.count_played else _uncounted
        while True:
            if self._budget_done(worlds, started, limit):
                break
            w = next(source, _DONE)
            if w is _DONE:
                break
            if w is _PAUSE:  # a batch of guesses being weighed
                if slices.due():
                    yield
                    slices.resumed()
                continue
            others, stock, mult = w
            hands = full_hands(view, others)
            if solve:
                solver = Solver.of(t, view.rules.ranking, stock)
                values = yield from paced(solver.values_steps(hands, trick, seat), slices)
                for c, v in values.items():
                    final = [0, 0]
                    final[seat] = base_points[seat] + v
                    final[1 - seat] = TOTAL_POINTS - final[seat]
                    totals[c] += mult * value(final)
            else:
                for c in legal:
                    tc = tabs[c]
                    h = [list(x) for x in hands]
                    h[seat].remove(c)
                    tr = trick + [(seat, c)]
                    pts_now = list(base_points)
                    final = roll(h, list(stock), tr, (seat + 1) % n, pts_now, tc)  # a full trick is settled first
                    totals[c] += mult * value(final)
            worlds += 1
            mass += mult
            if slices.due():
                yield
                slices.resumed()
        self.last_worlds = worlds
        if not solve and worlds and not card_points:
            self.prior.rng.seed(self.rng.random())
            totals[int(self.prior.card(view))] += self.prior_bonus * mass
        return totals, mass

    def _guesses(self, hidden: Hidden, model: PlayModel | None, every):
        """(other hands, stock, multiplicity) guesses, following the others' play; between
        two guesses weighed for a batch, :data:`_PAUSE` (the search may pause there)."""
        rng = self.rng
        if every is not None:  # every guess once, weighted by its likelihood
            for others, stock in every:
                yield others, stock, (model.weight(others, rng) if model else 1.0)
            return
        if model is None:
            while True:
                others, stock = hidden.sample(rng)
                yield others, stock, 1
        batch = self.batch
        while True:
            cands = [hidden.sample(rng) for _ in range(batch * self.oversample)]
            weights = []
            for o, _ in cands:
                weights.append(model.weight(o, rng))
                yield _PAUSE
            counts: dict[int, int] = {}
            for i in resample(weights, batch, rng):
                counts[i] = counts.get(i, 0) + 1
            for i in sorted(counts):
                yield cands[i][0], cands[i][1], counts[i]

    def _belief_guesses(self, view: PlayerView, state: dict[int, float], hidden: Hidden, every):
        """Two players: guesses of the other hand drawn from its exact posterior
        ``state`` (:class:`~.infer.HandBelief`), each with a uniform stock."""
        rng = self.rng
        opp = 1 - view.seat
        if every is not None:
            for others, stock in every:
                m = 0
                for c in others[opp]:
                    m |= 1 << c
                yield others, stock, state.get(m, 0.0)
            return
        masks = list(state)
        cum = list(accumulate(state.values()))
        total = cum[-1]
        pool = hidden.pool
        batch = self.batch
        last = len(masks) - 1
        while True:  # systematic resampling, a batch at a time
            step = total / batch
            u = rng.random() * step
            counts: dict[int, int] = {}
            for j in range(batch):
                i = min(bisect_right(cum, u + j * step), last)
                counts[i] = counts.get(i, 0) + 1
            for i in sorted(counts):
                m = masks[i]
                rest = [c for c in pool if not m >> c & 1]
                rng.shuffle(rest)
                yield {opp: mask_cards(m)}, hidden.stock(rest), counts[i]


def _uncounted(h, stock, tr, turn, pts_now, t):
    """:func:`~.sim.playout2` counting only the cards out when the tables were made."""
    return playout2(h, stock, tr, turn, pts_now, t, count=False)


def _with_redeals(view: PlayerView, state: dict[int, float]) -> dict[int, float]:
    """Redeal: the other hand's weights kept only for the hands that hold the put-back
    aces and threes it drew and has not played, and none still under the stock (the
    belief's draws are uniform over the cards it has not seen placed).

    Conditioning after the filter is exact, not an approximation: until a put-back card
    is drawn, the filter's paths through a hand holding it end in hands dropped here, and
    the others are weighed as if it had been placed all along; once one is drawn (the
    stock's last face-down places), the rest of the stock is the other put-back cards
    and the briscola, so the other hand is known. ``tests/unit/test_belief.py`` holds it
    to a brute force that places them."""
    if not view.redeals:
        return state
    opp = 1 - view.seat
    played = set(view.played_cards())
    must = never = 0
    for drawer, card in view.redeals:
        if drawer == opp and card not in played:
            must |= 1 << int(card)
        else:
            never |= 1 << int(card)
    return {m: w for m, w in state.items() if m & must == must and not m & never}


def _belief_fits(view: PlayerView) -> bool:
    """Can :class:`~.infer.HandBelief` follow the other hand? Three cards a hand, one
    card a seat a trick (more would make too many hands to weigh), and no exchange by
    the other seat (when it was made is not seen)."""
    rules = view.rules
    return (rules.hand_size == 3 and rules.cards_per_trick == 1
            and all(s == view.seat for s, _, _ in view.exchanges))
