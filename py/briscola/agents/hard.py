"""The counting player (level ``hard``): the careful heuristic plus card counting and
exact play at the end.

It counts the cards: what is still out (in other hands or the stock) is every card of
the pack it has not seen played and does not hold. From that it knows

- which of its cards are *safe*: nothing still out can beat them, so leading one banks
  its points for sure (a safe ace is led, not kept for a trump to catch);
- which trumps and carichi are still out: a trump is kept for the carichi still to
  come; once no carico is out, a trump is only worth the tricks it can still take and
  is spent on whatever points are on the table;
- when the last cards are known: with two players, from the moment the stock is empty
  the other hand is exactly the unseen cards and it plays perfectly (exact solver);
  just before (one card and the briscola left) it solves every possible split. With
  more players it solves the last tricks over the splits of the unseen cards. With the
  hands face up (Scoperta) only the order of the stock is hidden, and the next card is
  shown: from the last draw round on it solves every order of the rest.

With two players, no trump and the suit to follow, it leads the card a linear model values
most (:mod:`.learned_follow`, fitted to the expert's values of each lead told the other
hand); the model reads, among other things, the card the counting rules lead: the card
worth most on average, the chance that the other hand beats it counted from the cards
still out and from the voids that seat has shown (:meth:`HardAgent._risk_lead`).

Every variant's rules reach it through the rules core (no trump, following suit, the
two cards a seat of Dupla plays a trick); Dupla and five-card hands are solved from the
empty stock only (a split of a larger stock is too many cards to solve in time). In Dupla
it answers a lead cheaply, since it has the last card of the trick too.
"""

from __future__ import annotations

import random
from math import comb
from typing import Generator

from ..cards import SUIT_OF, Card, make_pack
from ..model import Action
from ..view import PlayerView
from . import learned, learned_follow, run_to_end
from .endgame import choose_by_worlds_steps
from .heuristic import SURE_TRUMP_STRENGTH, WIN_TEMPO, HeuristicAgent
from .learned_follow_weights import LEAD as FOLLOW_LEAD
from .learned_weights import WEIGHTS
from .infer import draw_rounds
from .tactics import TRUMP_KEEP, beats, follow_lead_key, special_action, tables, trump_pending

ENDGAME_WORLDS = {2: 64, 3: 24, 4: 40, 6: 6}
"""Most splits of the unseen cards solved per decision in the endgame, by player count."""

ENDGAME_STOCK = {2: 2, 3: 0, 4: 0, 6: 0}
"""Stock size (briscola included) from which the solver plays, by player count (three
cards a hand, one card a seat a trick; else from the empty stock)."""

ENDGAME_CARDS = {3: 3, 4: 3, 6: 2}
"""With 3+ players: cards in hand from which the solver plays (stock empty)."""

OPEN_STOCK = {2: 2, 3: 3, 4: 4, 6: 0}
"""Hands face up (Scoperta): stock size (briscola included) from which the solver plays,
by player count: one draw round left, so at most two orders of the stock to solve (the
next card is shown); six players wait for the empty stock."""

EARLY_WORLDS = 4
"""Two players, before the last draw, where hard's solver starts early (hands face up:
:meth:`HardAgent._solves_early`): the seeded splits of
the hidden cards solved per decision (of up to 24 orders of the stock with six cards of it
face up, 210 splits in Dupla's last draw round)."""

CARICO_POINTS = 10

SPARE_BELOW = 1
"""Four players: a trick worth fewer card points than this is not taken with the ace or the
three of trump while two draws or more are to come (:meth:`HardAgent._spared`)."""


