"""Every level plays every player count legally; expert thinks in slices; each level
beats the one below by a margin that chance cannot explain at the match size."""

from __future__ import annotations

import math

import pytest

from briscola.agents import make_agent, run_to_end, think
from briscola.arena import run_match
from briscola.game import Game
from briscola.rules import Rules

LEVELS = ["random", "easy", "medium", "hard", "expert"]
MAX_P_VALUE = 1e-3


def small(level: str, seed: int):
    agent = make_agent(level, seed=seed)
    if hasattr(agent, "iterations"):
        agent.iterations = 10
    return agent


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_every_player_count(level, players):
    for deal in range(2):
        g = Game.deal(Rules.standard(players), seed=deal, dealer=deal)
        agents = [small(level, seat) for seat in range(players)]
        while not g.over:
            view = g.view(g.turn)
            card = agents[g.turn].choose(view)
            assert card in view.legal
            g.play(card)
        assert sum(g.points) == 120 - (0 if players != 6 else 0)


def test_expert_thinks_in_slices_and_matches_choose():
    g = Game.deal(Rules.standard(2), seed=3)
    view = g.view(g.turn)
    a = make_agent("expert", seed=1)
    a.iterations = 60
    gen = think(a, view)
    slices = 0
    while True:
        try:
            next(gen)
            slices += 1
        except StopIteration as stop:
            card = stop.value
            break
    b = make_agent("expert", seed=1)
    b.iterations = 60
    assert card == b.choose(view) and card in view.legal
    c = make_agent("expert", seed=1)
    c.iterations = None
    c.budget_ms = 120
    gen = c.think(view)
    yields = sum(1 for _ in iter(lambda: next(gen, "done"), "done"))
    assert yields >= 2  # a clock budget is spent in several slices


def test_on_the_clock_with_few_worlds_left_the_expert_weighs_every_one():
    """The page's expert runs on a clock. With four cards of stock or fewer (two players)
    the worlds left are few enough (``EXACT_WORLDS``) to solve each once, weighted by its
    likelihood: the values are then the same whatever the expert's seed, and each seed
    counts the same worlds."""
    from briscola.agents.expert import EXACT_WORLDS, ExpertAgent
    medium = make_agent("medium", seed=1)
    positions = 0
    for deal in range(6):
        g = Game.deal(Rules.standard(2), seed=deal)
        while not g.over:
            view = g.view(g.turn)
            if view.stock_size == 4 and len(view.legal) >= 2:
                break
            g.apply(medium.choose(view))
        else:
            continue
        runs = []
        for seed in (1, 2):
            expert = ExpertAgent(seed=seed, budget_ms=60_000)  # far more than it needs
            values = run_to_end(expert.think_values(view))
            runs.append((expert.last_worlds, {c: round(v, 9) for c, v in values.items()}))
        assert runs[0] == runs[1]
        assert 0 < runs[0][0] <= EXACT_WORLDS and set(runs[0][1]) == set(view.legal)
        positions += 1
    assert positions >= 3


def p_value(score: float, games: int) -> float:
    """One-sided binomial tail: chance of at least this score from a coin (draws = half)."""
    k = math.floor(score)
    return sum(math.comb(games, i) for i in range(k, games + 1)) / 2 ** games


def beats(first: str, second: str, deals: int, players: int = 2, seed: int = 1, iterations: int = 0):
    s = run_match([first, second], players, deals, seed=seed, iterations=iterations)
    a = s["agents"][0]
    score = a["wins"] + a["draws"] / 2
    return a["win_rate"], p_value(score, s["games"])


@pytest.mark.parametrize("first,second,deals", [
    ("easy", "random", 150),
    ("medium", "random", 100),
    ("medium", "easy", 150),
    ("hard", "medium", 500),
])
def test_each_level_beats_the_one_below(first, second, deals):
    rate, p = beats(first, second, deals, seed=2024)
    assert rate > 0.5 and p < MAX_P_VALUE, (rate, p)
