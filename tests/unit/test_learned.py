"""hard's distilled model (briscola.agents.learned) and the tool that fits it
(tools/distil_hard.py)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from briscola.agents.learned import applies, best_card, features, value, values
from briscola.agents.learned_weights import WEIGHTS
from briscola.agents.tactics import TABLES, out_cards
from briscola.game import Game
from briscola.rules import Rules

STRENGTH = TABLES["standard"][0]

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import distil_hard  # noqa: E402


def positions(count: int, seed: int = 3):
    """Views of the seat to play in random two-player standard deals, at random moments."""
    rng = random.Random(seed)
    while count:
        game = Game.deal(Rules.standard(2), seed=rng.randrange(10**6))
        for _ in range(rng.randrange(30)):
            game.apply(rng.choice(game.legal_moves()))
        view = game.view(game.turn)
        if len(view.legal) > 1:
            count -= 1
            yield view


def test_the_weights_fit_the_features_of_leads_and_answers():
    lead, answer = WEIGHTS
    for view in positions(40):
        row = features(view, int(view.legal[0]), out_cards(view))
        assert len(row) == len(lead) == len(answer)


def test_the_model_plays_a_legal_card_and_values_every_legal_card():
    for view in positions(60):
        v = values(view, WEIGHTS)
        assert set(v) == {int(c) for c in view.legal}
        best = best_card(view, WEIGHTS)
        assert v[best] == pytest.approx(max(v.values()), abs=1e-8)


def test_the_int_model_is_the_dot_product_of_the_features_for_any_weights():
    """``value`` (ints and masks, what hard and the search call) is ``w . features`` term
    by term: random weights reach every feature, those the shipped weights leave at 0 too."""
    rng = random.Random(11)
    for view in positions(150, seed=8):
        out = out_cards(view)
        mask = sum(1 << int(c) for c in out)
        me = view.seat
        led = int(view.trick[0][1]) if view.trick else -1
        for _ in range(2):
            w = [rng.uniform(-3, 3) for _ in WEIGHTS[0]]
            for c in view.legal:
                rest = [int(x) for x in view.hand if x != c]
                want = sum(a * b for a, b in zip(w, features(view, int(c), out)))
                got = value(w, int(c), view.trump, rest, mask, view.stock_size,
                            view.points[me] - view.points[1 - me], led)
                assert got == pytest.approx(want, abs=1e-9)


def test_hard_plays_the_card_of_the_highest_dot_product():
    for view in positions(300, seed=9):
        w = WEIGHTS[1] if view.trick else WEIGHTS[0]
        out = out_cards(view)
        dot = {int(c): round(sum(a * b for a, b in zip(w, features(view, int(c), out))), 9) for c in view.legal}
        strength = {int(c): STRENGTH[int(c)] for c in view.legal}
        want = max(dot, key=lambda c: (dot[c], -strength[c], -c))
        assert best_card(view, WEIGHTS) == want


def test_the_model_is_only_asked_where_it_was_fitted():
    assert applies(next(positions(1)))
    for rules in (Rules.standard(4), Rules.preset("briscolone", 2, must_follow=True), Rules.preset("scoperta", 2),
                  Rules.preset("dupla", 2), Rules.preset("piemonte", 2)):
        game = Game.deal(rules, seed=1)
        assert not applies(game.view(game.turn)), rules.variant


def test_ridge_recovers_the_weights_of_noiseless_data():
    rng = random.Random(5)
    true = [1.5, -2.0, 0.25, 0.0]
    rows = []
    for _ in range(200):
        x = [rng.uniform(-1, 1) for _ in true]
        rows.append((x, sum(a * b for a, b in zip(true, x))))
    fitted = distil_hard.ridge(rows, 1e-9)
    assert fitted == pytest.approx(true, abs=1e-6)
    shrunk = distil_hard.ridge(rows, 50.0)
    assert sum(w * w for w in shrunk) < sum(w * w for w in true)  # the ridge pulls the weights in


def test_collected_decisions_replay_to_the_position_the_expert_valued(tmp_path):
    out = tmp_path / "d.jsonl"
    assert distil_hard.main(["collect", "--start", "7", "--deals", "1", "--guesses", "8", "--out", str(out)]) == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert records
    for r in records:
        view = distil_hard.replay(r)
        assert {int(c) for c in r["values"]} == {int(c) for c in view.legal}
        assert r["hard"] in {int(c) for c in view.legal}
        assert view.stock_size >= distil_hard.MIN_STOCK
