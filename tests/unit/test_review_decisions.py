"""tools/review_decisions.py: one player's decisions recorded, replayed and judged
against a candidate's by continuations told the other hand."""

from __future__ import annotations

import json
import sys
from pathlib import Path


sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import review_decisions  # noqa: E402


class FirstCard:
    """A test candidate: always the lowest legal card."""

    def __init__(self, seed=None):
        self.seed = seed

    def choose(self, view):
        return min(view.legal, key=int)


def collected(tmp_path, variant=("--variant", "briscolone", "--must-follow"), agents="hard,medium"):
    data = tmp_path / "decisions.jsonl"
    review_decisions.main(["collect", "--agents", agents, "--of", agents.split(",")[0], "--deals", "2",
                           "--start", "7", "--iterations", "20", "--jobs", "1", "--out", str(data), *variant])
    return data, [json.loads(line) for line in data.read_text().splitlines()]


def test_collect_records_the_positions_of_one_seat_that_replay(tmp_path):
    _, records = collected(tmp_path)
    assert records and {r["kind"] for r in records} == {"lead", "answer"}
    for r in records:
        assert r["options"] == {"must_follow": True} and r["variant"] == "briscolone"
        game = review_decisions.position(r)
        view = game.view(r["seat"])
        assert r["chosen"] in {int(c) for c in view.legal} and len(view.legal) > 1
        assert view.stock_size == r["stock"] > 0 and bool(view.trick) == (r["kind"] == "answer")
    # the recorded seat is hard's: seat 0 on the even deal, seat 1 on the odd one
    assert {r["deal"] for r in records} == {7, 8} and all(r["seat"] == r["deal"] % 2 for r in records)


def test_the_recorded_player_as_candidate_differs_nowhere(tmp_path, capsys):
    """The expert seeds its search from the position, so asked again it plays the same
    card (hard and medium break exact ties at random, so they may not)."""
    data, records = collected(tmp_path, agents="expert,medium")
    review_decisions.main(["compare", "--data", str(data), "--candidate", "expert", "--iterations", "20",
                           "--orders", "2", "--jobs", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["parts"]["all"]["positions"] == len(records)
    assert out["parts"]["all"]["differ"] == 0 and out["parts"]["all"]["total"] == 0


def test_a_different_candidate_is_judged_by_both_cards_played_on(tmp_path, capsys):
    data, records = collected(tmp_path, ())
    review_decisions.main(["compare", "--data", str(data), "--candidate", f"{__name__}:FirstCard",
                           "--kind", "lead", "--orders", "3", "--jobs", "1", "--json"])
    parts = json.loads(capsys.readouterr().out)["parts"]
    leads = [r for r in records if r["kind"] == "lead"]
    assert parts["all"]["positions"] == len(leads)
    assert parts["all"]["differ"] == sum(
        1 for r in leads if min(review_decisions.position(r).view(r["seat"]).legal, key=int) != r["chosen"])
    assert parts["all"]["differ"] > 0 and parts["all"]["total"] != 0
    assert abs(sum(p["total"] for k, p in parts.items() if k != "all") - parts["all"]["total"]) < 1e-9
    # one position by hand: the gain is the mean over the orders of the two cards' final points
    r = next(r for r in leads if min(review_decisions.position(r).view(r["seat"]).legal, key=int) != r["chosen"])
    game = review_decisions.position(r)
    pick = int(min(game.view(r["seat"]).legal, key=int))
    gain = sum(review_decisions.played_on(game, pick, k, r["deal"], "hard")[r["seat"]]
               - review_decisions.played_on(game, r["chosen"], k, r["deal"], "hard")[r["seat"]] for k in range(3)) / 3
    _, got, _ = review_decisions.judge((r, f"{__name__}:FirstCard", 200, {}, 3, "hard"))
    assert got == gain


def test_played_on_keeps_the_hands_and_shuffles_only_the_stock(tmp_path):
    _, records = collected(tmp_path)
    r = records[0]
    game = review_decisions.position(r)
    before = [list(h) for h in game.hands]
    points = review_decisions.played_on(game, r["chosen"], 0, r["deal"], "hard")
    assert game.hands == before and not game.over  # the position itself is untouched
    assert sum(points) == 120


def test_settings_take_the_type_of_the_attribute():
    agent = review_decisions.seeded("expert", 3, 50, {"prior_bonus": "0", "belief": "false", "batch": "8"})
    assert agent.prior_bonus == 0.0 and agent.belief is False and agent.batch == 8 and agent.iterations == 50
