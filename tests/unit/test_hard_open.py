"""Hard's solver before the stock is empty, two players (docs/ai.md "hard"). In Scoperta
every hand is face up and the next card of the stock is shown, so from six cards of stock
only the order of the rest is hidden; in Dupla and five-card Briscolone, after the last
draw round nothing is. Hard
plays the exact solver's card there (hard-2026 waited for the last draw, or the empty
stock)."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from briscola.agents import make_agent
from briscola.agents.endgame import choose_by_worlds
from briscola.agents.hard import EARLY_WORLDS, _position_key
from briscola.game import Game
from briscola.rules import Rules


def taken_from_now(game: Game, side: int) -> int:
    """Card points ``side`` takes from here to the end, both seats playing perfectly
    (plain minimax over the engine, every hand and the stock known)."""
    if game.over:
        return 0
    best = None
    for card in game.legal_moves():
        after = game.copy()
        trick = after.apply(card)
        value = taken_from_now(after, side)
        if trick is not None and trick.winner == side:
            value += trick.points
        if best is None or (value > best if game.turn == side else value < best):
            best = value
    assert best is not None
    return best


def hard_decisions(preset: str, deals: int, **options):
    """(game, view, hard's card) at every decision of all-hard two-player deals, the card
    played after each."""
    rules = Rules.preset(preset, 2, **options)
    for seed in range(deals):
        game = Game.deal(rules, seed=seed)
        agents = [make_agent("hard", seed=seed * 10 + s) for s in range(2)]
        while not game.over:
            view = game.view(game.turn)
            card = agents[game.turn].choose(view)
            yield game, view, card
            game.apply(card)


def test_hard_plays_the_best_card_over_the_hidden_orders_of_the_stock():
    """Four cards of stock: the shown card, two face down, the turned card. Each legal card
    is valued by brute force over both orders of the two hidden cards; hard's card is one
    of the best on average, and at some positions hard-2026's is not."""
    checked = worse_before = 0
    for game, view, card in hard_decisions("scoperta", 40):
        if view.stock_size == 4 and len(view.legal) > 1:
            seat = view.seat
            start = game._next + 1  # past the shown card
            hidden = game.talon[start:]
            assert len(hidden) == 2
            mean = {}
            for c in view.legal:
                total = 0
                for order in permutations(hidden):
                    world = game.copy()
                    world.talon = game.talon[:start] + list(order)
                    trick = world.apply(c)
                    total += taken_from_now(world, seat)
                    if trick is not None and trick.winner == seat:
                        total += trick.points
                mean[c] = total / 2
            best = max(mean.values())
            assert mean[card] == best, (view.hand, card, mean)
            worse_before += mean[make_agent("hard-2026", seed=seat).choose(view)] < best
            checked += 1
    assert checked >= 40 and worse_before > 0


@pytest.mark.parametrize("preset, options, stock, deals", [("dupla", {}, 4, 12),
                                                          ("briscolone", {"hand_size": 5}, 2, 16)])
def test_hard_solves_the_last_draw_round(preset, options, stock, deals):
    """Dupla with four cards of stock, five-card Briscolone with two: after this trick
    nothing is hidden, and hard plays the best total of the exact solver over seeded splits
    of the unseen cards (hard-2026 played the heuristic until the stock was empty)."""
    solved = differs = 0
    for _, view, card in hard_decisions(preset, deals, **options):
        if 0 < view.stock_size <= stock and len(view.legal) > 1:
            _, totals = choose_by_worlds(view, random.Random(_position_key(view)), EARLY_WORLDS)
            assert totals[int(card)] == max(totals.values())
            solved += 1
            differs += card != make_agent("hard-2026", seed=view.seat).choose(view)
    assert solved >= 20 and differs > 0
