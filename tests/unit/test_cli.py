"""The command line, run as a real subprocess: python -m briscola ..."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from briscola.game import Game
from briscola.record import from_record, to_record
from briscola.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "py"
TIMEOUT = 60


def run(args, *, stdin: str | None = None, extra_path: Path | None = None, cwd=None):
    paths = [str(PY)] + ([str(extra_path)] if extra_path else [])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths), PYTHONHASHSEED="0")
    return subprocess.run(
        [sys.executable, "-m", "briscola", *args],
        input=stdin, capture_output=True, text=True, env=env, timeout=TIMEOUT, cwd=cwd or ROOT,
    )


def assert_one_line_error(proc, words: str | None = None):
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("briscola: error: ")
    if words:
        assert words in lines[0]
    assert proc.stdout == ""


def test_help():
    proc = run(["--help"])
    assert proc.returncode == 0
    for word in ("selfplay", "play", "arena"):
        assert word in proc.stdout
    proc = run(["selfplay", "--help"])
    assert proc.returncode == 0 and "--players" in proc.stdout and "--out" in proc.stdout


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_selfplay_writes_records_that_replay(tmp_path, players):
    out = tmp_path / "deals.jsonl"
    proc = run(["selfplay", "--players", str(players), "--games", "30", "--seed", "1", "--out", str(out)])
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    summary = proc.stdout.strip().splitlines()
    assert len(summary) == 1
    assert summary[0].startswith(f"30 deals, {players} players")
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 30
    seeds = []
    wins = draws = 0
    for line in lines:
        rec = json.loads(line)
        game = from_record(rec)
        assert game.over and sum(game.points) == 120
        assert to_record(game) == rec
        assert rec["rules"]["players"] == players
        assert rec["dealer"] == (rec["seed"] - 1) % players
        # the deal is the one its seed deals
        fresh = Game.deal(Rules.standard(players), seed=rec["seed"], dealer=rec["dealer"])
        assert [[str(c) for c in h] for h in fresh.initial_hands] == rec["hands"]
        seeds.append(rec["seed"])
        wins += rec["result"][0] == "win"
        draws += "win" not in rec["result"]
    assert seeds == list(range(1, 31))
    assert f"draws {draws}" in summary[0]
    assert f"won {wins} " in summary[0]


def test_selfplay_is_deterministic(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for out in (a, b):
        assert run(["selfplay", "--games", "5", "--seed", "7", "--out", str(out)]).returncode == 0
    assert a.read_text() == b.read_text()


def test_selfplay_to_stdout_keeps_the_summary_off_the_records():
    proc = run(["selfplay", "--players", "3", "--games", "4", "--seed", "2", "--out", "-"])
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert len(lines) == 4 and all(from_record(json.loads(x)).over for x in lines)
    assert proc.stderr.startswith("4 deals, 3 players")


@pytest.mark.parametrize(
    "args, words",
    [
        (["selfplay", "--players", "7", "--out", "x.jsonl"], "--players"),
        (["selfplay", "--games", "0", "--out", "x.jsonl"], "--games"),
        (["selfplay", "--agents", "nobody", "--out", "x.jsonl"], "nobody"),
        (["selfplay", "--agents", "no_such_module_xyz:make", "--out", "x.jsonl"], "no_such_module_xyz"),
        (["selfplay", "--agents", "random,random,random", "--out", "x.jsonl"], "3 agents"),
        (["selfplay", "--games", "10"], "--out"),
        (["selfplay", "--games", "many", "--out", "x.jsonl"], "not a number"),
        (["selfplay", "--seed", "1.5", "--out", "x.jsonl"], "not a number"),
        (["selfplay", "--players", "two", "--out", "x.jsonl"], "not a number"),
        (["selfplay", "--seed", str(2 ** 63 - 5), "--games", "10", "--out", "x.jsonl"], "--seed"),
        (["play", "--players", "7"], "--players"),
        (["selfplay", "--out", "/nonexistent-dir/x/y.jsonl", "--games", "1"], None),
        (["nonsense"], None),
        ([], None),
    ],
)
def test_bad_arguments(tmp_path, args, words):
    proc = run(args, cwd=tmp_path)
    assert_one_line_error(proc, words)
    assert not (tmp_path / "x.jsonl").exists()


AGENT_MODULE = """
    class FirstCard:
        def choose(self, view):
            return view.legal[0]

    def make(seed=None):
        return FirstCard()
