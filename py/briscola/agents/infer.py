"""Inference over the hidden cards: how likely each guess makes what the others played.

A guess of the hidden cards (:class:`~.sim.Hidden`) fixes every other hand *now*. The
others' past plays say something about those hands: a careful player who led a liscio
probably had no safe carico, one who let a loaded trick go probably had nothing to take
it with. :class:`PlayModel` scores a guess by the probability of every play the other
seats made, under the medium-like policy of :mod:`.sim` with a little noise::

    P(card | hand, trick) = (1 - EPS) * [card is the policy's choice] / ties + EPS / len(legal)

where ``legal`` are the cards the rules let the hand play (all of them, or with the
follow rule those of the suit led): a guess in which a seat failed to follow suit while
it could have is ruled out.

The hand a seat held at each past trick is rebuilt backwards from the guess: its hand
now, plus the cards it played since, minus the cards it drew since. Which of its cards
were drawn when is hidden too; each step back picks one uniformly (every history is
then equally likely a priori), the drawn briscola excepted (it was the last draw of its
taker). A turned card taken in an exchange is treated as held from the start: the view
does not say when the exchange was made. The score is an unbiased estimate of the guess's likelihood, used to resample
guesses (importance resampling) before the expensive playouts.

Only the view is used: the trick history, who took the briscola, the hand sizes.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Sequence

from ..cards import SUIT_OF, make_pack
from ..core import legal_cards
from ..view import PlayerView
from .learned import FULL, best_of
from .learned_weights import WEIGHTS
from .sim import LOADED, SURE_TRUMP_STRENGTH, WIN_TEMPO, Tables, follow_lead_keys, keep_top, out_of_pack, winner_of
from .tactics import first_lead_keys

EPS = 0.1
"""Share of each decision's probability spread evenly over the hand (the model's doubt)."""


def choice_set(hand: Sequence[int], trick: Sequence[tuple[int, int]], seat: int, t: Tables,
               gone: int | None = None) -> list[int]:
    """Every card the medium policy may play here (its exact ties included); ``gone`` as
    for :func:`~.sim.policy`."""
    if t.follow and trick:
        hand = legal_cards(hand, trick, True)
    if len(hand) == 1:
        return [hand[0]]
    if not trick:
        if t.pending:
            return _argmin(hand, dict(zip(hand, first_lead_keys(hand, t.strength, t.pts))))
        if t.follow:
            return _argmin(hand, dict(zip(hand, follow_lead_keys(hand, t.gone if gone is None else gone, t))))
        return _argmin(hand, t.lead_key)
    trump = t.trump
    strength = t.strength
    pts = t.pts
    keep = t.keep
    best_seat, best = winner_of(trick, trump, strength)
    opp_after, partner_after = t.after[seat][len(trick)]
    if t.team_of[best_seat] == t.team_of[seat]:
        if not opp_after or (SUIT_OF[best] == trump and strength[best] >= SURE_TRUMP_STRENGTH):
            return _argmin(hand, t.load_key)
        return _argmin(hand, t.discard_key)
    if t.follow and not opp_after and not partner_after and SUIT_OF[hand[0]] == SUIT_OF[trick[0][1]]:
        top = keep_top(hand, trick, best, t.gone if gone is None else gone, t)
        if top >= 0:
            return [top]
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


def _argmin(hand: Sequence[int], key) -> list[int]:
    best = min(key[c] for c in hand)
    return [c for c in hand if key[c] == best]


def play_probability(card: int, hand: Sequence[int], trick: Sequence[tuple[int, int]], seat: int, t: Tables,
                     eps: float, gone: int | None = None) -> float:
    """P(card | hand, trick) under the medium policy with doubt ``eps``: the policy's
    choice (ties shared) with ``1 - eps``, any card the rules allow with ``eps``; a card
    the rules forbid (not following suit when it must) has probability 0, so a guess
    that would have made a play illegal is ruled out."""
    m = len(hand)
    if t.follow and trick:
        legal = legal_cards(hand, trick, True)
        if card not in legal:
            return 0.0
        m = len(legal)
    if m == 1:
        return 1.0
    ch = choice_set(hand, trick, seat, t, gone)
    p = eps / m
    if card in ch:
        p += (1.0 - eps) / len(ch)
    return p


def draw_rounds(rules) -> int:
    """Tricks followed by a draw: the stock (turned card included) over the cards a trick
    draws."""
    return (rules.pack - rules.hand_size * rules.players) // (rules.players * rules.cards_per_trick)


def first_tables(view: PlayerView, t: Tables) -> Tables | None:
    """The tables the first card of the deal was chosen with when that card fixed trump
    (trump "first"): trump still pending; None when the tables ``t`` apply throughout."""
    if view.rules.trump != "first" or t.pending:
        return None
    return Tables(view.rules.ranking, None, t.n, t.team_of, t.per, t.follow, pending=True)


def gone_before(tricks: Sequence[Sequence[tuple[int, int]]], pack: int) -> list[int]:
    """Per trick, the mask of the cards out of play before it (the earlier tricks' cards
    and those not in the pack): what the policy counts when the others must follow suit."""
    gone = out_of_pack(pack)
    out = []
    for tr in tricks:
        out.append(gone)
        for _, c in tr:
            gone |= 1 << int(c)
    return out


class PlayModel:
    """The others' observed decisions, ready to score guesses of their hands."""

    __slots__ = ("events", "t", "eps", "seats", "memo")

    def __init__(self, view: PlayerView, t: Tables, eps: float = EPS, partners: bool = True) -> None:
        self.t = t
        self.eps = eps
        me = view.seat
        rules = view.rules
        rounds = draw_rounds(rules)
        taker = view.briscola_taker
        first = first_tables(view, t)
        briscola = int(view.briscola) if view.briscola is not None else -1
        # Backwards, per seat: (0, card, trick so far, tables, cards gone before the
        # trick) and (1, forced card or -1).
        events: dict[int, list[tuple]] = {s: [] for s in range(view.players) if s != me}
        tricks = [tr.plays for tr in view.tricks] + [view.trick]
        gone = gone_before(tricks, rules.pack)
        for k in range(len(tricks) - 1, -1, -1):
            if k < len(view.tricks) and k < rounds:
                for s in events:
                    for d in range(rules.cards_per_trick):  # its last draw first
                        forced = k == rounds - 1 and s == taker and d == 0
                        events[s].append((1, briscola if forced else -1, None, None, 0))
            plays = [(s, int(c)) for s, c in tricks[k]]
            for i in range(len(plays) - 1, -1, -1):  # Dupla: a seat's later card first
                s, c = plays[i]
                if s != me:
                    tab = first if (k == 0 and i == 0 and first is not None) else t
                    events[s].append((0, c, plays[:i], tab, gone[k]))
        self.events = {s: [(i, *e) for i, e in enumerate(ev)] for s, ev in events.items()}
        self.memo: dict[int, float] = {}
        self.seats = [s for s in events if any(e[0] == 0 for e in events[s])
                      and (partners or rules.team_of[s] != rules.team_of[me])]

    def weight(self, others: dict[int, list[int]], rng: random.Random) -> float:
        """Likelihood (up to a constant) of every observed play in this guess."""
        eps = self.eps
        memo = self.memo
        w = 1.0
        for s in self.seats:
            hand = list(others[s])
            mask = 0
            for c in hand:
                mask |= 1 << c
            base = s << 50
            for i, kind, c, ctx, tab, before in self.events[s]:
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
                    p = memo[key] = play_probability(c, hand, ctx, s, tab, eps, before)
                w *= p
                if not w:
                    return 0.0
        return w

    def fits(self, others: dict[int, list[int]]) -> bool:
        """Could every seat have made its past plays legally with this guess of the hands?

        :meth:`weight` rebuilds what a seat held at each play by taking back one drawn
        card at random per draw, so a guess that fits may score 0 there (the card taken
        back was drawn before a trick in which the seat showed it had none of its suit).
        This asks instead whether *some* order of the seat's draws fits, exactly: each
        of its cards must have come in before it was played and, when the seat failed to
        follow a suit, after that play if the card is of that suit and was still to be
        played or is in hand now. Filling the deal's hand and then each draw with the
        waiting card due first decides it (earliest deadline first is exact for unit
        jobs with release times and deadlines)."""
        for s in self.seats:
            if not self._fits_seat(self.events[s], others[s]):
                return False
        return True

    @staticmethod
    def _fits_seat(events: list[tuple], hand: Sequence[int]) -> bool:
        forward = events[::-1]  # the events are stored last first
        never = len(forward)
        due: dict[int, int] = dict.fromkeys(hand, never + 1)  # card -> step it was played
        draws: list[tuple[int, int]] = []  # (step, forced card or -1)
        voids: list[tuple[int, int]] = []  # (step, suit the seat showed it had none of)
        for step, (_, kind, c, ctx, _tab, _gone) in enumerate(forward):
            if kind:
                draws.append((step, c))
            else:
                due[c] = step
                if ctx and SUIT_OF[c] != SUIT_OF[ctx[0][1]]:
                    voids.append((step, SUIT_OF[ctx[0][1]]))
        after = dict.fromkeys(due, -2)  # card -> it came in after this step
        for step, suit in voids:
            for c, d in due.items():
                if SUIT_OF[c] == suit and d > step and after[c] < step:
                    after[c] = step
        waiting = set(due)
        for step, c in draws:
            if c >= 0:
                if c not in waiting or not after[c] < step < due[c]:
                    return False
                waiting.discard(c)
        slots = [(-1, len(due) - len(draws))] + [(step, 1) for step, c in draws if c < 0]
        for step, k in slots:
            for _ in range(k):
                ready = [c for c in waiting if after[c] < step]
                if not ready:
                    return False
                c = min(ready, key=due.__getitem__)
                if due[c] <= step:
                    return False
                waiting.discard(c)
        return not waiting


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


