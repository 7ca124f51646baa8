"""The review after a deal: the tricks one by one, and the expert's coaching on each of
the person's plays. DOM-free, so every number can be checked without a browser.

The finished deal is replayed action by action from its layout (the same replay a record
gets, :func:`replay`). Each finished trick becomes a :class:`TrickStep`: who led, the
cards in the order played, who took it and for how many points, and the person's hand
when they played to it. Each card the person played is a :class:`Decision`, kept with
the person's own view at that moment (``game.view(0)`` of the deal replayed to there:
their hand, the cards played, nothing hidden).

Coaching (:meth:`Review.coach`): for every decision with more than one card to choose
from, the expert's search values *every* legal card as the card points the person's
side is expected to end the deal with (:meth:`ExpertAgent.think_values
<briscola.agents.expert.ExpertAgent.think_values>`: the guesses, playouts and exact
solves the expert plays with, scored in card points; in Briscola chiamata the side of
each guess). The loss of a decision is the best card's value less the played card's,
0 when the person chose the best. A decision that loses :data:`MIN_LOSS` or more at
:data:`GUESSES` guesses is searched again at :data:`CONFIRM_GUESSES`, whose values it
keeps: most such losses are the guesses' noise (below). The three costliest decisions
are the largest losses of at least :data:`MIN_LOSS`, ties to the earlier one.

Every decision is searched with the same fixed seed (:data:`COACH_SEED`, mixed by the
expert with what the view shows), so a deal always gets the same coaching; and with
:data:`GUESSES` guesses, so a two-player deal is coached in well under a second of
CPython (``tools/bench_review.py``). The work is a generator that yields between slices
of work (:meth:`Review.coach`; about 25 ms, under 40 ms measured in CPython): the page
waits for a painted frame between slices.

>>> from briscola.game import Game
>>> from briscola.rules import Rules
>>> from briscola.agents import make_agent
>>> g = Game.deal(Rules.standard(2), seed=3)
>>> bots = [make_agent("medium", seed=s) for s in (0, 1)]
>>> while not g.over:
...     _ = g.apply(bots[g.turn].choose(g.view(g.turn)))
>>> r = Review(g)
>>> len(r.steps), sum(s.points for s in r.steps), len(r.decisions)
(20, 120, 20)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Generator, Iterator

from briscola.agents.endgame import best_total
from briscola.agents.five import ExpertPlayer
from briscola.cards import Card
from briscola.game import Game
from briscola.model import PLAY, Action
from briscola.view import PlayerView

HUMAN = 0

GUESSES = 100
"""Guesses of the hidden cards per decision (the expert plays with about 1100 on the
page's clock, 200 in the strength tables). Measured with ``tools/bench_review.py``: a
whole two-player deal in about 0.5 s of CPython on this project's machine; see
docs/ai.md."""

COACH_SEED = 7919
"""The expert's seed for every decision of a review: the same deal, the same coaching."""

CONFIRM_GUESSES = 400
"""Guesses of a second search of each decision that seemed to lose :data:`MIN_LOSS` or
more. Measured on 15 two-player deals whose every card was the expert's hint (1000
guesses) against hard: see docs/ai.md ("The review after a deal")."""

MIN_LOSS = 1.0
"""A loss under this many card points is within the noise of the guesses: such a
decision is never among the costliest."""

COSTLIEST = 3

SLICE_MS = 8
"""Least work between two yields of :meth:`Review.coach` (see there)."""


@dataclass(frozen=True)
class Decision:
    """A card the person played: ``index`` among their plays, ``trick`` the trick's
    index (from 0), the hand and the cards the rules allowed, the card played, and the
    person's view just before (what they could know then)."""

    index: int
    trick: int
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]
    played: Card
    view: PlayerView

    @property
    def choice(self) -> bool:
        """Was there more than one card to choose from? (only then is it coached)"""
        return len(set(self.legal)) > 1


@dataclass(frozen=True)
class TrickStep:
    """One finished trick: its number (from 1), leader, plays in order, winner and
    points; the person's hand when they first played to it, and their decisions in it
    (indexes into :attr:`Review.decisions`: two a trick in Dupla)."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    points: int
    hand: tuple[Card, ...]
    decisions: tuple[int, ...]


@dataclass(frozen=True)
class Coaching:
    """The expert's view of one decision: each legal card's expected final card points
    for the person's side, the best card, the value of the card played and the loss."""

    values: dict[Card, float]
    best: Card
    played: Card

    @classmethod
    def of(cls, values: dict[Card, float], played: Card, ranking: str) -> Coaching:
        best = Card(best_total({int(c): v for c, v in values.items()}, ranking))
        return cls(values, best, played)

    @property
    def best_value(self) -> float:
        return self.values[self.best]

    @property
    def value(self) -> float:
        return self.values[self.played]

    @property
    def loss(self) -> float:
        """Card points lost against the best card: 0 when the played card is the best
        (or as good)."""
        return max(0.0, self.best_value - self.value)


