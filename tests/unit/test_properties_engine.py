"""Properties of the engine over every sequence of plays the rules allow (Hypothesis).

Each example deals with a drawn seed and dealer, then plays a card drawn from the legal
ones at every turn, checking the invariants after every card against a small model of
the rules written here; illegal plays are drawn at any point of a deal and must be refused
with :class:`IllegalMoveError`, leaving the deal exactly as it was.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from briscola.cards import ALL_CARDS, Card, IllegalMoveError, make_pack
from briscola.game import Game
from briscola.record import to_record
from briscola.rules import Rules

PLAYER_COUNTS = (2, 3, 4, 6)
FAST = settings(max_examples=60, deadline=None, derandomize=True, database=None)

RANK_ORDER = (1, 3, 10, 9, 8, 7, 6, 5, 4, 2)  # high to low (rules.md)
RANK_POINTS = {1: 11, 3: 10, 10: 4, 9: 3, 8: 2}


def model_winner(plays, trump: str) -> int:
    """The highest trump, else the highest card of the suit led."""
    trumps = [(s, c) for s, c in plays if c.suit == trump]
    pool = trumps or [(s, c) for s, c in plays if c.suit == plays[0][1].suit]
    return min(pool, key=lambda sc: RANK_ORDER.index(sc[1].rank))[0]


def deals(players: int):
    """A fresh deal of ``players`` with any seed and dealer."""
    return st.builds(lambda seed, dealer: Game.deal(Rules.standard(players), seed=seed, dealer=dealer),
                     st.integers(0, 2 ** 64), st.integers(0, players - 1))


def stock_left(g: Game) -> list[Card]:
    """The cards still to draw, face-down ones in order, then the briscola."""
    rest = list(g.talon[len(g.talon) - g.talon_size:])
    return rest + ([] if g.briscola_drawn else [g.briscola])


def snapshot(g: Game):
    return (to_record(g), g.turn, g.leader, [list(h) for h in g.hands], list(g.trick),
            g.stock_size, g.talon_size, list(g.points), g.briscola_drawn, g.briscola_taker, g.over)


def check_state(g: Game) -> None:
    n, rules = g.n, g.rules
    played = [c for t in g.tricks for _, c in t.plays] + [c for _, c in g.trick]
    held = [c for h in g.hands for c in h]
    assert sorted(played + held + stock_left(g)) == sorted(make_pack(rules.pack))
    assert len(set(played)) == len(played)
    assert g.stock_size == len(stock_left(g))
    assert g.stock_size % n == 0
    assert g.stock_size == rules.pack - n * rules.hand_size - n * sum(1 for t in g.tricks if t.draws)
    in_trick = {s for s, _ in g.trick}
    full = min(rules.hand_size, (rules.pack // n) - len(g.tricks))
    for s in range(n):
        assert len(g.hands[s]) == full - (s in in_trick)
    assert [s for s, _ in g.trick] == [(g.leader + i) % n for i in range(len(g.trick))]
    if not g.over:
        assert g.turn == (g.leader + len(g.trick)) % n
        assert g.legal_moves() == list(g.hands[g.turn])
    assert g.points == [sum(t.points for t in g.tricks if t.winner == s) for s in range(n)]


def check_trick(g: Game, before_stock: int, before_points: list[int]) -> None:
    t = g.tricks[-1]
    n = g.n
    assert [s for s, _ in t.plays] == [(t.leader + i) % n for i in range(n)]
    assert t.winner == model_winner(t.plays, g.briscola.suit)
    assert g.leader == g.turn == t.winner
    assert t.points == sum(RANK_POINTS.get(c.rank, 0) for _, c in t.plays)
    assert [s for s, _ in t.draws] == ([(t.winner + i) % n for i in range(n)] if before_stock else [])
    assert g.stock_size == max(0, before_stock - n)
    if before_stock and not g.stock_size:
        assert t.draws[-1] == (g.briscola_taker, g.briscola)
    gained = [p - q for p, q in zip(g.points, before_points)]
    assert gained == [t.points if s == t.winner else 0 for s in range(n)]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@FAST
@given(data=st.data(), seed=st.integers(0, 2 ** 64))
def test_every_legal_sequence_keeps_the_invariants(players, data, seed):
    g = Game.deal(Rules.standard(players), seed=seed, dealer=data.draw(st.integers(0, players - 1)))
    n = g.n
    assert g.leader == g.turn == (g.dealer + 1) % n
    check_state(g)
    while not g.over:
        seat, stock, points = g.turn, g.stock_size, list(g.points)
        card = data.draw(st.sampled_from(g.legal_moves()))
        tricks = len(g.tricks)
        done = g.play(card)
        assert card not in g.hands[seat]
        if done is None:
            assert len(g.tricks) == tricks and g.turn == (seat + 1) % n
        else:
            assert len(g.tricks) == tricks + 1 and done == g.tricks[-1]
            assert done.plays[-1] == (seat, card)
            check_trick(g, stock, points)
        check_state(g)
    played = [c for t in g.tricks for _, c in t.plays]
    assert sorted(played) == sorted(make_pack(g.rules.pack))
    assert sum(g.points) == 120
    assert len(g.tricks) == g.rules.pack // n
    assert all(not h for h in g.hands) and g.stock_size == 0 and g.legal_moves() == []
    side = g.team_points()
    result = g.result()
    assert set(result) <= {"win", "loss", "draw"}
    for t, team in enumerate(g.rules.teams):
        assert len({result[s] for s in team}) == 1
        if result[team[0]] == "win":
            assert side[t] == max(side) and side.count(max(side)) == 1


def held_elsewhere(g: Game) -> list[Card]:
    return [c for c in ALL_CARDS if c not in g.hands[g.turn]]


def equals_a_held_card(value, g: Game) -> bool:
    """A number like 23.0 or True that compares equal to a card of the hand without being
    one: play() refuses it (tests below)."""
    if type(value) in (int, Card):
        return False
    try:
        return any(value == c for c in g.hands[g.turn])
    except Exception:
        return False


NOT_CARDS = st.one_of(
    st.none(), st.booleans(), st.text(max_size=4), st.sampled_from([str(c) for c in ALL_CARDS]),
    st.integers(max_value=-1), st.integers(min_value=40), st.floats(allow_nan=True),
    st.sampled_from([float(c) for c in ALL_CARDS]), st.lists(st.integers(0, 39), max_size=2),
    st.tuples(st.integers(0, 5), st.sampled_from(ALL_CARDS)), st.builds(object),
)


def play_some(data, g: Game) -> None:
    for _ in range(data.draw(st.integers(0, g.rules.pack), label="cards played first")):
        if g.over:
            break
        g.play(data.draw(st.sampled_from(g.legal_moves())))


@FAST
@given(st.data(), st.sampled_from(PLAYER_COUNTS).flatmap(deals))
def test_a_card_not_in_the_hand_is_refused_and_changes_nothing(data, g):
    play_some(data, g)
    assume(not g.over)
    before = snapshot(g)
    card = data.draw(st.sampled_from(held_elsewhere(g)))
    plain = data.draw(st.booleans())
    with pytest.raises(IllegalMoveError, match=f"not in the hand of seat {g.turn}"):
        g.play(int(card) if plain else card)
    assert snapshot(g) == before


@FAST
@given(st.data(), st.sampled_from(PLAYER_COUNTS).flatmap(deals), NOT_CARDS)
def test_something_not_a_card_is_refused_and_changes_nothing(data, g, thing):
    play_some(data, g)
    assume(not g.over and not equals_a_held_card(thing, g))
    before = snapshot(g)
    with pytest.raises(IllegalMoveError, match="not a card"):
        g.play(thing)
    assert snapshot(g) == before


@FAST
@given(st.data(), st.sampled_from(PLAYER_COUNTS).flatmap(deals), st.one_of(st.sampled_from(ALL_CARDS), NOT_CARDS))
def test_a_play_after_the_end_is_refused_and_changes_nothing(data, g, thing):
    while not g.over:
        g.play(data.draw(st.sampled_from(g.legal_moves())))
    before = snapshot(g)
    with pytest.raises(IllegalMoveError, match="over"):
        g.play(thing)
    assert snapshot(g) == before


@FAST
@given(st.data(), st.sampled_from(PLAYER_COUNTS).flatmap(deals))
def test_a_refused_play_leaves_a_deal_that_plays_on_like_an_untouched_one(data, g):
    twin = g.copy()
    while not g.over:
        for bad in data.draw(st.lists(st.one_of(st.sampled_from(held_elsewhere(g)), NOT_CARDS), max_size=2)):
            if not equals_a_held_card(bad, g):
                with pytest.raises(IllegalMoveError):
                    g.play(bad)
        card = data.draw(st.sampled_from(g.legal_moves()))
        g.play(card)
        twin.play(card)
    assert to_record(g) == to_record(twin)


# play() looks a value up in the hand with ==, so a float or a bool equal to a held card
# passes; 23.0 then fails half-way (the card leaves the hand, the trick stays as it was).
# game.py is not part of this change; these record the defect until it is fixed there.

def _deal_holding(card: int) -> Game:
    for seed in range(1000):
        g = Game.deal(Rules.standard(2), seed=seed)
        if ALL_CARDS[card] in g.hands[g.turn]:
            return g
    raise AssertionError("no deal found")


def test_a_float_equal_to_a_held_card_is_refused_and_changes_nothing():
    g = _deal_holding(23)
    before = snapshot(g)
    with pytest.raises(IllegalMoveError):
        g.play(23.0)
    assert snapshot(g) == before


def test_true_is_not_the_two_of_denari():
    g = _deal_holding(1)
    before = snapshot(g)
    with pytest.raises(IllegalMoveError):
        g.play(True)
    assert snapshot(g) == before
