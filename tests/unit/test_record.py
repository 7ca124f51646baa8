"""Records in the first format (briscola-record/1) still load: fields, JSON round trip, tampering."""

from __future__ import annotations

import copy
import json
import random

import pytest

from briscola.cards import ALL_CARDS, make_pack, parse_card
from briscola.game import Game
from briscola.record import FORMAT_1, RecordError, from_record, loads, to_record_1
from briscola.rules import Rules

PLAYER_COUNTS = (2, 3, 4, 6)


def play(players: int, seed: int, stop_after: int | None = None, dealer: int = 0) -> Game:
    g = Game.deal(Rules.standard(players), seed=seed, dealer=dealer)
    rng = random.Random(seed)
    k = 0
    while not g.over and (stop_after is None or k < stop_after):
        g.play(rng.choice(g.legal_moves()))
        k += 1
    return g


def json_round(rec):
    return json.loads(json.dumps(rec))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_record_fields(players):
    g = play(players, seed=17, dealer=1)
    rec = json_round(to_record_1(g))
    assert rec["format"] == FORMAT_1 == "briscola-record/1"
    assert rec["rules"]["players"] == players and rec["rules"]["variant"] == "standard"
    assert rec["rules"] == Rules.standard(players).to_dict()
    assert rec["seed"] == 17 and rec["dealer"] == 1
    assert rec["hands"] == [[str(c) for c in h] for h in g.initial_hands]
    assert all(len(h) == 3 for h in rec["hands"]) and len(rec["hands"]) == players
    assert rec["briscola"] == str(g.briscola)
    assert rec["talon"] == [str(c) for c in g.talon]
    layout = [c for h in rec["hands"] for c in h] + rec["talon"] + [rec["briscola"]]
    assert sorted(parse_card(c) for c in layout) == sorted(make_pack(Rules.standard(players).pack))
    assert len(rec["tricks"]) == len(g.tricks)
    for t, tr in zip(rec["tricks"], g.tricks):
        assert set(t) == {"leader", "plays", "winner", "points", "draws"}
        assert t["leader"] == tr.leader and t["winner"] == tr.winner and t["points"] == tr.points
        assert t["plays"] == [[s, str(c)] for s, c in tr.plays]
        assert t["draws"] == [[s, str(c)] for s, c in tr.draws]
        assert all(isinstance(s, int) and isinstance(c, str) for s, c in t["plays"] + t["draws"])
    assert rec["points"] == g.points and sum(rec["points"]) == 120
    assert rec["result"] == g.result()
    assert set(rec["result"]) <= {"win", "loss", "draw"}
    assert "current" not in rec
    if players in (4, 6):
        assert rec["team_points"] == g.team_points()


