"""briscola-record/2: every variant and player count writes records that the JSON Schema
in docs/ accepts and that replay to the same deal; every action is in the record in
order; tampering is refused; match records hold their deals and running score."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path

import jsonschema
import pytest

from briscola.cards import strength
from briscola.game import Game
from briscola.match import MATCH_FORMATS, Match, check_format, MatchError
from briscola.model import EXCHANGE, PLAY, Action
from briscola.record import (FORMAT, RecordError, dumps, from_record, load_match, loads, match_record,
                             to_record)
from briscola.rules import ALL_PLAYER_COUNTS, FIVE_PLAYER_PRESETS, PLAYER_COUNTS, PRESETS, Rules, UnsupportedRuleError

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs" / "briscola-record-2.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

OPTION_SETS = (
    {},
    {"redeal_ace_three": True},
    {"trump_exchange": 2},
    {"trump_exchange": 7},
    {"mano_negra": True},
    {"hand_size": 5},
    {"must_follow": True},
    {"trump": "first"},
    {"trump": "first", "must_follow": True, "hand_size": 5},
)


def every_rules() -> list[Rules]:
    """Every preset with every option set it accepts, for every player count it plays."""
    out = []
    for name in (*PRESETS, *FIVE_PLAYER_PRESETS):
        for players in ALL_PLAYER_COUNTS:
            for options in OPTION_SETS + ({"auction": "ranks-points"}, {"auction": "points"}):
                try:
                    out.append(Rules.preset(name, players, **options))
                except UnsupportedRuleError:
                    pass
    return sorted(set(out), key=repr)


RULES = every_rules()


def random_deal(rules: Rules, seed: int, stop_after: int | None = None) -> Game:
    """A deal played by choosing uniformly among the legal actions, specials first half
    the time so that exchanges and mano negra appear."""
    g = Game.deal(rules, seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    k = 0
    while not g.over and (stop_after is None or k < stop_after):
        actions = g.legal_actions()
        special = [a for a in actions if a.kind != PLAY]
        g.apply(rng.choice(special) if special and rng.random() < 0.5 else rng.choice(actions))
        k += 1
    return g


def valid(rec) -> bool:
    return VALIDATOR.is_valid(rec)


def test_the_rules_cover_every_preset_and_refuse_the_senseless():
    assert {r.variant for r in RULES} == set(PRESETS) | set(FIVE_PLAYER_PRESETS)
    assert not any(r.variant == "dupla" and r.players != 2 for r in RULES)
    assert not any(r.hand_size == 5 and r.players != 2 for r in RULES)
    assert len(RULES) > 40


def rules_id(rules: Rules) -> str:
    """The same in every test process (``hash`` of a string is not: pytest-xdist's
    workers must collect the same names)."""
    digest = hashlib.sha256(json.dumps(rules.to_dict(), sort_keys=True).encode()).hexdigest()[:6]
    return f"{rules.variant}-{rules.players}p-{digest}"


@pytest.mark.parametrize("rules", RULES, ids=rules_id)
def test_every_variant_writes_valid_records_that_replay(rules):
    for seed in range(6):
        for stop in (None, 7):
            g = random_deal(rules, seed, stop)
            rec = json.loads(dumps(g))
            errors = [e.message for e in VALIDATOR.iter_errors(rec)]
            assert not errors, errors[:3]
            back = from_record(rec)
            assert to_record(back) == rec
            assert [(s, str(a)) for s, a in back.actions] == [(s, str(a)) for s, a in g.actions]
            assert back.points == g.points and back.over == g.over
            if g.over:
                assert sum(g.points) == 120
                assert rec["result"] == list(g.outcome().result)


def test_actions_are_in_order_with_exchanges_and_an_early_win():
    rules = Rules.preset("standard", trump_exchange=2, mano_negra=True)
    seen = set()
    for seed in range(400):
        g = random_deal(rules, seed)
        rec = to_record(g)
        kinds = [a.kind for _, a in g.actions]
        seen.update(kinds)
        assert len(rec["actions"]) == len(kinds)
        plays = sum(len(t["plays"]) for t in rec["tricks"]) + len(rec.get("current", []))
        assert sum(k == PLAY for k in kinds) == plays
        if EXCHANGE in kinds:
            i = kinds.index(EXCHANGE)
            seat, text = rec["actions"][i]
            assert text.startswith("exchange 2")
            assert g.exchanges[0][0] == seat
        if EXCHANGE in seen:
            break
    assert EXCHANGE in seen


def mano_negra_layout(players: int = 2) -> Game:
    """A deal where the seat to lead holds king, three and ace of Coppe, the trump."""
    from briscola.cards import make_pack, parse_cards

    rules = Rules.preset("standard", players, mano_negra=True)
    held = parse_cards("1C 3C 10C")
    briscola = parse_cards("5C")[0]
    rest = [c for c in make_pack(rules.pack) if c not in held and c != briscola]
    hands = [rest[3 * i:3 * i + 3] for i in range(players)]
    hands[1] = held
    hands[0] = rest[3:6] if players > 1 else hands[0]
    used = {c for h in hands for c in h}
    talon = [c for c in rest if c not in used]
    return Game(rules, hands, briscola, talon, dealer=0, seed=None)


@pytest.mark.parametrize("players", [2, 4])
def test_mano_negra_wins_at_once_and_is_recorded(players):
    g = mano_negra_layout(players)
    assert g.turn == 1 and Action.show() in g.legal_actions()
    g.apply(Action.show())
    with pytest.raises(Exception, match="over"):
        g.apply(g.legal_moves()[0] if g.legal_moves() else 0)
    rec = to_record(g)
    assert g.over and rec["actions"][-1] == [1, "show"] and rec["early_win"] == 1
    out = g.outcome()
    assert out.winner == g.side_of[1] and out.result[1] == "win" and sum(out.side_points) == 120
    assert valid(json.loads(json.dumps(rec)))
    assert to_record(from_record(json.loads(json.dumps(rec)))) == rec


def test_redealt_cards_are_recorded():
    rules = Rules.preset("standard", redeal_ace_three=True)
    found = 0
    for seed in range(60):
        g = Game.deal(rules, seed=seed)
        assert g.briscola.rank not in (1, 3)
        rec = to_record(g)
        assert rec["redeals"] == [str(c) for c in g.redeals]
        found += bool(g.redeals)
        assert to_record(from_record(rec)) == rec
    assert found  # about one deal in five turns an ace or a three


def test_a_layout_against_the_redeal_rule_is_refused():
    """A re-dealt card belongs at the bottom of the stock, and with the re-deal option on
    no ace or three stays turned."""
    rules = Rules.preset("standard", redeal_ace_three=True)
    g = next(g for g in (Game.deal(rules, seed=s) for s in range(100)) if g.redeals)
    rec = to_record(g)
    top = copy.deepcopy(rec)
    for c in rec["redeals"]:
        top["talon"].remove(c)
    top["talon"] = rec["redeals"] + top["talon"]
    with pytest.raises(RecordError, match="bottom of the stock"):
        from_record(top)
    plain = to_record(next(g for g in (Game.deal(Rules.standard(2), seed=s) for s in range(100))
                           if g.briscola.rank in (1, 3)))
    plain["rules"]["redeal_ace_three"] = True
    with pytest.raises(RecordError, match="the re-deal option puts it back"):
        from_record(plain)
    assert to_record(from_record(rec)) == rec


def test_briscolone_has_no_turned_card_and_first_card_trump_is_recorded():
    g = random_deal(Rules.preset("briscolone", trump="first"), 3)
    rec = to_record(g)
    assert rec["briscola"] is None and rec["trump"] == rec["actions"][0][1][-1]
    assert valid(rec)
    g = random_deal(Rules.preset("briscolone"), 3)
    assert to_record(g)["trump"] is None


def test_the_first_format_still_loads():
    from briscola.record import to_record_1

    g = random_deal(Rules.standard(4), 5)
    old = json.loads(json.dumps(to_record_1(g)))
    assert old["format"] == "briscola-record/1"
    back = from_record(old)
    assert to_record(back) == to_record(g)


TAMPER = [
    ("action out of turn", lambda r: r["actions"][0].__setitem__(0, 1 - r["actions"][0][0]), "out of turn"),
    ("card not held", lambda r: r["actions"][0].__setitem__(1, r["talon"][-1]), "not in the hand"),
    ("lower-case card", lambda r: r["actions"][0].__setitem__(1, r["actions"][0][1].lower()), "write"),
    ("unknown action", lambda r: r["actions"][0].__setitem__(1, "trade"), "not a card"),
    ("auction action in play", lambda r: r["actions"][0].__setitem__(1, "pass"), "may not pass"),
    ("trick differs", lambda r: r["tricks"][0].__setitem__("points", r["tricks"][0]["points"] + 1), "tricks"),
    ("points differ", lambda r: r["points"].__setitem__(0, r["points"][0] + 1), "points"),
    ("winner differs", lambda r: r.__setitem__("winner", 1 - (r["winner"] or 0)), "winner"),
    ("game points", lambda r: r["game_points"].__setitem__(0, 3), "game_points"),
    ("extra action", lambda r: r["actions"].append([0, "1D"]), "after the end"),
    ("bad field", lambda r: r.__setitem__("bonus", 1), "unknown fields"),
    ("redeal without option", lambda r: r.__setitem__("redeals", ["1D"]), "re-dealt"),
    ("current in a finished deal", lambda r: r.__setitem__("current", []), "current"),
]


@pytest.mark.parametrize("name, change, words", TAMPER, ids=[t[0] for t in TAMPER])
def test_tampered_records_are_refused(name, change, words):
    rec = json.loads(dumps(random_deal(Rules.standard(2), 11)))
    change(rec)
    with pytest.raises(RecordError, match=words):
        from_record(rec)


def test_exchange_is_refused_when_not_allowed():
    rules = Rules.preset("standard", trump_exchange=2)
    for seed in range(200):
        g = Game.deal(rules, seed=seed)
        if g.exchange_card() is None:
            rec = to_record(g)
            holder = next((s for s, h in enumerate(g.hands) if any(c.suit_index == g.trump and c.rank == 2 for c in h)),
                          None)
            if holder is None or holder == g.turn:
                continue
            two = next(c for c in g.hands[holder] if c.suit_index == g.trump and c.rank == 2)
            rec["actions"] = [[g.turn, f"exchange {two}"]]
            rec.pop("current", None)
            with pytest.raises(RecordError, match="may not exchange"):
                from_record(rec)
            return
    pytest.fail("no deal with the 2 of trump out of turn")


def test_loads_text_round_trip_for_every_preset():
    for name in PRESETS:
        g = random_deal(Rules.preset(name), 2)
        assert to_record(loads(dumps(g))) == to_record(g)


# -- match records -------------------------------------------------------------------------

def play_match(fmt: str, players: int, seed: int, rules_name: str = "standard") -> tuple[Match, list[Game]]:
    match = Match.start(fmt, players, first_dealer=seed % players)
    games = []
    k = 0
    while not match.over:
        seats = match.seats_in_play
        rules = Rules.preset(rules_name, len(seats))
        g = Game.deal(rules, seed=seed * 1000 + k, dealer=seats.index(match.next_dealer))
        rng = random.Random(k)
        while not g.over:
            g.apply(rng.choice(g.legal_actions()))
        match.add_deal(g.outcome())
        games.append(g)
        k += 1
    return match, games


@pytest.mark.parametrize("fmt", MATCH_FORMATS)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_match_records_validate_and_replay(fmt, players):
    try:
        check_format(fmt, players)
    except MatchError:
        return
    match, games = play_match(fmt, players, seed=players)
    rec = json.loads(json.dumps(match_record(match, games)))
    errors = [e.message for e in VALIDATOR.iter_errors(rec)]
    assert not errors, errors[:3]
    assert rec["format"] == FORMAT and rec["match"] == fmt and rec["over"] is True
    back, back_games = load_match(rec)
    assert back == match and [to_record(g) for g in back_games] == rec["deals"]
    assert rec["score"][-1] == list(match.score)


def test_a_match_record_holds_as_many_deals_as_a_match_may_last():
    """Briscola chiamata to 20 game points can run past 200 deals (thrown-in deals count):
    its record must load and validate like a short one."""
    match = Match.start("game-points-20", 5, first_dealer=0)
    games = []
    for k in range(230):  # every deal thrown in: five passes each
        g = Game.deal(Rules.preset("chiamata", 5), seed=k, dealer=match.next_dealer)
        while not g.over:
            g.apply(Action.pass_())
        match.add_deal(g.outcome())
        games.append(g)
    rec = json.loads(json.dumps(match_record(match, games)))
    errors = [e.message for e in VALIDATOR.iter_errors(rec)]
    assert not errors, errors[:3]
    back, _ = load_match(rec)
    assert back == match and back.deals_played == 230


def test_three_player_play_off_is_recorded_with_its_seats():
    for seed in range(200):
        match, games = play_match("three-players", 3, seed)
        if len(match.seats_in_play) == 2:
            rec = match_record(match, games)
            assert rec["seats"][-1] == list(match.seats_in_play)
            assert rec["deals"][-1]["rules"]["players"] == 2
            assert load_match(json.loads(json.dumps(rec)))[0] == match
            return
    pytest.fail("no play-off in 200 matches")


def _unfinished(deal: dict) -> dict:
    """The record of ``deal`` one action before its end."""
    whole = from_record(deal)
    g = Game.deal(whole.rules, seed=whole.seed, dealer=whole.dealer)
    for _, action in whole.actions[:-1]:
        g.apply(action)
    return to_record(g)


MATCH_TAMPER = [
    ("score", lambda r: r["score"][0].__setitem__(0, r["score"][0][0] + 1), "score after it"),
    ("deal dropped", lambda r: (r["deals"].pop(0), r["seats"].pop(0), r["score"].pop(0)), "wrong seat|score"),
    ("winner", lambda r: r.__setitem__("winner", 1 - r["winner"]), "winner"),
    ("format", lambda r: r.__setitem__("match", "best-of-9"), "best-of-9"),
    ("lengths", lambda r: r["seats"].pop(), "one entry per deal"),
    ("unfinished deal", lambda r: [r["deals"][0].pop(k) for k in ("winner", "result", "game_points", "early_win")]
     and r["deals"][0].__setitem__("actions", r["deals"][0]["actions"][:-1]), "not finished|tricks differ"),
    ("not a match record", lambda r: r.pop("match"), "not a briscola-record/2 match record"),
    ("players as text", lambda r: r.__setitem__("players", "2"), "two integers"),
    ("a deal after the end", lambda r: [r[k].append(copy.deepcopy(r[k][-1])) for k in ("deals", "seats", "score")],
     "after the end of the match"),
    ("seats", lambda r: r["seats"][0].reverse(), "seats must be"),
    ("the last deal unfinished", lambda r: r["deals"].__setitem__(-1, _unfinished(r["deals"][-1])), "is not finished"),
]


@pytest.mark.parametrize("name, change, words", MATCH_TAMPER, ids=[t[0] for t in MATCH_TAMPER])
def test_tampered_match_records_are_refused(name, change, words):
    match, games = play_match("best-of-5", 2, seed=7)
    rec = json.loads(json.dumps(match_record(match, games)))
    assert len(rec["deals"]) >= 3
    change(rec)
    with pytest.raises(RecordError, match=words):
        load_match(rec)
    assert not valid(rec) or name not in ("format", "bad")  # the schema sees shape errors too


def test_schema_refuses_what_the_engine_refuses_in_shape():
    rec = json.loads(dumps(random_deal(Rules.standard(2), 1)))
    for field, value in (("format", "briscola-record/1"), ("dealer", -1), ("briscola", "11D"),
                         ("actions", [[0, "trade 1D"]]), ("result", ["won", "lost"])):
        bad = copy.deepcopy(rec)
        bad[field] = value
        assert not valid(bad), field
        with pytest.raises(RecordError):
            from_record(bad)


@pytest.mark.parametrize("ranking_preset", ["standard", "piemonte"])
def test_the_seven_is_exchanged_only_for_a_higher_turned_card(ranking_preset):
    """"The 7 instead, for the higher card" (docs/rules.md): with the 7 of trump in hand,
    the exchange is offered exactly when the turned card outranks it (in seven-high,
    where the 7 is second, only for the ace)."""
    rules = Rules.preset(ranking_preset, trump_exchange=7)
    seen = set()
    for seed in range(400):
        g = Game.deal(rules, seed=seed)
        seven = next((c for c in g.hands[g.turn] if c.suit_index == g.trump and c.rank == 7), None)
        if seven is None:
            continue
        higher = strength(g.briscola, rules.ranking) > strength(seven, rules.ranking)
        assert (g.exchange_card() == seven) == higher, (seed, g.briscola)
        seen.add(higher)
    assert seen == {True, False}
