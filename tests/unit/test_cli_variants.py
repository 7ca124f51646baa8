"""Variants and matches on the command line: the flags, their refusals, the terminal game
in every variant, selfplay records of every variant and the arena's matches."""

from __future__ import annotations

import importlib.util
import io
import json
import re
from pathlib import Path

import pytest

from briscola import arena, cli, record
from briscola.cli import Terminal, build_parser, main
from briscola.drive import RULE_FLAGS, plan_deal, rule_flags, rules_from_args
from briscola.game import Game
from briscola.i18n import Translator
from briscola.match import MATCH_FORMATS, Match
from briscola.model import EXCHANGE, PLAY, SHOW, Action
from briscola.rules import PLAYER_COUNTS, PRESETS, Rules, UnsupportedRuleError
from tests.unit.test_cli import run

HUMAN_LEADS = 1
"""The terminal game's first dealer with two players: the player at the terminal leads."""
RESULTS = ("You win!", "You lose.", "A draw: 60 to 60.")
ANSWERS = "1\n2\n3\n4\n5\n" * 100
"""Card numbers over and over: whatever must be followed, one of them may be played."""
OPTION_VARIANTS = [
    ("briscolone", {"hand_size": 5}),
    ("standard", {"must_follow": True}),
    ("standard", {"trump": "first"}),
    ("standard", {"trump_exchange": 2}),
    ("standard", {"trump_exchange": 7}),
    ("standard", {"redeal_ace_three": True}),
    ("standard", {"mano_negra": True}),
    ("sud", {"ranking": "seven-high", "open_hands": True}),
]


def _playable(variant: str, options: dict, players: int) -> bool:
    try:
        Rules.preset(variant, players, **options)
    except UnsupportedRuleError:
        return False
    return True


TWO_PLAYER_PRESETS = [name for name in PRESETS if _playable(name, {}, 2)]
ALL_VARIANTS = [(name, {}) for name in TWO_PLAYER_PRESETS] + OPTION_VARIANTS


def one_error_line(capsys, words: str) -> None:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("briscola: error: "), err
    assert words in err[0], err[0]


# -- flags ---------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["play", "selfplay", "arena"])
def test_help_lists_the_presets_the_options_and_the_match_formats(command):
    proc = run([command, "--help"])
    assert proc.returncode == 0, proc.stderr
    text = " ".join(proc.stdout.split())
    assert "{" + ",".join(PRESETS) + "}" in text
    for f in RULE_FLAGS:
        assert f.flag in text
    assert "{standard,southern,seven-high}" in text and "{2,7}" in text and "{3,4,5}" in text
    if command != "selfplay":
        assert "{" + ",".join(MATCH_FORMATS) + "}" in text


@pytest.mark.parametrize("variant, options", ALL_VARIANTS)
def test_the_flags_of_a_variant_ask_for_its_rules(variant, options):
    args = build_parser().parse_args(["selfplay", "--out", "-", *rule_flags(variant, options)])
    assert rules_from_args(args) == Rules.preset(variant, 2, **options)


def test_no_flag_keeps_the_preset_s_own_options():
    args = build_parser().parse_args(["arena", "--variant", "bisca"])
    rules = rules_from_args(args)
    assert (rules.ranking, rules.trump_exchange) == ("seven-high", 2)
    args = build_parser().parse_args(["arena", "--variant", "bisca", "--exchange", "7", "--ranking", "standard"])
    assert (rules_from_args(args).ranking, rules_from_args(args).trump_exchange) == ("standard", 7)


REFUSED = [
    (["--variant", "dupla", "--players", "4"], "Briškula dupla is a two-player game, not for 4 players"),
    (["--variant", "briscolone", "--hand-size", "5", "--players", "6"], "five cards in hand are a two-player game"),
    (["--hand-size", "5"], "without a turned trump"),
    (["--variant", "briscolone", "--exchange", "2"], "a trump exchange needs a turned trump card"),
    (["--first-card-trump", "--mano-negra"], "mano negra needs a turned trump card"),
    (["--variant", "bisca", "--first-card-trump"], "Bisca is played with a trump exchange, which needs"),
    (["--variant", "standard", "--hand-size", "4"], "two plays each a trick go together: that is Briškula dupla"),
]


