"""Every level plays Briscola chiamata (five players): the auction, the call, and the
play with a partner nobody but its holder knows until the called card is played.

The levels of the other games are unchanged: each class here is the level's own class
(:class:`RandomPlayer` is :class:`~.basic.RandomAgent`, and so on), and only a view of
five players is answered here; :func:`~briscola.agents.make_agent` makes these.

**Auction and call** (:mod:`.chiamata`): a seat weighs the next bid by playing out each
card it could call over guessed deals and bids while the best call clears the contract
by the level's margin (:data:`LEVELS`); the caller calls the best card over more guesses.
The random player passes or bids the next step up at even odds and calls any card.

**Play.** The partner knows itself, and the caller knows when it called its own card;
everyone else weighs who holds the called card (:func:`~.chiamata.partner_weights`):

- ``easy`` and ``medium`` play their heuristic on a view whose sides are the believed
  ones (:func:`believed_view`): the caller's partner is the seat it most likely is, once
  that is at least an even chance; a defender counts every seat but the caller as its own
  side unless that seat is more likely the partner than not.
- ``hard`` guesses the hidden hands (:func:`sample_world`), the called card dealt to a
  seat drawn by the belief, and plays each card it may play out over every guess with
  the fast policy of :mod:`.sim`, the sides those of the guess; the card with the best
  mean game points wins (card points break near ties), with a small head start for the
  card the medium heuristic would play; in the last two tricks each guess is solved
  exactly instead, with no head start.
- ``expert`` does the same with more guesses (its clock budget, or ``iterations``), each
  called-card holder drawn evenly and the guesses weighed by how well they explain the
  play so far (:func:`play_likelihood`: every past card replayed with the fast policy
  under that guess's sides), solves each guess exactly in the last two tricks, and bids
  with more guesses.

Fair: every choice comes from the view only, and the searching levels seed their rng
from what the view shows (:func:`view_key`), so hidden cards moved elsewhere change
nothing.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Generator, Sequence

from ..cards import ALL_CARDS, TABLES, Card
from ..core import TOTAL_POINTS, chiamata_game_points, contract
from ..model import BID, CALL, PASS, Action
from ..rules import CHIAMATA_PLAYERS
from ..view import PlayerView
from .basic import RandomAgent
from .chiamata import auction_action, auction_action_steps, draw_holder, partner_weights, world_tables
from .easy import EasyAgent
from .endgame import solve
from .expert import ExpertAgent
from .hard import HardAgent
from .heuristic import HeuristicAgent
from .sim import Tables, playout, policy, settle
from .slices import Slices, paced


POINT_WEIGHT = 0.5
"""Value of a guess played out: this seat's game points plus this times its side's card
points over the contract, / 120 (near ties go to the card that takes more points)."""

PRIOR_BONUS = 0.15
"""Head start, in game points a guess, of the card the medium heuristic would play."""

BELIEVED = 0.5
"""Chance of holding the called card from which a seat is taken for the partner."""

CALLER_ALONE = 0.15
"""Weight of the caller holding the called card itself (calling alone), against 1 for
each other seat that might hold it, before the play tells more."""

LIKELY_EPS = 0.25
"""The play model's doubt (expert): a past card the fast policy would not have played in
a guess counts this much against it."""

OVERSAMPLE = 4
"""Expert: guesses scored per guess kept."""

BATCH = 4
"""Expert: guesses kept per round of resampling."""

SOLVE_CARDS = 2
"""Expert and hard: with this many cards in hand or fewer, each guess is solved exactly (the rules
core's solver, :func:`~.endgame.solve`, with the guess's sides) instead of played out:
under a millisecond a guess; three cards a hand would cost some 20 ms a guess."""

MIN_WORLDS = 16
"""Guesses always tried on a clock budget, whatever the clock says."""


@dataclass(frozen=True)
class Level:
    """How a level plays Chiamata: guesses per bid (0: no simulation), margin over the
    contract in card points, guesses per card decision (0: heuristic play)."""

    bid_worlds: int
    margin: float
    play_worlds: int = 0
    weigh: bool = False
    solve: bool = False
    """Solve each guess exactly from :data:`SOLVE_CARDS` cards in hand (``weigh`` does too)."""


LEVELS = {
    "easy": Level(bid_worlds=4, margin=0.0),
    "medium": Level(bid_worlds=8, margin=-2.0),
    "hard": Level(bid_worlds=24, margin=-3.0, play_worlds=40, solve=True),
    "expert": Level(bid_worlds=64, margin=-3.0, play_worlds=200, weigh=True),
}
"""The Chiamata parameters of each level. The margin is below zero: the guesses play
with the sides known to all, and the partner's help is worth more than that. All-hard
tables, 150 deals each (ranks auction): the caller's side made 80% of its contracts at
a margin of +4, 73% at 0, 64% at -4, 61% at -10 (bidding down to the 2). At -3, 2000
deals: 69.3% (``arena --players 5 --games 2000 --agents hard``), inside the 55-75% that is
neither timid nor reckless. Alone in one seat against four of the level below (``arena
--solo``), game points a deal: hard vs medium +0.275 (95% interval +0.252..+0.297, 2000
deals); expert vs hard +0.054 (+0.013..+0.094, 500 deals, 200 guesses)."""


def five(view: PlayerView) -> bool:
    return view.players == CHIAMATA_PLAYERS and view.rules.auction is not None


def view_key(view: PlayerView) -> int:
    """A seed from what the seat saw: its hand, the auction, the call and every card
    played in order, so the same view gives the same guesses whatever is hidden."""
    h = 1469598103934665603
    mul = 1099511628211
    mod = 1 << 61
    for seat, bid in view.auction:
        h = (h ^ (seat * 200 + (bid if bid is not None else 199))) * mul % mod
    for c in view.played_cards():
        h = (h ^ (int(c) + 1000)) * mul % mod
    for c in sorted(view.hand):
        h = (h ^ (int(c) + 64)) * mul % mod
    if view.called is not None:
        h = (h ^ (int(view.called) + 5000)) * mul % mod
    return h ^ (view.seat << 3) ^ len(view.legal_actions)


# -- who is on whose side ------------------------------------------------------------------

def holder_chances(view: PlayerView) -> dict[int, float]:
    """Chance of each seat holding the called card, as this seat sees it."""
    weights = partner_weights(view)
    total = sum(weights.values())
    return {s: w / total for s, w in weights.items()} if total else {}


def believed_view(view: PlayerView) -> PlayerView:
    """The view with the sides this seat believes (see the module doc); the view itself
    when it knows them."""
    caller = view.caller
    if view.partner is not None or caller is None or view.phase != "play":
        return view
    chances = holder_chances(view)
    n = view.players
    if view.seat == caller:
        likely = max(chances, key=lambda s: (chances[s], -s)) if chances else None
        partner = likely if likely is not None and chances[likely] >= BELIEVED else None
        side = (caller,) if partner is None else tuple(sorted((caller, partner)))
    else:
        partners = [s for s, p in chances.items() if p > BELIEVED]
        side = tuple(sorted([caller, *partners]))
    others = tuple(s for s in range(n) if s not in side)
    return replace(view, sides=(side, others))


# -- guesses and playouts ------------------------------------------------------------------

def sample_world(view: PlayerView, rng: random.Random, weights: dict[int, float]
                 ) -> tuple[list[list[int]], int]:
    """One guess of every hand (this seat's as it is) with the called card, while hidden,
    dealt to a seat drawn by ``weights``; and the seat that holds the called card."""
    n = view.players
    me = view.seat
    pool = [int(c) for c in view.unseen()]
    need = {s: view.hand_sizes[s] for s in range(n) if s != me}
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[me] = [int(c) for c in view.hand]
    called = view.called
    holder = view.partner
    if called is not None and int(called) in pool:
        seat = draw_holder(weights, rng, need)
        if seat is None:  # no seat the belief names has room: any seat with room
            seat = draw_holder({s: 1.0 for s in need}, rng, need)
        assert seat is not None
        holder = seat
        pool.remove(int(called))
        hands[seat].append(int(called))
        need[seat] -= 1
    rng.shuffle(pool)
    k = 0
    for s, m in need.items():
        hands[s].extend(pool[k:k + m])
        k += m
    if holder is None:  # the called card is played or in this hand: the view knows
        holder = view.partner if view.partner is not None else me
    return hands, holder


def side_of(caller: int, holder: int) -> tuple[int, ...]:
    return (caller,) if holder == caller else tuple(sorted((caller, holder)))


def taken_value(view: PlayerView, taken: int, caller: int, holder: int) -> float:
    """This seat's game points at the end of a guess in which the caller's side takes
    ``taken`` card points in all, plus the card-point margin of its side over the
    contract (:data:`POINT_WEIGHT`)."""
    side = side_of(caller, holder)
    bid = max((b for _, b in view.auction if b is not None), default=1)
    need = contract(bid)
    made = taken >= need
    cappotto = taken >= TOTAL_POINTS if made else taken == 0
    gp = chiamata_game_points(caller, holder, view.players, made, cappotto)[view.seat]
    margin = taken - need if view.seat in side else need - taken
    return gp + POINT_WEIGHT * margin / TOTAL_POINTS


def start_hands(view: PlayerView, hands: Sequence[Sequence[int]]) -> list[list[int]]:
    """The hands of a guess as they were dealt: now plus every card played since."""
    out = [list(h) for h in hands]
    for t in view.tricks:
        for s, c in t.plays:
            out[s].append(int(c))
    for s, c in view.trick:
        out[s].append(int(c))
    return out


def play_likelihood(view: PlayerView, hands: Sequence[Sequence[int]], t: Tables, eps: float = LIKELY_EPS) -> float:
    """How well a guess explains the others' play: every past card of another seat
    replayed with the fast policy under the guess's sides, each one the policy would
    not have played counting ``eps``."""
    held = start_hands(view, hands)
    weight = 1.0
    me = view.seat
    tricks = [[(s, int(c)) for s, c in tr.plays] for tr in view.tricks]
    tricks.append([(s, int(c)) for s, c in view.trick])
    for plays in tricks:
        for i, (s, c) in enumerate(plays):
            if s != me and len(held[s]) > 1 and policy(held[s], plays[:i], s, t) != c:
                weight *= eps
            held[s].remove(c)
    return weight


def search_steps(view: PlayerView, rng: random.Random, worlds: int, weigh: bool,
                 prior: Card | None, budget_ms: float | None = None,
                 exact: bool = False) -> Generator[None, None, Card]:
    """The card with the best mean value over guesses of the hidden hands, each card
    played now and the deal played out with the fast policy (see the module doc);
    ``worlds`` guesses (at least; with ``budget_ms`` as many as its clock allows),
    yielding every :data:`~.slices.SLICE_MS`; ``prior`` gets a head start of
    :data:`PRIOR_BONUS` a guess, except where ``exact`` has each guess solved (from
    :data:`SOLVE_CARDS` cards): there the head start outweighed card points that do not
    change the contract (docs/strength.md, "Briscola chiamata")."""
    totals, mass = yield from search_totals(view, rng, worlds, weigh, budget_ms, exact=exact)
    if prior is not None and int(prior) in totals and not (exact and len(view.hand) <= SOLVE_CARDS):
        totals[int(prior)] += PRIOR_BONUS * mass
    strength, pts = TABLES[view.rules.ranking]
    best = max(totals, key=lambda c: (totals[c], -pts[c], -strength[c], -c))
    return ALL_CARDS[best]


def search_totals(view: PlayerView, rng: random.Random, worlds: int, weigh: bool, budget_ms: float | None = None,
                  card_points: bool = False, exact: bool = False
                  ) -> Generator[None, None, tuple[dict[int, float], float]]:
    """The search of :func:`search_steps`: (total value per legal card, number of
    guesses). A guess is worth :func:`taken_value`, or with ``card_points`` the card points
    this seat's side ends the deal with (the side of the guess's holder of the called
    card). From :data:`SOLVE_CARDS` cards in hand, with ``weigh`` or ``exact``, each guess
    is solved exactly instead of played out."""
    legal = sorted(set(int(c) for c in view.legal))
    caller = view.caller
    assert caller is not None and view.trump is not None
    me = view.seat
    n = view.players
    if weigh and view.partner is None:
        weights = {s: 1.0 for s in range(n) if s != me and s != caller}
        if caller != me:
            weights[caller] = CALLER_ALONE
    else:
        weights = dict(partner_weights(view))
        if view.partner is None and caller != me:
            weights[caller] = CALLER_ALONE * (sum(weights.values()) / max(1, len(weights)))
    totals = {c: 0.0 for c in legal}
    trick = [(s, int(c)) for s, c in view.trick]
    base = list(view.points)
    started = time.perf_counter()
    slices = Slices()
    done = 0
    mass = 0.0
    pending: list[tuple[list[list[int]], int]] = []
    solve_now = (weigh or exact) and len(view.hand) <= SOLVE_CARDS

    def score(taken: int, holder: int) -> float:
        """A guess's value from the card points the caller's side takes in all."""
        if card_points:
            return taken if me in side_of(caller, holder) else TOTAL_POINTS - taken
        return taken_value(view, taken, caller, holder)

    while True:
        if budget_ms is not None:
            if done >= worlds and (time.perf_counter() - started) * 1000 >= budget_ms:
                break
        elif done >= worlds:
            break
        if weigh:
            if not pending:
                pending = yield from paced(_resampled_steps(view, rng, weights, caller), slices)
            hands, holder = pending.pop()
        else:
            hands, holder = sample_world(view, rng, weights)
        side = side_of(caller, holder)
        t = world_tables(view.rules.ranking, view.trump, n, side)
        if solve_now:
            team = tuple(0 if s in side else 1 for s in range(n))
            mine = sum(base[s] for s in range(n) if team[s] == team[me])
            for c, v in solve(hands, trick, me, view.trump, ranking=view.rules.ranking, team_of=team).items():
                taken = mine + v if me in side else TOTAL_POINTS - mine - v
                totals[c] += score(taken, holder)
        else:
            for c in legal:
                h = [list(x) for x in hands]
                h[me].remove(c)
                tr = trick + [(me, c)]
                points = list(base)
                if len(tr) == t.size:
                    w = settle(h, [], tr, points, t)
                    final = points if not h[w] else playout(h, [], [], w, points, t)
                else:
                    final = playout(h, [], tr, (me + 1) % n, points, t)
                totals[c] += score(sum(final[s] for s in side), holder)
        done += 1
        mass += 1
        if slices.due():
            yield
            slices.resumed()
    return totals, mass


def _resampled_steps(view: PlayerView, rng: random.Random, weights: dict[int, float], caller: int
                     ) -> Generator[None, None, list[tuple[list[list[int]], int]]]:
    """A batch of guesses resampled by :func:`play_likelihood` (expert), pausing (a bare
    ``yield``) after each guess weighed."""
    n = view.players
    if not view.tricks and not view.trick:
        return [sample_world(view, rng, weights) for _ in range(BATCH)]
    cands = [sample_world(view, rng, weights) for _ in range(OVERSAMPLE * BATCH)]
    ranking = view.rules.ranking
    trump = view.trump
    likes = []
    for h, holder in cands:
        likes.append(play_likelihood(view, h, world_tables(ranking, trump, n, side_of(caller, holder))))
        yield
    total = sum(likes)
    out = []
    for _ in range(BATCH):
        x = rng.random() * total
        for cand, like in zip(cands, likes):
            x -= like
            if x <= 0:
                out.append(cand)
                break
        else:
            out.append(cands[-1])
    return out


# -- the levels ----------------------------------------------------------------------------

def random_action(view: PlayerView, rng: random.Random) -> Action | None:
    """The random player's bid (the next step up) or pass at even odds, and any call."""
    actions = view.legal_actions
    if view.phase == "auction":
        bids = [a for a in actions if a.kind == BID]
        return bids[0] if bids and rng.random() < 0.5 else Action(PASS)
    if view.phase == "call":
        calls = [a for a in actions if a.kind == CALL]
        return calls[int(rng.random() * len(calls))]
    return None


