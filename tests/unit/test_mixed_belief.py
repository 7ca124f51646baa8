"""The expert's model of the other seat's play with two players (agents/infer.py):
``hard``'s distilled model as a model of play (LearnedHandBelief) and the mixture of
models the expert guesses from (MixedBelief).

The learned belief is checked against a brute force over every history of the other
hand, whose context (cards seen, stock, margin at each play) is worked out here again
from the tricks; both beliefs are checked carried along a deal against built afresh.
"""

from __future__ import annotations

import math

import pytest

from briscola.agents import make_agent
from briscola.agents.expert import MIXTURE
from briscola.agents.infer import HandBelief, LearnedHandBelief, MixedBelief, play_probability
from briscola.agents.learned import FULL, best_of
from briscola.agents.learned_weights import WEIGHTS
from briscola.agents.sim import Tables
from briscola.game import Game
from briscola.rules import Rules
from briscola.view import PlayerView
from tests.unit.test_belief import cards_of, possible_hands

EPS = 0.1


def views_of_deal(seed: int, agents: tuple[str, str] = ("hard", "hard")):
    """Every view of either seat in a deal between two levels."""
    g = Game.deal(Rules.standard(2), seed=seed)
    players = [make_agent(a, seed=seed * 2 + s) for s, a in enumerate(agents)]
    while not g.over:
        view = g.view(g.turn)
        yield g, view
        g.apply(players[g.turn].choose(view))


def brute_weight(view: PlayerView, hand_now: frozenset[int], eps: float) -> float:
    """Sum over every history ending in ``hand_now`` of the product of the learned model's
    probabilities of the other seat's plays (medium's once the stock is empty)."""
    opp = 1 - view.seat
    t = Tables.of(view)
    rounds = (view.rules.pack - 6) // 2
    events = []
    tricks = [list(tr.plays) for tr in view.tricks] + [list(view.trick)]
    for k, plays in enumerate(tricks):
        plays = [(s, int(c)) for s, c in plays]
        before = [int(c) for tr in tricks[:k] for _, c in tr]
        stock = 34 - 2 * min(k, rounds)
        margin = sum(tr.points if tr.winner == opp else -tr.points for tr in view.tricks[:k])
        for i, (s, c) in enumerate(plays):
            if s == opp:
                seen = sum(1 << x for x in before + [x for _, x in plays[:i]])
                events.append(("play", c, plays[:i], seen, stock, margin))
        if k < len(view.tricks) and k < rounds:
            events.append(("draw", k == rounds - 1 and view.briscola_taker == opp))
    briscola = int(view.briscola)

    def back(i: int, hand: frozenset[int]) -> float:
        if i < 0:
            return 1.0
        kind, *rest = events[i]
        if kind == "play":
            c, ctx, seen, stock, margin = rest
            before = hand | {c}
            if stock <= 0:
                p = play_probability(c, sorted(before), ctx, opp, t, eps)
            else:
                led = ctx[0][1] if ctx else -1
                unseen = FULL & ~seen & ~sum(1 << x for x in before)
                chosen = best_of(sorted(before), view.trump, unseen, stock, margin, led, WEIGHTS)
                p = eps / len(before) + (1 - eps if chosen == c else 0.0)
            return p * back(i - 1, before)
        if rest[0]:
            return back(i - 1, hand - {briscola}) if briscola in hand else 0.0
        return sum(back(i - 1, hand - {x}) for x in hand if x != briscola)

    return back(len(events) - 1, hand_now)


def test_learned_weights_match_the_brute_force_over_histories():
    checked = 0
    for seed in range(4):
        for g, view in views_of_deal(seed):
            if len(view.tricks) > 5:
                break
            if not view.tricks and not view.trick:
                continue
            state = LearnedHandBelief().update(view, Tables.of(view), EPS)
            possible = possible_hands(view)
            assert set(state) == possible
            true = sum(1 << int(c) for c in g.hands[1 - view.seat])
            assert state[true] > 0
            for m in sorted(possible)[::11]:
                assert state.get(m, 0.0) == pytest.approx(brute_weight(view, cards_of(m), EPS), rel=1e-9)
            checked += 1
    assert checked >= 20


def mixture():
    return MixedBelief([(LearnedHandBelief() if kind == "learned" else HandBelief(), eps) for kind, eps in MIXTURE])


def test_the_mixture_is_the_sum_of_its_parts_and_carries_like_a_fresh_one():
    compared = 0
    for seed in range(3):
        carried = [mixture(), mixture()]
        for _, view in views_of_deal(seed):
            if view.stock_size == 0:
                break
            t = Tables.of(view)
            kept = carried[view.seat].update(view, t)
            fresh = mixture().update(view, t)
            assert kept == fresh
            parts = [HandBelief().update(view, t, MIXTURE[0][1]), HandBelief().update(view, t, MIXTURE[1][1]),
                     LearnedHandBelief().update(view, t, MIXTURE[2][1])]
            assert set(kept) == set().union(*parts)
            for m, w in kept.items():
                assert w == pytest.approx(sum(p.get(m, 0.0) for p in parts), rel=1e-12)
            compared += 1
    assert compared > 40


def true_hand_log_probability(belief_of, opponent: str, deals: int) -> float:
    """Mean log-probability of the other seat's true hand, seen by a hard seat 0, in
    deals against ``opponent`` (mid-game decisions)."""
    total, n = 0.0, 0
    for seed in range(deals):
        belief = belief_of()
        for g, view in views_of_deal(100 + seed, ("hard", opponent)):
            if view.seat != 0 or view.stock_size <= 2 or len(view.tricks) < 2:
                continue
            state = belief(view)
            true = sum(1 << int(c) for c in g.hands[1])
            total += math.log(max(state.get(true, 0.0) / sum(state.values()), 1e-12))
            n += 1
    return total / n


def test_the_learned_model_explains_hards_play_and_the_mixture_follows_the_better_model():
    """Against the new hard its own model explains the play far better than medium's; the
    mixture, told neither, comes close to the better one against hard and against medium."""
    def one(cls, eps):
        def make():
            b = cls()
            return lambda view: b.update(view, Tables.of(view), eps)
        return make

    def mixed():
        b = mixture()
        return lambda view: b.update(view, Tables.of(view))

    for opponent in ("hard", "medium"):
        medium = true_hand_log_probability(one(HandBelief, 0.02), opponent, 6)
        learned = true_hand_log_probability(one(LearnedHandBelief, 0.10), opponent, 6)
        mix = true_hand_log_probability(mixed, opponent, 6)
        if opponent == "hard":
            assert learned > medium + 1.0
        else:
            assert medium > learned
        assert mix > max(medium, learned) - math.log(3)  # at most the prior's share lost
        assert mix > min(medium, learned)
