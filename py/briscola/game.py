"""The state of one deal and the moves that change it.

The engine never calls a player: whoever drives the deal (a loop of bots, the page's
clicks, the command line) asks whose turn it is and passes the card to :meth:`Game.play`.

>>> g = Game.deal(Rules.standard(2), seed=7)
>>> g.turn, len(g.hands[0]), g.stock_size
(1, 3, 34)
>>> while not g.over:
...     _ = g.play(g.hands[g.turn][0])
>>> sum(g.points)
120
"""

from __future__ import annotations

import random
from typing import NamedTuple, Sequence

from .cards import ALL_CARDS, SUIT_OF, TABLES, Card, IllegalMoveError, make_pack
from .rules import Rules


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


class Game:
    """One deal of Briscola: hands, stock, tricks and points, driven by :meth:`play`."""

    __slots__ = (
        "rules", "n", "seed", "dealer", "briscola", "trump", "hands", "talon", "_next",
        "briscola_drawn", "briscola_taker", "leader", "turn", "trick", "tricks",
        "points", "initial_hands", "_strength", "_points", "_tricks_total",
    )

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Sequence[int]],
        briscola: int,
        talon: Sequence[int],
        dealer: int = 0,
        seed: int | None = None,
        *,
        validate: bool = True,
    ) -> None:
        """Start a deal from an explicit layout (as records and search do)."""
        if validate:
            rules.check()
        n = rules.players
        self.rules = rules
        self.n = n
        self.seed = seed
        self.dealer = dealer % n
        self.briscola = ALL_CARDS[briscola]
        self.trump = SUIT_OF[briscola]
        self.hands = [[ALL_CARDS[c] for c in h] for h in hands]
        self.talon = [ALL_CARDS[c] for c in talon]
        self._next = 0
        self.briscola_drawn = False
        self.briscola_taker: int | None = None
        self.leader = self.turn = (self.dealer + 1) % n
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[Trick] = []
        self.points = [0] * n
        self.initial_hands = tuple(tuple(h) for h in self.hands)
        self._strength, self._points = TABLES[rules.ranking]
        total = sum(len(h) for h in self.hands) + len(self.talon) + 1
        self._tricks_total = total // n
        if validate:
            self._check_layout()

    def _check_layout(self) -> None:
        every = [c for h in self.hands for c in h] + self.talon + [self.briscola]
        pack = make_pack(self.rules.pack)
        if sorted(every) != sorted(pack):
            raise ValueError("the hands, talon and briscola are not exactly the pack")
        if len(self.hands) != self.n or any(len(h) != self.rules.hand_size for h in self.hands):
            raise ValueError(f"each of {self.n} seats needs {self.rules.hand_size} cards")
        if len(self.talon) % self.n != self.n - 1:
            raise ValueError("the stock does not share out evenly among the seats")

    @classmethod
    def deal(cls, rules: Rules, seed: int | None = None, dealer: int = 0) -> Game:
        """Shuffle with ``random.Random(seed)`` and deal one card at a time from the
        dealer's right; the next card is turned as the briscola."""
        rules.check()
        rng = random.Random(seed)
        pack = make_pack(rules.pack)
        rng.shuffle(pack)
        n = rules.players
        first = (dealer + 1) % n
        hands: list[list[Card]] = [[] for _ in range(n)]
        k = 0
        for _ in range(rules.hand_size):
            for i in range(n):
                hands[(first + i) % n].append(pack[k])
                k += 1
        return cls(rules, hands, pack[k], pack[k + 1:], dealer=dealer, seed=seed, validate=False)

    # -- what can be seen -------------------------------------------------------------
    @property
    def over(self) -> bool:
        return len(self.tricks) == self._tricks_total

    @property
    def stock_size(self) -> int:
        """Cards still to be drawn, the face-up briscola included."""
        return len(self.talon) - self._next + (0 if self.briscola_drawn else 1)

    @property
    def talon_size(self) -> int:
        """Face-down cards left in the stock (the briscola not counted)."""
        return len(self.talon) - self._next

    def legal_moves(self) -> list[Card]:
        """Cards the player to move may play: any card in hand (standard rules)."""
        return list(self.hands[self.turn]) if not self.over else []

    def team_points(self) -> list[int]:
        return [sum(self.points[s] for s in team) for team in self.rules.teams]

    def result(self) -> list[str]:
        """Per seat: "win", "loss" or "draw" (teams share their side's result)."""
        if not self.over:
            raise ValueError("the deal is not over")
        rules = self.rules
        side = self.team_points()
        best = max(side)
        if rules.players == 3:
            leaders = [i for i, p in enumerate(side) if p == best]
            outcome = ["loss"] * 3
            for i in leaders:
                outcome[i] = "win" if len(leaders) == 1 else "draw"
            return outcome
        if side[0] == side[1]:
            return ["draw"] * rules.players
        winner = 0 if side[0] >= rules.win_threshold or side[0] > side[1] else 1
        return ["win" if rules.team_of[s] == winner else "loss" for s in range(rules.players)]

    def view(self, seat: int):
        """What ``seat`` may know now, the only thing an agent is shown."""
        from .view import PlayerView

        return PlayerView.of(self, seat)

    # -- moves ------------------------------------------------------------------------
    def play(self, card: int) -> Trick | None:
        """Play ``card`` for the seat to move; returns the trick when this card ends it."""
        seat = self.turn
        hand = self.hands[seat]
        if card not in hand:
            if self.over:
                raise IllegalMoveError("the deal is over")
            if not (type(card) in (int, Card) and 0 <= card < len(ALL_CARDS)):
                raise IllegalMoveError(f"not a card: {card!r}")
            raise IllegalMoveError(f"{ALL_CARDS[card]} is not in the hand of seat {seat}")
        hand.remove(card)
        trick = self.trick
        trick.append((seat, ALL_CARDS[card]))
        n = self.n
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return None
        plays = tuple(trick)
        winner = trick_winner(plays, self.trump, self._strength)
        pts = 0
        card_points = self._points
        for _, c in plays:
            pts += card_points[c]
        draws: tuple[tuple[int, Card], ...] = ()
        if self._next < len(self.talon) or not self.briscola_drawn:
            drawn = []
            hands = self.hands
            for i in range(n):
                s = (winner + i) % n
                if self._next < len(self.talon):
                    c = self.talon[self._next]
                    self._next += 1
                else:
                    c = self.briscola
                    self.briscola_drawn = True
                    self.briscola_taker = s
                hands[s].append(c)
                drawn.append((s, c))
            draws = tuple(drawn)
        done = Trick(self.leader, plays, winner, pts, draws)
        self.tricks.append(done)
        self.points[winner] += pts
        self.trick = []
        self.leader = self.turn = winner
        return done

    def copy(self) -> Game:
        g = object.__new__(Game)
        g.rules, g.n, g.seed, g.dealer = self.rules, self.n, self.seed, self.dealer
        g.briscola, g.trump, g.talon, g._next = self.briscola, self.trump, self.talon, self._next
        g.hands = [list(h) for h in self.hands]
        g.briscola_drawn, g.briscola_taker = self.briscola_drawn, self.briscola_taker
        g.leader, g.turn, g.trick = self.leader, self.turn, list(self.trick)
        g.tricks = list(self.tricks)
        g.points, g.initial_hands = list(self.points), self.initial_hands
        g._strength, g._points, g._tricks_total = self._strength, self._points, self._tricks_total
        return g

    def __repr__(self) -> str:
        state = "over" if self.over else f"seat {self.turn} to play"
        return f"<Game {self.rules.players}p trick {len(self.tricks) + 1}, {state}, points {self.points}>"