class HardAgent(HeuristicAgent):
    name = "hard"
    learned = True
    """Two players: in the standard game, mid-game cards by the expert's distilled judgement
    (:mod:`.learned`); in Briscolone following suit, leads by the model of
    :mod:`.learned_follow`. ``hard-2026`` has both off."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.search_rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Card | Action:
        return run_to_end(self.think(view))

    def card(self, view: PlayerView) -> Card:
        return run_to_end(self.think_card(view))

    def think(self, view: PlayerView) -> Generator[None, None, Card | Action]:
        """Like :meth:`choose`, yielding between slices of the endgame search."""
        return special_action(view) or (yield from self.think_card(view))

    def think_card(self, view: PlayerView) -> Generator[None, None, Card]:
        """The card to play, yielding between slices of the endgame search."""
        if len(view.legal) == 1:
            return view.legal[0]
        endgame = self._endgame(view) or self._six_from_three(view)
        early = not endgame and self._solves_early(view)
        if endgame or early:
            self.search_rng.seed(_position_key(view))
            card, _ = yield from choose_by_worlds_steps(
                view, self.search_rng, EARLY_WORLDS if early else ENDGAME_WORLDS[view.players],
                exact_fit=self.exact_fit)
            return Card(card)
        if self.learned and learned.applies(view):
            return Card(learned.best_card(view, WEIGHTS))
        rule = super().card(view)
        if self.learned and not view.trick and learned_follow.applies(view):
            return Card(learned_follow.best_card(view, FOLLOW_LEAD, void_draws(view), int(rule)))
        return rule

    @staticmethod
    def _endgame(view: PlayerView) -> bool:
        """Does the exact solver play here? (see :data:`ENDGAME_STOCK`, :data:`OPEN_STOCK`)"""
        n = view.players
        rules = view.rules
        if view.open_hands is not None:
            return view.stock_size <= OPEN_STOCK[n] and (n == 2 or len(view.hand) <= ENDGAME_CARDS[n])
        if n == 2:
            simple = rules.hand_size == 3 and rules.cards_per_trick == 1
            return view.stock_size <= (ENDGAME_STOCK[2] if simple else 0)
        return view.stock_size <= ENDGAME_STOCK[n] and len(view.hand) <= ENDGAME_CARDS[n]

    exact_fit = True
    """Three or more following suit, the endgame: a split of the unseen cards counts when
    some order of the draws fits every past play (:meth:`~.infer.PlayModel.fits`).
    ``hard-2026`` scores one random order."""

    solve_six_from_three = True
    """Six players: the solver plays from three cards in hand (the empty stock), not two
    (:meth:`_six_from_three`). ``hard-2026`` waits for two."""

    def _six_from_three(self, view: PlayerView) -> bool:
        """Six players, the stock empty, three cards in hand: hard's own solve of the
        splits (:data:`ENDGAME_WORLDS`, six), where the expert's (8 to 64 splits, some 40 ms
        each in CPython) would be too slow. Against hard-2026 over 1000 deals (seed 1001):
        54.9% (52.8-57.1%), +5.49 points a deal, 6.6 ms a decision on average (docs/ai.md)."""
        return (self.solve_six_from_three and view.players == 6 and view.open_hands is None
                and view.stock_size == 0 and len(view.hand) == 3)

    open_stock_two = 6
    """Two players, hands face up (Scoperta): the stock size (briscola included) from which
    hard's solver plays (:meth:`_solves_early`). ``hard-2026`` waits for :data:`OPEN_STOCK`'s 2."""

    dupla_stock = 4
    """Two-player Dupla (two plays and two draws a seat a trick): the stock size from which
    hard's solver plays, the last draw round. ``hard-2026`` waits for the empty stock."""

    five_stock = 2
    """Two players, five cards a hand (Briscolone): the stock size from which hard's solver
    plays (:meth:`_solves_early`). ``hard-2026`` waits for the empty stock."""

    def _solves_early(self, view: PlayerView) -> bool:
        """Two players, before the stock is empty, where hard's solver plays already: hands
        face up (Scoperta), only the order of the stock past its shown card is hidden, from
        :attr:`open_stock_two` (six cards of stock: 24 orders; four: 2; waiting for the last
        draw, hard led aces and threes that the face-up hand visibly took, 3.9 card points a
        decision, standard error 0.9); Dupla from :attr:`dupla_stock` and five cards a hand from
        :attr:`five_stock`, the last draw round, after which every card is known (docs/ai.md)."""
        rules = view.rules
        if view.players != 2:
            return False
        if view.open_hands is not None:
            limit = self.open_stock_two
        elif rules.cards_per_trick == 2:
            limit = self.dupla_stock
        elif rules.hand_size == 5:
            limit = self.five_stock
        else:
            return False
        return view.stock_size <= limit

    spare_top_trumps = True
    """Four players: keep the ace and the three of trump off a cheap trick
    (:meth:`_spared`). ``hard-2026`` spends them."""

    def follow(self, view: PlayerView, hand: list[Card] | None = None) -> Card:
        if view.rules.cards_per_trick == 2 and len(view.trick) == 1:
            return self._hold_back(view)
        card = super().follow(view, hand)
        if self.spare_top_trumps and hand is None:
            rest = self._spared(view, card)
            if rest:
                return super().follow(view, rest)
        return card

    @staticmethod
    def _spared(view: PlayerView, card: Card) -> list[Card]:
        """Four players, the ace or the three of trump about to take a trick worth less
        than :data:`SPARE_BELOW` points from the other side, with two draws or more to
        come: the other legal cards, to answer from instead (none: play ``card``).

        Medium's rule counts a trump's own points as gained when it wins a trick, so the
        two top trumps looked nearly free on an empty trick; but they take their own
        points later anyway, and with partners they are what rescues a loaded trick.
        Measured in docs/ai.md ("hard")."""
        trump = view.trump
        if view.players != 4 or trump is None or view.stock_size < 2 * view.players:
            return []
        strength, pts = tables(view)

        def top(c: Card) -> bool:
            return SUIT_OF[c] == trump and strength[c] >= SURE_TRUMP_STRENGTH

        if not top(card) or sum(pts[c] for _, c in view.trick) >= SPARE_BELOW:
            return []
        return [c for c in view.legal if not top(c)]

    def _hold_back(self, view: PlayerView) -> Card:
        """Dupla, the first card answering a lead: the cheapest. This seat plays the last
        card of the trick too, with the leader's second card seen, so it fights then
        (measured against medium over 600 deals: 59.7% instead of 56.4%)."""
        strength, pts = tables(view)
        return self._discard(list(view.legal), strength, pts, view.trump)

    # -- counting ------------------------------------------------------------------------
    def _out(self, view: PlayerView) -> list[Card]:
        """Cards other seats hold or may still draw."""
        played = set(view.played_cards())
        mine = set(view.hand)
        return [c for c in make_pack(view.rules.pack) if c not in played and c not in mine]

    def _counting_lead(self, view: PlayerView) -> Card:
        """A safe carico first, else the cheapest card, trumps kept for the carichi out."""
        strength, pts = tables(view)
        trump = view.trump
        out = self._out(view)
        hand = list(view.legal)
        safe = [c for c in hand if SUIT_OF[c] != trump and pts[c] >= CARICO_POINTS
                and not any(beats(x, c, trump, strength) for x in out)]
        if safe:
            return max(safe, key=lambda c: (pts[c], strength[c]))
        return self._cheap_lead(view, out)

    def lead(self, view: PlayerView) -> Card:
        if trump_pending(view):
            return super().lead(view)
        return self._counting_lead(view)

    def _cheap_lead(self, view: PlayerView, out: list[Card]) -> Card:
        """No safe carico: the cheapest card, trumps kept for the carichi out; when the
        others must follow suit, medium's high lead, but with a trump suit the carichi
        (none of them safe now) last: a follower that holds a higher card of the suit, or
        none of it and a trump, takes them (measured against medium over 1000 deals:
        64.1% instead of 53.5%; with no trump it made no difference)."""
        strength, pts = tables(view)
        trump = view.trump
        if view.rules.must_follow:
            if trump is None:
                if view.players == 2:
                    return self._risk_lead(view, out)
                return super().lead(view)
            return self._pick(list(view.legal), lambda c: (SUIT_OF[c] != trump and pts[c] >= CARICO_POINTS,
                                                           follow_lead_key(c, trump, strength)))
        keep = self._keep_fn(view, out)
        return self._pick(list(view.legal), lambda c: (pts[c] + keep(c), strength[c]))

    def _risk_lead(self, view: PlayerView, out: list[Card]) -> Card:
        """Two players, no trump, following suit: the lead worth most on average. A card
        led wins its trick unless the other hand holds a stronger card of its suit (it
        must follow suit, and nothing else beats it); the chance of that is counted from
        the cards still out, and from the other seat's shown voids (:func:`void_draws`):
        a seat that did not follow a suit had none of it then, so only the cards it drew
        since can be of that suit. Value: with the trick won, the card's points and the
        lead; lost, the card's points and the other seat's stronger card (the average of
        those still out) go to the other side. The cards that top their suit (no risk)
        come first, most points first, as medium leads them; the rest no longer
        strongest first. Against medium over 2000 deals: 52.2% instead of 50.0% (seed
        1001), 52.9% instead of 50.3% (seed 2001); 51.5% and 52.5% counting the loss as
        the card's points only; without the voids 50.8% (seed 1001)."""
        strength, pts = tables(view)
        held = view.hand_sizes[1 - view.seat]
        voids = void_draws(view)
        total = len(out)

        def value(c: int) -> float:
            suit = SUIT_OF[c]
            above = [pts[x] for x in out if SUIT_OF[x] == suit and strength[x] > strength[c]]
            drawn = min(held, voids.get(suit, held))
            if not above or drawn <= 0:
                return pts[c] + WIN_TEMPO
            risk = 1 - comb(total - len(above), drawn) / comb(total, drawn)
            return (1 - risk) * (pts[c] + WIN_TEMPO) - risk * (pts[c] + sum(above) / len(above))

        return self._pick(list(view.legal), lambda c: (-value(c), -strength[c]))

    def _keep_fn(self, view: PlayerView, out):
        strength, pts = tables(view)
        trump = view.trump
        carichi_out = sum(1 for c in out if pts[c] >= CARICO_POINTS and SUIT_OF[c] != trump)

        def keep(c: int) -> float:
            if SUIT_OF[c] != trump:
                return 0
            if carichi_out == 0:
                return strength[c] * 0.5
            return TRUMP_KEEP + strength[c]

        return keep


