"""The arena: seat-fair rotations, the summary, the JSON and the command line."""

from __future__ import annotations

import json

import pytest

from briscola.arena import labels, play_game, run_match
from briscola.cli import main


def test_every_deal_is_played_in_every_rotation():
    s = run_match(["medium", "random"], players=2, games=10, seed=3)
    assert s["games"] == 20 and s["deals"] == 10
    a, b = s["agents"]
    assert a["wins"] == b["losses"] and a["draws"] == b["draws"]
    assert a["wins"] + a["losses"] + a["draws"] == 20
    assert a["win_rate"] + b["win_rate"] == pytest.approx(1.0)
    assert a["avg_point_diff"] == pytest.approx(-b["avg_point_diff"])
    assert a["ci95"][0] <= a["win_rate"] <= a["ci95"][1]


def test_same_agent_on_both_sides_is_even():
    s = run_match(["medium", "medium"], players=2, games=30, seed=1)
    a, b = s["agents"]
    assert a["name"] == "medium#1" and b["name"] == "medium#2"
    assert 0.3 < a["win_rate"] < 0.7


def test_team_games_put_one_agent_on_each_team_and_swap():
    g0 = play_game(["hard", "random"], 4, 9, 0, 0, 0)
    g1 = play_game(["hard", "random"], 4, 9, 0, 1, 0)
    assert g0["decisions"] == [20, 20] and g1["decisions"] == [20, 20]
    s = run_match(["medium", "random"], players=4, games=10, seed=2)
    assert s["games"] == 20


def test_three_players_rotate_three_agents():
    s = run_match(["medium", "easy", "random"], players=3, games=4, seed=2)
    assert s["games"] == 12
    assert sum(a["wins"] + a["draws"] / 2 for a in s["agents"]) == pytest.approx(12, abs=6)


def test_jobs_give_the_same_result():
    one = run_match(["easy", "random"], players=2, games=12, seed=5, jobs=1)
    two = run_match(["easy", "random"], players=2, games=12, seed=5, jobs=2)
    strip = lambda s: [{k: v for k, v in a.items() if k != "ms_per_decision"} for a in s["agents"]]
    assert strip(one) == strip(two)


def test_labels():
    assert labels(["a", "b", "a"]) == ["a#1", "b", "a#2"]


def test_cli_json(tmp_path, capsys):
    out = tmp_path / "s.json"
    code = main(["arena", "--players", "2", "--games", "6", "--seed", "4", "--agents", "medium,random",
                 "--json", str(out), "--no-progress"])
    assert code == 0
    data = json.loads(out.read_text())
    for a in data["agents"]:
        assert set(a) >= {"name", "wins", "losses", "draws", "win_rate", "ci95", "avg_point_diff", "ms_per_decision"}
        assert len(a["ci95"]) == 2
    assert "win rate" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["arena", "--agents", "nobody,random"],
    ["arena", "--players", "5"],
    ["arena", "--players", "3", "--agents", "medium,random"],
    ["arena", "--games", "0"],
    ["arena", "--jobs", "x"],
])
def test_cli_bad_arguments_exit_2_with_one_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("briscola: error:")


def test_module_factory_agents():
    s = run_match(["briscola.agents.basic:RandomAgent", "random"], players=2, games=2, seed=1)
    assert s["agents"][0]["name"] == "briscola.agents.basic:RandomAgent"
