"""The match module: formats end to end, the three-player play-off, dealer rotation, saved
data and its hostile forms."""

from __future__ import annotations

import copy
import json
import random
from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.match import (
    MATCH_FORMATS,
    MAX_DEALS,
    Match,
    MatchError,
    check_format,
    game_points,
    sides_for,
    three_player_game_points,
)
from briscola.game import Game
from briscola.model import PLAY, SHOW, Action
from briscola.rules import PLAYER_COUNTS, Rules


class Deal(NamedTuple):
    sides: tuple[tuple[int, ...], ...]
    side_points: tuple[int, ...]
    winner: int | None


class FiveDeal(NamedTuple):
    sides: tuple[tuple[int, ...], ...]
    side_points: tuple[int, ...]
    winner: int | None
    game_points: tuple[int, ...]


def two(a: int, b: int, sides=((0,), (1,))) -> Deal:
    """A two-sided deal; the winner follows the points (60-60 draws)."""
    return Deal(sides, (a, b), None if a == b else (0 if a > b else 1))


def three(a: int, b: int, c: int) -> Deal:
    points = (a, b, c)
    best = max(points)
    leaders = [i for i, p in enumerate(points) if p == best]
    return Deal(((0,), (1,), (2,)), points, leaders[0] if len(leaders) == 1 else None)


def play(match: Match, *deals: Deal) -> Match:
    for deal in deals:
        match.add(deal)
    return match


# formats and sides

def test_formats_in_order():
    assert MATCH_FORMATS == ("single", "best-of-3", "best-of-5", "game-points-11", "three-players",
                             "points-121", "points-151")


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_sides_are_the_rules_teams(players):
    assert sides_for(players) == Rules.standard(players).teams
    assert sides_for(4) == ((0, 2), (1, 3)) and sides_for(6) == ((0, 2, 4), (1, 3, 5))


@pytest.mark.parametrize("players", [7, 1, 0, -2, True, 10**100, "2", None])
def test_sides_for_refuses_other_tables(players):
    with pytest.raises(MatchError):
        sides_for(players)


@pytest.mark.parametrize(("fmt", "target"), [("single", 1), ("best-of-3", 2), ("best-of-5", 3),
                                             ("game-points-11", 11), ("points-121", 121),
                                             ("points-151", 151)])
def test_targets(fmt, target):
    assert Match.start(fmt, 2).target == target
    assert Match.start("three-players", 3).target == 12