# -- two players: the exact posterior over the other hand -------------------------------

class HandBelief:
    """Two players: every hand the other seat may hold now, weighted by how well it
    explains that seat's play (the :class:`PlayModel` probabilities, but summed over all
    the ways the hand came to be instead of one sampled history).

    A forward filter over the deal's events: the other seat starts with any hand (three
    cards, or the rules' hand size) of the cards this seat has never held (the face-up
    briscola aside), plays a card (the hands holding it keep the model's probability of
    that play), draws one (uniformly
    among the cards neither hand holds, or the briscola when it is its last draw). The
    weights are left unnormalized: a draw's spread is the same for every hand, so it is
    dropped. Cards this seat learns later (its own draws) were never in the other hand:
    the hands holding them are removed, which leaves the rest exactly as a fresh run.

    :meth:`update` extends the belief from the previous decision of the same deal (the
    events seen then are a prefix of the events now) or starts afresh; only the view is
    read, so the result is the same either way.

    When the others must follow suit the play model counts the cards (``t.gone``, the
    cards out of play now): every past play is judged by that count, so the belief starts
    afresh when the count changes (:class:`PlayModel` judges each play by the count of
    its own time).

    Not for a deal in which the other seat exchanged a trump for the turned card (when
    it did is not seen), and costly past three cards a hand: the states grow as the
    number of hands, C(unseen, hand size).
    """

    __slots__ = ("key", "events", "ours", "state")

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.events: list[tuple] = []
        self.ours = 0
        self.state: dict[int, float] = {}

    def update(self, view: PlayerView, t: Tables, eps: float = EPS) -> dict[int, float]:
        """Hand mask -> weight for the other seat's hand in ``view`` (2 players)."""
        from . import run_to_end

        return run_to_end(self.steps(view, t, eps))

    def steps(self, view: PlayerView, t: Tables, eps: float = EPS):
        """:meth:`update` as a generator that yields after each event it takes in (a few
        ms each in CPython), so a page keeps painting; returns the weights."""
        me = view.seat
        opp = 1 - me
        rules = view.rules
        rounds = draw_rounds(rules)
        briscola = int(view.briscola) if view.briscola is not None else -1
        pack = [int(c) for c in make_pack(rules.pack) if c != view.briscola]  # the briscola aside
        first = first_tables(view, t)
        ours = 0
        for x in view.hand:
            ours |= 1 << int(x)
        events: list[tuple] = []
        finished = len(view.tricks)
        tricks = [tr.plays for tr in view.tricks] + [view.trick]  # the current one last
        # what the other seat saw at each of its plays: the cards played before it, the
        # stock, its card points less ours (for a model of play that reads them)
        seen = 0
        stock = rules.pack - rules.players * rules.hand_size
        margin = 0
        for k, tr in enumerate(tricks):
            plays = [(s, int(x)) for s, x in tr]
            for i, (s, c) in enumerate(plays):
                if s == me:
                    ours |= 1 << c
                else:
                    events.append((0, c, tuple(plays[:i]), k == 0 and i == 0 and first is not None, seen, stock,
                                   margin))
                seen |= 1 << c
            if k < finished:
                margin += view.tricks[k].points if view.tricks[k].winner == opp else -view.tricks[k].points
            if k < finished and k < rounds:
                for d in range(rules.cards_per_trick):  # its last draw may be the briscola
                    forced = k == rounds - 1 and view.briscola_taker == opp and d == rules.cards_per_trick - 1
                    events.append((1, briscola if forced else -1, None, False, 0, 0, 0))
                    stock -= rules.players
        key = (briscola, rules, eps, me, t.gone)  # counted cards (following suit): each play judged by them
        done = len(self.events)
        if (key != self.key or events[:done] != self.events or self.ours & ~ours):
            self._start(pack, ours, rules.hand_size)
            self.key = key
            done = 0
        elif ours != self.ours:
            new = ours & ~self.ours
            self.state = {m: w for m, w in self.state.items() if not m & new}
        self.ours = ours
        self.events = events
        if done < len(events):
            played = 0  # the other seat's plays before the next event
            for e in events[:done]:
                if e[0] == 0:
                    played |= 1 << e[1]
            for e in events[done:]:
                if e[0] == 0:
                    yield from self._take(e, opp, first if e[3] and first is not None else t, eps)
                    played |= 1 << e[1]
                else:
                    self._draw(e[1], pack, ours | played)
                yield
        return self.state

    def _take(self, event: tuple, seat: int, t: Tables, eps: float):
        """The other seat's play ``event``: the hands holding its card keep the model's
        probability of it (a generator: a costlier model may pause inside)."""
        self._play(event[1], event[2], seat, t, eps)
        return
        yield

    def _start(self, pack: list[int], ours: int, size: int) -> None:
        pool = [c for c in pack if not ours >> c & 1]
        state = {}
        for hand in combinations(pool, size):
            m = 0
            for c in hand:
                m |= 1 << c
            state[m] = 1.0
        self.state = state

    def _play(self, card: int, ctx: tuple, seat: int, t: Tables, eps: float) -> None:
        bit = 1 << card
        out = {}
        for m, w in self.state.items():
            if not m & bit:
                continue
            p = play_probability(card, mask_cards(m), ctx, seat, t, eps)
            if p:
                out[m ^ bit] = w * p
        self.state = out

    def _draw(self, forced: int, pack: list[int], gone: int) -> None:
        if forced >= 0:
            bit = 1 << forced
            self.state = {m | bit: w for m, w in self.state.items()}
            return
        pool = [1 << c for c in pack if not gone >> c & 1]
        out: dict[int, float] = {}
        get = out.get
        for m, w in self.state.items():
            for b in pool:
                if not m & b:
                    k = m | b
                    out[k] = get(k, 0.0) + w
        self.state = out


