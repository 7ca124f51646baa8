"""The rules core: plain ints and tuples, fast, written once.

:class:`~briscola.game.Game` and every search of the computer players (playouts, the
exact solver, the inference model) call these functions, so a variant's trick, follow
and draw rules live here and nowhere else. A card is an int 0..39 (``suit * 10 +
rank - 1``), a suit an int 0..3 and "no trump" is ``None``.

>>> best_play([(0, 2), (1, 0)], None, STRENGTH)  # the ace of the suit led wins
(1, 0)
>>> legal_cards([0, 15, 31], [(1, 12)], must_follow=True)
[15]
>>> seats_in_trick(1, 2, 2)
(1, 0, 1, 0)
"""

from __future__ import annotations

from typing import Sequence

from .cards import SUIT_OF, SUITS, TABLES, Card, card

STRENGTH, POINTS = TABLES["standard"]
ACE, THREE, RE = 1, 3, 10
MANO_NEGRA_RANKS = (RE, THREE, ACE)
REDEAL_RANKS = (ACE, THREE)
TOTAL_POINTS = 120
BIG_WIN = 91
"""Card points from which a won deal scores 2 game points (all 120 score 3)."""
THREE_PLAYER_SCORE = 41
"""With three players, a deal scores game points for more than 40 card points."""


def best_play(plays: Sequence[tuple[int, int]], trump: int | None, strength: Sequence[int]) -> tuple[int, int]:
    """The (seat, card) taking these plays: highest trump, else highest card of the suit led."""
    best_seat, best = plays[0]
    best_suit = SUIT_OF[best]
    for seat, c in plays[1:]:
        suit = SUIT_OF[c]
        if suit == best_suit:
            if strength[c] > strength[best]:
                best_seat, best = seat, c
        elif suit == trump:
            best_seat, best, best_suit = seat, c, suit
    return best_seat, best


def trick_winner(plays: Sequence[tuple[int, int]], trump: int | None, strength: Sequence[int]) -> int:
    """Seat that takes these plays."""
    return best_play(plays, trump, strength)[0]


def beats(card: int, best: int, trump: int | None, strength: Sequence[int]) -> bool:
    """Does ``card`` take a trick that ``best`` is winning so far?"""
    if SUIT_OF[card] == SUIT_OF[best]:
        return strength[card] > strength[best]
    return SUIT_OF[card] == trump


def legal_cards(hand: Sequence[int], trick: Sequence[tuple[int, int]], must_follow: bool) -> list[int]:
    """The cards of ``hand`` that may go on ``trick``: any card, or with ``must_follow``
    a card of the suit led when the hand has one."""
    if must_follow and trick:
        led = SUIT_OF[trick[0][1]]
        follow = [c for c in hand if SUIT_OF[c] == led]
        if follow:
            return follow
    return list(hand)


_ORDERS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def seats_in_trick(leader: int, players: int, per: int) -> tuple[int, ...]:
    """Seats in playing order for one trick: each in turn, ``per`` rounds (two in Dupla)."""
    key = (leader, players, per)
    order = _ORDERS.get(key)
    if order is None:
        order = _ORDERS[key] = tuple((leader + i) % players for i in range(players * per))
    return order


def draw_order(winner: int, players: int, per: int) -> tuple[int, ...]:
    """Seats in drawing order after a trick: the winner first, one card a turn."""
    return seats_in_trick(winner, players, per)


def mano_negra_cards(trump: int) -> tuple[int, ...]:
    """The king, the three and the ace of trump."""
    base = trump * 10 - 1
    return tuple(base + r for r in MANO_NEGRA_RANKS)


def has_mano_negra(hand: Sequence[int], trump: int | None) -> bool:
    """Does the hand hold the king, the three and the ace of trump together?"""
    if trump is None:
        return False
    return all(c in hand for c in mano_negra_cards(trump))


def win_game_points(card_points: int) -> int:
    """Game points for winning a two-sided deal with ``card_points``: 1, 2 with 91 or
    more, 3 with all 120.

    >>> win_game_points(61), win_game_points(91), win_game_points(120)
    (1, 2, 3)
    """
    if card_points >= TOTAL_POINTS:
        return 3
    return 2 if card_points >= BIG_WIN else 1


