"""Following suit with three or more players: does a guess of the hidden hands fit the
play seen so far? (`PlayModel.fits`, used by the endgame's splits, docs/ai.md "hard")

The check asks whether *some* order of each seat's draws makes every one of its plays
legal. It is checked against a brute force over every such order, and on real deals,
where the hands really dealt always fit.
"""

from __future__ import annotations

import random

import pytest

from briscola.agents import make_agent
from briscola.agents.endgame import LEGAL_ONLY
from briscola.agents.infer import PlayModel
from briscola.agents.sim import Hidden, Tables
from briscola.core import legal_cards
from briscola.game import Game
from briscola.rules import Rules


def any_history_fits(events: list[tuple], hand: list[int]) -> bool:
    """Brute force: take back the seat's plays and draws, last first, trying every card a
    draw may have brought; does some choice keep every play legal?"""
    def back(k: int, held: list[int]) -> bool:
        if k == len(events):
            return True
        _, kind, c, ctx, _tab, _gone = events[k]
        if kind:
            options = [c] if c >= 0 else list(dict.fromkeys(held))
            return any(o in held and back(k + 1, [x for x in held if x != o]) for o in options)
        now = held + [c]
        if c not in legal_cards(now, ctx, True):
            return False
        return back(k + 1, now)

    return back(0, list(hand))


def positions(players: int, variant: str, deals: int, start: int):
    """(game, seat to move) at every decision of hard's deals, with the stock low."""
    for seed in range(start, start + deals):
        rules = Rules.preset(variant, players, must_follow=True)
        game = Game.deal(rules, seed=seed)
        agents = [make_agent("medium", seed=seed * 10 + s) for s in range(players)]
        while not game.over:
            seat = game.turn
            if game.stock_size <= players and game.tricks:
                yield game, seat
            game.apply(agents[seat].choose(game.view(seat)))


@pytest.mark.parametrize("players,variant", [(3, "standard"), (4, "briscolone"), (6, "standard")])
def test_the_hands_really_dealt_always_fit(players, variant):
    checked = 0
    for game, seat in positions(players, variant, 6, 900):
        view = game.view(seat)
        model = PlayModel(view, Tables.of(view), eps=LEGAL_ONLY)
        truth = {s: [int(c) for c in game.hands[s]] for s in range(players) if s != seat}
        assert model.fits(truth)
        checked += 1
    assert checked > 20


def sampled_splits(seed: int):
    """(play model, a guess of the other hands) at the late decisions of three-player
    deals following suit, six random guesses a decision."""
    rng = random.Random(seed)
    for game, seat in positions(3, "standard", 12, 4000):
        view = game.view(seat)
        model = PlayModel(view, Tables.of(view), eps=LEGAL_ONLY)
        hidden = Hidden(view)
        for _ in range(6):
            yield model, hidden.sample(rng)[0], rng


def test_fits_is_the_brute_force_over_every_order_of_the_draws():
    agree = ruled_out = 0
    for model, others, _rng in sampled_splits(5):
        brute = all(any_history_fits(model.events[s], others[s]) for s in model.seats)
        assert model.fits(others) == brute
        agree += 1
        ruled_out += not brute
    # The sampled splits include both kinds, so the check is not trivially one-sided.
    assert agree > 100 and 0 < ruled_out < agree


def test_a_split_that_fits_is_not_ruled_out_by_an_unlucky_order_of_draws():
    # The random order of `weight` rules out splits that fit; `fits` never does.
    missed = fitted = 0
    for model, others, rng in sampled_splits(11):
        if model.fits(others):
            fitted += 1
            missed += model.weight(others, rng) == 0.0
        else:
            assert model.weight(others, rng) == 0.0
    assert fitted > 50 and missed > 0
