"""Cards: notation, typed parse errors, rank order and points per RULES.md, packs."""

from __future__ import annotations

import pickle

import pytest

from briscola import cards
from briscola.cards import (
    ALL_CARDS, RANKINGS, SUITS, TABLES, Card, CardParseError, card, format_cards, make_pack,
    parse_card, parse_cards, points, strength,
)

# RULES.md, written out by hand so the tests do not read the engine's own tables.
ORDER_HIGH_TO_LOW = {
    "standard": [1, 3, 10, 9, 8, 7, 6, 5, 4, 2],
    "southern": [1, 3, 10, 8, 9, 7, 6, 5, 4, 2],
    "seven-high": [1, 7, 10, 9, 8, 6, 5, 4, 3, 2],
}
POINTS_BY_RANK = {
    "standard": {1: 11, 3: 10, 10: 4, 9: 3, 8: 2},
    "southern": {1: 11, 3: 10, 10: 4, 8: 3, 9: 2},
    "seven-high": {1: 11, 7: 10, 10: 4, 9: 3, 8: 2},
}
ALL_TEXT = [f"{r}{s}" for s in "DCSB" for r in range(1, 11)]


def test_forty_distinct_cards_in_suit_then_rank_order():
    assert len(ALL_CARDS) == 40
    assert [str(c) for c in ALL_CARDS] == ALL_TEXT
    assert [int(c) for c in ALL_CARDS] == list(range(40))
    assert SUITS == "DCSB"


@pytest.mark.parametrize("text", ALL_TEXT)
def test_notation_round_trip(text):
    c = parse_card(text)
    assert isinstance(c, Card)
    assert str(c) == text
    assert parse_card(str(c)) is c
    assert eval(repr(c), {"Card": Card}) == c
    assert repr(c) == f"Card('{text}')"
    assert Card(text) is c
    assert Card(int(c)) is c
    assert f"{c:>4}" == f"{text:>4}"
    assert card(c.suit, c.rank) is c
    assert card(c.suit_index, c.rank) is c
    assert c.rank == int(text[:-1]) and c.suit == text[-1]


def test_parse_is_lenient_on_case_and_spaces_only():
    assert parse_card(" 10b ") == parse_card("10B")
    assert parse_card("1d") == Card("1D")


def test_examples_from_rules_md():
    assert (parse_card("1D").rank, parse_card("1D").suit) == (1, "D")
    assert (parse_card("10B").rank, parse_card("10B").suit) == (10, "B")
    assert (parse_card("3C").rank, parse_card("3C").suit) == (3, "C")


@pytest.mark.parametrize("bad", ["11D", "0S", "X", "", None, "1", "D", "1E", "1DD", "01D", "-1D", 3.5, ["1D"]])
def test_parse_errors_are_typed(bad):
    with pytest.raises(CardParseError) as info:
        parse_card(bad)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("bad", [40, -41, 100, None, 2.0])
def test_card_from_bad_number_is_a_parse_error(bad):
    with pytest.raises(CardParseError):
        Card(bad)


def test_parse_cards_and_format_cards():
    hand = parse_cards("1D, 10B 3c")
    assert hand == [Card("1D"), Card("10B"), Card("3C")]
    assert format_cards(hand) == "1D 10B 3C"
    with pytest.raises(CardParseError):
        parse_cards("1D 11D")


def test_cards_pickle_back_to_the_same_object():
    for c in ALL_CARDS:
        assert pickle.loads(pickle.dumps(c)) is c


def test_rankings_are_the_three_presets():
    assert set(RANKINGS) == set(ORDER_HIGH_TO_LOW) == set(TABLES)


@pytest.mark.parametrize("ranking", sorted(ORDER_HIGH_TO_LOW))
def test_rank_order_in_every_suit(ranking):
    order = ORDER_HIGH_TO_LOW[ranking]
    for suit in SUITS:
        ranked = sorted((card(suit, r) for r in range(1, 11)), key=lambda c: -strength(c, ranking))
        assert [c.rank for c in ranked] == order
        assert sorted(strength(c, ranking) for c in ranked) == list(range(1, 11))
        assert strength(card(suit, order[0]), ranking) == 10
        assert strength(card(suit, order[-1]), ranking) == 1
    assert TABLES[ranking][0] == tuple(strength(c, ranking) for c in ALL_CARDS)


@pytest.mark.parametrize("ranking", sorted(POINTS_BY_RANK))
def test_card_points(ranking):
    for c in ALL_CARDS:
        assert points(c, ranking) == POINTS_BY_RANK[ranking].get(c.rank, 0), c
    for suit in SUITS:
        assert sum(points(card(suit, r), ranking) for r in range(1, 11)) == 30
    assert sum(points(c, ranking) for c in ALL_CARDS) == 120


def test_standard_is_the_default_table():
    assert cards.STRENGTH == TABLES["standard"][0]
    assert cards.POINTS == TABLES["standard"][1]
    assert points(Card("1D")) == 11 and points(Card("3S")) == 10 and points(Card("10C")) == 4
    assert points(Card("9B")) == 3 and points(Card("8B")) == 2 and points(Card("7B")) == 0
    assert strength(Card("3B")) > strength(Card("10B")) > strength(Card("9B")) > strength(Card("8B"))
    assert strength(Card("8B")) > strength(Card("7B")) > strength(Card("4B")) > strength(Card("2B"))


def test_pack_of_40():
    pack = make_pack(40)
    assert sorted(pack) == list(range(40)) and len(set(pack)) == 40
    assert sum(points(c) for c in pack) == 120


def test_pack_of_39_lacks_only_the_two_of_denari():
    pack = make_pack(39)
    assert len(pack) == len(set(pack)) == 39
    assert set(ALL_CARDS) - set(pack) == {Card("2D")}
    assert sum(points(c) for c in pack) == 120


def test_pack_of_36_lacks_the_four_twos():
    pack = make_pack(36)
    assert len(pack) == len(set(pack)) == 36
    assert set(ALL_CARDS) - set(pack) == {Card("2D"), Card("2C"), Card("2S"), Card("2B")}
    assert sum(points(c) for c in pack) == 120


def test_make_pack_returns_a_fresh_list():
    pack = make_pack(40)
    pack.pop()
    assert len(make_pack(40)) == 40


@pytest.mark.parametrize("size", [0, 32, 41, 52])
def test_other_pack_sizes_are_refused(size):
    with pytest.raises(ValueError):
        make_pack(size)


@pytest.mark.parametrize("bad", [-1, -40])
def test_negative_numbers_are_not_cards(bad):
    # Card(-1) used to index ALL_CARDS from the end and return Card('10B').
    with pytest.raises(CardParseError):
        Card(bad)
