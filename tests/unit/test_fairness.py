"""Fairness: an agent decides only from what its seat may know.

For many positions, the cards the seat has not seen (the other hands, the order of the
stock) are permuted and the deal is rebuilt with the explicit Game constructor, so that
everything the seat saw is identical (its hands and draws, every card played, the
briscola and, once drawn, who holds it). A fresh agent with the same seed must then
choose the same card."""

from __future__ import annotations

import random

import pytest

from briscola.agents import make_agent
from briscola.game import Game
from briscola.rules import Rules

LEVELS = ["random", "easy", "medium", "hard", "expert"]
POSITIONS = {2: 40, 3: 12, 4: 12, 6: 8}


def permuted_twin(g: Game, seat: int, rng: random.Random) -> Game:
    """The same deal with the cards ``seat`` has not seen shuffled among their places."""
    hidden = sorted(g.view(seat).unseen())
    shuffled = list(hidden)
    while len(hidden) > 1 and shuffled == hidden:
        rng.shuffle(shuffled)
    swap = dict(zip(hidden, shuffled))
    hands = [[swap.get(c, c) for c in h] for h in g.initial_hands]
    talon = [swap.get(c, c) for c in g.talon]
    twin = Game(g.rules, hands, g.briscola, talon, dealer=g.dealer, seed=g.seed)
    for t in g.tricks:
        for _, c in t.plays:
            twin.play(c)
    for _, c in g.trick:
        twin.play(c)
    return twin


def positions(players: int, count: int):
    rng = random.Random(players)
    for i in range(count):
        g = Game.deal(Rules.standard(players), seed=10_000 * players + i)
        stop = rng.randrange(g._tricks_total * players)
        for _ in range(stop):
            g.play(rng.choice(g.hands[g.turn]))
        if len(g.hands[g.turn]) > 1:
            yield g


def make(level: str, seed: int):
    agent = make_agent(level, seed=seed)
    if hasattr(agent, "iterations"):
        agent.iterations = 12  # small, deterministic budget
    return agent


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_choice(level, players):
    rng = random.Random(7)
    checked = 0
    for g in positions(players, POSITIONS[players]):
        seat = g.turn
        view = g.view(seat)
        twin = permuted_twin(g, seat, rng)
        twin_view = twin.view(seat)
        assert twin_view == view  # the seat cannot tell the two deals apart
        if len(view.unseen()) > 1:  # something the seat cannot see really moved
            assert (twin.initial_hands, twin.talon) != (g.initial_hands, g.talon)
        for agent_seed in (1, 2):
            assert make(level, agent_seed).choose(view) == make(level, agent_seed).choose(twin_view)
        checked += 1
    assert checked >= POSITIONS[players] // 2


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
