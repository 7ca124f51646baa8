"""What one seat may know: the only thing an agent is ever shown.

A view holds the seat's own hand, the face-up briscola, every card played, who took
each trick and the points so far; never another hand or the order of the stock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card
from .game import PublicTrick
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    players: int
    rules: Rules
    hand: tuple[Card, ...]
    briscola: Card
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[PublicTrick, ...]
    talon_size: int  # face-down cards left in the stock
    points: tuple[int, ...]
    legal: tuple[Card, ...]
    leader: int
    dealer: int
    briscola_taker: int | None  # seat that drew the face-up briscola, once drawn
    hand_sizes: tuple[int, ...]

    @classmethod
    def of(cls, game: Game, seat: int) -> PlayerView:
        hand = tuple(game.hands[seat])
        return cls(
            seat=seat,
            players=game.n,
            rules=game.rules,
            hand=hand,
            briscola=game.briscola,
            trick=tuple(game.trick),
            tricks=tuple(PublicTrick(t.leader, t.plays, t.winner, t.points) for t in game.tricks),
            talon_size=game.talon_size,
            points=tuple(game.points),
            legal=hand if game.turn == seat and not game.over else (),
            leader=game.leader,
            dealer=game.dealer,
            briscola_taker=game.briscola_taker,
            hand_sizes=tuple(len(h) for h in game.hands),
        )

    @property
    def trump(self) -> int:
        """Suit index of the trump suit."""
        return self.briscola // 10

    @property
    def stock_size(self) -> int:
        """Cards still to be drawn, the face-up briscola included."""
        return self.talon_size + (0 if self.briscola_taker is not None else 1)

    @property
    def partners(self) -> tuple[int, ...]:
        """The other seats of this seat's side (empty when playing alone)."""
        team = self.rules.teams[self.rules.team_of[self.seat]]
        return tuple(s for s in team if s != self.seat)

    def played_cards(self) -> list[Card]:
        """Every card seen on the table so far, finished tricks and the current one."""
        out = [c for t in self.tricks for _, c in t.plays]
        out.extend(c for _, c in self.trick)
        return out

    def unseen(self) -> list[Card]:
        """Cards this seat has not seen: other hands and the face-down stock.

        The face-up briscola counts as seen; once drawn by another seat it is in that
        hand (see :attr:`briscola_taker`) until played."""
        from .cards import make_pack

        seen = set(self.played_cards())
        seen.update(self.hand)
        seen.add(self.briscola)
        return [c for c in make_pack(self.rules.pack) if c not in seen]