def deal_game_points(side_points: Sequence[int], winner: int | None) -> int:
    """Game points of the winning side of a two-sided deal; none for a draw."""
    return 0 if winner is None else win_game_points(side_points[winner])


def three_player_game_points(side_points: Sequence[int], winner: int | None = None) -> tuple[int, ...]:
    """Game points per seat for a three-player deal: 1 to each seat above 40 card points,
    2 when only one seat is, 3 for all 120. A winner at 40 or less (a deal ended early by
    mano negra) scores 1; the seats above 40 still score theirs.

    >>> three_player_game_points((50, 45, 25)), three_player_game_points((80, 30, 10))
    ((1, 1, 0), (2, 0, 0))
    >>> three_player_game_points((61, 28, 31), winner=2)
    (1, 0, 1)
    """
    gains = [0] * len(side_points)
    above = [s for s, p in enumerate(side_points) if p >= THREE_PLAYER_SCORE]
    for seat in above:
        gains[seat] = (3 if side_points[seat] >= TOTAL_POINTS else 2) if len(above) == 1 else 1
    if winner is not None and not gains[winner]:
        gains[winner] = 1
        gains = [min(g, 1) for g in gains]
    return tuple(gains)


# -- Briscola chiamata ---------------------------------------------------------------------

BID_RANKS = (ACE, THREE, RE, 9, 8, 7, 6, 5, 4, 2)
"""Rank bids in auction order: each bid names a rank below the last (A, 3, Re, Cavallo,
Fante, 7 .. 4, 2)."""
LAST_RANK_BID = BID_RANKS[-1]
"""The Two: after it, an auction of ranks then points goes on in points, the Two called."""
MIN_POINTS_BID, MAX_POINTS_BID = 61, 120
POINT_BIDS = tuple(range(MIN_POINTS_BID, MAX_POINTS_BID + 1))
CONTRACT = 61
"""Card points the caller's side needs after a rank bid."""
CHIAMATA_WIN = (2, 1, -1)
"""Game points when the caller's side wins: caller, partner, each other player (negated
when it loses)."""
CHIAMATA_ALONE = (4, -1)
"""Game points when the caller, holding the called card, wins alone: caller, each other."""
CAPPOTTO = 2
"""Multiplier when the winning side took every card point."""


def bid_sequence(auction: str) -> tuple[int, ...]:
    """Every bid of an auction kind, lowest first: a rank is written as its number (1 the
    ace ... 10 the Re), points as 61..120. Ranks then points go on from 62: the Two already
    asks 61, and every bid raises (a 61 after the Two took the auction for the same contract)."""
    if auction == "ranks":
        return BID_RANKS
    if auction == "points":
        return POINT_BIDS
    return BID_RANKS + POINT_BIDS[1:]


def legal_bids(auction: str, last: int | None) -> tuple[int, ...]:
    """The bids allowed after ``last`` (None when nobody has bid yet)."""
    order = bid_sequence(auction)
    return order if last is None else order[order.index(last) + 1:]


def contract(bid: int) -> int:
    """Card points the caller's side needs for a winning bid."""
    return bid if bid >= MIN_POINTS_BID else CONTRACT


def called_rank(bid: int, auction: str) -> int | None:
    """The rank the caller calls for a bid: the rank itself, the 2 for points after the
    2 (``ranks-points``: "2 with 62"), and None (any card) when bids were points from the
    start."""
    if bid < MIN_POINTS_BID:
        return bid
    return LAST_RANK_BID if auction == "ranks-points" else None


def called_cards(bid: int, auction: str) -> list[Card] | None:
    """The cards the caller may call after winning with ``bid``: the four of
    :func:`called_rank`, or None when any card may be called."""
    rank = called_rank(bid, auction)
    return None if rank is None else [card(s, rank) for s in range(len(SUITS))]


def chiamata_game_points(caller: int, partner: int, players: int, won: bool, cappotto: bool) -> tuple[int, ...]:
    """Game points per seat of a Chiamata deal; they add up to zero."""
    sign = (1 if won else -1) * (CAPPOTTO if cappotto else 1)
    if caller == partner:
        mine, each = CHIAMATA_ALONE
        return tuple(sign * (mine if s == caller else each) for s in range(players))
    mine, theirs, each = CHIAMATA_WIN
    return tuple(sign * (mine if s == caller else theirs if s == partner else each) for s in range(players))
