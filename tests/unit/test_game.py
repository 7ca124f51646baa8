"""Invariants of whole deals, checked like chess perft over many seeded random deals,
against a small independent model of the rules in RULES.md."""

from __future__ import annotations

import random

import pytest

from briscola.cards import ALL_CARDS, Card, IllegalMoveError, make_pack, parse_cards
from briscola.game import Game, Trick, trick_winner
from briscola.record import to_record
from briscola.rules import Rules, UnsupportedRuleError

DEALS_PER_COUNT = 300
PLAYER_COUNTS = (2, 3, 4, 6)
PACK = {2: 40, 3: 39, 4: 40, 6: 36}
HAND = 3

# RULES.md, independent of the engine's tables.
RANK_ORDER = [1, 3, 10, 9, 8, 7, 6, 5, 4, 2]  # high to low
RANK_POINTS = {1: 11, 3: 10, 10: 4, 9: 3, 8: 2}


def simple_points(c: Card) -> int:
    return RANK_POINTS.get(c.rank, 0)


def simple_winner(plays, trump_suit: str) -> int:
    """Highest trump played; if none, the highest card of the suit led."""
    trumps = [(s, c) for s, c in plays if c.suit == trump_suit]
    led = plays[0][1].suit
    pool = trumps or [(s, c) for s, c in plays if c.suit == led]
    return min(pool, key=lambda sc: RANK_ORDER.index(sc[1].rank))[0]


def play_random(rules: Rules, seed: int, dealer: int) -> tuple[Game, list[Card]]:
    g = Game.deal(rules, seed=seed, dealer=dealer)
    rng = random.Random(seed * 7919 + 1)
    moves = []
    while not g.over:
        c = rng.choice(g.legal_moves())
        moves.append(c)
        g.play(c)
    return g, moves


def expected_result(rules: Rules, points: list[int]) -> list[str]:
    n = rules.players
    if n == 3:
        best = max(points)
        top = [s for s in range(3) if points[s] == best]
        return ["win" if s in top and len(top) == 1 else "draw" if s in top else "loss" for s in range(3)]
    side = [sum(points[s] for s in range(n) if s % 2 == t) for t in (0, 1)]
    if side[0] == side[1] == 60:
        return ["draw"] * n
    win = 0 if side[0] > 60 else 1
    return ["win" if s % 2 == win else "loss" for s in range(n)]


def replay_model(rules: Rules, g: Game, moves: list[Card]) -> list[Trick]:
    """Replay the moves on the initial layout with a model written from RULES.md."""
    n = rules.players
    hands = [list(h) for h in g.initial_hands]
    stock = list(g.talon) + [g.briscola]
    trump = g.briscola.suit
    leader = (g.dealer + 1) % n
    it = iter(moves)
    out = []
    while any(hands):
        plays = []
        for i in range(n):
            seat = (leader + i) % n
            c = next(it)
            assert c in hands[seat], f"seat {seat} played {c} it did not hold"
            hands[seat].remove(c)
            plays.append((seat, c))
        winner = simple_winner(plays, trump)
        draws = []
        if stock:
            for i in range(n):
                seat = (winner + i) % n
                c = stock.pop(0)
                hands[seat].append(c)
                draws.append((seat, c))
        out.append(Trick(leader, tuple(plays), winner, sum(simple_points(c) for _, c in plays), tuple(draws)))
        leader = winner
    return out


@pytest.fixture(scope="module", params=PLAYER_COUNTS, ids=lambda n: f"{n}p")
def deals(request):
    n = request.param
    rules = Rules.standard(n)
    return rules, [play_random(rules, seed, seed % n) for seed in range(1, DEALS_PER_COUNT + 1)]


def test_every_card_of_the_pack_played_exactly_once(deals):
    rules, games = deals
    pack = sorted(make_pack(PACK[rules.players]))
    for g, moves in games:
        played = [c for t in g.tricks for _, c in t.plays]
        assert sorted(played) == pack
        assert sorted(moves) == pack
        assert all(not h for h in g.hands)
        assert g.talon_size == 0 and g.stock_size == 0 and g.briscola_drawn


