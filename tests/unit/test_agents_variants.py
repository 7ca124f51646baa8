"""Every computer level plays every variant: legally, taking the actions beside playing a
card as documented, with the medium rule written once in three forms that agree, the
hidden cards guessed as the variant hides them, and the exact solver playing where
nothing (or almost nothing) is hidden."""

from __future__ import annotations

import math
import random

import pytest

from briscola.agents import make_agent, think
from briscola.agents.endgame import nothing_hidden, solve
from briscola.agents.infer import PlayModel, choice_set, play_probability
from briscola.agents.sim import Hidden, Tables, full_hands, playout, policy
from briscola.cards import make_pack
from briscola.game import Game
from briscola.model import PLAY, Action
from briscola.rules import PRESETS, Rules, UnsupportedRuleError

LEVELS = ["random", "easy", "medium", "hard", "expert"]
THINKING = ["easy", "medium", "hard", "expert"]
"""The levels that decide (random picks uniformly among every legal action)."""

VARIANTS = [
    ("standard", {}), ("piemonte", {}), ("sud", {}), ("briscolone", {}), ("briscolone", {"hand_size": 5}),
    ("briscolone", {"must_follow": True}), ("briscolone", {"trump": "first"}), ("scoperta", {}), ("dupla", {}),
    ("bisca", {}), ("standard", {"trump_exchange": 7}), ("standard", {"redeal_ace_three": True}),
    ("standard", {"mano_negra": True}), ("standard", {"must_follow": True}),
]
"""Every preset, and every option on top of one."""

SEARCH_PRESETS = set(PRESETS) - {"chiamata"}  # Chiamata has its own auction and players


def rules_for(name: str, options: dict, players: int) -> Rules | None:
    try:
        return Rules.preset(name, players, **options)
    except UnsupportedRuleError:
        return None


def small(level: str, seed: int):
    agent = make_agent(level, seed=seed)
    if hasattr(agent, "iterations"):
        agent.iterations = 8
    return agent


def label(variant) -> str:
    name, options = variant
    return name + "".join(f"-{k}={v}" for k, v in options.items())


def test_the_variants_cover_every_preset():
    assert {name for name, _ in VARIANTS} >= SEARCH_PRESETS


def decided(choice) -> Action:
    """What an agent chose as an action (a bare card is a play)."""
    return choice if type(choice) is Action else Action(PLAY, choice)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("variant", VARIANTS, ids=label)
def test_every_level_plays_every_variant_legally(variant, players):
    rules = rules_for(*variant, players)
    if rules is None:
        pytest.skip("not played by this many")
    for deal, level in enumerate(LEVELS):
        g = Game.deal(rules, seed=100 + deal, dealer=deal)
        agents = [small(level, seat) for seat in range(players)]
        while not g.over:
            view = g.view(g.turn)
            choice = agents[g.turn].choose(view)
            assert decided(choice) in view.legal_actions, (level, choice)
            if decided(choice).kind == PLAY:
                assert type(choice) is not Action  # a play comes back as the bare card
            g.apply(choice)
        assert sum(g.points) == 120 or g.early_win is not None


def mano_negra_deal() -> Game:
    """Two players, Coppe trump: seat 1 leads holding king, three and ace of Coppe."""
    pack = make_pack(40)
    hands = [[20, 21, 22], [10, 12, 19]]  # 1S 2S 3S; 1C 3C 10C
    briscola = 14  # 5C
    talon = [c for c in pack if c not in hands[0] + hands[1] + [briscola]]
    return Game(Rules.preset("standard", 2, mano_negra=True), hands, briscola, talon)


@pytest.mark.parametrize("level", THINKING)
def test_every_level_shows_mano_negra(level):
    g = mano_negra_deal()
    view = g.view(g.turn)
    assert Action.show() in view.legal_actions
    assert small(level, 1).choose(view) == Action.show()
    steps = think(small(level, 1), view)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            assert done.value == Action.show()
            break


