"""The computer players in Briscola chiamata (five players): every level bids, calls and
plays legal actions; the partner and the believed sides; the searching levels decide from
the view alone (hidden cards permuted over the other four hands change nothing, the
auction and the call included); other games are played as before."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema
import pytest

from briscola.agents import make_agent
from briscola.agents.chiamata import partner_weights
from briscola.agents.easy import EasyAgent
from briscola.agents.expert import ExpertAgent
from briscola.agents.five import LEVELS, believed_view, five, sample_world, view_key
from briscola.agents.hard import HardAgent
from briscola.agents.heuristic import HeuristicAgent
from briscola.cards import ALL_CARDS
from briscola.drive import run_deal
from briscola.game import Game
from briscola.model import BID, PASS, Action
from briscola.record import from_record, to_record
from briscola.rules import AUCTIONS, Rules

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs" / "briscola-record-2.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
LEVEL_NAMES = ["random", "easy", "medium", "hard", "expert"]


def rules(auction: str = "ranks") -> Rules:
    return Rules.preset("chiamata", 5, auction=auction)


def make(level: str, seed: int):
    agent = make_agent(level, seed=seed)
    if hasattr(agent, "iterations"):
        agent.iterations = 12  # small, deterministic budget
    return agent


def check_deal(game: Game) -> None:
    out = game.outcome()
    assert sum(out.game_points) == 0
    rec = to_record(game)
    assert not list(VALIDATOR.iter_errors(rec))
    assert to_record(from_record(json.loads(json.dumps(rec)))) == rec
    if not game.thrown_in:
        assert game.partner is not None and game.called in game.initial_hands[game.partner]
        assert sum(game.points) == 120


@pytest.mark.parametrize("auction", AUCTIONS)
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_plays_whole_deals(level, auction):
    deals = 2 if level in ("hard", "expert") else 6
    for d in range(deals):
        agents = [make(level, seed=d * 10 + s) for s in range(5)]
        check_deal(run_deal(rules(auction), 300 + d, d % 5, agents))


def test_mixed_table_records_validate_replay_and_add_up():
    """200 deals of the cheap levels over the three auctions (the 2000-deal selfplay run is
    documented in docs/strength.md)."""
    made = taken = 0
    for d in range(200):
        auction = AUCTIONS[d % 3]
        agents = [make(["medium", "easy", "random", "medium", "easy"][(s + d) % 5], seed=d * 7 + s) for s in range(5)]
        g = run_deal(rules(auction), d, d % 5, agents)
        check_deal(g)
        if not g.thrown_in:
            taken += 1
            made += g.outcome().winner == 0
    assert taken > 150 and 0 < made < taken


def test_other_games_are_played_by_the_level_s_own_class():
    for level, cls in (("easy", EasyAgent), ("medium", HeuristicAgent), ("hard", HardAgent),
                       ("expert", ExpertAgent)):
        assert isinstance(make_agent(level, seed=1), cls)
    g = Game.deal(Rules.standard(2), seed=5)
    view = g.view(g.turn)
    assert make_agent("hard", seed=3).choose(view) == HardAgent(seed=3).choose(view)
    assert make_agent("medium", seed=3).choose(view) == HeuristicAgent(seed=3).choose(view)
    assert not five(view)


def auction_over(seed: int, auction: str = "ranks") -> Game:
    """A deal past the call: seat 1 bids the ace, the others pass, seat 1 calls an ace it
    does not hold."""
    g = Game.deal(rules(auction), seed=seed, dealer=0)
    g.apply(Action.bid(1 if auction != "points" else 61))
    for _ in range(4):
        g.apply(Action.pass_())
    caller = g.turn
    g.apply(next(a for a in g.legal_actions() if a.card not in g.hands[caller]))
    return g


def test_the_partner_knows_its_side_and_the_others_believe():
    g = auction_over(11)
    assert g.partner != g.caller
    partner = g.view(g.partner)
    assert partner.same_side(g.caller) and believed_view(partner) is partner
    for seat in range(5):
        if seat in (g.caller, g.partner):
            continue
        v = believed_view(g.view(seat))
        assert not v.same_side(g.caller)  # the caller is always the other side
        assert all(v.same_side(s) for s in range(5) if s != g.caller)  # nothing told yet: all with me
    caller = believed_view(g.view(g.caller))
    assert [s for s in range(5) if caller.same_side(s)] == [g.caller]  # nobody likely enough yet


def test_a_seat_likely_the_partner_is_believed_on_the_caller_s_side():
    """Over random play: whenever a seat looks more likely than not the partner (it loaded
    the caller's tricks), the believed view puts it with the caller, for the caller and
    for the defenders alike."""
    seen = 0
    for seed in range(40):
        g = auction_over(seed)
        rng = random.Random(seed)
        while not g.over and not g.partner_shown:
            for seat in range(5):
                view = g.view(seat)
                if view.partner is not None:
                    continue
                w = partner_weights(view)
                total = sum(w.values())
                likely = [s for s, x in w.items() if x / total > 0.5]
                believed = believed_view(view)
                for s in likely:
                    seen += 1
                    assert believed.same_side(s) == (seat == g.caller)
                assert not believed.same_side(g.caller) or seat == g.caller
            g.apply(rng.choice(g.legal_actions()))
    assert seen > 20


def test_sampled_worlds_deal_the_called_card_by_the_belief():
    g = auction_over(12)
    seat = next(s for s in range(5) if s not in (g.caller, g.partner))
    view = g.view(seat)
    rng = random.Random(1)
    holders = set()
    for _ in range(60):
        hands, holder = sample_world(view, rng, {s: 1.0 for s in range(5) if s not in (seat, g.caller)})
        assert [len(h) for h in hands] == list(view.hand_sizes)
        assert sorted(c for h in hands for c in h) == list(range(40))
        assert view.called in hands[holder]
        holders.add(holder)
    assert holders == {s for s in range(5) if s not in (seat, g.caller)}


# -- fairness ------------------------------------------------------------------------------

def positions(count: int, auction: str):
    """Deals stopped at random points, in turn in the auction, at the call, and in the play."""
    rng = random.Random(AUCTIONS.index(auction))
    for i in range(count):
        g = Game.deal(rules(auction), seed=5000 + i, dealer=i % 5)
        phase = ("auction", "call", "play")[i % 3]
        stop = rng.randrange(6) if phase == "auction" else 200 if phase == "call" else rng.randrange(38)
        played = 0
        while not g.over and g.phase != "call" and (phase != "auction" or played < stop):
            actions = g.legal_actions()
            keen = rng.random() < 0.45
            g.apply(actions[0] if keen and len(actions) > 1 else rng.choice(actions))
            played += 1
        if phase == "play" and g.phase == "call":
            g.apply(rng.choice(g.legal_actions()))
            for _ in range(stop):
                if g.over:
                    break
                g.apply(rng.choice(g.legal_actions()))
        if not g.over and g.phase == phase and len(g.legal_actions()) > 1:
            yield g


def permuted_twin(g: Game, seat: int, rng: random.Random) -> Game:
    """The deal with every card ``seat`` has not seen moved to another place among the
    other four hands, replayed: the holder of the called card moves with it."""
    hidden = sorted(g.view(seat).unseen())
    shuffled = list(hidden)
    while len(hidden) > 1 and shuffled == hidden:
        rng.shuffle(shuffled)
    swap = dict(zip(hidden, shuffled))
    hands = [[swap.get(c, c) for c in h] for h in g.initial_hands]
    twin = Game(g.rules, hands, None, [], dealer=g.dealer, seed=g.seed)
    for _, action in g.actions:
        twin.apply(action)
    return twin


@pytest.mark.parametrize("auction", AUCTIONS)
@pytest.mark.parametrize("level", ["hard", "expert"])
def test_hidden_cards_do_not_change_the_choice(level, auction):
    rng = random.Random(7)
    checked = {"auction": 0, "call": 0, "play": 0}
    for g in positions(45, auction):
        seat = g.turn
        view = g.view(seat)
        twin = permuted_twin(g, seat, rng)
        assert twin.view(seat) == view  # the seat cannot tell the two deals apart
        assert twin.initial_hands != g.initial_hands
        for agent_seed in (1, 2):
            assert make(level, agent_seed).choose(view) == make(level, agent_seed).choose(twin.view(seat))
        checked[view.phase] += 1
    assert min(checked.values()) >= 5, checked


def test_view_key_is_the_view_s():
    g = auction_over(13)
    v = g.view(g.turn)
    assert view_key(v) == view_key(g.copy().view(g.turn))
    g.apply(g.legal_actions()[0])
    assert view_key(g.view(g.turn)) != view_key(v)


def test_levels_bid_and_pass_by_the_hand():
    """A hand of the five best coins, two aces and a three bids; a hand without points passes."""
    strong = [0, 2, 9, 8, 7, 10, 12, 20]  # 1D 3D 10D 9D 8D, 1C 3C, 1S
    pack = [c for c in range(40) if c not in strong]
    weak = [c for c in pack if ALL_CARDS[c].rank in (4, 5, 6)][:8]
    rest = [c for c in pack if c not in weak]
    hands = [strong, weak, rest[:8], rest[8:16], rest[16:24]]
    for seat_hand, kind in ((0, BID), (1, PASS)):
        order = [hands[(seat_hand + k) % 5] for k in range(5)]
        g = Game(rules(), [order[(s - 1) % 5] for s in range(5)], None, [], dealer=0)
        assert g.turn == 1
        view = g.view(1)
        assert list(view.hand) == [ALL_CARDS[c] for c in hands[seat_hand]]
        for level in ("medium", "hard", "expert"):
            assert make(level, 1).choose(view).kind == kind, (level, kind)
    assert LEVELS["hard"].margin == LEVELS["expert"].margin