class RandomPlayer(RandomAgent):
    """:class:`~.basic.RandomAgent`; in Chiamata's auction it passes or bids one step up."""

    def choose(self, view: PlayerView) -> Card | Action:
        if five(view):
            action = random_action(view, self.rng)
            if action is not None:
                return action
        return super().choose(view)


class _Believer:
    """Chiamata for the heuristic levels: the auction by :data:`LEVELS`, the play on the
    believed sides."""

    name: str
    rng: random.Random

    def _five_auction(self, view: PlayerView) -> Action | None:
        level = LEVELS[self.name]
        return auction_action(view, random.Random(self.rng.random()), level.bid_worlds, level.margin)


class EasyPlayer(_Believer, EasyAgent):
    def choose(self, view: PlayerView) -> Card | Action:
        if five(view):
            return self._five_auction(view) or super().choose(believed_view(view))
        return super().choose(view)


class MediumPlayer(_Believer, HeuristicAgent):
    def choose(self, view: PlayerView) -> Card | Action:
        if five(view):
            return self._five_auction(view) or super().choose(believed_view(view))
        return super().choose(view)


class HardPlayer(HardAgent):
    """:class:`~.hard.HardAgent`; Chiamata by simulation (module doc)."""

    five_level = LEVELS["hard"]

    def think(self, view: PlayerView) -> Generator[None, None, Card | Action]:
        if five(view):
            level = self.five_level
            return (yield from five_think(view, level.bid_worlds, level))
        return (yield from super().think(view))