def test_record_of_a_deal_in_progress():
    g = play(4, seed=2, stop_after=14)  # three tricks and two cards
    rec = to_record_1(g)
    assert "result" not in rec
    assert len(rec["tricks"]) == 3
    assert rec["current"] == [[s, str(c)] for s, c in g.trick] and len(rec["current"]) == 2
    assert rec["points"] == g.points


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_json_round_trip(players):
    for seed in range(1, 21):
        g = play(players, seed, dealer=seed % players)
        rec = to_record_1(g)
        text = json.dumps(rec)
        back = from_record(json.loads(text))
        assert to_record_1(back) == rec
        assert back.over and back.points == g.points and back.result() == g.result()
        assert to_record_1(loads(json.dumps(rec))) == rec


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_round_trip_mid_deal(players):
    total = Rules.standard(players).pack
    for stop in (0, 1, players - 1, players, players + 1, total // 2, total - 1):
        g = play(players, seed=stop + 5, stop_after=stop)
        rec = json_round(to_record_1(g))
        back = from_record(rec)
        assert to_record_1(back) == rec
        assert back.turn == g.turn and back.hands == g.hands and back.trick == g.trick
        # and the replayed deal plays on exactly like the original
        while not g.over:
            c = g.hands[g.turn][0]
            g.play(c)
            back.play(c)
        assert to_record_1(back) == to_record_1(g)


def test_seed_may_be_null():
    g = Game(Rules.standard(2), *_layout_of(play(2, seed=8, stop_after=0)))
    rec = json_round(to_record_1(g))
    assert rec["seed"] is None
    assert to_record_1(from_record(rec)) == rec


def _layout_of(g: Game):
    return [list(h) for h in g.initial_hands], g.briscola, list(g.talon)


# -- tampering ------------------------------------------------------------------------

@pytest.fixture
def rec():
    return json_round(to_record_1(play(2, seed=31)))


@pytest.fixture
def rec4():
    return json_round(to_record_1(play(4, seed=31)))


def _refused(record, match: str | None = None):
    with pytest.raises(RecordError, match=match):
        from_record(record)


def test_record_error_is_a_value_error():
    assert issubclass(RecordError, ValueError)


def test_the_untampered_fixture_replays(rec, rec4):
    assert to_record_1(from_record(rec)) == rec
    assert to_record_1(from_record(rec4)) == rec4


@pytest.mark.parametrize("i", [0, 5, 19])
def test_wrong_winner(rec, i):
    t = rec["tricks"][i]
    t["winner"] = 1 - t["winner"]
    _refused(rec, "winner")


def test_wrong_trick_points(rec):
    rec["tricks"][4]["points"] += 1
    _refused(rec)


def test_wrong_draw(rec):
    d = rec["tricks"][2]["draws"]
    d[0][1], d[1][1] = d[1][1], d[0][1]
    _refused(rec, "draws")


def test_missing_draws(rec):
    del rec["tricks"][0]["draws"]
    _refused(rec, "draws")


def test_draw_by_the_wrong_seat(rec):
    d = rec["tricks"][2]["draws"]
    d[0][0], d[1][0] = d[1][0], d[0][0]
    _refused(rec)


def test_talon_reordered(rec):
    rec["talon"][0], rec["talon"][1] = rec["talon"][1], rec["talon"][0]
    _refused(rec)


def test_card_played_twice(rec):
    first = rec["tricks"][0]["plays"][0]
    later = rec["tricks"][3]["plays"]
    later[[s for s, _ in later].index(first[0])][1] = first[1]
    _refused(rec)


def test_card_not_held(rec):
    seat, card = rec["tricks"][0]["plays"][0]
    held = {c for c in rec["hands"][seat]}
    other = next(str(c) for c in ALL_CARDS if str(c) not in held)
    rec["tricks"][0]["plays"][0][1] = other
    _refused(rec)


def test_out_of_turn(rec):
    plays = rec["tricks"][1]["plays"]
    plays[0], plays[1] = plays[1], plays[0]
    _refused(rec)


def test_wrong_seat_number(rec):
    rec["tricks"][1]["plays"][1][0] = 7
    _refused(rec, "out of turn")


def test_wrong_leader(rec4):
    t = rec4["tricks"][3]
    t["leader"] = (t["leader"] + 1) % 4
    _refused(rec4, "leads")


def test_incomplete_trick(rec):
    rec["tricks"][4]["plays"].pop()
    _refused(rec, "not complete")


@pytest.mark.parametrize("bad", ["11D", "0S", "X", "", None, 5, ["1D"]])
def test_bad_card_text(rec, bad):
    broken = copy.deepcopy(rec)
    broken["tricks"][0]["plays"][0][1] = bad
    _refused(broken)
    broken = copy.deepcopy(rec)
    broken["hands"][0][0] = bad
    _refused(broken)
    broken = copy.deepcopy(rec)
    broken["briscola"] = bad
    _refused(broken)


@pytest.mark.parametrize("field", ["rules", "dealer", "hands", "briscola", "talon", "tricks", "format"])
def test_missing_field(rec, field):
    del rec[field]
    _refused(rec)


@pytest.mark.parametrize("field", ["rules", "hands", "talon", "tricks"])
def test_field_of_the_wrong_type(rec, field):
    rec[field] = "1D 3B"
    _refused(rec)


@pytest.mark.parametrize("fmt", ["briscola-record/3", "briscola", None, 1])
def test_wrong_format(rec, fmt):
    rec["format"] = fmt
    _refused(rec, "briscola-record/1")


def test_a_first_format_record_relabelled_as_the_second_is_refused(rec):
    rec["format"] = "briscola-record/2"
    _refused(rec, "missing fields actions")


@pytest.mark.parametrize("thing", [None, [], "text", 3])
def test_not_a_record(thing):
    _refused(thing)


def test_not_json():
    with pytest.raises(RecordError, match="JSON"):
        loads("{not json")


def test_wrong_points(rec):
    rec["points"] = [rec["points"][0] + 1, rec["points"][1] - 1]
    _refused(rec, "points")


def test_wrong_result(rec):
    rec["result"] = ["draw", "draw"] if rec["result"] != ["draw", "draw"] else ["win", "loss"]
    _refused(rec, "result")


def test_layout_not_the_pack(rec):
    rec["talon"][-1] = rec["hands"][0][0]
    _refused(rec)


def test_unknown_or_unsupported_rules(rec):
    broken = copy.deepcopy(rec)
    broken["rules"]["jokers"] = True
    _refused(broken, "unknown rules")
    broken = copy.deepcopy(rec)
    broken["rules"]["hand_size"] = 5
    _refused(broken, "five cards in hand")
    broken = copy.deepcopy(rec)
    broken["rules"]["variant"] = "chinese"
    _refused(broken, "unknown variant")


def test_three_player_record_with_a_forty_card_layout_is_refused():
    rec = json_round(to_record_1(play(3, seed=4)))
    rec["rules"]["pack"] = 40
    _refused(rec)


def test_play_after_the_end(rec):
    rec["tricks"].append({"leader": rec["tricks"][-1]["winner"], "plays": [[0, "1D"], [1, "2D"]],
                          "winner": 0, "points": 11, "draws": []})
    _refused(rec)


def test_current_trick_out_of_turn_or_complete():
    g = play(2, seed=9, stop_after=5)
    rec = json_round(to_record_1(g))
    broken = copy.deepcopy(rec)
    broken["current"][0][0] = 1 - broken["current"][0][0]
    _refused(broken, "out of turn")
    seat = g.turn
    broken = copy.deepcopy(rec)
    broken["current"].append([seat, str(g.hands[seat][0])])
    _refused(broken, "complete")


# -- records that used to replay although they break the format ------------------------

def test_two_tricks_merged_into_one_entry_are_refused(rec):
    first, second = rec["tricks"][0], rec["tricks"][1]
    merged = dict(second, leader=first["leader"], plays=first["plays"] + second["plays"])
    rec["tricks"][:2] = [merged]
    _refused(rec, "plays")


def test_truncated_record_that_keeps_its_result_is_refused(rec):
    rec["tricks"].pop()
    _refused(rec)


def test_mid_deal_points_are_checked():
    rec = json_round(to_record_1(play(2, seed=12, stop_after=10)))
    assert sum(rec["points"]) > 0
    rec["points"] = rec["points"][::-1] if rec["points"][0] != rec["points"][1] else [0, 0]
    _refused(rec, "points")


def test_team_points_are_checked(rec4):
    rec4["team_points"] = [rec4["team_points"][0] + 1, rec4["team_points"][1] - 1]
    _refused(rec4, "team points")


@pytest.mark.parametrize("dealer", [2, -1, 1.0, "0", None])
def test_dealer_must_be_a_seat(rec, dealer):
    rec["dealer"] = dealer
    _refused(rec, "dealer")


# -- every failure to load is a RecordError ---------------------------------------------

def _nested(depth: int, leaf=None):
    value = leaf if leaf is not None else []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("text", ["[" * 20000, '{"a":' * 20000, "[" * 20000 + "]" * 20000,
                                  '{"format": ' + "[" * 5000 + "]" * 5000 + "}"])
def test_deep_nesting_in_text_is_a_record_error(text):
    with pytest.raises(RecordError, match="nested"):
        loads(text)


def test_nesting_inside_strings_does_not_count(rec):
    rec["rules"]["variant"] = "[" * 20000 + "{" * 20000
    _refused(rec, "unknown variant")  # parsed, and refused for its value, not its depth


@pytest.mark.parametrize("field", ["hands", "talon", "briscola", "tricks", "current", "points", "rules"])
def test_deep_nesting_in_a_record_is_a_record_error(rec, field):
    rec[field] = _nested(100_000)
    _refused(rec)


def test_deep_nesting_in_a_card_is_a_record_error(rec):
    rec["hands"][0][0] = _nested(100_000)
    _refused(rec, "hand 1")
    rec = json_round(to_record_1(play(2, seed=31)))
    rec["tricks"][0]["plays"][0][1] = _nested(100_000, leaf={})
    _refused(rec)


@pytest.mark.parametrize("text", ["1" * 5001, "[" + "9" * 5001 + "]", '{"seed": -' + "7" * 5001 + "}"])
def test_an_integer_too_long_to_read_is_a_record_error(text):
    with pytest.raises(RecordError):
        loads(text)


@pytest.mark.parametrize("field", ["seed", "dealer", "points", "talon", "hands", "briscola"])
def test_an_integer_too_long_to_print_is_a_record_error(rec, field):
    rec[field] = 10 ** 5000
    _refused(rec, field)


HUGE = pytest.param(10 ** 5000, id="5001-digits")


@pytest.mark.parametrize("seed", [True, False, 1.0, 1.5, "7", [7], {}, 2 ** 63, -(2 ** 63) - 1, HUGE])
def test_seed_must_be_an_integer_in_range(rec, seed):
    rec["seed"] = seed
    _refused(rec, "seed")


@pytest.mark.parametrize("text", ["true", "31.0", '"31"', "9223372036854775808", "-9223372036854775809"])
def test_seed_in_text_must_be_an_integer_in_range(rec, text):
    tampered = json.dumps(rec).replace('"seed": 31', f'"seed": {text}')
    assert f'"seed": {text}' in tampered
    with pytest.raises(RecordError, match="seed"):
        loads(tampered)


@pytest.mark.parametrize("seed", [0, -5, 2 ** 63 - 1, -(2 ** 63), None])
def test_seeds_in_range_are_kept(rec, seed):
    rec["seed"] = seed
    assert to_record_1(from_record(rec)) == rec
    assert to_record_1(loads(json.dumps(rec))) == rec


@pytest.mark.parametrize("thing", [b"\xff\xfe", 5, None, ["{}"]])
def test_loads_of_something_not_text(thing):
    with pytest.raises(RecordError):
        loads(thing)


def test_loads_takes_utf8_bytes(rec):
    assert to_record_1(loads(json.dumps(rec).encode())) == rec


# -- fields that used to be read without a check -----------------------------------------

def _tamper(rec, path, value):
    *parents, last = path
    target = rec
    for key in parents:
        target = target[key]
    target[last] = value


@pytest.mark.parametrize("path, value, words", [
    (("extra",), 1, "unknown fields"),
    (("tricks", 0, "note"), "x", "unknown fields"),
    (("tricks", 0, "leader"), True, "leader"),
    (("tricks", 0, "leader"), 1.0, "leader"),
    (("tricks", 0, "winner"), 1.0, "winner"),
    (("tricks", 0, "points"), "11", "points"),
    (("tricks", 0, "plays", 0, 0), True, "seat"),
    (("tricks", 0, "plays", 0, 0), 1.0, "seat"),
    (("tricks", 0, "draws", 0, 0), 0.0, "seat"),
    (("tricks", 0, "draws"), "none", "draws"),
    (("points",), lambda rec: [float(p) for p in rec["points"]], "points"),
    (("points",), [60, 60, 0], "points"),
    (("points",), "60 60", "points"),
    (("team_points",), [60, 60], "team points"),
    (("current",), [], "current"),
    (("result",), "win", "result"),
    (("rules", "players"), 2.0, "players"),
    (("rules", "players"), True, "players"),
    (("rules", "players"), "2", "players"),
    (("rules", "open_hands"), 0, "open_hands"),
    (("rules", "hand_size"), 3.0, "hand_size"),
    pytest.param(("rules", "hand_size"), 10 ** 5000, "hand_size", id="hand_size-5001-digits"),
    (("rules", "variant"), 1, "variant"),
    (("rules", "trump_exchange"), "7", "trump_exchange"),
    (("rules", 5), 1, "unknown rules"),
    ((5,), 1, "unknown fields"),
], ids=lambda v: ".".join(map(str, v)) if isinstance(v, tuple) else None)
def test_unchecked_fields_are_checked(rec, path, value, words):
    _tamper(rec, path, value(rec) if callable(value) else value)
    _refused(rec, words)


@pytest.mark.parametrize("spell", [str.lower, lambda c: " " + c, lambda c: c + " ", lambda c: "0" + c])
def test_cards_must_be_in_record_notation(rec, spell):
    rec["hands"][0][0] = spell(rec["hands"][0][0])
    _refused(rec, "notation")


def test_accepted_records_are_their_own_canonical_form(rec, rec4):
    for r in (rec, rec4):
        back = to_record_1(from_record(r))
        assert json.dumps(back, sort_keys=True) == json.dumps(r, sort_keys=True)