def test_points_sum_to_120(deals):
    rules, games = deals
    for g, _ in games:
        assert sum(g.points) == 120
        assert sum(t.points for t in g.tricks) == 120
        assert sum(g.team_points()) == 120
        for seat in range(rules.players):
            assert g.points[seat] == sum(t.points for t in g.tricks if t.winner == seat)


def test_number_of_tricks(deals):
    rules, games = deals
    for g, _ in games:
        assert len(g.tricks) == PACK[rules.players] // rules.players
        assert all(len(t.plays) == rules.players for t in g.tricks)


def test_layout_is_the_pack(deals):
    rules, games = deals
    n = rules.players
    for g, _ in games:
        assert len(g.initial_hands) == n and all(len(h) == HAND for h in g.initial_hands)
        layout = [c for h in g.initial_hands for c in h] + list(g.talon) + [g.briscola]
        assert sorted(layout) == sorted(make_pack(PACK[n]))
        assert len(g.talon) == PACK[n] - n * HAND - 1
        assert g.trump == g.briscola.suit_index


def test_drawing_order_winner_first_then_playing_order(deals):
    rules, games = deals
    n = rules.players
    for g, _ in games:
        stock = list(g.talon) + [g.briscola]
        drawn = []
        for t in g.tricks:
            if t.draws:
                assert [s for s, _ in t.draws] == [(t.winner + i) % n for i in range(n)]
            drawn.extend(c for _, c in t.draws)
        assert drawn == stock  # talon in order, the briscola last


def test_briscola_is_the_last_card_drawn_by_the_last_drawer(deals):
    rules, games = deals
    n = rules.players
    for g, _ in games:
        drawing = [t for t in g.tricks if t.draws]
        last_seat, last_card = drawing[-1].draws[-1]
        assert last_card == g.briscola
        assert last_seat == g.briscola_taker == (drawing[-1].winner + n - 1) % n
        assert all(c != g.briscola for t in drawing[:-1] for _, c in t.draws)


def test_last_hand_size_tricks_have_no_drawing(deals):
    rules, games = deals
    for g, _ in games:
        assert all(t.draws for t in g.tricks[:-HAND])
        assert all(not t.draws for t in g.tricks[-HAND:])


def test_leader_and_seat_order(deals):
    rules, games = deals
    n = rules.players
    for g, _ in games:
        assert g.tricks[0].leader == (g.dealer + 1) % n
        for prev, t in zip(g.tricks, g.tricks[1:]):
            assert t.leader == prev.winner
        for t in g.tricks:
            assert [s for s, _ in t.plays] == [(t.leader + i) % n for i in range(n)]
            assert t.plays[0][0] == t.leader


def test_trick_winner_matches_a_simple_implementation(deals):
    rules, games = deals
    for g, _ in games:
        trump = g.briscola.suit
        for t in g.tricks:
            assert t.winner == simple_winner(t.plays, trump)
            assert t.points == sum(simple_points(c) for _, c in t.plays)


def test_whole_deal_matches_the_model(deals):
    rules, games = deals
    for g, moves in games:
        assert g.tricks == replay_model(rules, g, moves)


def test_results(deals):
    rules, games = deals
    for g, _ in games:
        assert g.result() == expected_result(rules, g.points)


def test_team_points_pool_partners(deals):
    rules, games = deals
    for g, _ in games:
        assert g.team_points() == [sum(g.points[s] for s in team) for team in rules.teams]


def test_every_dealer_is_used(deals):
    rules, games = deals
    assert {g.dealer for g, _ in games} == set(range(rules.players))


# -- trick_winner, hand-made cases ------------------------------------------------------

def _plays(text: str):
    return list(enumerate(parse_cards(text)))


@pytest.mark.parametrize(
    "plays, trump, winner",
    [
        ("7D 1D", "B", 1),  # ace of the suit led beats the seven
        ("1D 7D", "B", 0),
        ("3D 10D", "B", 0),  # three above king
        ("2D 1C", "B", 0),  # another plain suit never wins
        ("2D 2B", "B", 1),  # the lowest trump beats the ace led
        ("1D 2B 4B", "B", 2),
        ("4B 1D", "B", 0),
        ("8S 9S 10S 3S", "D", 3),
        ("5C 1S 1B 6C", "D", 3),
        ("5C 1S 1B 6C 2D", "D", 4),
        ("9C 8C", "C", 0),
    ],
)
def test_trick_winner_cases(plays, trump, winner):
    p = _plays(plays)
    assert simple_winner(p, trump) == winner
    assert trick_winner(p, "DCSB".index(trump), Game.deal(Rules.standard(2), seed=1)._strength) == winner