class LearnedHandBelief(HandBelief):
    """:class:`HandBelief` with ``hard``'s distilled model (:mod:`.learned`) as the model
    of the other seat's play: the card it would play with ``1 - eps``, any card with
    ``eps``. Only where that model applies (:func:`.learned.applies`); with an empty
    stock (where ``hard`` solves and the other hand is known anyway) the medium model
    stands in. Costlier than the medium model (every hand holding the card played is
    valued card by card), so it pauses every :data:`HANDS_PER_STEP` hands."""

    __slots__ = ()

    def _take(self, event: tuple, seat: int, t: Tables, eps: float):
        _, card, ctx, _, seen, stock, margin = event
        if stock <= 0:
            self._play(card, ctx, seat, t, eps)
            return
        bit = 1 << card
        led = ctx[0][1] if ctx else -1
        trump = t.trump
        assert trump is not None  # the model applies only with a trump
        unseen = FULL & ~seen
        out = {}
        for i, (m, w) in enumerate(self.state.items()):
            if not m & bit:
                continue
            hand = mask_cards(m)
            p = eps / len(hand)
            if best_of(hand, trump, unseen & ~m, stock, margin, led, WEIGHTS) == card:
                p += 1.0 - eps
            out[m ^ bit] = w * p
            if i % HANDS_PER_STEP == HANDS_PER_STEP - 1:
                yield
        self.state = out


