"""The expert's model of the other seat in two-player Briscolone following suit
(agents/infer.py, BlindLeadBelief): its leads tell only the card, its answers follow
medium.

Checked against the brute force over every history of the other hand of
tests/unit/test_belief.py, carried along a deal against built afresh, and against
``hard``, the player it is for: it must place more weight on hard's true hand than the
medium model of every play does.
"""

from __future__ import annotations

import math

import pytest

from briscola.agents import make_agent
from briscola.agents.expert import FOLLOW_MIXTURE, ExpertAgent
from briscola.agents.frozen import Expert2026
from briscola.agents.infer import BlindLeadBelief, HandBelief, MixedBelief
from briscola.agents.sim import Tables
from briscola.game import Game
from briscola.rules import Rules
from briscola.view import PlayerView
from tests.unit.test_belief import brute_weight, cards_of, medium_probability, possible_hands

EPS = 0.1
RULES = Rules.preset("briscolone", 2, must_follow=True)


def views_of_deal(seed: int, agents: tuple[str, str] = ("hard", "hard")):
    g = Game.deal(RULES, seed=seed)
    players = [make_agent(a, seed=seed * 2 + s) for s, a in enumerate(agents)]
    while not g.over:
        view = g.view(g.turn)
        yield g, view
        g.apply(players[g.turn].choose(view))


def blind_probability(view: PlayerView, eps: float):
    """A lead: each card of the hand alike; an answer: medium's probability."""
    medium = medium_probability(view, eps)

    def prob(c: int, before: frozenset[int], ctx: list, seen: int, stock: int, margin: int) -> float:
        return 1 / len(before) if not ctx else medium(c, before, ctx, seen, stock, margin)
    return prob


def test_weights_match_the_brute_force_over_histories():
    checked = 0
    for seed in range(4):
        for g, view in views_of_deal(seed):
            if len(view.tricks) > 5 or view.stock_size == 0:
                break
            if not view.tricks and not view.trick:
                continue
            state = BlindLeadBelief().update(view, Tables.of(view), EPS)
            assert set(state) <= possible_hands(view)
            true = sum(1 << int(c) for c in g.hands[1 - view.seat])
            assert state[true] > 0
            prob = blind_probability(view, EPS)
            for m in sorted(possible_hands(view))[::7]:
                assert state.get(m, 0.0) == pytest.approx(brute_weight(view, cards_of(m), EPS, prob), rel=1e-9)
            checked += 1
    assert checked >= 12


def test_a_lead_keeps_the_hands_that_held_the_card_in_proportion():
    """Right after the other seat leads, the hands left keep the weights they had, each
    divided by the hand's size: the lead tells nothing but the card."""
    seen = 0
    for seed in range(6):
        before = None
        for g, view in views_of_deal(seed):
            t = Tables.of(view)
            if not view.trick:  # the seat to move leads: the other seat's belief now
                other = g.view(1 - view.seat)
                before = BlindLeadBelief().update(other, Tables.of(other), EPS)
            elif len(view.trick) == 1 and before is not None:
                state = BlindLeadBelief().update(view, t, EPS)
                bit = 1 << int(view.trick[0][1])
                expected = {m ^ bit: w / 3 for m, w in before.items() if m & bit}
                assert state.keys() == expected.keys()
                for m, w in state.items():
                    assert w == pytest.approx(expected[m], rel=1e-12)
                seen += 1
            if view.stock_size == 0:
                break
    assert seen >= 10


def test_carried_along_a_deal_it_is_the_same_as_built_afresh():
    compared = 0
    for seed in range(3):
        carried = [MixedBelief.of(FOLLOW_MIXTURE), MixedBelief.of(FOLLOW_MIXTURE)]
        for _, view in views_of_deal(seed):
            if view.stock_size == 0:
                break
            t = Tables.of(view)
            assert carried[view.seat].update(view, t) == MixedBelief.of(FOLLOW_MIXTURE).update(view, t)
            compared += 1
    assert compared > 30


def test_it_explains_hards_play_better_than_the_medium_model():
    """Mean log-probability of hard's true hand, mid-deal, at the expert's seat."""
    blind = medium = 0.0
    n = 0
    for seed in range(8):
        for g, view in views_of_deal(seed, ("medium", "hard")):
            if view.seat != 0 or view.stock_size < 6 or not view.tricks:
                continue
            t = Tables.of(view)
            true = sum(1 << int(c) for c in g.hands[1])
            for belief, into in ((BlindLeadBelief(), "blind"), (HandBelief(), "medium")):
                state = belief.update(view, t, 0.02)
                p = math.log(state.get(true, 0.0) / sum(state.values())) if state.get(true) else -50.0
                if into == "blind":
                    blind += p
                else:
                    medium += p
            n += 1
    assert n > 40
    print(f"hard's true hand, mean log-probability over {n} positions: blind leads {blind / n:.2f}, "
          f"medium {medium / n:.2f}")
    assert blind / n > medium / n + 0.5


def test_the_expert_guesses_from_it_in_this_variant_and_expert_2026_does_not():
    assert isinstance(ExpertAgent()._follow, MixedBelief)
    assert Expert2026()._follow is None
