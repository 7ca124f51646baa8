"""Thinking in slices (briscola.agents.slices): where a search pauses never changes what
it chooses. Each searching level is run at positions where its long steps are split (an
exact solve of each guess, a batch of guesses weighed, the endgame's worlds, the
two-player belief, five players' bids, call and resampled guesses) once pausing wherever it may and once
never, with the same seed and a fixed number of guesses: the same card both ways. Counts,
not timings: the slices' length is set to 0 or to an hour."""

from __future__ import annotations

import pytest

from briscola.agents import make_agent, run_to_end, slices, think
from briscola.game import Game
from briscola.rules import Rules


def position(players: int, seed: int, stop, rules: Rules | None = None):
    """The view of the seat to move at the first point of a deal (played by medium) where
    ``stop(view)`` holds."""
    g = Game.deal(rules or Rules.standard(players), seed=seed)
    players_ = {s: make_agent("medium", seed=s) for s in range(g.n)}
    while not g.over:
        view = g.view(g.turn)
        if stop(view):
            return view
        g.apply(run_to_end(think(players_[g.turn], view)))
    raise AssertionError("the deal ended before the position")


def choice_and_pauses(level: str, view, slice_ms: float, monkeypatch, iterations: int = 24):
    monkeypatch.setattr(slices, "SLICE_MS", slice_ms)
    agent = make_agent(level, seed=7)
    if hasattr(agent, "iterations"):
        agent.iterations = iterations
    steps = think(agent, view)
    pauses = 0
    while True:
        try:
            next(steps)
            pauses += 1
        except StopIteration as done:
            return done.value, pauses


CASES = {
    # two players, stock of 4: every guess solved exactly, after the belief of the other hand
    "expert-2-solved": ("expert", 2, lambda v: v.stock_size <= 4 and len(v.legal) > 1),
    # two players early on: the belief, then playouts
    "expert-2-early": ("expert", 2, lambda v: len(v.tricks) >= 2 and len(v.legal) > 1),
    # four players after a trick: guesses weighed a batch at a time by the play model
    "expert-4-weighed": ("expert", 4, lambda v: len(v.tricks) >= 1 and len(v.legal) > 1),
    # four players, stock empty: the exact endgame over worlds
    "expert-4-endgame": ("expert", 4, lambda v: v.stock_size == 0 and len(v.hand) == 3 and len(v.legal) > 1),
    "hard-4-endgame": ("hard", 4, lambda v: v.stock_size == 0 and len(v.hand) == 3 and len(v.legal) > 1),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_where_a_search_pauses_never_changes_its_choice(case, monkeypatch):
    level, players, stop = CASES[case]
    for seed in (1, 2):
        view = position(players, seed, stop)
        paused, many = choice_and_pauses(level, view, 0, monkeypatch)
        whole, none = choice_and_pauses(level, view, 3_600_000, monkeypatch)
        assert paused == whole
        assert none == 0 < many


FIVE = {
    # five players: a bid (some hundred deals played out), the call, a card after a trick
    "auction": lambda v: v.phase == "auction" and len(v.legal_actions) > 1,
    "call": lambda v: v.phase == "call",
    "play": lambda v: v.phase == "play" and len(v.tricks) >= 1 and len(v.legal) > 1,
}


@pytest.mark.parametrize("phase", sorted(FIVE))
def test_five_players_pause_and_choose_alike(phase, monkeypatch):
    rules = Rules.preset("chiamata", 5, auction="ranks")
    view = position(5, 3, FIVE[phase], rules)
    for level in ("hard", "expert"):
        paused, many = choice_and_pauses(level, view, 0, monkeypatch, iterations=12)
        whole, none = choice_and_pauses(level, view, 3_600_000, monkeypatch, iterations=12)
        assert paused == whole
        assert none == 0 < many


def test_paced_passes_a_pause_on_only_when_the_slice_is_over(monkeypatch):
    def steps():
        for _ in range(5):
            yield
        return "done"

    monkeypatch.setattr(slices, "SLICE_MS", 3_600_000)
    run = slices.paced(steps(), slices.Slices())
    with pytest.raises(StopIteration) as stop:
        next(run)
    assert stop.value.value == "done"
    monkeypatch.setattr(slices, "SLICE_MS", 0)
    run = slices.paced(steps(), slices.Slices())
    assert sum(1 for _ in iter(lambda: next(run, "end"), "end")) == 5
