"""The state of one deal and the actions that change it.

The engine never calls a player: whoever drives the deal (a loop of bots, the page's
clicks, the command line) asks whose turn it is, takes one of
:meth:`Game.legal_actions` and passes it to :meth:`Game.apply` (or a card to
:meth:`Game.play`, the common case).

>>> g = Game.deal(Rules.standard(2), seed=7)
>>> g.turn, len(g.hands[0]), g.stock_size, g.phase
(1, 3, 34, 'play')
>>> while not g.over:
...     _ = g.apply(g.legal_actions()[0])
>>> sum(g.points), g.outcome().side_points
(120, (66, 54))
"""

from __future__ import annotations

import random
from typing import Sequence

from . import core
from .cards import ALL_CARDS, SUIT_OF, TABLES, Card, IllegalMoveError, make_pack
from .core import best_play, trick_winner
from .model import (BID, CALL, EXCHANGE, PASS, PHASE_AUCTION, PHASE_CALL, PHASE_OVER, PHASE_PLAY, PLAY, SHOW,
                    Action, Outcome, PublicTrick, Trick)
from .rules import Rules
from .view import PlayerView

__all__ = ["Action", "Game", "Outcome", "PublicTrick", "Trick", "best_play", "trick_winner"]


class Game:
    """One deal of Briscola: hands, stock, tricks and points, driven by :meth:`apply`."""

    __slots__ = (
        "rules", "n", "seed", "dealer", "briscola", "trump", "hands", "talon", "_next",
        "briscola_drawn", "briscola_taker", "leader", "turn", "trick", "tricks",
        "points", "initial_hands", "_strength", "_points", "_tricks_total", "_trick_len",
        "_per", "phase", "sides", "side_of", "redeals", "_extra", "early_win", "exchanges",
        "_follow", "_first_trump", "initial_briscola", "auction", "_passed", "bid", "caller", "called",
        "partner", "thrown_in",
    )

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Sequence[int]],
        briscola: int | None,
        talon: Sequence[int],
        dealer: int = 0,
        seed: int | None = None,
        *,
        redeals: Sequence[int] = (),
        validate: bool = True,
    ) -> None:
        """Start a deal from an explicit layout (as records and search do). ``briscola``
        is the turned card, None when the rules turn none; ``redeals``: turned cards put
        back under the stock before it (the re-deal option)."""
        if validate:
            rules.check()
        n = rules.players
        self.rules = rules
        self.n = n
        self.seed = seed
        self.dealer = dealer % n
        turned = rules.turned_card
        if turned != (briscola is not None):
            raise ValueError("a turned briscola is needed exactly when the rules turn one")
        self.briscola: Card | None = ALL_CARDS[briscola] if briscola is not None else None
        self.initial_briscola = self.briscola
        self.trump: int | None = SUIT_OF[briscola] if briscola is not None else None
        self.hands = [[ALL_CARDS[c] for c in h] for h in hands]
        self.talon = [ALL_CARDS[c] for c in talon]
        self._next = 0
        self.briscola_drawn = not turned
        self.briscola_taker: int | None = None
        self.leader = self.turn = (self.dealer + 1) % n
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[Trick] = []
        self.points = [0] * n
        self.initial_hands = tuple(tuple(h) for h in self.hands)
        self._strength, self._points = TABLES[rules.ranking]
        self._per = rules.cards_per_trick
        self._trick_len = n * self._per
        total = sum(len(h) for h in self.hands) + len(self.talon) + (1 if turned else 0)
        self._tricks_total = total // self._trick_len
        self._follow = rules.must_follow
        self._first_trump = rules.trump == "first"
        self.phase = PHASE_PLAY
        self.sides: tuple[tuple[int, ...], ...] = rules.teams
        self.side_of: tuple[int, ...] = rules.team_of
        self.redeals = tuple(ALL_CARDS[c] for c in redeals)
        self._extra: list[tuple[int, int, Action]] = []  # (cards played before, seat, action)
        self.exchanges: list[tuple[int, Card, Card]] = []
        self.early_win: int | None = None
        # Chiamata: the auction as (seat, bid or None for a pass), the highest bid, the
        # caller, the called card and its holder; a deal everybody passed is thrown in.
        self.auction: list[tuple[int, int | None]] = []
        self._passed: frozenset[int] = frozenset()
        self.bid: int | None = None
        self.caller: int | None = None
        self.called: Card | None = None
        self.partner: int | None = None
        self.thrown_in = False
        if rules.trump == "called":
            self.phase = PHASE_AUCTION
        if validate:
            self._check_layout()

    def _check_layout(self) -> None:
        rules = self.rules
        turned = [self.briscola] if self.briscola is not None else []
        every = [c for h in self.hands for c in h] + self.talon + turned
        if sorted(every) != sorted(make_pack(rules.pack)):
            raise ValueError("the hands, talon and briscola are not exactly the pack")
        if len(self.hands) != self.n or any(len(h) != rules.hand_size for h in self.hands):
            raise ValueError(f"each of {self.n} seats needs {rules.hand_size} cards")
        if (len(self.talon) + len(turned)) % self._trick_len:
            raise ValueError("the stock does not share out evenly among the seats")
        if rules.redeal_ace_three and self.briscola is not None and self.briscola.rank in core.REDEAL_RANKS:
            raise ValueError(f"the turned {self.briscola} is an ace or a three: the re-deal option puts it back")
        if self.redeals:
            if not rules.redeal_ace_three:
                raise ValueError("cards re-dealt without the re-deal option")
            for c in self.redeals:
                if c.rank not in core.REDEAL_RANKS:
                    raise ValueError(f"{c} was put back, but only an ace or a three is re-dealt")
            if tuple(self.talon[-len(self.redeals):]) != self.redeals:
                raise ValueError("the re-dealt cards go to the bottom of the stock, in the order they were turned")

    @classmethod
    def deal(cls, rules: Rules, seed: int | None = None, dealer: int = 0) -> Game:
        """Shuffle with ``random.Random(seed)`` and deal one card at a time from the
        dealer's right; the next card is turned as the briscola (when the rules turn
        one). With the re-deal option a turned ace or three goes to the bottom of the
        stock and the next card is turned."""
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
        rest = pack[k:]
        if not rules.turned_card:
            return cls(rules, hands, None, rest, dealer=dealer, seed=seed, validate=False)
        redeals: list[Card] = []
        if rules.redeal_ace_three:
            # Each put-back card goes under the stock: at most the 8 aces and threes move,
            # and the stock always holds more, so this ends.
            while rest[0].rank in core.REDEAL_RANKS and len(redeals) < len(rest):
                redeals.append(rest[0])
                rest = rest[1:] + rest[:1]
        return cls(rules, hands, rest[0], rest[1:], dealer=dealer, seed=seed, redeals=redeals, validate=False)

    # -- what can be seen -------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def stock_size(self) -> int:
        """Cards still to be drawn, the face-up briscola included."""
        return len(self.talon) - self._next + (0 if self.briscola_drawn else 1)

    @property
    def talon_size(self) -> int:
        """Face-down cards left in the stock (the briscola not counted)."""
        return len(self.talon) - self._next

    @property
    def next_card(self) -> Card | None:
        """The card the next draw takes (shown in Briscola Scoperta)."""
        if self._next < len(self.talon):
            return self.talon[self._next]
        return None if self.briscola_drawn else self.briscola

    def legal_moves(self) -> list[Card]:
        """Cards the player to move may play."""
        if self.phase != PHASE_PLAY:
            return []
        if self._follow and self.trick:
            return [ALL_CARDS[c] for c in core.legal_cards(self.hands[self.turn], self.trick, True)]
        return list(self.hands[self.turn])

    def legal_actions(self) -> list[Action]:
        """Everything the seat to move may do: its playable cards, then an exchange of
        the 2 (or 7) of trump for the turned card, then showing mano negra; in Chiamata's
        auction every bid above the last and a pass, then the cards the caller may call."""
        if self.phase == PHASE_AUCTION:
            return [Action(BID, None, b) for b in core.legal_bids(self.rules.auction or "", self.bid)] + [Action(PASS)]
        if self.phase == PHASE_CALL:
            return [Action(CALL, c) for c in self.callable_cards()]
        out = [Action(PLAY, c) for c in self.legal_moves()]
        if not out:
            return out
        swap = self.exchange_card()
        if swap is not None:
            out.append(Action(EXCHANGE, swap))
        if self.rules.mano_negra and core.has_mano_negra(self.hands[self.turn], self.trump):
            out.append(Action(SHOW, None))
        return out

    def callable_cards(self) -> list[Card]:
        """The cards the caller may call: the bid rank in each suit (the Two after points
        bid in an auction of ranks then points), or any card after an auction in points."""
        if self.phase != PHASE_CALL or self.bid is None:
            return []
        cards = core.called_cards(self.bid, self.rules.auction or "")
        return list(ALL_CARDS) if cards is None else cards

    @property
    def partner_shown(self) -> bool:
        """Has the called card been played, showing who holds it?"""
        called = self.called
        if called is None:
            return False
        return any(c == called for _, c in self.trick) or any(c == called for t in self.tricks for _, c in t.plays)

    def exchange_card(self) -> Card | None:
        """The trump card the seat to move may exchange for the turned card, if any: the
        rank the rules name, while the turned card is under a stock not yet empty and
        ranks above it (the 2 is below every card; the 7 is given only for a higher one)."""
        rank = self.rules.trump_exchange
        turned = self.briscola
        if rank is None or turned is None or self.briscola_drawn or self._next >= len(self.talon):
            return None
        mine = ALL_CARDS[turned.suit_index * 10 + rank - 1]
        if self._strength[turned] <= self._strength[mine]:
            return None
        return mine if mine in self.hands[self.turn] else None

    def team_points(self) -> list[int]:
        """Card points per side."""
        return [sum(self.points[s] for s in side) for side in self.sides]

    def outcome(self) -> Outcome:
        """How the finished deal ended (:class:`~briscola.model.Outcome`)."""
        if not self.over:
            raise ValueError("the deal is not over")
        n = self.n
        side_points = tuple(self.team_points())
        sides = self.sides
        if self.thrown_in:
            return Outcome(sides, side_points, None, ("draw",) * n, (0,) * n, None)
        if self.caller is not None and self.partner is not None and self.bid is not None:
            made = side_points[0] >= core.contract(self.bid)
            winner_side = 0 if made else 1
            cappotto = side_points[winner_side] >= core.TOTAL_POINTS
            game_points = core.chiamata_game_points(self.caller, self.partner, n, made, cappotto)
            result = tuple("win" if self.side_of[s] == winner_side else "loss" for s in range(n))
            return Outcome(sides, side_points, winner_side, result, game_points, None)
        if self.early_win is not None:
            winner: int | None = self.side_of[self.early_win]
        elif len(sides) == 2:
            a, b = side_points
            winner = None if a == b else 0 if a > b else 1
        else:
            best = max(side_points)
            leaders = [i for i, p in enumerate(side_points) if p == best]
            winner = leaders[0] if len(leaders) == 1 else None
        if winner is None and len(sides) > 2:
            best = max(side_points)
            result = tuple("draw" if side_points[self.side_of[s]] == best else "loss" for s in range(n))
        elif winner is None:
            result = ("draw",) * n
        else:
            result = tuple("win" if self.side_of[s] == winner else "loss" for s in range(n))
        if len(sides) == 3:
            game_points = core.three_player_game_points(side_points, winner)
        else:
            won = core.deal_game_points(side_points, winner)
            game_points = tuple(won if self.side_of[s] == winner else 0 for s in range(n))
        return Outcome(sides, side_points, winner, result, game_points, self.early_win)

    def result(self) -> list[str]:
        """Per seat: "win", "loss" or "draw" (teams share their side's result)."""
        return list(self.outcome().result)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now, the only thing an agent is shown."""
        return view_of(self, seat)

    @property
    def actions(self) -> list[tuple[int, Action]]:
        """Every action so far in order, as (seat, action)."""
        plays = [(s, Action(PLAY, c)) for t in self.tricks for s, c in t.plays]
        plays.extend((s, Action(PLAY, c)) for s, c in self.trick)
        for at, seat, action in reversed(self._extra):
            plays.insert(at, (seat, action))
        return plays

    def _played(self) -> int:
        return len(self.tricks) * self._trick_len + len(self.trick)

    # -- actions ----------------------------------------------------------------------
    def apply(self, action: Action | int) -> Trick | None:
        """Do ``action`` for the seat to move (a bare card means playing it); returns
        the trick when a played card ends one."""
        if type(action) is not Action:
            return self.play(action)  # type: ignore[arg-type]
        kind = action.kind
        if kind == PLAY:
            return self.play(action.card)  # type: ignore[arg-type]
        if kind in (BID, PASS, CALL):
            return self._auction_action(action)
        if self.phase != PHASE_PLAY:
            raise IllegalMoveError("the deal is over" if self.over else f"no {kind} in the {self.phase}")
        seat = self.turn
        if kind == EXCHANGE:
            swap = self.exchange_card()
            if swap is None or action.card != swap:
                raise IllegalMoveError(f"seat {seat} may not exchange {action.card} now")
            turned = self.briscola
            assert turned is not None  # exchange_card() offers a swap only under a turned card
            hand = self.hands[seat]
            hand[hand.index(swap)] = turned
            self.exchanges.append((seat, swap, turned))
            self.briscola = swap
            self._extra.append((self._played(), seat, action))
            return None
        if kind == SHOW:
            if not (self.rules.mano_negra and core.has_mano_negra(self.hands[seat], self.trump)):
                raise IllegalMoveError(f"seat {seat} does not hold king, three and ace of trump")
            pts = self._points
            left = sum(pts[c] for h in self.hands for c in h) + sum(pts[c] for _, c in self.trick)
            left += sum(pts[c] for c in self.talon[self._next:])
            if not self.briscola_drawn and self.briscola is not None:
                left += pts[self.briscola]
            self.points[seat] += left
            self.early_win = seat
            self._extra.append((self._played(), seat, action))
            self.phase = PHASE_OVER
            return None
        raise IllegalMoveError(f"unknown action {action!r}")

    def _auction_action(self, action: Action) -> Trick | None:
        """A bid, a pass or the call (Chiamata)."""
        seat = self.turn
        if (action.kind == BID and type(action.value) is not int) or action not in self.legal_actions():
            raise IllegalMoveError(f"seat {seat} may not {action} now")
        self._extra.append((0, seat, action))
        n = self.n
        if action.kind == CALL:
            called = action.card
            assert called is not None  # callable_cards() offers only cards
            self.called = called
            self.trump = SUIT_OF[called]
            self.partner = next(s for s in range(n) if called in self.hands[s])
            caller = seat
            side = (caller,) if self.partner == caller else tuple(sorted((caller, self.partner)))
            others = tuple(s for s in range(n) if s not in side)
            self.sides = (side, others)
            self.side_of = tuple(0 if s in side else 1 for s in range(n))
            self.phase = PHASE_PLAY
            self.leader = self.turn = (self.dealer + 1) % n
            return None
        if action.kind == BID:
            self.bid = action.value
            self.auction.append((seat, action.value))
        else:
            self.auction.append((seat, None))
            self._passed = self._passed | {seat}
        active = [s for s in range(n) if s not in self._passed]
        last_bidder = next((s for s, b in reversed(self.auction) if b is not None), None)
        if not active:
            self.thrown_in = True
            self.phase = PHASE_OVER
        elif len(active) == 1 and active[0] == last_bidder:
            self.caller = last_bidder
            self.turn = last_bidder
            self.phase = PHASE_CALL
        else:
            nxt = (seat + 1) % n
            while nxt in self._passed:
                nxt = (nxt + 1) % n
            self.turn = nxt
        return None

    def play(self, card: int) -> Trick | None:
        """Play ``card`` for the seat to move; returns the trick when this card ends it."""
        seat = self.turn
        hand = self.hands[seat]
        if type(card) not in (int, Card) or card not in hand or self.phase != PHASE_PLAY:
            if self.phase != PHASE_PLAY:
                raise IllegalMoveError("the deal is over")
            if not (type(card) in (int, Card) and 0 <= card < len(ALL_CARDS)):
                raise IllegalMoveError(f"not a card: {card!r}")
            raise IllegalMoveError(f"{ALL_CARDS[card]} is not in the hand of seat {seat}")
        trick = self.trick
        if self._follow and trick and card not in core.legal_cards(hand, trick, True):
            raise IllegalMoveError(f"{ALL_CARDS[card]}: seat {seat} must follow {ALL_CARDS[trick[0][1]].suit}")
        c = ALL_CARDS[card]
        hand.remove(c)
        if self.trump is None and self._first_trump:
            self.trump = SUIT_OF[c]
        trick.append((seat, c))
        n = self.n
        if len(trick) < self._trick_len:
            self.turn = (seat + 1) % n
            return None
        plays = tuple(trick)
        winner = trick_winner(plays, self.trump, self._strength)
        pts = 0
        card_points = self._points
        for _, x in plays:
            pts += card_points[x]
        draws: tuple[tuple[int, Card], ...] = ()
        if self._next < len(self.talon) or not self.briscola_drawn:
            drawn = []
            hands = self.hands
            for s in core.draw_order(winner, n, self._per):
                if self._next < len(self.talon):
                    x = self.talon[self._next]
                    self._next += 1
                else:
                    x = self.briscola  # type: ignore[assignment]
                    self.briscola_drawn = True
                    self.briscola_taker = s
                hands[s].append(x)
                drawn.append((s, x))
            draws = tuple(drawn)
        done = Trick(self.leader, plays, winner, pts, draws)
        self.tricks.append(done)
        self.points[winner] += pts
        self.trick = []
        self.leader = self.turn = winner
        if len(self.tricks) == self._tricks_total:
            self.phase = PHASE_OVER
        return done

    def copy(self) -> Game:
        g = object.__new__(Game)
        for name in self.__slots__:
            setattr(g, name, getattr(self, name))
        g.hands = [list(h) for h in self.hands]
        g.trick = list(self.trick)
        g.tricks = list(self.tricks)
        g.points = list(self.points)
        g._extra = list(self._extra)
        g.exchanges = list(self.exchanges)
        g.auction = list(self.auction)
        return g

    def __repr__(self) -> str:
        state = "over" if self.over else f"seat {self.turn} to play"
        return f"<Game {self.rules.players}p trick {len(self.tricks) + 1}, {state}, points {self.points}>"


def view_of(game: Game, seat: int) -> PlayerView:
    """The :class:`~briscola.view.PlayerView` of ``seat``: its own hand and what is public
    (every hand in Scoperta; a Chiamata partner only to its holder until the called card
    is played)."""
    hand = tuple(game.hands[seat])
    mine = game.turn == seat and not game.over
    rules = game.rules
    shown = rules.open_hands
    partner = game.partner
    known = partner is not None and (seat == partner or game.partner_shown)
    return PlayerView(
        seat=seat,
        players=game.n,
        rules=rules,
        hand=hand,
        briscola=game.briscola,
        trick=tuple(game.trick),
        tricks=tuple(PublicTrick(t.leader, t.plays, t.winner, t.points) for t in game.tricks),
        talon_size=game.talon_size,
        points=tuple(game.points),
        legal=tuple(game.legal_moves()) if mine else (),
        leader=game.leader,
        dealer=game.dealer,
        briscola_taker=game.briscola_taker,
        hand_sizes=tuple(len(h) for h in game.hands),
        trump=game.trump,
        phase=game.phase,
        turn=game.turn,
        sides=game.sides if partner is None or known else (),
        legal_actions=tuple(game.legal_actions()) if mine else (),
        open_hands=tuple(tuple(h) for h in game.hands) if shown else None,
        next_card=game.next_card if shown else None,
        exchanges=tuple(game.exchanges),
        briscola_pending=not game.briscola_drawn,
        auction=tuple(game.auction),
        caller=game.caller,
        called=game.called,
        partner=partner if known else None,
        redeals=_redeals_drawn(game) if game.redeals else (),
    )


def _redeals_drawn(game: Game) -> tuple[tuple[int | None, Card], ...]:
    """Each turned card put back under the stock (the talon's last places), with the seat
    that drew it, or None while it is in the stock."""
    drawn = {card: seat for t in game.tricks for seat, card in t.draws}
    return tuple((drawn.get(card), card) for card in game.redeals)