def replay(game: Game) -> Iterator[tuple[Game, int, Action]]:
    """The deal from its layout, one action at a time: (the deal before the action, the
    seat acting, the action). The same deal object moves on after each yield."""
    g = Game(game.rules, game.initial_hands, game.initial_briscola, game.talon, dealer=game.dealer,
             seed=game.seed, redeals=game.redeals, validate=False)
    for seat, action in game.actions:
        yield g, seat, action
        g.apply(action)


class Review:
    """A finished deal's steps, the person's decisions and, once :meth:`coach` has run,
    the coaching of each decision with a choice."""

    def __init__(self, game: Game, seat: int = HUMAN) -> None:
        self.ranking = game.rules.ranking
        self.steps: list[TrickStep] = []
        self.decisions: list[Decision] = []
        hand: tuple[Card, ...] | None = None
        mine: list[int] = []

        def trick_done(g: Game) -> None:
            nonlocal hand, mine
            if len(g.tricks) > len(self.steps):
                done = g.tricks[-1]
                self.steps.append(TrickStep(len(g.tricks), done.leader, done.plays, done.winner, done.points,
                                            hand or (), tuple(mine)))
                hand, mine = None, []

        g = None
        for g, who, action in replay(game):
            trick_done(g)
            if who == seat and action.kind == PLAY and action.card is not None:
                now = tuple(g.hands[seat])
                if hand is None:
                    hand = now
                mine.append(len(self.decisions))
                self.decisions.append(Decision(len(self.decisions), len(g.tricks), now, tuple(g.legal_moves()),
                                               action.card, g.view(seat)))
        if g is not None:  # the replay has moved on past the last action
            trick_done(g)
        del self.decisions[len(self.decisions) - len(mine):]  # a trick left unfinished (mano negra shown)
        self.coaching: list[Coaching | None] = [None] * len(self.decisions)

    @property
    def to_coach(self) -> list[int]:
        """The decisions the coaching covers: those with a choice, in the deal's order."""
        return [d.index for d in self.decisions if d.choice]

    @property
    def coached(self) -> int:
        return sum(1 for i in self.to_coach if self.coaching[i] is not None)

    @property
    def done(self) -> bool:
        return all(self.coaching[i] is not None for i in self.to_coach)

    def coach(self, guesses: int = GUESSES, confirm: int = CONFIRM_GUESSES) -> Generator[int, None, None]:
        """Coach every decision not coached yet, in the deal's order; yields between
        slices of work the number of decisions coached so far. The searches yield every
        25 ms or so (:data:`~briscola.agents.expert.SLICE_MS`), and some far sooner (the
        two-player belief after each past play, a few ms): a yield comes at the first of
        their pauses, or the end of a decision, past :data:`SLICE_MS` of work, so a page
        that paints a frame at each yield does not wait for frames after every sliver of
        work, and a slice is still about the searches' own. Stopped and started again,
        it goes on where it stopped. A decision that seems to lose :data:`MIN_LOSS` or
        more is searched again at ``confirm`` guesses (when more than ``guesses``)."""
        counts = (guesses, confirm) if confirm > guesses else (guesses,)
        experts = [ExpertPlayer(seed=COACH_SEED, iterations=n) for n in counts]
        count = self.coached
        last = time.perf_counter()
        for i in self.to_coach:
            if self.coaching[i] is not None:
                continue
            d = self.decisions[i]
            for expert in experts:
                search = expert.think_values(d.view)
                while True:
                    try:
                        next(search)
                    except StopIteration as finished:
                        values = finished.value
                        break
                    if (time.perf_counter() - last) * 1000 >= SLICE_MS:
                        yield count
                        last = time.perf_counter()
                coaching = Coaching.of(values, d.played, self.ranking)
                if coaching.loss < MIN_LOSS:
                    break
            self.coaching[i] = coaching
            count += 1
            if (time.perf_counter() - last) * 1000 >= SLICE_MS or count == len(self.to_coach):
                yield count
                last = time.perf_counter()

    def costliest(self, k: int = COSTLIEST) -> list[int]:
        """The decisions of the ``k`` largest losses of at least :data:`MIN_LOSS`, largest
        first, ties to the earlier decision."""
        losses = [(c.loss, i) for i, c in enumerate(self.coaching) if c is not None and c.loss >= MIN_LOSS]
        losses.sort(key=lambda x: (-x[0], x[1]))
        return [i for _, i in losses[:k]]

    def step_of(self, decision: int) -> int:
        """The index of the step (trick) a decision belongs to."""
        return next(k for k, s in enumerate(self.steps) if decision in s.decisions)


__all__ = ["COACH_SEED", "CONFIRM_GUESSES", "Coaching", "Decision", "GUESSES", "MIN_LOSS", "Review", "TrickStep",
           "replay"]
