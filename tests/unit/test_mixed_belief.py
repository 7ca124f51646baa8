"""The expert's model of the other seat's play with two players (agents/infer.py):
``hard``'s distilled model as a model of play (LearnedHandBelief) and the mixture of
models the expert guesses from (MixedBelief).

The learned belief is checked against the brute force over every history of the other
hand of tests/unit/test_belief.py, which works out the context of each play (cards seen,
stock, margin) again from the tricks; the mixture is checked against its parts and
carried along a deal against built afresh.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from briscola.agents import make_agent
from briscola.agents.expert import MIXTURE
from briscola.agents.infer import HandBelief, LearnedHandBelief, MixedBelief
from briscola.agents.learned import FULL, best_of
from briscola.agents.learned_weights import WEIGHTS
from briscola.agents.sim import Tables
from briscola.game import Game
from briscola.rules import Rules
from briscola.view import PlayerView
from tests.unit.test_belief import brute_weight, cards_of, medium_probability, possible_hands

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import bench_information  # noqa: E402

EPS = 0.1


def views_of_deal(seed: int, agents: tuple[str, str] = ("hard", "hard")):
    """Every view of either seat in a deal between two levels."""
    g = Game.deal(Rules.standard(2), seed=seed)
    players = [make_agent(a, seed=seed * 2 + s) for s, a in enumerate(agents)]
    while not g.over:
        view = g.view(g.turn)
        yield g, view
        g.apply(players[g.turn].choose(view))


def learned_probability(view: PlayerView, eps: float):
    """P(card | hand, context) under hard's model with doubt ``eps`` (medium's once the
    stock is empty), for :func:`tests.unit.test_belief.brute_weight`."""
    medium = medium_probability(view, eps)

    def prob(c: int, before: frozenset[int], ctx: list, seen: int, stock: int, margin: int) -> float:
        if stock <= 0:
            return medium(c, before, ctx, seen, stock, margin)
        led = ctx[0][1] if ctx else -1
        unseen = FULL & ~seen & ~sum(1 << x for x in before)
        chosen = best_of(sorted(before), view.trump, unseen, stock, margin, led, WEIGHTS)
        return eps / len(before) + (1 - eps if chosen == c else 0.0)
    return prob


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
            prob = learned_probability(view, EPS)
            for m in sorted(possible)[::11]:
                assert state.get(m, 0.0) == pytest.approx(brute_weight(view, cards_of(m), EPS, prob), rel=1e-9)
            checked += 1
    assert checked >= 20


def test_the_mixture_is_the_sum_of_its_parts_and_carries_like_a_fresh_one():
    compared = 0
    for seed in range(3):
        carried = [MixedBelief.of(MIXTURE), MixedBelief.of(MIXTURE)]
        for _, view in views_of_deal(seed):
            if view.stock_size == 0:
                break
            t = Tables.of(view)
            kept = carried[view.seat].update(view, t)
            fresh = MixedBelief.of(MIXTURE).update(view, t)
            assert kept == fresh
            parts = [HandBelief().update(view, t, MIXTURE[0][1]), HandBelief().update(view, t, MIXTURE[1][1]),
                     LearnedHandBelief().update(view, t, MIXTURE[2][1])]
            assert set(kept) == set().union(*parts)
            for m, w in kept.items():
                assert w == pytest.approx(sum(p.get(m, 0.0) for p in parts), rel=1e-12)
            compared += 1
    assert compared > 40


def test_the_learned_model_explains_hards_play_and_the_mixture_follows_the_better_model():
    """Against the new hard its own model explains the play far better than medium's; the
    mixture, told neither, comes close to the better one against hard and against medium
    (tools/bench_information.py --models, on six deals)."""
    for opponent in ("hard", "medium"):
        means, positions = bench_information.true_hand_log_probabilities(opponent, 6, 1, 200)
        assert positions > 50
        medium, learned, mix = means["medium 2%"], means["hard's model 10%"], means["mixture"]
        if opponent == "hard":
            assert learned > medium + 1.0
        else:
            assert medium > learned
        assert mix > max(medium, learned) - math.log(3)  # at most the prior's share lost
        assert mix > min(medium, learned)
