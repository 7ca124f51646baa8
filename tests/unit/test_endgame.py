"""The exact endgame solver against brute force on many random endgames."""

from __future__ import annotations

import random

import pytest

from briscola.agents.endgame import choose_by_worlds, solve
from briscola.cards import parse_cards
from briscola.game import Game
from briscola.rules import Rules


def brute(game: Game, side: int) -> int:
    """Final points of ``side`` with perfect play by both sides, by plain minimax on the engine."""
    if game.over:
        return game.team_points()[side]
    mover = game.rules.team_of[game.turn]
    values = []
    for c in game.legal_moves():
        g = game.copy()
        g.play(c)
        values.append(brute(g, side))
    return max(values) if mover == side else min(values)


def endgame(players: int, seed: int, stock_left: int, rules: Rules | None = None) -> Game:
    """A random deal played at random until ``stock_left`` cards (briscola included) remain,
    then a random number of cards into the next trick."""
    rng = random.Random(seed)
    rules = rules or Rules.standard(players)
    g = Game.deal(rules, seed=seed)
    while g.stock_size > stock_left:
        g.play(rng.choice(g.legal_moves()))
    for _ in range(rng.randrange(g._trick_len)):
        g.play(rng.choice(g.legal_moves()))
    return g


def remaining_stock(g: Game) -> list:
    return list(g.talon[len(g.talon) - g.talon_size:]) + ([] if g.briscola_drawn else [g.briscola])


@pytest.mark.parametrize("players,stock_left,count", [(2, 0, 150), (2, 2, 60), (2, 4, 15), (4, 0, 25)])
def test_solver_matches_brute_force(players, stock_left, count):
    for seed in range(count):
        g = endgame(players, 1000 * players + seed, stock_left)
        side = g.rules.team_of[g.turn]
        now = g.team_points()[side]
        values = solve(g.hands, g.trick, g.turn, g.trump, stock=remaining_stock(g), team_of=g.rules.team_of)
        assert set(values) == set(g.hands[g.turn])
        for c, v in values.items():  # every move's value, not only the best
            after = g.copy()
            after.play(c)
            assert now + v == brute(after, side), (seed, str(c))


@pytest.mark.parametrize("name,options,stock_left,count", [
    ("dupla", {}, 0, 25), ("dupla", {}, 4, 4), ("briscolone", {}, 2, 30), ("briscolone", {"must_follow": True}, 2, 30),
    ("standard", {"must_follow": True}, 2, 30), ("briscolone", {"hand_size": 5}, 0, 6), ("sud", {}, 2, 20),
])
def test_solver_matches_brute_force_in_the_variants(name, options, stock_left, count):
    """Dupla's four-card tricks and double draws, no trump, following suit, five-card
    hands: the solver's value of every legal card is plain minimax on the engine's."""
    rules = Rules.preset(name, 2, **options)
    for seed in range(count):
        g = endgame(2, 3000 + seed, stock_left, rules)
        side = g.rules.team_of[g.turn]
        now = g.team_points()[side]
        values = solve(g.hands, g.trick, g.turn, g.trump, stock=remaining_stock(g), ranking=rules.ranking,
                       team_of=rules.team_of, per=rules.cards_per_trick, follow=rules.must_follow)
        assert set(values) == set(g.legal_moves())
        for c, v in values.items():
            after = g.copy()
            after.play(c)
            assert now + v == brute(after, side), (seed, str(c))


def test_three_players_each_alone_values_are_consistent():
    for seed in range(20):
        g = endgame(3, seed, 0)
        values = solve(g.hands, g.trick, g.turn, g.trump)
        left = sum(g._points[c] for h in g.hands for c in h) + sum(g._points[c] for _, c in g.trick)
        assert all(0 <= v <= left for v in values.values())


def test_known_position():
    hands = [parse_cards("1D 2S"), parse_cards("3D 4C")]
    values = solve(hands, [], 0, trump=1)
    assert {str(c): v for c, v in values.items()} == {"1D": 0, "2S": 10}


def test_two_player_view_with_empty_stock_plays_the_solved_move():
    for seed in range(40):
        g = endgame(2, 5000 + seed, 0)
        view = g.view(g.turn)
        card, totals = choose_by_worlds(view, random.Random(0))
        values = solve(g.hands, g.trick, g.turn, g.trump)
        assert values[card] == max(values.values())
        assert {c: int(v) for c, v in totals.items()} == {int(c): v for c, v in values.items()}


@pytest.mark.parametrize("ranking,variant", [("standard", "standard"), ("southern", "standard"),
                                             ("seven-high", "standard"), ("standard", "briscolone"),
                                             ("standard", "follow"), ("standard", "briscolone-follow")])
def test_playout_solver_matches_brute_force_at_empty_stock(ranking, variant):
    """The lean solver the expert's playouts end with (two players, empty stock) gives
    the leader what plain minimax on the engine gives: with no trump, and following suit."""
    from dataclasses import replace

    from briscola.agents.sim import Tables, solve_open

    base = Rules.preset("briscolone" if variant.startswith("briscolone") else "standard", 2,
                        must_follow=variant.endswith("follow"))
    for seed in range(60):
        rng = random.Random(seed)
        g = Game.deal(replace(base, ranking=ranking), seed=seed)
        while g.stock_size or g.trick:  # to the first trick with the stock empty
            g.play(rng.choice(g.legal_moves()))
        leader = g.turn
        t = Tables(ranking, g.trump, 2, g.rules.team_of, follow=g.rules.must_follow)
        got = solve_open([int(c) for c in g.hands[leader]], [int(c) for c in g.hands[1 - leader]], t)
        assert g.team_points()[leader] + got == brute(g, leader), seed
