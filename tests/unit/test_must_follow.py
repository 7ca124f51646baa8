"""The computer players when the others must follow suit: they count the cards.

A follower that holds the suit led must play it, so a card that no card still out of its
suit beats (it *tops* its suit) wins the trick it leads (with no trump), and the follower
gives up one of its cards of that suit. Medium leads such cards first and, taking a trick
by following suit, keeps them and spends a card that could still be beaten later.
"""

from __future__ import annotations

import dataclasses

from briscola.agents import make_agent
from briscola.agents.hard import void_draws
from briscola.agents.infer import choice_set
from briscola.agents.sim import Tables, policy
from briscola.agents.tactics import follow_lead_key, out_cards, top_of_suit
from briscola.cards import STRENGTH, parse_cards
from briscola.game import Game
from briscola.model import PublicTrick
from briscola.rules import Rules
from briscola.view import PlayerView


def position(hand: str, tricks: list[tuple[str, int]], trick: str = "") -> PlayerView:
    """Seat 1's view in Briscolone with must-follow: ``hand``, the finished ``tricks``
    (cards led by seat 1 then answered by seat 0, and who won), ``trick`` led by seat 0."""
    rules = Rules.preset("briscolone", 2, must_follow=True)
    view = Game.deal(rules, seed=1).view(1)
    cards = tuple(parse_cards(hand))
    done = []
    for text, winner in tricks:
        a, b = parse_cards(text)
        done.append(PublicTrick(1, ((1, a), (0, b)), winner, 0))
    current = tuple((0, c) for c in parse_cards(trick)) if trick else ()
    legal = cards
    if current:
        led = [c for c in cards if c // 10 == current[0][1] // 10]
        legal = tuple(led) or cards
    return dataclasses.replace(view, hand=cards, legal=legal, tricks=tuple(done), trick=current,
                               talon_size=view.talon_size - 2 * len(done), leader=0 if current else 1)


def test_medium_leads_the_card_that_tops_its_suit():
    # The ace and the three of Bastoni are gone: the king of Bastoni tops its suit. The
    # three of Coppe is the strongest card in hand, but the ace of Coppe is still out.
    view = position("10B 3C 5S", [("1B 3B", 1)])
    out = out_cards(view)
    assert top_of_suit(parse_cards("10B")[0], out, STRENGTH)
    assert not top_of_suit(parse_cards("3C")[0], out, STRENGTH)
    before = min(view.hand, key=lambda c: follow_lead_key(c, None, STRENGTH))
    assert str(before) == "3C"  # the old rule: the strongest card
    assert {str(make_agent("medium", seed=s).card(view)) for s in range(6)} == {"10B"}
    # The playout policy and the play model are the same rule on the same count.
    t = Tables.of(view)
    hand = [int(c) for c in view.hand]
    assert policy(hand, [], 1, t) == parse_cards("10B")[0]
    assert choice_set(hand, [], 1, t) == [parse_cards("10B")[0]]


def test_medium_keeps_the_top_of_the_suit_when_it_takes_a_trick():
    # Seat 0 leads the 5 of Denari; seat 1 holds the ace and the king of Denari, with the
    # three of Denari still out. The ace tops Denari and will take a trick whenever it is
    # played; the king could fall to the three later: take this trick with the king.
    view = position("1D 10D 4S", [], trick="5D")
    assert [str(c) for c in view.legal] == ["1D", "10D"]
    assert {str(make_agent("medium", seed=s).card(view)) for s in range(6)} == {"10D"}
    t = Tables.of(view)
    hand = [int(c) for c in view.hand]
    trick = [(0, int(c)) for _, c in view.trick]
    assert policy(hand, trick, 1, t) == parse_cards("10D")[0]
    # Once the three of Denari is gone, both take the trick and stay on top: the ace's
    # points are banked now (the usual rule).
    view = position("1D 10D 4S", [("3D 2D", 1)], trick="5D")
    assert {str(make_agent("medium", seed=s).card(view)) for s in range(6)} == {"1D"}


def test_the_counting_rules_lead_into_a_shown_void():
    # Seat 1 led the 5 of Coppe and seat 0 answered with the 2 of Spade: it had no Coppe
    # then, and has drawn one card since. The horse of Coppe (3 points) is now beaten only
    # if that one card is a stronger Coppe; the king of Spade, medium's lead (the strongest
    # card), falls to the ace or the three of Spade in any of the three cards of seat 0.
    # The counting rules (hard-2026; hard's model of leads reads their card) and hard lead
    # the horse.
    view = position("10S 9C 4B", [("5C 2S", 1)])
    assert void_draws(view) == {1: 1}  # Coppe, one draw since
    assert {str(make_agent("medium", seed=s).card(view)) for s in range(6)} == {"10S"}
    assert {str(make_agent("hard-2026", seed=s).card(view)) for s in range(6)} == {"9C"}
    assert {str(make_agent("hard", seed=s).card(view)) for s in range(6)} == {"9C"}
    # Had it followed suit, nothing is known: the counting rules lead the king too (the
    # horse of Coppe has three stronger cards out to the king's two).
    view = position("10S 9C 4B", [("5C 6C", 1)])
    assert void_draws(view) == {}
    assert {str(make_agent("hard-2026", seed=s).card(view)) for s in range(6)} == {"10S"}