HANDS_PER_STEP = 128
"""Hands a :class:`LearnedHandBelief` weighs between two pauses (a few ms in CPython)."""


class MixedBelief:
    """The other hand's posterior under a mixture of models of its play, equally likely a
    priori (``parts``: a belief and its doubt each). Each part's weights are the
    probability of the same observed play given a hand, so their sum is the mixture's
    posterior (unnormalised): a model that explains the play better weighs more, hand by
    hand, without saying beforehand which the other seat follows."""

    __slots__ = ("parts",)

    def __init__(self, parts: Sequence[tuple[HandBelief, float]]) -> None:
        self.parts = list(parts)

    @classmethod
    def of(cls, spec: Sequence[tuple[str, float]]) -> MixedBelief:
        """The mixture of ``spec``: (``"medium"`` or ``"learned"``, doubt) per model."""
        return cls([(LearnedHandBelief() if kind == "learned" else HandBelief(), eps) for kind, eps in spec])

    def update(self, view: PlayerView, t: Tables, eps: float = EPS) -> dict[int, float]:
        from . import run_to_end

        return run_to_end(self.steps(view, t, eps))

    def steps(self, view: PlayerView, t: Tables, eps: float = EPS):
        """The summed weights; ``eps`` is unused (each part has its own)."""
        out: dict[int, float] = {}
        get = out.get
        for belief, doubt in self.parts:
            state = yield from belief.steps(view, t, doubt)
            for m, w in state.items():
                out[m] = get(m, 0.0) + w
        return out


def mask_cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
