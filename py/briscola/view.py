"""What one seat may know: the only thing an agent is ever shown.

A view holds the seat's own hand, the face-up briscola, every card played, who took
each trick and the points so far; never another hand or the order of the stock, except
what the rules make public (every hand and the next card in Briscola Scoperta).
"""

from __future__ import annotations

from dataclasses import dataclass
from . import core
from .cards import Card, make_pack
from .model import Action, PublicTrick
from .rules import Rules


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    players: int
    rules: Rules
    hand: tuple[Card, ...]
    briscola: Card | None  # the turned card now (None when the rules turn none)
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[PublicTrick, ...]
    talon_size: int  # face-down cards left in the stock
    points: tuple[int, ...]
    legal: tuple[Card, ...]  # cards this seat may play now (empty when not its turn)
    leader: int
    dealer: int
    briscola_taker: int | None  # seat that drew the face-up briscola, once drawn
    hand_sizes: tuple[int, ...]
    trump: int | None = None  # suit index of trump; None with no trump (yet)
    phase: str = "play"
    turn: int = 0
    sides: tuple[tuple[int, ...], ...] = ()  # the sides as far as this seat knows them
    legal_actions: tuple[Action, ...] = ()  # everything this seat may do now
    open_hands: tuple[tuple[Card, ...], ...] | None = None  # every hand, when played face up
    next_card: Card | None = None  # the next card of the stock, when shown
    exchanges: tuple[tuple[int, Card, Card], ...] = ()  # (seat, card given, turned card taken)
    briscola_pending: bool = True  # a turned card still waits under the stock
    auction: tuple[tuple[int, int | None], ...] = ()  # Chiamata: (seat, bid), None for a pass
    caller: int | None = None  # Chiamata: who won the auction
    called: Card | None = None  # Chiamata: the called card
    partner: int | None = None  # Chiamata: the called card's holder, once this seat knows it
    # Redeal: each turned ace or three put back under the stock, in the order they are
    # drawn (the last face-down cards), with the seat that drew it (None while in the
    # stock); everyone saw them turned
    redeals: tuple[tuple[int | None, Card], ...] = ()

    @property
    def stock_size(self) -> int:
        """Cards still to be drawn, the face-up briscola included."""
        return self.talon_size + (1 if self.briscola_pending else 0)

    @property
    def bid(self) -> int | None:
        """Chiamata: the last bid of the auction (the winning one once it is over), None
        before the first. Rank bids go down the ranks, so it is not the largest number."""
        return next((b for _, b in reversed(self.auction) if b is not None), None)

    @property
    def partners(self) -> tuple[int, ...]:
        """The other seats of this seat's side (empty when playing alone)."""
        for side in self.sides:
            if self.seat in side:
                return tuple(s for s in side if s != self.seat)
        return ()

    def same_side(self, seat: int) -> bool:
        return seat == self.seat or seat in self.partners

    def seats_after_me(self) -> list[int]:
        """Seats still to play in this trick after this seat (a seat may come twice in
        Dupla)."""
        order = core.seats_in_trick(self.trick[0][0] if self.trick else self.leader, self.players,
                                    self.rules.cards_per_trick)
        return list(order[len(self.trick) + 1:])

    def played_cards(self) -> list[Card]:
        """Every card seen on the table so far, finished tricks and the current one."""
        out = [c for t in self.tricks for _, c in t.plays]
        out.extend(c for _, c in self.trick)
        return out

    def known_cards(self) -> dict[int, list[Card]]:
        """Cards publicly known to be in another seat's hand: the drawn briscola and a
        turned card taken in an exchange, until played (every hand when open)."""
        if self.open_hands is not None:
            return {s: list(h) for s, h in enumerate(self.open_hands) if s != self.seat}
        played = set(self.played_cards())
        known: dict[int, list[Card]] = {}
        for s, _, taken in self.exchanges:
            if s != self.seat and taken not in played:
                known.setdefault(s, []).append(taken)
        taker = self.briscola_taker
        if taker is not None and taker != self.seat and self.briscola is not None and self.briscola not in played:
            known.setdefault(taker, []).append(self.briscola)
        for drawer, card in self.redeals:
            if drawer is not None and drawer != self.seat and card not in played:
                known.setdefault(drawer, []).append(card)
        return known

    def under(self) -> list[Card]:
        """Redeal: the turned cards put back that are still in the stock, in the order
        they will be drawn (after every other face-down card, before the briscola)."""
        return [card for drawer, card in self.redeals if drawer is None]

    def unseen(self) -> list[Card]:
        """Cards this seat has not seen: other hands and the face-down stock.

        The face-up briscola counts as seen; once drawn by another seat it is in that
        hand (see :meth:`known_cards`) until played."""
        seen = set(self.played_cards())
        seen.update(self.hand)
        if self.briscola is not None:
            seen.add(self.briscola)
        for _, given, taken in self.exchanges:
            seen.add(given)
            seen.add(taken)
        seen.update(card for _, card in self.redeals)  # in the stock's last places, or known
        if self.open_hands is not None:
            for h in self.open_hands:
                seen.update(h)
        return [c for c in make_pack(self.rules.pack) if c not in seen]
