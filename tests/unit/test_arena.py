"""The arena: seat-fair rotations, the summary, the JSON and the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from briscola.arena import labels, play_game, run_match, summarise, win_rate_ci
from briscola.cli import main

ROOT = Path(__file__).resolve().parents[2]


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
    assert _without_times(one) == _without_times(two)


def _without_times(summary):
    return {**summary, "agents": [{k: v for k, v in a.items() if k != "ms_per_decision"} for a in summary["agents"]]}


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
    ["arena", "--players", "7"],
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


# -- long matches stream; outputs are checked before playing -------------------------------

RAISING_BOT = """
class Fails:
    def choose(self, view):
        raise RuntimeError("fails at its first card")


def make(seed=None):
    return Fails()
"""


def _bot_dir(tmp_path: Path) -> Path:
    d = tmp_path / "bots"
    d.mkdir()
    (d / "failing_bot.py").write_text(RAISING_BOT, encoding="utf-8")
    return d


def _limited_memory(mib: int):
    resource = pytest.importorskip("resource")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (mib << 20, mib << 20))

    return limit


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_billion_games_start_playing_at_once_in_bounded_memory(tmp_path, jobs):
    # The jobs used to be built up front: a MemoryError within 512 MiB, before any game.
    bots = _bot_dir(tmp_path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "py"), str(bots)]))
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "briscola", "arena", "--games", "1000000000", "--jobs", jobs,
         "--agents", "random,failing_bot:make"],
        capture_output=True, text=True, env=env, timeout=60, preexec_fn=_limited_memory(512))
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "failing_bot:make" in lines[0] and "fails at its first card" in lines[0]
    assert time.perf_counter() - started < 30


class _Enough(Exception):
    pass


def test_run_match_tallies_as_it_goes():
    calls = []

    def progress(done, total, elapsed):
        calls.append(done)
        if len(calls) == 3:
            raise _Enough

    tracemalloc.start()
    try:
        with pytest.raises(_Enough):
            run_match(["random", "random"], players=2, games=10 ** 7, seed=1, progress=progress)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert calls == [20, 40, 60]
    assert peak < 16 << 20, peak  # building the 500,000 jobs up front took 470 MiB


def test_summaries_do_not_depend_on_the_order_of_the_tally():
    results = [play_game(["easy", "random", "medium"], 3, 4, d, r, 0) for d in range(6) for r in range(3)]
    forward = summarise(["easy", "random", "medium"], 3, 6, 4, 0, results)
    backward = summarise(["easy", "random", "medium"], 3, 6, 4, 0, results[::-1])
    for s in (forward, backward):
        for a in s["agents"]:
            a.pop("ms_per_decision")
    assert forward == backward
    scores = [r["score"][0] for r in results]
    assert forward["agents"][0]["win_rate"] == round(win_rate_ci(scores)[0], 4)


def test_unwritable_json_fails_before_playing(tmp_path, capsys, monkeypatch):
    monkeypatch.syspath_prepend(str(_bot_dir(tmp_path)))
    for path in (tmp_path / "no" / "such" / "dir" / "x.json", tmp_path):
        code = main(["arena", "--games", "1000000000", "--agents", "random,failing_bot:make",
                     "--json", str(path), "--no-progress"])
        assert code == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("briscola: error: --json ")
        assert "cannot write" in err[0] and "failing_bot" not in err[0]


def test_the_check_leaves_an_existing_json_alone_and_makes_no_file(tmp_path, capsys, monkeypatch):
    monkeypatch.syspath_prepend(str(_bot_dir(tmp_path)))
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text("kept\n")
    for path in (old, new):
        assert main(["arena", "--games", "3", "--agents", "random,failing_bot:make",
                     "--json", str(path), "--no-progress"]) == 2
        assert "fails at its first card" in capsys.readouterr().err
    assert old.read_text() == "kept\n"
    assert not new.exists()


def test_unwritable_selfplay_output_fails_before_playing(tmp_path, capsys, monkeypatch):
    monkeypatch.syspath_prepend(str(_bot_dir(tmp_path)))
    code = main(["selfplay", "--games", "1000000000", "--agents", "random,failing_bot:make",
                 "--out", str(tmp_path / "no" / "x.jsonl")])
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "x.jsonl" in err[0] and "failing_bot" not in err[0]


# -- matches -------------------------------------------------------------------------------

def test_jobs_give_the_same_matches():
    one = run_match(["easy", "random"], players=2, games=12, seed=5, jobs=1, match="game-points-11")
    two = run_match(["easy", "random"], players=2, games=12, seed=5, jobs=2, match="game-points-11")
    assert _without_times(one) == _without_times(two)
    assert one["matches"] == 24 and one["deals"] > 12


def test_three_players_rotate_over_whole_matches():
    s = run_match(["medium", "easy", "random"], players=3, games=2, seed=2, match="three-players")
    assert s["matches"] == 6 and s["match"] == "three-players"
    assert sum(a["match_wins"] for a in s["agents"]) == 6
    assert all(a["match_draws"] == 0 and a["matches"] == 6 for a in s["agents"])
    assert s["games"] >= 6 * 4  # 12 game points take four deals at the least (3 a deal)


def test_team_matches_put_one_agent_on_each_team(capsys):
    assert main(["arena", "--players", "4", "--games", "2", "--agents", "medium,random", "--match", "best-of-3",
                 "--variant", "piemonte", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "2 best-of-3 matches x 2 rotations = 4 matches" in out and "variant piemonte" in out
    assert out.count("\nteam ") == 2
