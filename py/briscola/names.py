"""Card names in words (English), for the terminal and for tests of the page's labels."""

from __future__ import annotations

from .cards import Card

SUIT_NAMES = {"D": "Coins", "C": "Cups", "S": "Swords", "B": "Clubs"}
RANK_NAMES = {1: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven",
              8: "Jack", 9: "Knight", 10: "King"}


def card_name(c: Card) -> str:
    """The card in English words.

    >>> from briscola.cards import parse_card
    >>> card_name(parse_card('10B'))
    'King of Clubs'
    """
    return f"{RANK_NAMES[c.rank]} of {SUIT_NAMES[c.suit]}"