"""


def test_outside_agent_from_module_factory(tmp_path):
    (tmp_path / "mybot.py").write_text(textwrap.dedent(AGENT_MODULE), encoding="utf-8")
    out = tmp_path / "bot.jsonl"
    proc = run(["selfplay", "--games", "6", "--seed", "3", "--agents", "mybot:make,random", "--out", str(out)],
               extra_path=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "mybot:make" in proc.stdout
    # seat 0 really played the first card of its hand every time
    for line in out.read_text().splitlines():
        rec = json.loads(line)
        g = Game.deal(Rules.standard(2), seed=rec["seed"], dealer=rec["dealer"])
        for t in rec["tricks"]:
            for seat, card in t["plays"]:
                if seat == 0:
                    assert card == str(g.hands[0][0])
                g.play(next(c for c in g.hands[seat] if str(c) == card))


def test_outside_agent_without_choose_is_an_error(tmp_path):
    (tmp_path / "notabot.py").write_text("def make():\n    return 42\n", encoding="utf-8")
    proc = run(["selfplay", "--games", "1", "--agents", "notabot:make", "--out", "x.jsonl"],
               extra_path=tmp_path, cwd=tmp_path)
    assert_one_line_error(proc, "choose")


def _final_points(stdout: str) -> list[int]:
    return [int(m) for m in re.findall(r": (\d+) points$", stdout, re.M)]


@pytest.mark.parametrize("players", [2, 4])
def test_play_through_stdin(players):
    proc = run(["play", "--players", str(players), "--seed", "3"], stdin="1\n" * 60)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    out = proc.stdout
    assert "Your card>" in out and "Goodbye." not in out
    last = out.strip().splitlines()[-1]
    assert last in ("You win!", "You lose.", "A draw: 60 to 60.")
    pts = _final_points(out)
    assert len(pts) == 2 and sum(pts) == 120
    expected = {True: "You win!", False: "You lose."}[pts[0] > 60] if pts[0] != 60 else "A draw: 60 to 60."
    assert last == expected


def test_play_reprompts_on_bad_input_and_accepts_card_names():
    g = Game.deal(Rules.standard(2), seed=5, dealer=1)
    # the CLI deals with the last seat as dealer, so the human (seat 0) leads
    first = str(g.hands[0][2])
    proc = run(["play", "--seed", "5"], stdin=f"zz\n9\n{first}\n" + "1\n" * 40)
    assert proc.returncode == 0
    assert proc.stdout.count("Type 1 to 3") == 2  # 'zz' and '9' refused, the card name taken
    assert proc.stdout.strip().splitlines()[-1] in ("You win!", "You lose.", "A draw: 60 to 60.")


def test_play_quits_at_end_of_input():
    proc = run(["play", "--seed", "5"], stdin="1\n")
    assert proc.returncode == 0
    assert proc.stdout.strip().endswith("Goodbye.")


def test_play_speaks_the_language_asked_for():
    proc = run(["play", "--seed", "5", "--lang", "it"], stdin="1\n" * 40)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "La tua carta>" in out and "Your card>" not in out
    assert re.search(r"^Giulia gioca .+ di (Denari|Coppe|Spade|Bastoni)\.$", out, re.M)
    assert out.strip().splitlines()[-1] in ("Hai vinto!", "Hai perso.", "Pareggio: 60 a 60.")


def test_play_refuses_an_unknown_language():
    proc = run(["play", "--lang", "tlh"], stdin="")
    assert proc.returncode == 2 and "no language 'tlh'" in proc.stderr


def test_arena_json_to_stdout_and_the_header_names_the_options(tmp_path):
    proc = run(["arena", "--games", "1", "--agents", "medium,easy", "--must-follow", "--ranking", "southern",
                "--no-progress", "--json", "-"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)  # the JSON alone, no table
    assert data["games"] == 2 and data["rules"]["must_follow"] is True
    assert not (tmp_path / "-").exists()
    text = run(["arena", "--games", "1", "--agents", "medium,easy", "--must-follow", "--ranking", "southern",
                "--no-progress"]).stdout
    assert text.splitlines()[0] == "1 deal x 2 rotations = 2 games, 2 players, seed 1, --must-follow --ranking southern"


def test_a_reader_that_stops_reading_ends_the_run_quietly():
    env = dict(os.environ, PYTHONPATH=str(PY))
    proc = subprocess.Popen([sys.executable, "-m", "briscola", "selfplay", "--games", "200", "--out", "-"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(100)
    proc.stdout.close()  # as "| head -c 100" does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=TIMEOUT) == 1 and err == ""


def test_four_players_have_one_partner_and_an_empty_stock_is_said_once():
    proc = run(["play", "--players", "4", "--seed", "3"], stdin="1\n" * 40)
    assert proc.returncode == 0, proc.stderr
    assert "Your partner: Marco." in proc.stdout and "Your partners" not in proc.stdout
    assert "Stock empty. Your hand:" in proc.stdout and "Stock: Stock" not in proc.stdout
    assert "Type 1, or the card" not in proc.stdout  # nothing refused here
    last = run(["play", "--seed", "3"], stdin="1\n" * 19 + "7\n")
    assert re.search(r"Type 1, or the card \w+\.", last.stdout)  # one card left: not "1 to 1"
