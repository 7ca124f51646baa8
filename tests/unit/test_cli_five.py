"""Five players (Briscola chiamata) on the command line: ``selfplay``, ``arena`` and
``play`` with ``--players 5``, ``--auction`` and the five-player match formats."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import jsonschema
import pytest

from briscola.arena import _spread, five_lineup, run_five
from briscola.cli import build_parser, cmd_play, main
from briscola.drive import rules_from_args
from briscola.match import FIVE_FORMATS
from briscola.record import from_record, to_record
from briscola.rules import AUCTIONS, Rules
from tests.unit.test_cli import assert_one_line_error, run

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs" / "briscola-record-2.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


@pytest.mark.parametrize("auction", [None, *AUCTIONS])
def test_players_5_means_chiamata_with_the_auction_asked_for(auction):
    flags = [] if auction is None else ["--auction", auction]
    args = build_parser().parse_args(["selfplay", "--players", "5", "--out", "-", *flags])
    assert rules_from_args(args) == Rules.preset("chiamata", 5, auction=auction or "ranks")
    args = build_parser().parse_args(["arena", "--players", "5", "--variant", "chiamata", *flags])
    assert rules_from_args(args).variant == "chiamata"


@pytest.mark.parametrize("command", ["play", "selfplay", "arena"])
def test_help_names_the_auction_and_the_five_player_formats(command):
    proc = run([command, "--help"])
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split())
    assert "--auction {ranks,ranks-points,points}" in text
    if command != "selfplay":
        assert all(f in text for f in FIVE_FORMATS)


@pytest.mark.parametrize("args, words", [
    (["selfplay", "--auction", "points", "--out", "-"], "Briscola chiamata"),
    (["selfplay", "--players", "5", "--must-follow", "--out", "-"], "Briscola chiamata is played with"),
    (["selfplay", "--players", "5", "--variant", "dupla", "--out", "-"], "five players"),
    (["play", "--players", "2", "--match", "deals-5"], "deals-5 is not played with 2 players"),
    (["play", "--players", "5", "--match", "best-of-3"], "best-of-3 is not played with 5 players"),
    (["arena", "--players", "5", "--agents", "a,b,c,d,e,f"], "1 to 5"),
    (["arena", "--players", "5", "--agents", "hard,medium,easy", "--solo"], "2 with --solo"),
    (["arena", "--players", "5", "--agents", "hard,nobody"], "nobody"),
    (["arena", "--players", "2", "--solo"], "--solo is for five players"),
    (["selfplay", "--players", "5", "--agents", "random,random", "--out", "-"], "2 agents for 5 seats"),
])
def test_bad_five_player_arguments_are_one_line(args, words):
    assert_one_line_error(run(args), words)


def test_selfplay_writes_records_that_validate_replay_and_add_up(tmp_path, capsys):
    """``selfplay --players 5``: every record validates against the schema and replays,
    game points add up to zero, the partner holds the called card. The long run (2000
    deals, the searching levels at the table) is this test with the environment's
    ``FIVE_SELFPLAY_DEALS=2000 FIVE_SELFPLAY_AGENTS=hard,medium,easy,random,medium``."""
    out = tmp_path / "five.jsonl"
    deals = int(os.environ.get("FIVE_SELFPLAY_DEALS", "200"))
    agents = os.environ.get("FIVE_SELFPLAY_AGENTS", "medium,easy,random,medium,easy")
    code = main(["selfplay", "--players", "5", "--games", str(deals), "--seed", "3", "--auction", "ranks-points",
                 "--agents", agents, "--out", str(out)])
    stdout = capsys.readouterr().out
    assert code == 0
    assert stdout.startswith(f"{deals} deals, 5 players (ranks-points auction): seat 0:{agents.split(',')[0]} ")
    lines = out.read_text().splitlines()
    assert len(lines) == deals
    total = 0
    for line in lines:
        rec = json.loads(line)
        assert not list(VALIDATOR.iter_errors(rec))
        g = from_record(rec)
        assert to_record(g) == rec
        out_ = g.outcome()
        assert sum(out_.game_points) == 0
        total += out_.game_points[0]
        if not g.thrown_in:
            assert g.called in g.initial_hands[g.partner]
    assert f"seat 0:{agents.split(',')[0]} {total:+d} game pts" in stdout


def test_arena_five_json_and_text(tmp_path, capsys):
    out = tmp_path / "five.json"
    code = main(["arena", "--players", "5", "--games", "3", "--agents", "medium,random", "--auction", "points",
                 "--json", str(out), "--no-progress"])
    assert code == 0
    text = capsys.readouterr().out
    assert "3 deals x 2 rotations = 6 games, 5 players (Briscola chiamata, points auction)" in text
    assert "winning bids: lowest" in text
    data = json.loads(out.read_text())
    assert data["matches"] == data["games"]  # a single deal is a match of one, as with 2, 3, 4 and 6
    assert data["players"] == 5 and data["games"] == 6 and data["lineup"] == "rotate"
    assert data["contracts"] + data["thrown_in"] == 6 and data["contracts"] == sum(
        a["contracts_taken"] for a in data["agents"])
    assert sum(data["winning_bids"]["counts"].values()) == data["contracts"]
    first, second = data["agents"]
    assert first["seat_games"] == second["seat_games"] == 15
    assert first["game_points_per_deal"] == pytest.approx(-second["game_points_per_deal"], abs=1e-3)
    assert first["ci95"][0] <= first["mean_over_deals"] <= first["ci95"][1]


def test_arena_solo_puts_the_first_agent_in_each_seat_once():
    lineups = [five_lineup(2, r, True) for r in range(5)]
    assert [line.index(0) for line in lineups] == list(range(5))
    assert all(line.count(1) == 4 for line in lineups)
    assert sorted(five_lineup(3, r, False)[4] for r in range(3)) == [0, 1, 2]
    s = run_five(["medium", "random"], games=2, solo=True, match="deals-5")
    first, second = s["agents"]
    assert first["seat_games"] * 4 == second["seat_games"] and s["matches"] == 10
    assert first["matches"] == second["matches"] == 10 and first["match_wins"] + second["match_wins"] <= 10


def test_play_five_players_runs_the_auction_the_call_and_the_play():
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--players", "5", "--seed", "9", "--opponent", "medium"])
    answers = "\np\n" + "1\n" * 60  # bid the ace, pass when outbid, then the first card (or call)
    assert cmd_play(args, stdin=io.StringIO(answers), stdout=out) == 0
    text = out.getvalue()
    assert "Briscola chiamata: in the auction each bid names a lower rank" in text
    assert "Your bid> You bid Ace." in text
    assert "Game points:" in text and ("You win!" in text or "You lose." in text)


def test_play_five_players_call_prompt_and_partner():
    """The player bids to the end and calls: the call prompt lists the cards of the rank."""
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--players", "5", "--seed", "4", "--opponent", "random"])
    answers = "\n" * 12 + "zz\n" + "1\n" * 60
    assert cmd_play(args, stdin=io.StringIO(answers), stdout=out) == 0
    text = out.getvalue()
    won = re.search(r"You won the auction with (\w+): call a card\.", text)
    assert won is not None
    bids = re.findall(r"You bid (\w+)\.", text[:won.start()])
    assert bids and won.group(1) == bids[-1]  # the last bid (rank bids go down), not the largest number
    assert "“zz” is not a card you may call." in text and "You call the " in text and "Trump: " in text


def test_play_five_player_match_to_the_end():
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--players", "5", "--seed", "2", "--opponent", "random",
                                      "--match", "deals-5", "--auction", "points"])
    assert cmd_play(args, stdin=io.StringIO("p\n" + "p\n1\n" * 400), stdout=out) == 0
    text = out.getvalue()
    assert text.count("Game points:") + text.count("thrown in") >= 5
    assert "Match: You: " in text


def test_pass_and_quit_in_the_auction():
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--players", "5", "--seed", "9"])
    assert cmd_play(args, stdin=io.StringIO("bid 99\nq\n"), stdout=out) == 0
    text = out.getvalue()
    assert "“bid 99” is not a bid you may make" in text


def test_winning_bids_run_in_the_auction_s_order():
    """Rank bids go down from the Ace (1) to the Two (2): the Two is the highest bid, the
    King (10) between; points after the ranks."""
    spread = _spread({10: 2, 1: 1, 2: 1}, "ranks")
    assert (spread["lowest"], spread["median"], spread["highest"]) == (1, 10, 2)
    assert list(spread["counts"]) == ["1", "10", "2"]
    mixed = _spread({2: 1, 62: 2, 70: 1}, "ranks-points")
    assert (mixed["lowest"], mixed["median"], mixed["highest"]) == (2, 62, 70)


@pytest.mark.parametrize("lang, bid", [("en", "Ace [1]"), ("hi", "इक्का [1]")])
def test_the_bids_name_a_rank_alone(lang, bid):
    """A bid is a rank on its own (Hindi writes a rank apart from a card's name)."""
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--players", "5", "--seed", "3", "--lang", lang])
    assert cmd_play(args, stdin=io.StringIO("q\n"), stdout=out) == 0
    assert bid in out.getvalue()


@pytest.mark.parametrize("auction, first, later", [
    ("points", "bid points, or pass", r"bid more than \d+ points, or pass"),
    ("ranks-points", "bid a rank or points, or pass", r"bid lower than \w+ or points, or pass"),
    ("ranks", "bid a rank, or pass", r"bid lower than \w+, or pass"),
])
def test_the_terminal_asks_for_what_the_auction_bids(auction, first, later):
    """The terminal's prompt is the page's (i18n.bid_prompt_key): in points, more than the
    last bid (it said "lower than 65 points")."""
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--players", "5", "--seed", "3", "--auction", auction])
    assert cmd_play(args, stdin=io.StringIO("\n" * 30 + "q\n"), stdout=out) == 0
    prompts = re.findall(r"Your turn in the auction: (.+)\.", out.getvalue())
    assert prompts[0] == first and len(prompts) > 1 and re.fullmatch(later, prompts[1])
