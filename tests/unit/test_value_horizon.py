"""tools/value_horizon.py: the experiment of a learned value at the playout horizon
(docs/ai.md). Its features, its fit and its player are checked so that the measurement
written down can be repeated."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import value_horizon  # noqa: E402

from briscola.agents import expert as expert_module  # noqa: E402
from briscola.agents import run_to_end  # noqa: E402
from briscola.agents.expert import ExpertAgent  # noqa: E402
from briscola.game import Game  # noqa: E402
from briscola.rules import Rules  # noqa: E402


def test_features_count_each_place_by_rank_and_trump():
    trump = 2  # Spade: cards 20..29
    mine, theirs, stock = [20, 3, 13], [29, 0, 5], [21, 10, 30, 7]
    x = value_horizon.features(mine, theirs, stock, trump, lead=True)
    assert len(x) == value_horizon.SIZE and x[-1] == 1.0 and x[60] == 1.0
    assert x[0] == 1.0 and x[10 + 3] == 2.0  # mine: the trump ace, two plain fours
    assert x[20 + 9] == 1.0 and x[30 + 0] == 1.0 and x[30 + 5] == 1.0
    assert x[40 + 1] == 1.0 and x[50 + 0] == 2.0 and x[50 + 7] == 1.0
    assert sum(x[:60]) == len(mine) + len(theirs) + len(stock)
    # plain suits by who holds their best card left: Denari's ace (0) is theirs, Coppe's
    # ace (10) in the stock, Bastoni's ace (30) in the stock
    assert (x[61], x[62]) == (0.0, 1.0)
    assert value_horizon.features(mine, theirs, stock, trump, lead=False)[60] == 0.0


def test_the_fit_recovers_a_linear_law():
    rng = random.Random(3)
    truth = [rng.uniform(-5, 5) for _ in range(value_horizon.SIZE)]
    stats = value_horizon.Stats()
    for _ in range(400):
        x = [float(rng.random() < 0.3) * rng.choice((1, 2, 3)) for _ in range(value_horizon.SIZE - 1)] + [1.0]
        stats.add(x, sum(a * b for a, b in zip(truth, x)))
    w = stats.solve(1e-9)
    assert max(abs(a - b) for a, b in zip(w, truth)) < 1e-6
    assert abs(stats.sse(w)) < 1e-6 and stats.n == 400


@pytest.mark.parametrize("rules", [Rules.standard(2), Rules.preset("briscolone", 2, must_follow=True)],
                         ids=["standard", "briscolone-follow"])
def test_a_horizon_never_reached_plays_as_the_shipped_expert(tmp_path, monkeypatch, rules):
    """The stop and the swap change nothing when the stop never comes (following suit,
    the cards played are counted as the shipped playouts count them), and the expert
    module's playout is given back after each search."""
    model = tmp_path / "vh.json"
    model.write_text(json.dumps({str(s): {"w": [0.0] * value_horizon.SIZE, "sigma": 10.0} for s in range(2, 35, 2)}))
    monkeypatch.setenv("VALUE_HORIZON", str(model))
    monkeypatch.setattr(value_horizon, "_MODEL", {})
    shipped = expert_module.playout2
    game = Game.deal(rules, seed=11, dealer=1)
    for _ in range(4):
        game.apply(game.legal_moves()[0])
    view = game.view(game.turn)
    far = value_horizon.HorizonExpert(seed=5, iterations=20)
    far.horizon = 99
    assert run_to_end(far.think_values(view)) == run_to_end(ExpertAgent(seed=5, iterations=20).think_values(view))
    assert expert_module.playout2 is shipped
    near = value_horizon.HorizonExpert(seed=5, iterations=20)
    assert near.choose(view) in view.legal and expert_module.playout2 is shipped


@pytest.mark.parametrize("seat", [0, 1])
def test_a_stopped_playout_is_valued_from_the_seat_that_searches(seat):
    game = Game.deal(Rules.standard(2), seed=2, dealer=0)
    view = game.view(seat)
    value = value_horizon.HorizonExpert(seed=1, iterations=8)._value_fn(view)
    est = value_horizon.Estimate([30, 20])
    est.margin, est.sigma = 10.0, 10.0
    ahead = value(est)
    assert (ahead > 0.8) if seat == 0 else (ahead < 0.2)
    est.margin = 0.0
    assert value(est) == pytest.approx(0.5)
