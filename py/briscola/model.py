"""The values a deal is made of: actions, tricks and the outcome.

An action is what a seat does on its turn. In the play phase it is playing a card, and
in some variants exchanging the 2 (or 7) of trump for the turned card, or showing the
king, three and ace of trump (mano negra). Bidding, passing and calling (Briscola
chiamata) are further kinds in the same shape.

>>> Action.play(0), str(Action.play(0)), str(Action.exchange(11)), str(Action.show())
(Action('1D'), '1D', 'exchange 2C', 'show')
>>> parse_action("exchange 2c") == Action.exchange(11)
True
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import ALL_CARDS, Card, CardParseError, parse_card

PLAY, EXCHANGE, SHOW = "play", "exchange", "show"
BID, PASS, CALL = "bid", "pass", "call"
ACTION_KINDS = (PLAY, EXCHANGE, SHOW, BID, PASS, CALL)
"""Kinds of action: in the play phase play a card, exchange a trump card for the turned
card, show mano negra; in Chiamata's auction bid or pass, then the caller calls a card."""

PHASE_AUCTION, PHASE_CALL, PHASE_PLAY, PHASE_OVER = "auction", "call", "play", "over"
PHASES = (PHASE_AUCTION, PHASE_CALL, PHASE_PLAY, PHASE_OVER)


class Action(NamedTuple):
    """One thing a seat does: ``kind``, the card it concerns (None for ``show``, ``bid``
    and ``pass``) and a bid's value (a rank 1..10 or card points 61..120)."""

    kind: str
    card: Card | None = None
    value: int | None = None

    @classmethod
    def play(cls, card: int) -> Action:
        return cls(PLAY, ALL_CARDS[card])

    @classmethod
    def exchange(cls, card: int) -> Action:
        """Give ``card`` (the 2 or 7 of trump in hand) and take the turned card."""
        return cls(EXCHANGE, ALL_CARDS[card])

    @classmethod
    def show(cls) -> Action:
        return cls(SHOW, None)

    @classmethod
    def bid(cls, value: int) -> Action:
        return cls(BID, None, value)

    @classmethod
    def pass_(cls) -> Action:
        return cls(PASS)

    @classmethod
    def call(cls, card: int) -> Action:
        return cls(CALL, ALL_CARDS[card])

    def __str__(self) -> str:
        if self.kind == PLAY:
            return str(self.card)
        if self.kind == BID:
            return f"{BID} {self.value}"
        return self.kind if self.card is None else f"{self.kind} {self.card}"

    def __repr__(self) -> str:
        return f"Action('{self}')"


def parse_action(text: str) -> Action:
    """Read an action as :func:`str` writes it: ``1D``, ``exchange 2C`` or ``show``."""
    words = text.split() if isinstance(text, str) else []
    if len(words) == 1 and words[0].lower() == SHOW:
        return Action.show()
    if len(words) == 1 and words[0].lower() == PASS:
        return Action.pass_()
    if len(words) == 2 and words[0].lower() == EXCHANGE:
        return Action.exchange(parse_card(words[1]))
    if len(words) == 2 and words[0].lower() == CALL:
        return Action.call(parse_card(words[1]))
    if len(words) == 2 and words[0].lower() == BID and words[1].isascii() and words[1].isdigit() and len(words[1]) <= 3:
        return Action.bid(int(words[1]))
    if len(words) == 1:
        return Action.play(parse_card(words[0]))
    raise CardParseError(f"not an action: {text!r} (a card like 1D, 'exchange 2C', 'show', 'bid 3', "
                         "'pass' or 'call 3C')")


class Trick(NamedTuple):
    """A finished trick with what each seat drew after it."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    points: int
    draws: tuple[tuple[int, Card], ...]


class PublicTrick(NamedTuple):
    """A finished trick as every seat saw it: the draws are private."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    points: int


class Outcome(NamedTuple):
    """How a finished deal ended.

    ``sides``: the seats of each side; ``side_points``: card points per side;
    ``winner``: index of the winning side, None for a draw (with three players, a tie
    for first); ``result``: per seat "win", "loss" or "draw"; ``game_points``: per seat,
    1 for a won deal, 2 with 91 or more card points, 3 with all 120 (three players: the
    more-than-40 rule); ``early_win``: the seat that won at once by showing mano negra."""

    sides: tuple[tuple[int, ...], ...]
    side_points: tuple[int, ...]
    winner: int | None
    result: tuple[str, ...]
    game_points: tuple[int, ...]
    early_win: int | None = None
