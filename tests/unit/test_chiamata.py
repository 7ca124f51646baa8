"""Briscola chiamata in the engine: the auction, the call, the secret partner, scoring in
game points, and its records."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest

from briscola import core
from briscola.cards import IllegalMoveError, parse_card
from briscola.game import Game
from briscola.model import BID, CALL, PASS, PHASE_AUCTION, PHASE_CALL, PHASE_PLAY, Action
from briscola.record import dumps, from_record, to_record
from briscola.rules import AUCTIONS, Rules

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs" / "briscola-record-2.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def deal(seed: int = 1, auction: str = "ranks", dealer: int = 0) -> Game:
    return Game.deal(Rules.preset("chiamata", 5, auction=auction), seed=seed, dealer=dealer)


def random_deal(seed: int, auction: str) -> Game:
    g = deal(seed, auction, dealer=seed % 5)
    rng = random.Random(seed)
    while not g.over:
        actions = g.legal_actions()
        keen = g.phase == PHASE_AUCTION and rng.random() < 0.4  # bid the next step up
        g.apply(actions[0] if keen and len(actions) > 1 else rng.choice(actions))
    return g


def test_deal_and_auction_start():
    g = deal(dealer=3)
    assert g.phase == PHASE_AUCTION and g.turn == 4 and g.briscola is None and g.trump is None
    assert [len(h) for h in g.hands] == [8] * 5 and not g.talon
    assert g.legal_moves() == []
    bids = [a.value for a in g.legal_actions() if a.kind == BID]
    assert bids == list(core.BID_RANKS) and g.legal_actions()[-1] == Action.pass_()


def test_each_bid_is_lower_in_rank_then_points():
    g = deal(auction="ranks-points")
    g.apply(Action.bid(3))  # the three: only Re, Cavallo, ... 2, then points may follow
    bids = [a.value for a in g.legal_actions() if a.kind == BID]
    assert bids[:3] == [10, 9, 8] and bids[7] == 2 and bids[8] == 62 and bids[-1] == 120
    g.apply(Action.bid(2))  # the Two asks 61 already: a bid of 61 would take the auction without raising
    assert [a.value for a in g.legal_actions() if a.kind == BID][0] == 62
    with pytest.raises(IllegalMoveError):
        g.apply(Action.bid(61))
    with pytest.raises(IllegalMoveError):
        g.apply(Action.bid(1))  # the ace is above the three
    with pytest.raises(IllegalMoveError):
        g.apply(Action(BID, None, True))  # a bool is not a bid


@pytest.mark.parametrize("auction, opening, called", [("ranks-points", 2, {2}), ("points", 61, set(range(1, 11)))])
def test_after_points_the_two_is_called_unless_points_came_from_the_start(auction, opening, called):
    """docs/rules.md: after the Two, points are bid "2 with 62, 2 with 63, ..."; an auction in
    points from the start lets the winner call any card."""
    g = deal(auction=auction)
    g.apply(Action.bid(opening))
    if opening < core.MIN_POINTS_BID:
        g.apply(Action.bid(62))  # the next seat goes on in points
    caller = g.auction[-1][0]
    while g.phase != PHASE_CALL:
        g.apply(Action.pass_())
    assert g.caller == caller and g.bid is not None and g.bid >= core.MIN_POINTS_BID
    calls = [a.card for a in g.legal_actions() if a.kind == CALL]
    assert {c.rank for c in calls} == called and len(calls) == 4 * len(called)
    assert core.contract(g.bid) == g.bid


def test_ranks_only_auction_stops_at_the_two():
    g = deal(auction="ranks")
    g.apply(Action.bid(2))
    assert g.legal_actions() == [Action.pass_()]


def test_passing_is_for_good_and_the_last_bidder_calls():
    g = deal(dealer=0)
    first = g.turn
    g.apply(Action.bid(1))
    g.apply(Action.pass_())  # seat first + 1 is out
    out = (first + 1) % 5
    for _ in range(3):
        assert g.turn != out
        g.apply(Action.pass_())
    assert g.phase == PHASE_CALL and g.caller == first and g.turn == first
    calls = g.legal_actions()
    assert [a.kind for a in calls] == [CALL] * 4 and {a.card.rank for a in calls} == {1}


def test_everybody_passing_throws_the_deal_in():
    g = deal()
    for _ in range(5):
        g.apply(Action.pass_())
    out = g.outcome()
    assert g.over and g.thrown_in and out.winner is None and out.game_points == (0,) * 5
    assert to_record(from_record(json.loads(dumps(g))))["thrown_in"] is True


def test_the_call_makes_trump_and_the_secret_partner():
    g = deal(seed=4)
    caller = g.turn
    g.apply(Action.bid(1))
    for _ in range(4):
        g.apply(Action.pass_())
    called = next(c for c in g.callable_cards() if c not in g.hands[caller])
    holder = next(s for s in range(5) if called in g.hands[s])
    g.apply(Action.call(called))
    assert g.phase == PHASE_PLAY and g.trump == called.suit_index and g.partner == holder
    assert g.sides == (tuple(sorted((caller, holder))), tuple(s for s in range(5) if s not in (caller, holder)))
    assert g.turn == (g.dealer + 1) % 5
    # only the partner knows, until the card is played
    for seat in range(5):
        v = g.view(seat)
        assert v.called == called and v.caller == caller
        assert (v.partner == holder) == (seat == holder)
        assert (v.sides == g.sides) == (seat == holder)
    while not g.partner_shown:
        g.apply(g.legal_moves()[0])
    assert all(g.view(s).partner == holder for s in range(5))


def test_points_auction_calls_any_card_and_needs_the_points_bid():
    g = deal(seed=6, auction="points")
    caller = g.turn
    g.apply(Action.bid(61))
    g.apply(Action.bid(80))
    for _ in range(4):
        g.apply(Action.pass_())
    assert g.caller == (caller + 1) % 5 and len(g.callable_cards()) == 40
    mine = g.hands[g.caller][0]
    g.apply(Action.call(mine))  # calling one's own card: alone against four
    assert g.partner == g.caller and g.sides[0] == (g.caller,)
    while not g.over:
        g.apply(g.legal_moves()[0])
    out = g.outcome()
    won = out.side_points[0] >= 80
    assert out.winner == (0 if won else 1)
    sign = (1 if won else -1) * (2 if max(out.side_points) == 120 else 1)
    assert out.game_points[g.caller] == 4 * sign and sum(out.game_points) == 0


@pytest.mark.parametrize("won, cappotto, alone, expected", [
    (True, False, False, (2, 1, -1, -1, -1)),
    (False, False, False, (-2, -1, 1, 1, 1)),
    (True, True, False, (4, 2, -2, -2, -2)),
    (True, False, True, (4, -1, -1, -1, -1)),
    (False, True, True, (-8, 2, 2, 2, 2)),
])
def test_game_points(won, cappotto, alone, expected):
    assert core.chiamata_game_points(0, 0 if alone else 1, 5, won, cappotto) == expected


@pytest.mark.parametrize("auction", AUCTIONS)
def test_random_deals_add_up_and_their_records_validate_and_replay(auction):
    for seed in range(150):
        g = random_deal(seed, auction)
        out = g.outcome()
        assert sum(out.game_points) == 0
        rec = json.loads(dumps(g))
        assert not list(VALIDATOR.iter_errors(rec))
        assert to_record(from_record(rec)) == rec
        if g.thrown_in:
            continue
        assert sum(g.points) == 120 and g.called in g.initial_hands[g.partner]
        assert rec["caller"] == g.caller and rec["partner"] == g.partner and rec["called"] == str(g.called)
        assert rec["auction"][-1][1] == "pass" and [s for s, b in rec["auction"] if b != "pass"][-1] == g.caller
        kinds = [a.kind for _, a in g.actions]
        assert kinds.index(CALL) == len(rec["auction"]) and kinds.count(CALL) == 1


def test_tampered_auction_is_refused():
    g = random_deal(3, "ranks")
    rec = json.loads(dumps(g))
    rec["called"] = "1D" if rec["called"] != "1D" else "3D"
    with pytest.raises(Exception, match="called"):
        from_record(rec)
    rec = json.loads(dumps(g))
    first_bid = next(i for i, (s, a) in enumerate(rec["actions"]) if a.startswith("bid"))
    rec["actions"][first_bid][1] = "bid 77"
    with pytest.raises(Exception, match="may not bid 77"):
        from_record(rec)


def test_card_notation_of_calls():
    assert str(Action.call(parse_card("3C"))) == "call 3C" and str(Action.bid(72)) == "bid 72"
    assert str(Action.pass_()) == PASS


# -- matches -------------------------------------------------------------------------------

def play_match(fmt: str, seed: int):
    from briscola.match import Match

    match = Match.start(fmt, 5, first_dealer=seed % 5)
    games = []
    k = 0
    while not match.over:
        g = Game.deal(Rules.standard(5), seed=seed * 1000 + k, dealer=match.next_dealer)
        rng = random.Random(k)
        while not g.over:
            actions = g.legal_actions()
            g.apply(actions[0] if g.phase == PHASE_AUCTION and rng.random() < 0.3 and len(actions) > 1
                    else rng.choice(actions))
        dealer = match.next_dealer
        match.add_deal(g.outcome())
        if g.thrown_in:
            assert match.next_dealer == dealer  # the same seat deals again
        games.append(g)
        k += 1
    return match, games


@pytest.mark.parametrize("fmt", ["game-points-10", "deals-5", "single"])
def test_matches_score_per_seat_and_their_records_replay(fmt):
    from briscola.match import Match
    from briscola.record import load_match, match_record

    match, games = play_match(fmt, seed=2)
    leaders = [s for s in range(5) if match.score[s] == max(match.score)]
    assert sum(match.score) == 0 and match.winner == (leaders[0] if len(leaders) == 1 else None)
    assert match.winner is not None or fmt == "single"  # only a single deal ends level at the top
    if fmt == "game-points-10":
        assert max(match.score) >= 10
    played = [g for g in games if not g.thrown_in]
    if fmt == "deals-5":
        assert len(played) >= 5
    rec = json.loads(json.dumps(match_record(match, games)))
    assert not list(VALIDATOR.iter_errors(rec))
    back, _ = load_match(rec)
    assert back == match and Match.from_dict(json.loads(json.dumps(match.to_dict()))) == match


def test_five_player_formats_are_for_five():
    from briscola.match import MatchError, check_format

    with pytest.raises(MatchError, match="not played with 5 players"):
        check_format("best-of-3", 5)
    with pytest.raises(MatchError, match="not played with 2 players"):
        check_format("game-points-10", 2)
    check_format("single", 5)
