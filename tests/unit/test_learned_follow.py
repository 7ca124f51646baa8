"""hard's model of leads in two-player Briscolone with the suit to follow
(briscola.agents.learned_follow) and the tool that fits it (tools/distil_follow.py)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from briscola.agents import make_agent
from briscola.agents.hard import void_draws
from briscola.agents.learned_follow import LENGTH, applies, best_card, features, value
from briscola.agents.learned_follow_weights import LEAD
from briscola.agents.tactics import TABLES, out_cards
from briscola.game import Game
from briscola.rules import Rules

RULES = Rules.preset("briscolone", 2, must_follow=True)
STRENGTH = TABLES["standard"][0]

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import distil_follow  # noqa: E402


RULE = make_agent("hard-2026", seed=0)


def positions(count: int, seed: int = 3):
    """Views of a seat to lead in random deals of the variant, at random moments."""
    rng = random.Random(seed)
    while count:
        game = Game.deal(RULES, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(34)):
            game.apply(rng.choice(game.legal_moves()))
        view = game.view(game.turn)
        if len(view.legal) > 1 and not view.trick:
            count -= 1
            yield view


def test_it_applies_to_two_player_three_card_briscolone_following_suit_only():
    assert applies(next(positions(1)))
    for rules in (Rules.preset("briscolone", 2), Rules.preset("briscolone", 2, must_follow=True, hand_size=5),
                  Rules.standard(2), Rules.preset("standard", 2, must_follow=True),
                  Rules.preset("briscolone", 4, must_follow=True)):
        game = Game.deal(rules, seed=1)
        assert not applies(game.view(game.turn)), rules


def test_the_weights_fit_the_features():
    assert len(LEAD) == LENGTH
    for view in positions(40):
        row = features(view, int(view.legal[0]), out_cards(view), void_draws(view), int(view.legal[1]))
        assert len(row) == LENGTH


def test_the_model_leads_the_card_it_values_most():
    for view in positions(80, seed=5):
        out, voids = out_cards(view), void_draws(view)
        rule = int(RULE.card(view))
        values = {int(c): value(LEAD, features(view, int(c), out, voids, rule)) for c in view.legal}
        best = best_card(view, LEAD, voids, rule)
        assert best in values
        assert values[best] == pytest.approx(max(values.values()), abs=1e-8)


def test_one_number_says_which_card_the_counting_rules_lead():
    for view in positions(30, seed=7):
        out, voids = out_cards(view), void_draws(view)
        rule = int(RULE.card(view))
        flags = [features(view, int(c), out, voids, rule)[-3] for c in view.legal]
        assert sorted(flags) == [0.0] * (len(flags) - 1) + [1.0]


def test_a_shown_void_lowers_the_chance_of_a_stronger_card_to_the_draws_since():
    """The other seat did not follow a suit: it had none of it, so the risk of a lead of
    that suit comes only from the card it drew since, not from a whole hand."""
    lowered = 0
    for seed in range(40):
        game = Game.deal(RULES, seed=seed)
        rng = random.Random(seed)
        while not game.over and game.stock_size > 6:
            view = game.view(game.turn)
            led = int(view.trick[0][1]) // 10 if view.trick else -1
            game.apply(rng.choice(game.legal_moves()))
            if led < 0 or any(int(c) // 10 == led for c in view.hand):
                continue
            # view.seat has just shown a void in suit ``led``; the other seat leads next?
            leader = game.view(game.turn)
            if leader.trick or leader.seat == view.seat:
                continue
            voids = void_draws(leader)
            assert voids.get(led) == 1  # it drew one card after that trick
            out = out_cards(leader)
            for c in leader.legal:
                if int(c) // 10 == led:
                    shown = features(leader, int(c), out, voids, -1)[15]
                    blind = features(leader, int(c), out, {}, -1)[15]
                    assert shown <= blind
                    lowered += shown < blind
            break
    assert lowered


def test_the_tool_fits_weights_that_the_model_reads(tmp_path):
    data = tmp_path / "follow.jsonl"
    distil_follow.main(["collect", "--start", "0", "--deals", "2", "--guesses", "8", "--out", str(data)])
    records = [json.loads(line) for line in data.read_text().splitlines()]
    assert records and all(len(r["values"]) > 1 for r in records)
    view = distil_follow.replay(records[0])
    assert not view.trick and {int(c) for c in view.legal} == {int(c) for c in records[0]["values"]}
    out = tmp_path / "weights.py"
    distil_follow.main(["fit", "--data", str(data), "--holdout", "2", "--write", str(out)])
    space: dict = {}
    exec(out.read_text(), space)
    assert len(space["LEAD"]) == LENGTH


def test_hard_leads_the_models_card_and_hard_2026_does_not():
    """hard's lead in this variant is the model's card (the solver's once the stock is
    down to two cards); the frozen hard keeps the counting rules'."""
    differ = 0
    for view in positions(60, seed=13):
        if view.stock_size < 3:
            continue
        hard = int(make_agent("hard", seed=1).choose(view))
        rule = int(make_agent("hard-2026", seed=1).choose(view))
        assert hard == best_card(view, LEAD, void_draws(view), rule)
        differ += hard != rule
    assert differ


def test_the_tool_records_the_experts_own_values_and_one_agents_leads(tmp_path, capsys):
    """``collect --search --leads-of``: only the named agent's leads, each with the card it
    chose among the cards valued and the expert's own values of the same cards; ``fit``
    then scores the search's and the played card against the oracle."""
    data = tmp_path / "stack.jsonl"
    distil_follow.main(["collect", "--start", "0", "--deals", "2", "--guesses", "8", "--agents", "medium,hard",
                        "--leads-of", "medium", "--search", "--out", str(data)])
    records = [json.loads(line) for line in data.read_text().splitlines()]
    assert records
    for r in records:
        view = distil_follow.replay(r)
        seat = view.seat
        medium_seat = 0 if r["deal"] % 2 == 0 else 1  # agents swap seats on odd deals
        assert seat == medium_seat
        assert set(r["search"]) == set(r["values"])
        assert str(r["chosen"]) in r["values"]
        assert r["chosen"] == int(make_agent("medium", seed=2 * r["deal"] + seat).choose(view))
    distil_follow.main(["fit", "--data", str(data), "--holdout", "2"])
    out = capsys.readouterr().out
    assert "search" in out and "played" in out
