"""The two-player posterior over the other hand (agents/infer.py, HandBelief).

Checked against a brute force that walks every history of the other hand backwards
(which card it drew at each draw), and for the same result whether the belief is
carried along a deal or built afresh at a decision.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import pytest

from briscola.agents import make_agent
from briscola.agents.expert import _with_redeals
from briscola.agents.infer import HandBelief, choice_set
from briscola.agents.sim import Hidden, Tables
from briscola.core import legal_cards
from briscola.game import Game
from briscola.rules import Rules
from briscola.view import PlayerView

EPS = 0.1


def views_of_deal(seed: int, ranking: str = "standard", rules: Rules | None = None):
    """Every view of seat 0 and seat 1 (with a choice) in a medium-vs-medium deal."""
    g = Game.deal(rules or Rules(players=2, ranking=ranking), seed=seed)
    agents = [make_agent("medium", seed=seed * 2 + s) for s in range(2)]
    while not g.over:
        view = g.view(g.turn)
        yield g, view
        g.play(agents[g.turn].choose(view))


def medium_probability(view: PlayerView, eps: float):
    """P(card | hand, trick) under the medium policy with doubt ``eps``, the rules' legal
    cards shared ``eps``: what HandBelief weighs each play of the other seat by."""
    opp = 1 - view.seat
    t = Tables.of(view)

    def prob(c: int, before: frozenset[int], ctx: list, seen: int, stock: int, margin: int) -> float:
        legal = legal_cards(sorted(before), ctx, view.rules.must_follow)
        if c not in legal:
            return 0.0
        ch = choice_set(sorted(before), ctx, opp, t)
        return eps / len(legal) + ((1 - eps) / len(ch) if c in ch else 0.0)
    return prob


def brute_weight(view: PlayerView, hand_now: frozenset[int], eps: float, prob=None, game: Game | None = None) -> float:
    """Sum over every history that ends in ``hand_now`` of the product of the play model's
    probabilities of the other seat's plays (the quantity HandBelief computes). ``prob(card,
    hand before the play, trick so far, cards seen before it as a mask, stock, the other
    seat's card points less ours)``: medium's by default. With ``game``, a deal whose turned
    aces and threes were put back under the stock (Re-deal): those cards were in no hand at
    the deal, no draw takes one but the draw the game recorded taking it, and that draw
    took exactly it (the game's own record of the draws, not the view's account)."""
    prob = prob or medium_probability(view, eps)
    opp = 1 - view.seat
    under = frozenset(int(c) for c in game.redeals) if game is not None else frozenset()
    briscola = int(view.briscola) if view.briscola is not None else -1
    rounds = (view.rules.pack - 6) // 2
    events = []
    tricks = [tr.plays for tr in view.tricks] + [view.trick]
    for k, plays in enumerate(tricks):
        plays = [(s, int(c)) for s, c in plays]
        before = [int(c) for tr in tricks[:k] for _, c in tr]
        stock = view.rules.pack - 6 - 2 * min(k, rounds)
        margin = sum(tr.points if tr.winner == opp else -tr.points for tr in view.tricks[:k])
        for i, (s, c) in enumerate(plays):
            if s == opp:
                seen = sum(1 << x for x in before + [x for _, x in plays[:i]])
                events.append(("play", c, plays[:i], seen, stock, margin))
        if k < len(view.tricks) and k < rounds:
            forced = briscola if k == rounds - 1 and view.briscola_taker == opp else None  # its last draw
            if game is not None:
                drew = next(int(c) for s, c in game.tricks[k].draws if s == opp)
                forced = drew if drew in under else forced
            events.append(("draw", forced))

    @lru_cache(maxsize=None)
    def back(i: int, hand: frozenset[int]) -> float:
        if i < 0:
            return 0.0 if hand & under else 1.0
        kind, *rest = events[i]
        if kind == "play":
            c, ctx, seen, stock, margin = rest
            before = hand | {c}
            p = prob(c, before, ctx, seen, stock, margin)
            return p * back(i - 1, before) if p else 0.0
        if rest[0] is not None:  # it drew the briscola, or a put-back card
            return back(i - 1, hand - {rest[0]}) if rest[0] in hand else 0.0
        return sum(back(i - 1, hand - {x}) for x in hand if x != briscola and x not in under)

    return back(len(events) - 1, hand_now)


def possible_hands(view: PlayerView) -> set[int]:
    """Masks of every hand the other seat may hold, given only what is seen."""
    h = Hidden(view)
    opp = 1 - view.seat
    known = 0
    for c in h.known.get(opp, []):
        known |= 1 << c
    out = set()
    for pick in combinations(h.pool, h.need[opp]):
        m = known
        for c in pick:
            m |= 1 << c
        out.add(m)
    return out


def cards_of(mask: int) -> frozenset[int]:
    return frozenset(c for c in range(40) if mask >> c & 1)


@pytest.mark.parametrize("ranking,variant", [("standard", None), ("southern", None), ("standard", "briscolone"),
                                             ("standard", "briscolone-follow"), ("seven-high", "follow")])
def test_weights_match_the_brute_force_over_histories(ranking, variant):
    """Every hand the other seat may hold has the brute force's weight: with the follow
    rule, the hands that would have made one of its plays illegal are gone (weight 0)."""
    rules = None
    if variant is not None:
        name = "briscolone" if variant.startswith("briscolone") else "piemonte"
        rules = Rules.preset(name, 2, must_follow=variant.endswith("follow"))
    checked = 0
    for seed in range(6 if variant is None else 3):
        for g, view in views_of_deal(seed, ranking, rules):
            if len(view.tricks) > 5 or view.stock_size == 0:
                break  # 3^draws histories per hand: keep the brute force small
            if not view.tricks and not view.trick:
                continue
            state = HandBelief().update(view, Tables.of(view), EPS)
            possible = possible_hands(view)
            if view.rules.must_follow:
                assert set(state) <= possible
            else:
                assert set(state) == possible
            true = 0
            for c in g.hands[1 - view.seat]:
                true |= 1 << int(c)
            assert state[true] > 0
            for m in sorted(possible)[::7]:
                assert state.get(m, 0.0) == pytest.approx(brute_weight(view, cards_of(m), EPS), rel=1e-9)
            checked += 1
    assert checked >= (30 if variant is None else 12)


def test_the_briscola_drawn_by_the_other_seat_is_in_every_hand():
    seen = 0
    for seed in range(40):
        for g, view in views_of_deal(seed):
            if view.briscola_taker == 1 - view.seat and view.briscola in g.hands[1 - view.seat]:
                state = HandBelief().update(view, Tables.of(view), EPS)
                assert state and all(m >> int(view.briscola) & 1 for m in state)
                seen += 1
                break
    assert seen >= 5


def test_carried_belief_equals_a_fresh_one():
    """Carried from decision to decision of a deal (dropping hands with the cards this
    seat draws later), the belief is the same, to the bit, as one built afresh."""
    compared = 0
    for seed in range(12):
        carried = [HandBelief(), HandBelief()]
        for _, view in views_of_deal(seed):
            if view.stock_size == 0:
                break
            t = Tables.of(view)
            kept = dict(carried[view.seat].update(view, t, EPS))
            assert kept == HandBelief().update(view, t, EPS)
            compared += 1
    assert compared > 300


def test_expert_choices_do_not_depend_on_what_it_carried():
    """One expert through a whole deal chooses, at every decision, what a new expert with
    the same seed chooses from that view alone."""
    for seed in range(3):
        g = Game.deal(Rules.standard(2), seed=100 + seed)
        carried = make_agent("expert", seed=seed)
        carried.iterations = 24
        other = make_agent("medium", seed=seed)
        while not g.over:
            view = g.view(g.turn)
            if g.turn == 0:
                fresh = make_agent("expert", seed=seed)
                fresh.iterations = 24
                card = carried.choose(view)
                assert card == fresh.choose(view)
            else:
                card = other.choose(view)
            g.play(card)


def test_redeal_conditioning_after_the_filter_is_the_exact_posterior():
    """Re-deal (turned aces and threes put back under the stock): the expert runs the
    filter as if any unseen card could be drawn and then keeps the hands that agree with
    where the put-back cards are (``expert._with_redeals``). That is the exact posterior,
    normalised, of the brute force over histories in which those cards were in no hand
    until drawn from the stock's last places: until one is drawn, the paths through a
    hand holding one end in hands the conditioning drops; once one is drawn, the rest of
    the stock is the other put-back cards and the briscola, so the other hand is known.
    Checked through whole deals, the draws that took them included."""
    rules = Rules(players=2, redeal_ace_three=True)
    deals = taken = compared = 0
    for seed in range(400):
        if not Game.deal(rules, seed=seed).redeals:
            continue
        deals += 1
        for g, view in views_of_deal(seed, rules=rules):
            if not view.tricks:
                continue
            state = _with_redeals(view, HandBelief().update(view, Tables.of(view), EPS))
            true = 0
            for c in g.hands[1 - view.seat]:
                true |= 1 << int(c)
            assert state[true] > 0
            for drawer, card in view.redeals:
                if drawer == 1 - view.seat and card in g.hands[drawer]:
                    taken += 1
            if len(view.tricks) % 4 != 1 and all(d is None for d, _ in view.redeals):
                continue
            exact = {m: brute_weight(view, cards_of(m), EPS, game=g) for m in possible_hands(view)}
            total, exact_total = sum(state.values()), sum(exact.values())
            assert {m for m, w in exact.items() if w} == set(state)
            for m, w in state.items():
                assert w / total == pytest.approx(exact[m] / exact_total, rel=1e-9)
            compared += 1
        if deals == 6:
            break
    assert deals == 6 and taken >= 3 and compared >= 40