@pytest.mark.parametrize(("fmt", "players", "words"), [
    ("best-of-7", 2, "unknown match format"),
    ("", 2, "unknown match format"),
    (None, 2, "unknown match format"),
    ("x" * 10_000, 2, "..."),
    ("three-players", 2, "for 3 players"),
    ("three-players", 4, "for 3 players"),
    ("three-players", 6, "for 3 players"),
    ("game-points-11", 3, "use three-players"),
    ("single", 7, "players must be"),
    ("best-of-3", 5, "not played with 5 players"),
    ("deals-5", 4, "not played with 4 players"),
    ("single", True, "players must be"),
    ("single", 10**10_000, "huge integer"),
    ("single", 2.0, "players must be"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 30 else type(v).__name__)
def test_check_format_refuses(fmt, players, words):
    with pytest.raises(MatchError, match="^[^\n]*$") as info:
        check_format(fmt, players)
    assert words in str(info.value)
    assert len(str(info.value)) < 300
    with pytest.raises(MatchError):
        Match.start(fmt, players)


@pytest.mark.parametrize("fmt", MATCH_FORMATS)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_check_format_accepts_the_sensible(fmt, players):
    refused = (fmt == "three-players" and players != 3) or (fmt == "game-points-11" and players == 3)
    if refused:
        with pytest.raises(MatchError):
            check_format(fmt, players)
    else:
        check_format(fmt, players)
        assert Match.start(fmt, players).score == (0,) * len(sides_for(players))


@pytest.mark.parametrize("dealer", [-1, 2, True, 1.0, None, 10**100])
def test_first_dealer_must_be_a_seat(dealer):
    with pytest.raises(MatchError):
        Match.start("single", 2, dealer)


# single and best-of

def test_single_deal():
    m = play(Match.start("single", 2), two(50, 70))
    assert (m.over, m.winner, m.score, m.deals_played) == (True, 1, (0, 1), 1)
    with pytest.raises(MatchError, match="over"):
        m.add(two(70, 50))


def test_single_drawn_deal_ends_without_winner():
    m = play(Match.start("single", 3), three(40, 40, 40))
    assert (m.over, m.winner, m.score) == (True, None, (0, 0, 0))


def test_best_of_3_draws_count_for_nobody():
    m = play(Match.start("best-of-3", 2), two(60, 60), two(61, 59), two(60, 60), two(0, 120))
    assert (m.score, m.over) == ((1, 1), False)
    play(m, two(10, 110))
    assert (m.score, m.over, m.winner, m.deals_played) == ((1, 2), True, 1, 5)


def test_best_of_5_with_six_players():
    sides = sides_for(6)
    m = Match.start("best-of-5", 6)
    for a in (70, 30, 70, 30):
        m.add(two(a, 120 - a, sides))
    assert (m.score, m.over) == ((2, 2), False)
    m.add(two(100, 20, sides))
    assert (m.score, m.winner) == ((3, 2), 0)


def test_best_of_3_with_three_players_counts_seats():
    m = play(Match.start("best-of-3", 3), three(50, 50, 20), three(20, 60, 40), three(10, 30, 80))
    assert (m.score, m.over) == ((0, 1, 1), False)
    play(m, three(0, 0, 120))
    assert (m.winner, m.score) == (2, (0, 1, 2))


# game points

def test_game_points_by_card_points():
    assert [game_points(p) for p in (0, 61, 90, 91, 119, 120)] == [1, 1, 1, 2, 2, 3]


def test_game_points_11_end_to_end_with_partners():
    sides = sides_for(4)
    m = Match.start("game-points-11", 4)
    play(m, two(61, 59, sides), two(91, 29, sides), two(120, 0, sides), two(60, 60, sides))
    assert m.score == (6, 0)
    play(m, two(0, 120, sides), two(29, 91, sides))
    assert m.score == (6, 5)
    play(m, two(120, 0, sides), two(70, 50, sides))
    assert (m.score, m.over) == ((10, 5), False)
    play(m, two(95, 25, sides))
    assert (m.score, m.over, m.winner) == ((12, 5), True, 0)


def test_game_points_trust_the_winner_on_an_early_end():
    m = Match.start("game-points-11", 2)
    m.add(Deal(((0,), (1,)), (12, 30), 0))  # mano negra: seat 0 wins with fewer points
    m.add(Deal(((0,), (1,)), (0, 0), 1))
    assert m.score == (1, 1)
    assert [e.score for e in m.history] == [(1, 0), (1, 1)]


# three players

def test_three_player_game_points():
    assert three_player_game_points((50, 45, 25), None) == (1, 1, 0)
    assert three_player_game_points((41, 41, 38), 0) == (1, 1, 0)
    assert three_player_game_points((80, 40, 0), 0) == (2, 0, 0)
    assert three_player_game_points((0, 120, 0), 1) == (0, 3, 0)
    assert three_player_game_points((40, 40, 40), None) == (0, 0, 0)
    # a deal ended by mano negra: its winner scores 1 at least, and the seats above 40 keep theirs
    assert three_player_game_points((10, 50, 0), 0) == (1, 1, 0)
    assert three_player_game_points((61, 28, 31), 2) == (1, 0, 1)
    assert three_player_game_points((49, 68, 3), 1) == (1, 1, 0)
    assert three_player_game_points((20, 30, 70), 2) == (0, 0, 2)


@pytest.mark.parametrize("seed, points, game_points", [
    (14161, (61, 28, 31), (1, 0, 1)),  # the show's maker ends at 31: seat 0 keeps its 1 for 61
    (2477, (49, 68, 3), (1, 1, 0)),
])
def test_a_show_of_mano_negra_with_three_players_leaves_the_others_their_more_than_40(seed, points, game_points):
    """Random play until someone may show mano negra (seeds where another seat holds more
    than 40 by then); the show ends the deal: its maker scores, and so does each seat above 40."""
    g = Game.deal(Rules.preset("standard", 3, mano_negra=True), seed=seed)
    rng = random.Random(seed)
    while not any(a.kind == SHOW for a in g.legal_actions()):
        g.apply(rng.choice([a for a in g.legal_actions() if a.kind == PLAY]))
    g.apply(Action.show())
    out = g.outcome()
    assert (out.side_points, out.game_points) == (points, game_points)


def test_three_players_single_leader_at_twelve_wins():
    m = play(Match.start("three-players", 3), *[three(0, 120, 0)] * 3, three(0, 80, 40))
    assert m.score == (0, 11, 0) and not m.over
    play(m, three(50, 50, 20))
    assert (m.score, m.over, m.winner) == ((1, 12, 0), True, 1)


def test_three_players_play_off_between_two_tied_leaders():
    m = Match.start("three-players", 3, first_dealer=2)
    play(m, *[three(0, 60, 60)] * 12)
    assert m.score == (0, 12, 12) and not m.over
    assert m.seats_in_play == (1, 2)
    assert m.deal_sides == ((1,), (2,))
    with pytest.raises(MatchError, match="sides"):
        m.add(three(0, 60, 60))
    with pytest.raises(MatchError, match="sides"):
        m.add(two(70, 50))  # seats 0 and 1 are not the seats in play
    dealer = m.next_dealer
    assert dealer in (1, 2)
    m.add(two(60, 60, ((1,), (2,))))
    assert m.score == (0, 12, 12) and not m.over
    assert m.next_dealer != dealer and m.next_dealer in (1, 2)
    m.add(Deal(((1,), (2,)), (20, 100), 1))
    assert (m.score, m.over, m.winner) == ((0, 12, 14), True, 2)
    assert m.history[-1].sides == ((1,), (2,))


def test_three_way_tie_plays_on_with_three():
    """A three-way tie at 12 or more cannot arise (no deal gives all three seats a point: three
    times 41 is more than 120), so ties for the lead with three in play are met below 12."""
    m = play(Match.start("three-players", 3), *[three(41, 41, 38)] * 5, *[three(38, 41, 41)] * 5,
             *[three(41, 38, 41)] * 5)
    assert m.score == (10, 10, 10)
    play(m, three(41, 41, 38), Deal(((0,), (1,), (2,)), (0, 0, 10), 2))  # an early end: winner only
    assert m.score == (11, 11, 11) and m.seats_in_play == (0, 1, 2) and not m.over
    play(m, three(41, 41, 38))
    assert m.score == (12, 12, 11) and m.seats_in_play == (0, 1) and not m.over
    play(m, Deal(((0,), (1,)), (30, 90), 1))
    assert (m.winner, m.score) == (1, (12, 13, 11))


# card points

def test_points_121_accumulates_draws_too():
    m = play(Match.start("points-121", 2), two(60, 60), two(50, 70))
    assert (m.score, m.over) == ((110, 130), True)
    assert m.winner == 1


def test_points_both_cross_the_highest_wins_exact_tie_plays_on():
    m = play(Match.start("points-151", 4), *[two(60, 60, sides_for(4))] * 2)
    assert m.score == (120, 120) and not m.over
    play(m, two(60, 60, sides_for(4)))
    assert m.score == (180, 180) and not m.over
    play(m, two(61, 59, sides_for(4)))
    assert (m.score, m.over, m.winner) == ((241, 239), True, 0)


def test_points_with_three_players():
    m = play(Match.start("points-121", 3), three(60, 50, 10), three(70, 20, 30))
    assert (m.score, m.over, m.winner) == ((130, 70, 40), True, 0)


# dealing and outcomes that do not fit

@pytest.mark.parametrize(("players", "first", "expected"), [
    (2, 0, [0, 1, 0, 1, 0]), (3, 2, [2, 0, 1, 2, 0]), (4, 3, [3, 0, 1, 2, 3]), (6, 5, [5, 0, 1, 2, 3])])
def test_dealer_rotates(players, first, expected):
    m = Match.start("points-151", players, first)
    dealers = []
    for _ in range(5):
        dealers.append(m.next_dealer)
        if players == 3:
            m.add(three(40, 40, 40))
        else:
            m.add(two(60, 60, sides_for(players)))
    assert dealers == expected
    assert [e.dealer for e in m.history] == expected


@pytest.mark.parametrize("deal", [
    Deal(((1,), (0,)), (60, 60), None),
    Deal(((0,),), (120,), 0),
    Deal(((0,), (1,), (2,)), (40, 40, 40), None),
    Deal(((0,), (1,)), (61,), 0),
    Deal(((0,), (1,)), (61, 59, 0), 0),
    Deal(((0,), (1,)), (121, 0), 0),
    Deal(((0,), (1,)), (-1, 120), 1),
    Deal(((0,), (1,)), (61, 60), 0),
    Deal(((0,), (1,)), (61.0, 59), 0),
    Deal(((0,), (1,)), (True, 59), 1),
    Deal(((0,), (1,)), (61, 59), 2),
    Deal(((0,), (1,)), (61, 59), -1),
    Deal(((0,), (1,)), (61, 59), True),
    Deal(((0,), (1,)), (61, 59), "0"),
    Deal(((0,), (1.0,)), (61, 59), 0),
    Deal(((0,), (10**100,)), (61, 59), 0),
    Deal("ab", (61, 59), 0),
    Deal(None, (61, 59), 0),
    Deal(((0,), (1,)), None, 0),
    Deal(((0,), (1,)), (10**100, 0), 0),
])
def test_outcomes_that_do_not_fit_are_refused(deal):
    m = Match.start("best-of-3", 2)
    with pytest.raises(MatchError):
        m.add(deal)
    assert m.deals_played == 0 and m.score == (0, 0)


def test_partner_sides_must_match():
    m = Match.start("best-of-3", 4)
    with pytest.raises(MatchError):
        m.add(two(70, 50))
    with pytest.raises(MatchError):
        m.add(two(70, 50, ((0, 1), (2, 3))))
    m.add(two(70, 50, ([0, 2], [1, 3])))  # lists are fine
    assert m.history[0].sides == ((0, 2), (1, 3))


def test_an_outcome_needs_its_attributes():
    with pytest.raises(MatchError, match="side_points, winner"):
        Match.start("single", 2).add(object())


def test_a_match_is_bounded():
    m = Match.start("best-of-3", 2)
    for _ in range(MAX_DEALS):
        m.add(two(60, 60))
    with pytest.raises(MatchError, match="at most"):
        m.add(two(60, 60))


# saved data

def full_match() -> Match:
    m = Match.start("three-players", 3, first_dealer=1)
    play(m, *[three(0, 60, 60)] * 12, two(60, 60, ((1,), (2,))))
    return m


@pytest.mark.parametrize("match", [
    Match.start("single", 2),
    play(Match.start("game-points-11", 6), two(91, 29, sides_for(6))),
    play(Match.start("points-121", 4, 2), two(60, 60, sides_for(4)), two(100, 20, sides_for(4))),
    full_match(),
], ids=["empty", "game-points", "points-over", "play-off"])
def test_round_trip(match):
    data = json.loads(json.dumps(match.to_dict()))
    again = Match.from_dict(data)
    assert again == match
    for name in ("score", "over", "winner", "next_dealer", "seats_in_play", "deals_played", "deal_sides"):
        assert getattr(again, name) == getattr(match, name), name
    assert again.to_dict() == match.to_dict()


def _hostile_cases():
    def top(key, value):
        return lambda d: d.__setitem__(key, value)

    def deal(key, value, index=0):
        return lambda d: d["deals"][index].__setitem__(key, value)

    return {
        "not a dict": lambda d: [1, 2],
        "missing key": lambda d: d.pop("deals"),
        "extra key": top("extra", 1),
        "format type": top("format", 3),
        "format unknown": top("format", "best-of-9"),
        "players bool": top("players", True),
        "players string": top("players", "3"),
        "players huge": top("players", 10**5000),
        "players negative": top("players", -3),
        "dealer bool": top("first_dealer", True),
        "dealer out": top("first_dealer", 3),
        "dealer huge": top("first_dealer", -(10**5000)),
        "deals type": top("deals", {"0": {}}),
        "deals too many": top("deals", [{}] * (MAX_DEALS + 1)),
        "deal not dict": deal_replace(0, "deal"),
        "deal missing": lambda d: d["deals"][0].pop("score"),
        "deal extra": deal("why", None),
        "deal dealer wrong": deal("dealer", 0),
        "deal dealer bool": deal("dealer", True),
        "deal dealer float": deal("dealer", 1.0),
        "sides swapped": deal("sides", [[1], [0]]),
        "sides type": deal("sides", "01"),
        "sides nested": deal("sides", [[[0]], [1]]),
        "sides bools": deal("sides", [[False], [True], [2]]),
        "sides huge": deal("sides", [[10**5000], [1], [2]]),
        "points short": deal("side_points", [0, 60]),
        "points long": deal("side_points", [0, 60, 60, 0]),
        "points negative": deal("side_points", [-10, 70, 60]),
        "points huge": deal("side_points", [10**5000, 0, 0]),
        "points bool": deal("side_points", [True, 59, 60]),
        "points sum": deal("side_points", [60, 60, 60]),
        "points string": deal("side_points", "060060"),
        "winner out": deal("winner", 3),
        "winner bool": deal("winner", False),
        "winner float": deal("winner", 1.0),
        "winner huge": deal("winner", 10**5000),
        "score wrong": deal("score", [1, 0, 1]),
        "score bool": deal("score", [False, True, True]),
        "score type": deal("score", "011"),
        "score short": deal("score", [0, 1]),
        "after the end": lambda d: d["deals"].append(copy.deepcopy(d["deals"][-1])),
        "play-off sides": deal("sides", [[0], [1], [2]], index=12),
    }


def deal_replace(index, value):
    return lambda d: d["deals"].__setitem__(index, value)


def _ended() -> dict:
    match = full_match()
    data = match.to_dict()
    data["deals"].append({"dealer": match.next_dealer, "sides": [[1], [2]], "side_points": [30, 90], "winner": 1,
                          "score": [0, 12, 13]})
    return data


HOSTILE = _hostile_cases()


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_data_raises_match_error_only(case):
    data = _ended()
    Match.from_dict(copy.deepcopy(data))  # the untouched data loads
    result = HOSTILE[case](data)
    if case == "not a dict":
        data = result
    with pytest.raises(MatchError):
        Match.from_dict(data)


def _five_played() -> dict:
    """A five-player match (Briscola chiamata to 10 game points) after one deal."""
    m = Match.start("game-points-10", 5)
    m.add(FiveDeal(((0, 2), (1, 3, 4)), (70, 50), 0, (2, -1, 1, -1, -1)))
    return m.to_dict()


@pytest.mark.parametrize("field,value", [
    ("sides", [[0, 2], [1, 3]]),  # a seat on no side
    ("sides", [[0, 2], [1, 3, 4, 4]]),
    ("sides", [[0, 1, 2, 3, 4]]),
    ("sides", "02134"),
    ("side_points", [70, 51]),
    ("side_points", [-1, 121]),
    ("side_points", [70]),
    ("winner", 2),
    ("winner", True),
    ("game_points", [2, -1, 1, -1, 0]),  # not adding up to zero
    ("game_points", [9, -9, 0, 0, 0]),  # more than a deal can bring
    ("game_points", [2, -1, 1, -1]),
    ("game_points", None),
], ids=lambda v: repr(v)[:24])
def test_hostile_five_player_deals_raise_match_error_only(field, value):
    data = _five_played()
    Match.from_dict(copy.deepcopy(data))  # the untouched data loads
    data["deals"][0][field] = value
    with pytest.raises(MatchError):
        Match.from_dict(data)


@pytest.mark.parametrize("data", [None, 0, "match", [], {}, {"format": "single"}, True, 1.5])
def test_hostile_top_level(data):
    with pytest.raises(MatchError):
        Match.from_dict(data)


# properties

@st.composite
def outcome_for(draw, sides):
    n = len(sides)
    if n == 2:
        a = draw(st.integers(0, 120))
        points = (a, 120 - a)
    else:
        a = draw(st.integers(0, 120))
        b = draw(st.integers(0, 120 - a))
        points = (a, b, 120 - a - b)
    if draw(st.integers(0, 9)) == 0:  # an early end: any side may win with any points
        points = tuple(min(p, draw(st.integers(0, 30))) for p in points)
        winner = draw(st.sampled_from([None, *range(n)]))
    else:
        best = max(points)
        leaders = [i for i, p in enumerate(points) if p == best]
        winner = leaders[0] if len(leaders) == 1 else None
    return Deal(sides, points, winner)


@settings(max_examples=60, deadline=None)
@given(fmt=st.sampled_from(MATCH_FORMATS), players=st.sampled_from(PLAYER_COUNTS),
       first=st.integers(0, 5), data=st.data())
def test_random_matches(fmt, players, first, data):
    try:
        check_format(fmt, players)
    except MatchError:
        return
    m = Match.start(fmt, players, first % players)
    before = m.score
    for _ in range(30):
        if m.over:
            break
        assert m.next_dealer in m.seats_in_play
        m.add(data.draw(outcome_for(m.deal_sides)))
        assert all(b <= a for a, b in zip(m.score, before))
        before = m.score
        assert Match.from_dict(json.loads(json.dumps(m.to_dict()))) == m
    if m.over:
        assert m.winner is not None or fmt == "single"
        with pytest.raises(MatchError):
            m.add(data.draw(outcome_for(m.deal_sides)))