# -- results by hand ------------------------------------------------------------------

def _finished(players: int, seed: int = 3) -> Game:
    return play_random(Rules.standard(players), seed, 0)[0]


@pytest.mark.parametrize(
    "players, points, result",
    [
        (2, [61, 59], ["win", "loss"]),
        (2, [59, 61], ["loss", "win"]),
        (2, [60, 60], ["draw", "draw"]),
        (2, [120, 0], ["win", "loss"]),
        (4, [30, 30, 31, 29], ["win", "loss", "win", "loss"]),
        (4, [30, 40, 30, 20], ["draw"] * 4),
        (4, [0, 61, 0, 59], ["loss", "win", "loss", "win"]),
        (6, [10, 20, 20, 20, 31, 19], ["win", "loss"] * 3),
        (6, [10, 20, 20, 20, 30, 20], ["draw"] * 6),
        (3, [50, 40, 30], ["win", "loss", "loss"]),
        (3, [40, 40, 40], ["draw"] * 3),
        (3, [50, 50, 20], ["draw", "draw", "loss"]),
        (3, [20, 50, 50], ["loss", "draw", "draw"]),
        (3, [10, 10, 100], ["loss", "loss", "win"]),
    ],
)
def test_result_rules(players, points, result):
    g = _finished(players)
    g.points = list(points)
    assert g.result() == result


def test_draws_happen_in_real_deals():
    rules = Rules.standard(2)
    outcomes = [play_random(rules, s, 0)[0].result() for s in range(1, 400)]
    assert ["draw", "draw"] in outcomes and ["win", "loss"] in outcomes and ["loss", "win"] in outcomes


def test_result_before_the_end_is_an_error():
    g = Game.deal(Rules.standard(2), seed=1)
    with pytest.raises(ValueError):
        g.result()


# -- determinism ----------------------------------------------------------------------

@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_same_seed_same_moves_same_record(players):
    rules = Rules.standard(players)
    for seed in (1, 2, 12345):
        a, moves = play_random(rules, seed, 1)
        b = Game.deal(rules, seed=seed, dealer=1)
        for c in moves:
            b.play(c)
        assert to_record(a) == to_record(b)
        assert to_record(Game.deal(rules, seed=seed)) == to_record(Game.deal(rules, seed=seed))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_different_seeds_deal_differently(players):
    rules = Rules.standard(players)
    layouts = set()
    for seed in range(50):
        g = Game.deal(rules, seed=seed)
        layouts.add((g.initial_hands, g.briscola, tuple(g.talon)))
    assert len(layouts) == 50


def test_deal_from_seed_is_stable():
    # Records and the CLI name deals by seed: the shuffle must not change silently.
    g = Game.deal(Rules.standard(2), seed=1)
    assert [[str(c) for c in h] for h in g.initial_hands] == [["3D", "2D", "3B"], ["4S", "2C", "8B"]]
    assert str(g.briscola) == "6D"
    assert [str(c) for c in g.talon[:5]] == ["10D", "8C", "10S", "5B", "1S"]


