"""The player view: only what one seat may know, and agents that cannot peek."""

from __future__ import annotations

import dataclasses
import random

import pytest

from briscola.agents.basic import RandomAgent
from briscola.agents.heuristic import HeuristicAgent
from briscola.cards import Card, make_pack
from briscola.game import Game, PublicTrick, view_of
from briscola.rules import Rules
from briscola.view import PlayerView

PLAYER_COUNTS = (2, 3, 4, 6)

VIEW_FIELDS = {
    "seat", "players", "rules", "hand", "briscola", "trick", "tricks", "talon_size", "points",
    "legal", "leader", "dealer", "briscola_taker", "hand_sizes", "trump", "phase", "turn", "sides",
    "legal_actions", "open_hands", "next_card", "exchanges", "briscola_pending", "auction", "caller", "called",
    "partner", "redeals",
}
"""Everything a view holds. A new field must be something every seat may know: review it
for privacy before adding it here."""


def positions(players: int, deals: int, seed0: int = 1):
    """(game, moves so far) at every decision of seeded random deals."""
    rules = Rules.standard(players)
    for seed in range(seed0, seed0 + deals):
        g = Game.deal(rules, seed=seed, dealer=seed % players)
        rng = random.Random(seed)
        moves: list[Card] = []
        while not g.over:
            yield g, list(moves)
            c = rng.choice(g.legal_moves())
            moves.append(c)
            g.play(c)
        yield g, list(moves)