class ExpertPlayer(ExpertAgent):
    """:class:`~.expert.ExpertAgent`; Chiamata by simulation with weighed guesses: its
    ``iterations`` guesses a card decision (a third of them, from 8 up to the level's,
    a bid), else :data:`MIN_WORLDS` or more within its clock budget."""

    def think(self, view: PlayerView) -> Generator[None, None, Card | Action]:
        if five(view):
            bids, level, budget_ms = self._five_level()
            return (yield from five_think(view, bids, level, budget_ms, self.seed))
        return (yield from super().think(view))

    def think_values(self, view: PlayerView) -> Generator[None, None, dict[Card, float]]:
        """:meth:`ExpertAgent.think_values <.expert.ExpertAgent.think_values>`; in
        Chiamata over the guesses of :func:`five_think` (:func:`five_values`)."""
        if five(view):
            _, level, budget_ms = self._five_level()
            return (yield from five_values(view, level, budget_ms, self.seed))
        return (yield from super().think_values(view))

    def _five_level(self) -> tuple[int, Level, float | None]:
        """(guesses a bid, the level, the clock budget or None): ``iterations`` guesses a
        card decision, else at least :data:`MIN_WORLDS` within the clock budget."""
        level = LEVELS["expert"]
        if self.iterations is not None:
            bids = max(8, min(self.iterations // 3, level.bid_worlds))
            return bids, replace(level, play_worlds=self.iterations), None
        return level.bid_worlds, replace(level, play_worlds=MIN_WORLDS), self.budget_ms


def five_think(view: PlayerView, bid_worlds: int, level: Level, budget_ms: float | None = None,
               salt: int = 0) -> Generator[None, None, Card | Action]:
    """A searching level's Chiamata decision, seeded from the view alone (and ``salt``):
    a bid, pass or call over ``bid_worlds`` guesses, or a card over ``level.play_worlds``
    (at least, with ``budget_ms``)."""
    rng = random.Random(view_key(view) ^ salt)
    if view.phase != "play":
        action = yield from paced(auction_action_steps(view, rng, bid_worlds, level.margin), Slices())
        assert action is not None
        return action
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    medium = HeuristicAgent(seed=rng.randrange(1 << 30))
    prior = medium.card(believed_view(view))
    return (yield from search_steps(view, rng, level.play_worlds, level.weigh, prior, budget_ms, level.solve))


def five_values(view: PlayerView, level: Level, budget_ms: float | None = None,
                salt: int = 0) -> Generator[None, None, dict[Card, float]]:
    """For each card this seat may play in Chiamata, the card points its side is expected
    to end the deal with (its side in each guess: the called card's holder is guessed
    too), over the very guesses :func:`five_think` searches for its choice (same seed),
    without the medium card's head start."""
    rng = random.Random(view_key(view) ^ salt)
    rng.randrange(1 << 30)  # five_think seeds its medium prior here: the same guesses follow
    totals, mass = yield from search_totals(view, rng, level.play_worlds, level.weigh, budget_ms, card_points=True,
                                            exact=level.solve)
    return {ALL_CARDS[c]: v / mass if mass else 0.0 for c, v in totals.items()}


__all__ = ["LEVELS", "EasyPlayer", "ExpertPlayer", "HardPlayer", "Level", "MediumPlayer", "RandomPlayer",
           "believed_view", "five_think", "five_values", "play_likelihood", "sample_world",
           "search_steps", "search_totals", "view_key"]