def test_deal_one_card_at_a_time_from_the_dealers_right():
    for players in PLAYER_COUNTS:
        for dealer in range(players):
            g = Game.deal(Rules.standard(players), seed=99, dealer=dealer)
            pack = make_pack(PACK[players])
            random.Random(99).shuffle(pack)
            for k in range(players * HAND):
                seat = (dealer + 1 + k) % players
                assert g.initial_hands[seat][k // players] == pack[k]
            assert g.dealer == dealer
            assert g.turn == g.leader == (dealer + 1) % players


# -- moves ----------------------------------------------------------------------------

def test_play_returns_the_trick_only_when_it_ends():
    g = Game.deal(Rules.standard(4), seed=5)
    results = [g.play(g.hands[g.turn][0]) for _ in range(3)]
    assert results == [None, None, None]
    assert len(g.trick) == 3
    done = g.play(g.hands[g.turn][0])
    assert isinstance(done, Trick) and g.tricks == [done] and g.trick == []


def test_legal_moves_are_the_hand_of_the_seat_to_move():
    g = Game.deal(Rules.standard(3), seed=5)
    while not g.over:
        assert g.legal_moves() == g.hands[g.turn]
        g.play(g.legal_moves()[-1])
    assert g.legal_moves() == []


def test_stock_counts():
    g = Game.deal(Rules.standard(2), seed=8)
    assert (g.stock_size, g.talon_size) == (34, 33)
    g.play(g.hands[g.turn][0])
    g.play(g.hands[g.turn][0])
    assert (g.stock_size, g.talon_size) == (32, 31)
    while g.stock_size:
        g.play(g.hands[g.turn][0])
    assert g.briscola_drawn and g.talon_size == 0
    assert all(len(h) == 3 for h in g.hands)


def _snapshot(g: Game):
    return (to_record(g), g.turn, g.leader, [list(h) for h in g.hands], list(g.trick))


def test_card_not_in_hand_is_illegal():
    g = Game.deal(Rules.standard(2), seed=11)
    outside = next(c for c in ALL_CARDS if all(c not in h for h in g.hands))
    before = _snapshot(g)
    with pytest.raises(IllegalMoveError, match="not in the hand of seat 1"):
        g.play(outside)
    assert _snapshot(g) == before
    assert issubclass(IllegalMoveError, ValueError)


def test_card_of_another_seat_is_illegal():
    g = Game.deal(Rules.standard(4), seed=11)
    for _ in range(6):
        before = _snapshot(g)
        other = (g.turn + 1) % 4
        with pytest.raises(IllegalMoveError):
            g.play(g.hands[other][0])
        assert _snapshot(g) == before
        g.play(g.hands[g.turn][0])


def test_same_card_twice_is_illegal():
    g = Game.deal(Rules.standard(2), seed=4)
    c = g.hands[g.turn][0]
    g.play(c)
    with pytest.raises(IllegalMoveError):
        g.play(c)


def test_play_after_the_end_is_illegal():
    g = _finished(2)
    record = to_record(g)
    for c in (ALL_CARDS[0], ALL_CARDS[39], g.tricks[-1].plays[-1][1]):
        with pytest.raises(IllegalMoveError, match="over"):
            g.play(c)
    assert to_record(g) == record


# -- copy -----------------------------------------------------------------------------

def test_copy_is_independent():
    g = Game.deal(Rules.standard(2), seed=21)
    for _ in range(5):
        g.play(g.hands[g.turn][0])
    before = _snapshot(g)
    h = g.copy()
    assert _snapshot(h) == before
    while not h.over:
        h.play(h.hands[h.turn][-1])
    assert _snapshot(g) == before
    assert len(g.tricks) == 2 and not g.over and h.over
    # and the original plays on by itself, unaffected by the copy's moves
    k = g.copy()
    while not g.over:
        g.play(g.hands[g.turn][0])
    assert _snapshot(k) == before
    assert sum(g.points) == sum(h.points) == 120


def test_copy_continues_identically():
    g = Game.deal(Rules.standard(6), seed=2)
    for _ in range(10):
        g.play(g.hands[g.turn][1 % len(g.hands[g.turn])])
    h = g.copy()
    for game in (g, h):
        while not game.over:
            game.play(game.hands[game.turn][0])
    assert to_record(g) == to_record(h)


# -- explicit layout ------------------------------------------------------------------

def _layout(seed=3, players=2):
    g = Game.deal(Rules.standard(players), seed=seed)
    return Rules.standard(players), [list(h) for h in g.initial_hands], g.briscola, list(g.talon), g


def test_explicit_layout_plays_like_the_deal():
    rules, hands, briscola, talon, g = _layout(players=4)
    e = Game(rules, hands, briscola, talon, dealer=g.dealer, seed=g.seed)
    while not g.over:
        c = g.hands[g.turn][0]
        g.play(c)
        e.play(c)
    assert to_record(e) == to_record(g)


def test_explicit_layout_accepts_plain_ints():
    rules, hands, briscola, talon, _ = _layout()
    e = Game(rules, [[int(c) for c in h] for h in hands], int(briscola), [int(c) for c in talon])
    assert all(isinstance(c, Card) for h in e.hands for c in h)
    assert isinstance(e.briscola, Card) and all(isinstance(c, Card) for c in e.talon)


def test_explicit_layout_must_be_exactly_the_pack():
    rules, hands, briscola, talon, _ = _layout()
    bad = [
        (hands, briscola, talon[:-1]),  # a card missing
        (hands, briscola, talon[:-1] + [hands[0][0]]),  # a card twice
        (hands, hands[0][0], talon),  # briscola also in a hand
        ([hands[0] + [talon[0]], hands[1]], briscola, talon[1:]),  # 4 cards in a hand
        ([hands[0][:2], hands[1] + [hands[0][2]]], briscola, talon),  # 2 and 4
        ([hands[0], hands[1], []], briscola, talon),  # three hands for two seats
    ]
    for h, b, t in bad:
        with pytest.raises(ValueError):
            Game(rules, h, b, t)


def test_explicit_layout_refuses_a_turned_card_and_re_deals_the_rules_do_not_have():
    rules, hands, briscola, talon, _ = _layout()
    assert briscola.rank not in (1, 3)
    redeal = Rules.preset("standard", 2, redeal_ace_three=True)
    no_trump = Rules.preset("briscolone", 2)
    ace = next(c for c in talon if c.rank == 1)
    three = next(c for c in talon if c.rank == 3 and c != ace)
    plain = next(c for c in talon if c.rank not in (1, 3))
    # the turned card went under the stock, and an ace or a three turned
    ace_turned = [c for c in talon if c != ace] + [briscola]
    cases = [
        (rules, hands, None, talon + [briscola], (), "needed exactly"),
        (no_trump, hands, briscola, talon, (), "needed exactly"),
        (rules, hands, briscola, talon, (talon[-1],), "without the re-deal option"),
        (redeal, hands, plain, [c for c in talon if c != plain] + [briscola], (briscola,), "only an ace or a three"),
        (redeal, hands, ace, ace_turned, (), "re-deal option puts it back"),
        (redeal, hands, plain, [c for c in talon if c not in (plain, three)] + [three, briscola], (three,),
         "bottom of the stock"),
    ]
    for r, h, b, t, redeals, words in cases:
        with pytest.raises(ValueError, match=words):
            Game(r, h, b, t, redeals=redeals)
    ok = [c for c in talon if c not in (plain, three)] + [briscola, three]
    Game(redeal, hands, plain, ok, redeals=(three,))  # the re-dealt three at the bottom: fine


def test_explicit_layout_for_three_needs_the_39_card_pack():
    rules, hands, briscola, talon, _ = _layout(players=3)
    two_of_denari = Card("2D")
    assert two_of_denari not in talon and all(two_of_denari not in h for h in hands)
    with pytest.raises(ValueError):
        Game(rules, hands, briscola, talon + [two_of_denari])
    Game(rules, hands, briscola, talon)  # the right pack is fine


def test_explicit_layout_checks_the_rules():
    from dataclasses import replace

    rules, hands, briscola, talon, _ = _layout()
    with pytest.raises(UnsupportedRuleError, match="five cards"):
        Game(replace(rules, hand_size=5), hands, briscola, talon)


def test_unsupported_rules_refuse_to_deal():
    from dataclasses import replace

    with pytest.raises(UnsupportedRuleError):
        Game.deal(replace(Rules.standard(2), cards_per_trick=2), seed=1)


def test_repr_mentions_the_state():
    g = Game.deal(Rules.standard(2), seed=1)
    assert "seat 1 to play" in repr(g)
    assert "over" in repr(_finished(2))


@pytest.mark.parametrize("bad", [40, -1, 99, "1D", None, 1.5])
def test_play_of_something_not_a_card_is_an_illegal_move(bad):
    # play(40) raised IndexError, play("1D") TypeError, and play(-1) blamed the 10B.
    g = Game.deal(Rules.standard(2), seed=1)
    before = _snapshot(g)
    with pytest.raises(IllegalMoveError, match="not a card"):
        g.play(bad)
    assert _snapshot(g) == before