def cards_in(value) -> list[Card]:
    """Every card reachable in a view's data, however nested."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, (tuple, list)):
        return [c for v in value for c in cards_in(v)]
    return []


def seen_by(g: Game, seat: int) -> set[Card]:
    """Cards ``seat`` has seen: its hands over time, the briscola, every card played."""
    seen = set(g.initial_hands[seat]) | {g.briscola}
    seen |= {c for t in g.tricks for s, c in t.draws if s == seat}
    seen |= {c for t in g.tricks for _, c in t.plays}
    seen |= {c for _, c in g.trick}
    return seen


# -- what a view holds ----------------------------------------------------------------

def test_view_fields_are_the_reviewed_set():
    assert {f.name for f in dataclasses.fields(PlayerView)} == VIEW_FIELDS


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_view_matches_the_game_and_holds_no_hidden_card(players):
    checked = 0
    for g, _ in positions(players, 15):
        for seat in range(players):
            v = g.view(seat)
            assert v == view_of(g, seat)
            assert v.seat == seat and v.players == players and v.rules == g.rules
            assert list(v.hand) == g.hands[seat]
            assert v.briscola == g.briscola and v.trump == g.briscola.suit_index
            assert v.trick == tuple(g.trick)
            assert v.tricks == tuple(PublicTrick(t.leader, t.plays, t.winner, t.points) for t in g.tricks)
            assert all(not hasattr(t, "draws") for t in v.tricks)
            assert v.talon_size == g.talon_size and isinstance(v.talon_size, int)
            assert v.stock_size == g.stock_size
            assert list(v.points) == g.points
            assert (v.leader, v.dealer, v.briscola_taker) == (g.leader, g.dealer, g.briscola_taker)
            assert list(v.hand_sizes) == [len(h) for h in g.hands]
            # no card of another hand or of the face-down stock anywhere in the view
            every = []
            for f in dataclasses.fields(v):
                every += cards_in(getattr(v, f.name))
            assert set(every) <= seen_by(g, seat)
            others = {c for s in range(players) if s != seat for c in g.hands[s]} - {g.briscola}
            assert not set(every) & others
            assert not set(every) & set(g.talon[len(g.talon) - g.talon_size:])
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_legal_only_on_the_seats_turn(players):
    for g, _ in positions(players, 5):
        for seat in range(players):
            v = g.view(seat)
            if g.over or seat != g.turn:
                assert v.legal == ()
            else:
                assert list(v.legal) == g.legal_moves() == g.hands[seat]
                assert v.legal == v.hand


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_unseen_is_the_pack_minus_what_was_seen(players):
    pack = make_pack(Rules.standard(players).pack)
    for g, _ in positions(players, 10):
        for seat in range(players):
            v = g.view(seat)
            unseen = v.unseen()
            assert len(unseen) == len(set(unseen))
            assert set(unseen) == set(pack) - seen_by(g, seat)
            hidden = {c for s in range(players) if s != seat for c in g.hands[s]}
            hidden |= set(g.talon[len(g.talon) - g.talon_size:])
            assert set(unseen) == hidden - {g.briscola}
            assert g.briscola not in unseen
            assert set(unseen).isdisjoint(v.hand) and set(unseen).isdisjoint(v.played_cards())


def test_played_cards_in_order():
    g = Game.deal(Rules.standard(2), seed=3)
    order = []
    while len(g.tricks) < 4:
        c = g.hands[g.turn][0]
        order.append(c)
        g.play(c)
    c = g.hands[g.turn][0]
    order.append(c)
    g.play(c)
    assert g.view(0).played_cards() == order == g.view(1).played_cards()


def test_partners():
    assert Rules.standard(4) and Game.deal(Rules.standard(4), seed=1).view(1).partners == (3,)
    assert Game.deal(Rules.standard(6), seed=1).view(2).partners == (0, 4)
    assert Game.deal(Rules.standard(2), seed=1).view(0).partners == ()
    assert Game.deal(Rules.standard(3), seed=1).view(2).partners == ()


def test_view_is_a_frozen_snapshot():
    g = Game.deal(Rules.standard(2), seed=5)
    v = g.view(g.turn)
    before = dataclasses.asdict(v)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.hand = ()  # type: ignore[misc]
    for _ in range(6):
        g.play(g.hands[g.turn][0])
    assert dataclasses.asdict(v) == before


def test_briscola_taker_and_stock_after_the_draw():
    g = Game.deal(Rules.standard(2), seed=5)
    while not g.briscola_drawn:
        assert all(g.view(s).briscola_taker is None for s in range(2))
        g.play(g.hands[g.turn][0])
    v = g.view(0)
    assert v.briscola_taker == g.briscola_taker and v.stock_size == 0 and v.talon_size == 0
    assert g.briscola in g.hands[v.briscola_taker]


# -- privacy: agents decide the same whatever the hidden cards are ---------------------

def permuted_game(g: Game, moves: list[Card], seat: int, rng: random.Random) -> Game:
    """The same deal with every card ``seat`` has not seen by now shuffled among the
    places that hold such cards (other hands, the stock), replayed to the same point."""
    seen = seen_by(g, seat)
    hands = [list(h) for h in g.initial_hands]
    talon = list(g.talon)
    slots = [(h, i) for h in hands for i, c in enumerate(h) if c not in seen]
    slots += [(talon, i) for i, c in enumerate(talon) if c not in seen]
    hidden = [where[i] for where, i in slots]
    rng.shuffle(hidden)
    for (where, i), c in zip(slots, hidden):
        where[i] = c
    p = Game(g.rules, hands, g.briscola, talon, dealer=g.dealer, seed=g.seed)
    for c in moves:
        p.play(c)
    return p


AGENTS = {
    "medium": lambda: HeuristicAgent(seed=1234),
    "random": lambda: RandomAgent(seed=1234),
}


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_agents_cannot_see_hidden_cards(players):
    rng = random.Random(players)
    decisions = changed = 0
    for g, moves in positions(players, 12, seed0=100):
        if g.over:
            continue
        seat = g.turn
        view = g.view(seat)
        for _ in range(2):
            p = permuted_game(g, moves, seat, rng)
            assert p.turn == seat
            assert p.hands[seat] == g.hands[seat]
            assert p.briscola_taker == g.briscola_taker
            if g.briscola_taker is not None:  # the drawn briscola stays with its taker
                taker = g.briscola_taker
                assert (g.briscola in p.hands[taker]) == (g.briscola in g.hands[taker])
            changed += any(p.hands[s] != g.hands[s] for s in range(players) if s != seat)
            assert p.view(seat) == view  # everything the seat may know is the same
            for name, make in AGENTS.items():
                assert make().choose(p.view(seat)) == make().choose(view), (name, g.seed, len(moves))
            decisions += 1
    assert decisions > 50
    # the test is not vacuous: the hidden cards really moved in most positions
    assert changed > 0.75 * decisions


def test_permutation_would_expose_a_peeking_agent():
    """An agent reading another hand through the game decides differently after the
    permutation: the check above has teeth."""
    rng = random.Random(0)
    differ = 0
    for g, moves in positions(2, 5):
        if g.over:
            continue
        seat = g.turn
        p = permuted_game(g, moves, seat, rng)
        if not g.hands[1 - seat]:
            continue
        other = 1 - seat
        differ += min(p.hands[other]) != min(g.hands[other])  # a cheat, for the test
    assert differ > 20


def test_redealt_cards_are_public_and_guessed_where_they_lie():
    """Redeal: a turned ace or three put back lies under the stock, seen by all; the view
    says which, and who drew each (the order of draws is public), the guesses of the
    hidden cards (sim.Hidden) put those still in the stock in their places, and one drawn by
    another seat is known to be in its hand until played."""
    from briscola.agents import make_agent
    from briscola.agents.sim import Hidden

    rules = Rules.preset("standard", 2, redeal_ace_three=True)
    rng = random.Random(5)
    deals = checked = drawn = 0
    for seed in range(120):
        g = Game.deal(rules, seed=seed)
        if not g.redeals:
            continue
        deals += 1
        agents = [make_agent("medium", seed=s) for s in range(2)]
        while not g.over:
            seat = g.turn
            v = g.view(seat)
            assert [c for _, c in v.redeals] == list(g.redeals)
            left = g.talon[len(g.talon) - g.talon_size:]
            for drawer, card in v.redeals:
                if drawer is None:
                    assert card in left
                else:
                    drawn += 1
                    assert card not in left and (card in g.hands[drawer] or card in v.played_cards())
                    if drawer != seat and card in g.hands[drawer]:
                        assert card in v.known_cards()[drawer]
                assert card not in v.unseen()
            hidden = Hidden(v)
            others, stock = hidden.sample(rng)
            truth = ([int(g.briscola)] if v.briscola_pending else []) + [int(c) for c in reversed(left)]
            assert len(stock) == len(truth)
            fixed = len(v.under()) + v.briscola_pending
            assert stock[:fixed] == truth[:fixed]
            assert sorted(others[1 - seat] + stock) == sorted(int(c) for c in g.hands[1 - seat] + left
                                                              + ([g.briscola] if v.briscola_pending else []))
            checked += 1
            g.apply(agents[seat].choose(v))
    assert deals >= 10 and checked >= 200 and drawn > 0