@pytest.mark.parametrize("command", ["play", "selfplay", "arena"])
@pytest.mark.parametrize("flags, words", REFUSED)
def test_rules_that_are_not_played_are_one_line_and_status_2(command, flags, words, capsys, tmp_path):
    out = tmp_path / "x.jsonl"
    extra = ["--out", str(out)] if command == "selfplay" else []
    assert main([command, *flags, *extra]) == 2
    one_error_line(capsys, words)
    assert capsys.readouterr().out == "" and not out.exists()


@pytest.mark.parametrize("argv, words", [
    (["play", "--match", "three-players"], "three-players is for 3 players, not 2"),
    (["play", "--players", "3", "--match", "game-points-11"], "with 3 use three-players"),
    (["arena", "--players", "4", "--match", "three-players"], "three-players is for 3 players, not 4"),
    (["arena", "--match", "best-of-7"], "argument --match: invalid choice: 'best-of-7'"),
    (["play", "--variant", "tresette"], "argument --variant: invalid choice: 'tresette'"),
    (["selfplay", "--out", "-", "--hand-size", "6"], "argument --hand-size: invalid choice: 6"),
    (["arena", "--exchange", "3"], "argument --exchange: invalid choice: 3"),
    (["selfplay", "--out", "-", "--match", "best-of-3"], "unrecognized arguments: --match best-of-3"),
])
def test_match_formats_that_are_not_played_are_one_line_and_status_2(argv, words, capsys):
    assert main(argv) == 2
    one_error_line(capsys, words)


def test_a_refusal_is_one_line_from_a_real_process():
    proc = run(["play", "--variant", "dupla", "--players", "4"], stdin="1\n")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "briscola: error: Briškula dupla is a two-player game, not for 4 players\n"


# -- the terminal game ---------------------------------------------------------------------

def play(argv: list[str], answers: str = ANSWERS) -> str:
    out = io.StringIO()
    args = build_parser().parse_args(["play", *argv])
    assert cli.cmd_play(args, io.StringIO(answers), out) == 0
    return out.getvalue()


def first_seed(rules: Rules, kind: str) -> int:
    """A seed whose first turn offers an action of ``kind`` to the player at the terminal."""
    return next(seed for seed in range(100_000)
                if any(a.kind == kind for a in Game.deal(rules, seed=seed, dealer=HUMAN_LEADS).legal_actions()))


@pytest.mark.parametrize("variant, options", ALL_VARIANTS)
def test_a_whole_deal_through_stdin_in_every_variant(variant, options):
    proc = run(["play", "--seed", "11", *rule_flags(variant, options)], stdin=ANSWERS)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert "Goodbye." not in lines and lines[-1] in RESULTS
    points = [int(p) for p in re.findall(r": (\d+) points$", proc.stdout, re.M)]
    assert len(points) == 2 and sum(points) == 120
    rules = Rules.preset(variant, 2, **options)
    assert f"Type the number of a card (1–{rules.hand_size})" in proc.stdout


def test_briscolone_says_no_trump_and_first_card_trump_names_the_suit():
    assert "\nNo trump\n" in play(["--variant", "briscolone", "--seed", "2"])
    out = play(["--first-card-trump", "--seed", "2"])
    first = Game.deal(Rules.preset("standard", trump="first"), seed=2, dealer=HUMAN_LEADS)
    suit = Translator("en").t("suit_" + first.hands[0][0].suit)  # the player leads their card [1]
    assert "Trump: set by the first card played" in out
    assert out.index("Trump: set by") < out.index(f"Trump: {suit}\n") < out.index("Giulia plays")