def exchange_deal(rank: int, turned: int) -> Game:
    """Two players, Coppe trump (the turned card ``turned``): seat 1 leads holding the
    ``rank`` of Coppe."""
    mine = 10 + rank - 1
    hands = [[20, 21, 22], [mine, 30, 31]]
    talon = [c for c in make_pack(40) if c not in hands[0] + hands[1] + [turned]]
    return Game(Rules.preset("standard", 2, trump_exchange=rank), hands, turned, talon)


@pytest.mark.parametrize("level", THINKING)
@pytest.mark.parametrize("rank,turned,taken", [(2, 14, True), (2, 10, True), (7, 10, True), (7, 12, True),
                                               (7, 14, False), (7, 11, False)])
def test_every_level_exchanges_for_a_stronger_trump(level, rank, turned, taken):
    g = exchange_deal(rank, turned)
    view = g.view(g.turn)
    offer = Action.exchange(10 + rank - 1)
    # the 7 is given only for a higher turned card: the engine offers no other exchange
    assert (offer in view.legal_actions) == taken
    choice = small(level, 1).choose(view)
    assert (choice == offer) == taken
    if taken:  # the turn goes on: the seat now plays a card
        g.apply(choice)
        after = g.view(g.turn)
        assert after.seat == view.seat and offer not in after.legal_actions
        assert small(level, 1).choose(after) in after.legal


def test_random_picks_among_every_legal_action():
    g = exchange_deal(2, 10)
    view = g.view(g.turn)
    seen = {decided(make_agent("random", seed=s).choose(view)) for s in range(60)}
    assert seen == set(view.legal_actions)


# -- one medium rule in three forms -----------------------------------------------------

def positions(rules: Rules, count: int, seed: int):
    """Positions of random play with a choice of card for the seat to move."""
    rng = random.Random(seed)
    for i in range(count):
        g = Game.deal(rules, seed=seed * 1000 + i, dealer=i % rules.players)
        stop = rng.randrange(g._tricks_total * g._trick_len)
        for _ in range(stop):
            if g.over:
                break
            g.apply(rng.choice([a for a in g.legal_actions() if a.kind == PLAY]))
        if not g.over and len(g.legal_moves()) > 1:
            yield g


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variant", VARIANTS, ids=label)
def test_medium_playout_policy_and_inference_make_the_same_choices(variant, players):
    """The medium level on views (:mod:`heuristic`), the playout policy on plain ints
    (``sim.policy``) and the inference model's choice set (``infer.choice_set``) are one
    rule: the policy plays a card of the set, the medium level plays every card of the
    set over its tie-breaks, and nothing else."""
    rules = rules_for(*variant, players)
    if rules is None:
        pytest.skip("not played by this many")
    checked = 0
    for g in positions(rules, 40, players):
        seat = g.turn
        view = g.view(seat)
        t = Tables.of(view)
        hand = [int(c) for c in view.hand]
        trick = [(s, int(c)) for s, c in view.trick]
        choices = choice_set(hand, trick, seat, t)
        assert set(choices) <= {int(c) for c in view.legal}
        assert policy(hand, trick, seat, t) in choices
        medium = {int(make_agent("medium", seed=s).card(view)) for s in range(12)}
        assert medium == set(choices), (str(view.trick), [str(c) for c in view.hand])
        checked += 1
    assert checked >= 20


def test_the_first_card_that_fixes_trump_is_one_rule_too():
    rules = Rules.preset("briscolone", 2, trump="first")
    for seed in range(30):
        view = Game.deal(rules, seed=seed).view(1)
        assert view.trump is None and not view.trick
        t = Tables.of(view)
        assert t.pending
        hand = [int(c) for c in view.hand]
        choices = choice_set(hand, [], 1, t)
        assert policy(hand, [], 1, t) in choices
        assert {int(make_agent("medium", seed=s).card(view)) for s in range(12)} == set(choices)


