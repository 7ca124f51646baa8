"""Fairness: an agent decides only from what its seat may know.

For many positions, the cards the seat has not seen (the other hands, the order of the
stock) are permuted and the deal is rebuilt with the explicit Game constructor, so that
everything the seat saw is identical (its hands and draws, every card played, the
briscola and, once drawn, who holds it). A fresh agent with the same seed must then
choose the same card.

Every variant too: with the hands face up (Scoperta) only the order of the stock past the
shown next card is hidden; a card taken in an exchange is seen; where the rules make a
seat follow suit, a permutation that would have made a past play illegal is not a deal
that could have happened, and another is drawn."""

from __future__ import annotations

import itertools
import random

import pytest

from briscola.agents import make_agent
from briscola.cards import IllegalMoveError
from briscola.game import Game
from briscola.rules import Rules

LEVELS = ["random", "easy", "medium", "hard", "expert"]
POSITIONS = {2: 40, 3: 12, 4: 12, 6: 8}


def hidden_from(g: Game, seat: int) -> list:
    """The cards whose places ``seat`` cannot tell: unseen, less the shown next card."""
    view = g.view(seat)
    shown = {view.next_card} if view.next_card is not None else set()
    return sorted(c for c in view.unseen() if c not in shown)


def shuffles(hidden: list, rng: random.Random, tries: int):
    """Orders of ``hidden`` other than its own: every one when few, else random ones."""
    if len(hidden) <= 6:
        orders = [list(p) for p in itertools.permutations(hidden) if list(p) != hidden]
        rng.shuffle(orders)
        yield from orders or [hidden]
        return
    for _ in range(tries):
        shuffled = list(hidden)
        while shuffled == hidden:
            rng.shuffle(shuffled)
        yield shuffled


def permuted_twin(g: Game, seat: int, rng: random.Random, tries: int = 200) -> Game | None:
    """The same deal with the cards ``seat`` has not seen shuffled among their places;
    None when no other layout fits the play so far (the follow rule can pin it down)."""
    hidden = hidden_from(g, seat)
    for shuffled in shuffles(hidden, rng, tries):
        swap = dict(zip(hidden, shuffled))
        hands = [[swap.get(c, c) for c in h] for h in g.initial_hands]
        talon = [swap.get(c, c) for c in g.talon]
        twin = Game(g.rules, hands, g.initial_briscola, talon, dealer=g.dealer, seed=g.seed,
                    redeals=[int(c) for c in g.redeals])
        try:
            for _, action in g.actions:
                twin.apply(action)
        except IllegalMoveError:  # a past play breaks the follow rule in this layout
            continue
        return twin
    assert g.rules.must_follow, "only the follow rule can rule out every other layout"
    return None


def positions(players: int, count: int, rules: Rules | None = None):
    rng = random.Random(players)
    rules = rules or Rules.standard(players)
    for i in range(count):
        g = Game.deal(rules, seed=10_000 * players + i)
        stop = rng.randrange(g._tricks_total * g._trick_len)
        for _ in range(stop):
            if g.over:
                break
            g.apply(rng.choice(g.legal_actions()))
        if not g.over and len(g.legal_moves()) > 1:
            yield g


def make(level: str, seed: int):
    agent = make_agent(level, seed=seed)
    if hasattr(agent, "iterations"):
        agent.iterations = 12  # small, deterministic budget
    return agent


def check_fair(level: str, games, minimum: int) -> None:
    rng = random.Random(7)
    checked = 0
    for g in games:
        seat = g.turn
        view = g.view(seat)
        twin = permuted_twin(g, seat, rng)
        if twin is None:
            continue
        twin_view = twin.view(seat)
        assert twin_view == view  # the seat cannot tell the two deals apart
        if len(hidden_from(g, seat)) > 1:  # something the seat cannot see really moved
            assert (twin.initial_hands, twin.talon) != (g.initial_hands, g.talon)
        for agent_seed in (1, 2):
            assert make(level, agent_seed).choose(view) == make(level, agent_seed).choose(twin_view)
        checked += 1
    assert checked >= minimum


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_choice(level, players):
    check_fair(level, positions(players, POSITIONS[players]), POSITIONS[players] // 2)


VARIANTS = [("piemonte", {}), ("sud", {}), ("briscolone", {}), ("briscolone", {"hand_size": 5}),
            ("briscolone", {"must_follow": True}), ("briscolone", {"trump": "first"}), ("scoperta", {}),
            ("dupla", {}), ("bisca", {}), ("standard", {"trump_exchange": 7, "mano_negra": True}),
            ("standard", {"redeal_ace_three": True, "must_follow": True})]
"""Every preset but the standard game (above), and every option."""

VARIANT_POSITIONS = 14


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v[0] + "".join(f"-{k}" for k in v[1]))
@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_choice_in_any_variant(level, variant):
    name, options = variant
    rules = Rules.preset(name, 2, **options)
    check_fair(level, positions(2, VARIANT_POSITIONS, rules), VARIANT_POSITIONS // 2)


def test_scoperta_hides_the_stock_order_only():
    g = next(positions(2, 1, Rules.preset("scoperta", 2)))
    twin = permuted_twin(g, g.turn, random.Random(1))
    assert twin.hands == g.hands and twin.next_card == g.next_card
    if len(hidden_from(g, g.turn)) > 1:
        assert twin.talon != g.talon


def test_briscola_taker_keeps_the_known_card():
    rng = random.Random(3)
    for g in positions(2, 60):
        if g.briscola_taker is not None and g.briscola_taker != g.turn and g.briscola in g.hands[g.briscola_taker]:
            twin = permuted_twin(g, g.turn, rng)
            assert g.briscola in twin.hands[g.briscola_taker]


def test_agents_see_only_the_view():
    g = Game.deal(Rules.standard(2), seed=1)
    view = g.view(g.turn)
    for value in vars(type(view)).values():
        assert not isinstance(value, Game)
    for name in view.__slots__:
        assert not isinstance(getattr(view, name), Game)