def test_scoperta_shows_the_other_hand_and_the_next_card():
    out = play(["--variant", "scoperta", "--seed", "4"])
    game = Game.deal(Rules.preset("scoperta"), seed=4, dealer=HUMAN_LEADS)
    t = Translator("en")
    other = ", ".join(f"{t.card_name(c)} ({c})" for c in game.hands[1])
    assert f"\nGiulia: {other}\n" in out
    nxt = game.next_card
    assert f"\nNext card: {t.card_name(nxt)} ({nxt})\n" in out


def test_dupla_shows_both_plays_of_each_seat_in_a_trick():
    out = play(["--variant", "dupla", "--seed", "4"])
    tables = re.findall(r"^On the table: (.*)$", out, re.M)
    assert any(t.startswith("You: ") and t.count("You: ") == 1 and t.count("Giulia: ") == 1 and ", Giulia: " in t
               for t in tables)
    assert any(t.count("Giulia: ") == 2 and t.count("You: ") == 1 for t in tables)
    assert len(re.findall(r"^-> ", out, re.M)) == Rules.preset("dupla").tricks_per_deal


def test_the_player_exchanges_with_x():
    exchange = 2
    rules = Rules.preset("standard", trump_exchange=exchange)
    seed = first_seed(rules, EXCHANGE)
    game = Game.deal(rules, seed=seed, dealer=HUMAN_LEADS)
    mine = next(a.card for a in game.legal_actions() if a.kind == EXCHANGE)
    t = Translator("en")
    out = play(["--exchange", str(exchange), "--seed", str(seed)], "x\n" + "1\n" * 40)
    turned = f"{t.card_name(game.briscola)} ({game.briscola})"
    assert f"[x] Exchange your {t.card_name(mine)} ({mine}) for the turned {turned}" in out
    assert f"You exchange the {t.card_name(mine)} ({mine}) for the turned {turned}." in out
    after = out.split("for the turned", 2)[2]
    assert f"[1] {turned}" in after.split("\n")[2]  # the turned card is in the hand now
    assert out.strip().splitlines()[-1] in RESULTS


def test_the_player_shows_mano_negra_with_m_and_wins_at_once():
    rules = Rules.preset("standard", mano_negra=True)
    seed = first_seed(rules, SHOW)
    out = play(["--mano-negra", "--seed", str(seed)], "m\n")
    assert "[m] Show king, three and ace of trump" in out
    assert "You show king, three and ace of trump and win the deal at once." in out
    assert out.strip().splitlines()[-3:] == ["You: 120 points", "Giulia: 0 points", "You win!"]


def test_without_the_option_x_is_just_a_bad_choice():
    rules = Rules.preset("standard", trump_exchange=2)
    seed = first_seed(rules, EXCHANGE)
    out = play(["--seed", str(seed)], "x\nq\n")
    assert "[x]" not in out and "Type 1 to 3" in out and out.strip().endswith("Goodbye.")


def test_must_follow_asks_again_for_a_card_of_the_suit_led():
    rules = Rules.preset("standard", must_follow=True)
    for seed in range(1000):
        game = Game.deal(rules, seed=seed, dealer=0)  # the computer leads
        game.apply(game.legal_actions()[0])
        if len(game.legal_moves()) < len(game.hands[0]):
            break
    view = game.view(0)
    wrong = next(i for i, c in enumerate(view.hand) if c not in view.legal)
    out = io.StringIO()
    term = Terminal(Translator("en"), io.StringIO(f"{wrong + 1}\n{view.hand.index(view.legal[0]) + 1}\n"), out)
    term.seats = (0, 1)
    assert term.ask(view) == Action(PLAY, view.legal[0])
    assert "Follow the suit led: play " in out.getvalue()


def test_a_best_of_3_match_shows_the_score_after_each_deal():
    out = play(["--match", "best-of-3", "--seed", "9", "--variant", "piemonte"])
    assert "Match: Best of 3 deals" in out and "Variant: Piemonte / Sardegna" in out
    scores = [tuple(map(int, s)) for s in re.findall(r"^Match: You: (\d+), Giulia: (\d+)$", out, re.M)]
    deals = re.findall(r"^Deal (\d+)$", out, re.M)
    assert deals == [str(n) for n in range(1, len(scores) + 1)] and 2 <= len(scores) <= 3 + 10
    assert max(scores[-1]) == 2 and all(max(s) < 2 for s in scores[:-1])
    assert out.strip().splitlines()[-1] == ("You win the match!" if scores[-1][0] == 2 else "You lose the match.")