def test_a_play_that_breaks_the_follow_rule_has_no_probability():
    t = Tables("standard", None, 2, (0, 1), follow=True)
    trick = [(0, 5)]  # 6D led
    assert play_probability(12, [12, 1], trick, 1, t, 0.1) == 0.0  # 3C while holding 2D
    assert play_probability(1, [12, 1], trick, 1, t, 0.1) == 1.0  # 2D, forced
    assert 0 < play_probability(12, [12, 31], trick, 1, t, 0.1) < 1  # void: free to choose


# -- what is hidden --------------------------------------------------------------------

def played_to(rules: Rules, seed: int, plays: int) -> Game:
    rng = random.Random(seed)
    g = Game.deal(rules, seed=seed)
    for _ in range(plays):
        g.apply(rng.choice([a for a in g.legal_actions() if a.kind == PLAY]))
    return g


def stock_of(g: Game) -> list[int]:
    """The stock as it will be drawn (the turned card last)."""
    rest = [int(c) for c in g.talon[len(g.talon) - g.talon_size:]]
    return rest + ([int(g.briscola)] if not g.briscola_drawn else [])


def test_without_a_turned_card_no_briscola_is_guessed_into_the_stock():
    g = played_to(Rules.preset("briscolone", 2, hand_size=5), 3, 7)
    view = g.view(g.turn)
    hidden = Hidden(view)
    assert hidden.bottom is None and view.briscola is None
    for others, stock in (hidden.sample(random.Random(s)) for s in range(20)):
        assert len(stock) == view.stock_size == g.talon_size
        assert sorted(stock + others[1 - view.seat]) == sorted(int(c) for c in view.unseen())


def test_open_hands_hide_only_the_order_of_the_stock_after_the_shown_card():
    g = played_to(Rules.preset("scoperta", 2), 4, 9)
    view = g.view(g.turn)
    hidden = Hidden(view)
    other = 1 - view.seat
    true_stock = stock_of(g)
    for others, stock in (hidden.sample(random.Random(s)) for s in range(20)):
        assert sorted(others[other]) == sorted(int(c) for c in g.hands[other])
        drawn = stock[::-1]  # the sample is in reverse drawing order
        assert drawn[0] == int(view.next_card) == true_stock[0]
        assert drawn[-1] == true_stock[-1] == int(view.briscola)
        assert sorted(drawn) == sorted(true_stock)
    assert hidden.count_worlds() == math.factorial(view.talon_size - 1)


def test_a_card_taken_in_an_exchange_is_known_in_the_takers_hand():
    g = exchange_deal(2, 10)
    g.apply(Action.exchange(11))  # seat 1 gives the 2 of Coppe for the ace
    g.apply(30)  # and leads the ace of Bastoni
    view = g.view(0)
    hidden = Hidden(view)
    assert 10 in hidden.known[1] and 10 not in hidden.pool
    assert hidden.bottom == 11  # the 2 given is the turned card now, drawn last
    for others, stock in (hidden.sample(random.Random(s)) for s in range(10)):
        assert 10 in others[1] and stock[0] == 11


# -- the exact solver where everything is known ------------------------------------------

def late(rules: Rules, seed: int, stock_left: int) -> Game:
    rng = random.Random(seed)
    g = Game.deal(rules, seed=seed)
    while g.stock_size > stock_left or (g.stock_size == stock_left and rng.random() < 0.5 and not g.trick):
        g.apply(rng.choice(g.legal_moves()))
        if g.over:
            break
    return g


def true_values(g: Game) -> dict[int, int]:
    r = g.rules
    return solve(g.hands, g.trick, g.turn, g.trump, stock=stock_of(g), ranking=r.ranking, team_of=r.team_of,
                 per=r.cards_per_trick, follow=r.must_follow)


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize("variant,stock_left", [
    (("scoperta", {}), 2), (("scoperta", {}), 0), (("dupla", {}), 0), (("briscolone", {"hand_size": 5}), 0),
    (("briscolone", {"must_follow": True}), 0), (("standard", {"must_follow": True}), 0),
], ids=lambda v: label(v) if isinstance(v, tuple) else str(v))
def test_the_exact_solver_plays_where_everything_is_known(level, variant, stock_left):
    rules = rules_for(*variant, 2)
    checked = 0
    for seed in range(12):
        g = late(rules, seed, stock_left)
        if g.over or len(g.legal_moves()) < 2:
            continue
        view = g.view(g.turn)
        assert nothing_hidden(view)
        values = true_values(g)
        card = small(level, seed).choose(view)
        assert values[int(card)] == max(values.values()), (seed, str(card), values)
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("variant", [("dupla", {}), ("briscolone", {"must_follow": True}),
                                     ("briscolone", {"trump": "first"}), ("scoperta", {})], ids=label)