def void_draws(view: PlayerView) -> dict[int, int]:
    """Two players: suit -> how many cards the other seat has drawn since it last did not
    follow that suit (it had none of it then), for the suits it has not played since. A
    seat that holds the suit led must follow it, so a card of another suit shows a void;
    the draws since are the cards that may be of the suit now."""
    me = view.seat
    rounds = draw_rounds(view.rules)
    tricks = [tr.plays for tr in view.tricks]
    shown: dict[int, int] = {}
    for k, plays in enumerate(tricks + [view.trick]):
        if not plays:
            continue
        led = SUIT_OF[plays[0][1]]
        for s, c in plays:
            if s == me:
                continue
            if shown.get(SUIT_OF[c], k) < k:
                del shown[SUIT_OF[c]]  # it played the suit since: it drew some
            if SUIT_OF[c] != led:
                shown[led] = k
    return {suit: sum(1 for j in range(k, len(tricks)) if j < rounds) for suit, k in shown.items()}


def _position_key(view: PlayerView) -> int:
    """A seed for the search from what the seat saw, so the same view gives the same
    sample whatever the hidden cards are."""
    h = 1469598103934665603
    for c in view.played_cards():
        h = (h ^ int(c)) * 1099511628211 % (1 << 61)
    for c in sorted(view.hand):
        h = (h ^ (int(c) + 64)) * 1099511628211 % (1 << 61)
    return h ^ view.seat