def test_a_three_player_match_to_12_through_stdin():
    proc = run(["play", "--players", "3", "--match", "three-players", "--seed", "5", "--opponent", "random"],
               stdin="1\n" * 2000)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    last_score = re.findall(r"^Match: You: (\d+), Giulia: (\d+), Marco: (\d+)$", proc.stdout, re.M)[-1]
    assert max(map(int, last_score)) >= 12
    assert proc.stdout.strip().splitlines()[-1] in ("You win the match!", "You lose the match.")


def test_the_match_texts_in_another_language():
    out = play(["--match", "best-of-3", "--seed", "9", "--lang", "it"])
    assert "Your card>" not in out and "Match: You" not in out
    assert out.strip().splitlines()[-1] not in ("You win the match!", "You lose the match.")


# -- selfplay records ----------------------------------------------------------------------

SELFPLAY_CASES = [(v, o, n) for v, o in ALL_VARIANTS for n in PLAYER_COUNTS if _playable(v, o, n)]


@pytest.mark.parametrize("variant, options, players", SELFPLAY_CASES)
def test_selfplay_writes_records_of_every_variant_that_replay(variant, options, players, tmp_path, capsys):
    out = tmp_path / "deals.jsonl"
    argv = ["selfplay", "--players", str(players), "--games", "4", "--seed", "3", "--out", str(out),
            *rule_flags(variant, options)]
    assert main(argv) == 0, capsys.readouterr().err
    rules = Rules.preset(variant, players, **options)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4
    for i, line in enumerate(lines):
        game = record.loads(line)
        assert game.over and game.rules == rules
        assert game.seed == 3 + i and game.dealer == i % players
        assert record.to_record(game) == json.loads(line)
        fresh = Game.deal(rules, seed=game.seed, dealer=game.dealer)
        assert fresh.initial_hands == game.initial_hands


# -- the arena -----------------------------------------------------------------------------

def test_arena_json_with_a_match(tmp_path, capsys):
    path = tmp_path / "s.json"
    assert main(["arena", "--games", "5", "--seed", "2", "--agents", "medium,random", "--match", "best-of-3",
                 "--variant", "sud", "--json", str(path), "--no-progress"]) == 0
    text = capsys.readouterr().out
    data = json.loads(path.read_text())
    assert {"players", "deals", "games", "seed", "iterations", "agents"} <= set(data)
    assert (data["match"], data["variant"], data["matches"]) == ("best-of-3", "sud", 10)
    assert data["rules"] == Rules.preset("sud").to_dict()
    assert 10 * 2 <= data["games"] <= 10 * 3 and 5 * 2 <= data["deals"] <= 5 * 3
    for a in data["agents"]:
        assert a["games"] == data["games"] and a["matches"] == 10
        assert a["match_wins"] + a["match_draws"] + a["match_losses"] == 10
        assert a["match_ci95"][0] <= a["match_win_rate"] <= a["match_ci95"][1]
    first, second = data["agents"]
    assert first["match_wins"] == second["match_losses"]
    assert "best-of-3 matches x 2 rotations = 10 matches" in text and "variant sud" in text
    assert re.search(r"^agent +matches +95% CI +W-D-L$", text, re.M)


def test_single_deals_count_each_deal_as_a_match():
    s = arena.run_match(["easy", "random"], 2, 8, seed=3)
    assert (s["match"], s["matches"], s["deals"], s["games"]) == ("single", 16, 8, 16)
    for a in s["agents"]:
        assert (a["match_wins"], a["match_draws"], a["match_losses"]) == (a["wins"], a["draws"], a["losses"])
        assert (a["match_win_rate"], a["match_ci95"]) == (a["win_rate"], a["ci95"])