def test_playouts_follow_the_rules_of_the_variant(variant):
    """A playout from a guess deals out the whole deal: every card once, every play one
    the rules allow (checked by replaying the policy's choices on the engine)."""
    rules = rules_for(*variant, 2)
    for seed in range(10):
        g = played_to(rules, seed, 5)
        view = g.view(g.turn)
        t = Tables.of(view)
        if t.pending:
            continue
        # The true layout as a guess: the playout must end where the engine ends.
        others = {s: [int(c) for c in h] for s, h in enumerate(g.hands) if s != view.seat}
        hands = full_hands(view, others)
        twin = g.copy()
        points = playout([list(h) for h in hands], stock_of(g)[::-1], [(s, int(c)) for s, c in g.trick], g.turn,
                         list(g.points), t)
        while not twin.over:
            seat = twin.turn
            c = policy([int(x) for x in twin.hands[seat]], [(s, int(x)) for s, x in twin.trick], seat, t)
            twin.play(c)  # raises if the policy broke a rule
        assert points == twin.points


@pytest.mark.parametrize("variant", [("briscolone", {"must_follow": True}), ("standard", {"must_follow": True})],
                         ids=label)
def test_two_player_playouts_count_the_cards_they_play(variant):
    """Following suit, a two-player playout plays each card as the medium policy does
    with the tables of the real view at that moment, which count every finished trick
    (the playout's own tricks included), then solves the last tricks exactly; checked
    against the engine played that way from the true layout, the trick in progress
    completed by the searching seat's card."""
    from briscola.agents.sim import playout2, solve_open

    rules = rules_for(*variant, 2)
    differs = 0
    for seed in range(40):
        g = played_to(rules, seed, 3 + seed % 9)
        view = g.view(g.turn)
        t = Tables.of(view)
        hands = full_hands(view, {1 - view.seat: [int(c) for c in g.hands[1 - view.seat]]})
        points = playout2([list(h) for h in hands], stock_of(g)[::-1], [(s, int(c)) for s, c in g.trick],
                          g.turn, list(g.points), t)
        assert t.gone == Tables.of(view).gone  # the decision's tables are left as they were
        twin = g.copy()
        while twin.stock_size or twin.trick or len(twin.hands[twin.turn]) > 3:
            seat = twin.turn
            hand = [int(x) for x in twin.hands[seat]]
            trick = [(s, int(x)) for s, x in twin.trick]
            c = policy(hand, trick, seat, Tables.of(twin.view(seat)))
            differs += c != policy(hand, trick, seat, t)
            twin.play(c)
        lead = twin.turn
        got = solve_open([int(c) for c in twin.hands[lead]], [int(c) for c in twin.hands[1 - lead]], t)
        expected = list(twin.points)
        expected[lead] += got
        expected[1 - lead] += sum(t.pts[int(c)] for h in twin.hands for c in h) - got
        assert points == expected, seed
    assert differs  # the counting changes some choices: the check can fail


def test_inference_keeps_the_true_hands_possible_under_the_follow_rule():
    rules = Rules.preset("briscolone", 2, must_follow=True)
    for seed in range(8):
        g = played_to(rules, seed, 14)
        view = g.view(g.turn)
        model = PlayModel(view, Tables.of(view))
        truth = {s: [int(c) for c in h] for s, h in enumerate(g.hands) if s != view.seat}
        rng = random.Random(seed)
        assert any(model.weight(truth, rng) > 0 for _ in range(40))
