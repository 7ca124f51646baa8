"""Cards, packs, rank order and card points.

A card is a small int, ``suit * 10 + rank - 1``, wrapped in :class:`Card` so that
``str()`` gives the record notation and lookup tables can be indexed by it directly.

>>> c = parse_card("1D")
>>> c, str(c), int(c), points(c)
(Card('1D'), '1D', 0, 11)
>>> parse_card("10B").rank, parse_card("10B").suit
(10, 'B')
"""

from __future__ import annotations

from typing import Iterable

SUITS = "DCSB"
"""Suit letters in table order: Denari, Coppe, Spade, Bastoni."""

RANKS = range(1, 11)
FANTE, CAVALLO, RE = 8, 9, 10
ACE, THREE, SEVEN, TWO = 1, 3, 7, 2
TWO_OF_DENARI = 0 * 10 + TWO - 1

# Rank order high to low and card points, per ranking preset (RULES.md).
_ORDER = {
    "standard": (ACE, THREE, RE, CAVALLO, FANTE, 7, 6, 5, 4, TWO),
    "southern": (ACE, THREE, RE, FANTE, CAVALLO, 7, 6, 5, 4, TWO),
    "seven-high": (ACE, SEVEN, RE, CAVALLO, FANTE, 6, 5, 4, THREE, TWO),
}
_POINTS_BY_RANK = {
    "standard": {ACE: 11, THREE: 10, RE: 4, CAVALLO: 3, FANTE: 2},
    "southern": {ACE: 11, THREE: 10, RE: 4, FANTE: 3, CAVALLO: 2},
    "seven-high": {ACE: 11, SEVEN: 10, RE: 4, CAVALLO: 3, FANTE: 2},
}
RANKINGS = tuple(_ORDER)


class IllegalMoveError(ValueError):
    """A card was played that the rules or the turn do not allow."""


class CardParseError(ValueError):
    """Text that is not a card in the record notation."""


class Card(int):
    """One of the 40 cards; compare and index it as an int, print it as ``1D``."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, int) and 0 <= value < len(ALL_CARDS):  # no negative indexing
            return ALL_CARDS[value]
        raise CardParseError(f"no card number {value!r}")

    @property
    def rank(self) -> int:
        return self % 10 + 1

    @property
    def suit(self) -> str:
        return SUITS[self // 10]

    @property
    def suit_index(self) -> int:
        return self // 10

    def __str__(self) -> str:
        return _NOTATION[self]

    def __repr__(self) -> str:
        return f"Card('{_NOTATION[self]}')"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self):  # pickle as the plain number, restored through the cache
        return (Card, (int(self),))


_NOTATION = tuple(f"{r}{s}" for s in SUITS for r in RANKS)
ALL_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(40))
_BY_TEXT = {text: card for text, card in zip(_NOTATION, ALL_CARDS)}


def parse_card(text: str) -> Card:
    """Read a card in record notation (``1D`` .. ``10B``, suit letter in either case)."""
    key = text.strip().upper() if isinstance(text, str) else text
    try:
        return _BY_TEXT[key]
    except (KeyError, TypeError):
        raise CardParseError(f"not a card: {text!r} (expected rank 1-10 and suit D, C, S or B)") from None


def card(suit: str | int, rank: int) -> Card:
    """The card of a rank (1..10) in a suit (letter or index)."""
    s = SUITS.index(suit) if isinstance(suit, str) else suit
    return ALL_CARDS[s * 10 + rank - 1]


def _tables(ranking: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    order = _ORDER[ranking]
    by_rank = {rank: len(order) - i for i, rank in enumerate(order)}  # 10 high .. 1 low
    pts = _POINTS_BY_RANK[ranking]
    strength = tuple(by_rank[c % 10 + 1] for c in range(40))
    card_points = tuple(pts.get(c % 10 + 1, 0) for c in range(40))
    return strength, card_points


TABLES = {name: _tables(name) for name in RANKINGS}
"""ranking name -> (strength per card 1..10, points per card)."""

STRENGTH, POINTS = TABLES["standard"]
SUIT_OF = tuple(c // 10 for c in range(40))


def points(c: int, ranking: str = "standard") -> int:
    """Card points: ace 11, three 10, king 4, knight 3, jack 2, others 0 (standard)."""
    return TABLES[ranking][1][c]


def strength(c: int, ranking: str = "standard") -> int:
    """Position in the suit's rank order, 10 for the ace down to 1 for the two."""
    return TABLES[ranking][0][c]


def make_pack(size: int = 40) -> list[Card]:
    """The pack for a deal: 40 cards; 39 without the 2 of Denari; 36 without the 2s."""
    if size == 40:
        return list(ALL_CARDS)
    if size == 39:
        return [c for c in ALL_CARDS if c != TWO_OF_DENARI]
    if size == 36:
        return [c for c in ALL_CARDS if c.rank != TWO]
    raise ValueError(f"no {size}-card pack in this game (40, 39 or 36)")


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(_NOTATION[c] for c in cards)


def parse_cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.replace(",", " ").split()]