def test_every_rotation_of_a_match_plays_the_same_deals_from_the_same_seats(monkeypatch):
    calls: dict[tuple[int, int], list] = {}
    real = arena.play_game

    def spy(specs, players, seed, deal, rotation, iterations, **kw):
        index = deal % 4
        calls.setdefault((index, rotation), []).append((deal, kw["dealer"], kw["seats"]))
        return real(specs, players, seed, deal, rotation, iterations, **kw)

    monkeypatch.setattr(arena, "play_game", spy)
    arena.run_match(["easy", "random"], 2, 4, seed=6, match="points-121")
    for index in range(4):
        a, b = calls[(index, 0)], calls[(index, 1)]
        shared = min(len(a), len(b))
        assert a[:shared] == b[:shared] and shared >= 2
        assert [deal for deal, _, _ in a] == [index + 4 * j for j in range(len(a))]
        assert a[0][1] == index % 2


def test_a_play_off_deal_is_a_two_player_deal_of_the_seats_in_play():
    match = Match.start("three-players", 3)
    for _ in range(12):
        match.add(_Deal(((0,), (1,), (2,)), (50, 20, 50), None))
    plan = plan_deal(match, Rules.preset("sud", 3, redeal_ace_three=True))
    assert plan.seats == (0, 2) and plan.rules == Rules.preset("sud", 2, redeal_ace_three=True)
    assert plan.seats[plan.dealer] == match.next_dealer
    result = arena.play_game(["easy", "random", "medium"], 3, 4, 0, 1, 0, rules=plan.rules,
                             dealer=plan.dealer, seats=plan.seats)
    # rotation 1: seat 0 is played by agent 1, seat 2 by agent 0, agent 2 sits out
    assert result["outcome"][2] == "" and result["decisions"][2] == 0
    assert result["decisions"][0] == result["decisions"][1] == 20
    tally = arena.Tally(3)
    tally.add(result)
    assert tally.games == [1, 1, 0] and tally.played == 1
    match.add_deal(result["deal"])
    assert match.deals_played == 13


class _Deal:
    def __init__(self, sides, side_points, winner):
        self.sides, self.side_points, self.winner = sides, side_points, winner


def _strength_table():
    path = Path(__file__).resolve().parents[2] / "tools" / "strength_table.py"
    spec = importlib.util.spec_from_file_location("strength_table", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_row_of_the_strength_table_asks_the_arena_for_its_variant():
    table = _strength_table()
    rows = table.all_rows()
    assert rows[:len(table.STANDARD_ROWS)] == table.STANDARD_ROWS
    ladders = rows[len(table.STANDARD_ROWS):]
    assert len(ladders) == 3 * len(table.VARIANTS)
    assert {r.variant for r in ladders if not r.options} == set(TWO_PLAYER_PRESETS) - {"standard"}
    for row in rows:
        words = table.arena_command(row, 10, 1, 200).split()
        args = build_parser().parse_args(words[3:])
        assert words[:3] == ["python", "-m", "briscola"]
        assert rules_from_args(args) == row.rules and args.agents == f"{row.first},{row.second}"


def test_a_quick_strength_table_keeps_the_hand_written_sections(tmp_path, monkeypatch, capsys):
    table = _strength_table()
    out = tmp_path / "strength.md"
    out.write_text("# old table\n| 1 | 2 |\n\n## What was run\nnotes kept\n", encoding="utf-8")
    rows = [table.STANDARD_ROWS[1], table.all_rows()[-3]]
    monkeypatch.setattr(table, "all_rows", lambda: rows)
    assert table.main(["--quick", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Strength of the computer players") and "old table" not in text
    assert text.endswith("\n\n## What was run\nnotes kept\n")
    lines = [line for line in text.splitlines() if line.startswith("| 2 |")]
    assert len(lines) == 2 and lines[1].endswith("--mano-negra` |")
    assert lines[1].startswith("| 2 | standard --mano-negra | medium vs random | 4 | 8 |")
    assert "tools/strength_table.py --quick --out" in text
