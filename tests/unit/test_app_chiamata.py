"""Briscola chiamata in the page's logic (issue 10), without a browser: Settings offer it
with its auctions and matches; the auction, the call and the play through the controller;
what the table shows each seat (the partner only to its holder until the called card is
played); a thrown-in deal dealt again; resuming mid-auction; the contracts and game points
counted once under ``briscola.five``, refused when hostile."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace
from dataclasses import replace

import pytest

from briscola.cards import IllegalMoveError
from briscola.i18n import Translator
from briscola.model import BID, CALL, PASS, Action
from briscola_app import render
from briscola_app.controller import App
from briscola_app.models import HUMAN, ActionModel
from briscola_app.settings import Settings, formats_offered, normalize, players_offered, validate_settings
from briscola_app.stats import FiveStats, validate_five_stats
from briscola_app.storage import PREFIX, BadData, DictBackend
from briscola.record import to_record
from tests.unit.test_app import reload
from tests.unit.test_app_variants import make_app


def chiamata_app(backend=None, start: int = 1000, **settings) -> App:
    return make_app(backend, start=start, variant="chiamata", **{"players": 5, **settings})


def test_settings_offer_chiamata_for_five_with_its_auctions_and_matches():
    s = normalize(Settings(variant="chiamata"), Settings())
    assert s.players == 5 and s.match == "single"
    assert players_offered("chiamata") == (5,)
    assert 5 not in players_offered("standard")
    assert formats_offered(5) == ("single", "game-points-10", "game-points-15", "game-points-20", "deals-5",
                                  "deals-10")
    assert validate_settings({**s.to_dict(), "auction": "points"}).rules.auction == "points"
    with pytest.raises(BadData):
        validate_settings({**s.to_dict(), "auction": "cards"})
    with pytest.raises(BadData):  # five players play only Briscola chiamata
        validate_settings({**s.to_dict(), "variant": "standard"})
    back = normalize(Settings(**{**s.to_dict(), "variant": "standard", "match": "game-points-10"}), s)
    assert back.players == 2 and back.match == "game-points-11"  # a match in game points still
    back = normalize(Settings(**{**s.to_dict(), "variant": "standard", "match": "deals-5"}), s)
    assert back.players == 2 and back.match == "single"
    app = chiamata_app()
    form = {f.name: f for f in app.settings_form().fields}
    assert not form["auction"].hidden and form["hand_size"].hidden and form["exchange"].hidden
    html = render.settings_html(app.settings_form())
    assert 'name="auction" value="ranks-points"' in html and 'name="players" value="5" checked' in html


def drive(app: App, person, until=lambda app: app.game.over and app.held is None) -> None:
    """Play the deal to its end (or until ``until(app)``): ``person(app)`` acts for the
    person, the level for the others (as the page does, through settle_choice)."""
    for _ in range(400):
        if until(app):
            return
        step(app, person)
    raise AssertionError("the deal does not end")


def step(app: App, person) -> None:
    """One move, as the page takes it: a trick taken, the person's, or a computer's."""
    if app.held is not None:
        app.release_trick()
    elif app.human_to_move:
        person(app)
    else:
        app.play_computer_choice(app.computer_agent().choose(app.current_view()))


def pass_or_first(app: App) -> None:
    g = app.game
    if g.phase == "auction":
        app.pass_human()
    elif g.phase == "call":
        app.call_human(g.legal_actions()[0].card)
    else:
        assert app.click_card([c for c in app.model().hand if c.enabled][0].card)


def test_a_deal_is_played_through_the_controller_and_counted_once():
    backend = DictBackend()
    for start in range(1000, 1400, 40):
        app = chiamata_app(backend, start=start)
        drive(app, pass_or_first)
        g = app.game
        data = json.loads(backend.get(PREFIX + "five") or "null")
        if g.thrown_in:
            m = app.model()
            assert m.summary is not None and m.summary.headline.startswith("Everybody passed")
            assert m.summary.go.action == "next"  # dealt again
            continue
        gains = g.outcome().game_points
        assert sum(gains) == 0
        # the contract (a label, no full stop) and the game points: a line each, not run together
        contract, points = app.model().summary.note.split("\n")
        assert "called the" in contract and points.startswith("Game points: ") and points.endswith(".")
        # each name kept on a line with its score (a no-break space between them)
        for s in range(g.n):
            assert f"{app.seat_name(s)}\u00a0{app.signed(gains[s])}" in points
        five = validate_five_stats(data["data"])
        assert app.deal_id in five.counted
        before = five.to_dict()
        app._finish_deal()  # seen again (another tab, a reload): not counted twice
        assert json.loads(backend.get(PREFIX + "five"))["data"] == before


def test_persian_game_points_line_isolates_each_name_and_uses_the_persian_comma():
    """Latin names in a right-to-left list ran it left to right, with Latin commas: each
    "name ±points" is isolated, and the entries are joined the language's way."""
    for start in range(1000, 1400, 40):
        app = chiamata_app(start=start, lang="fa")
        drive(app, pass_or_first)
        if not app.game.thrown_in:
            break
    points = app.model().summary.note.split("\n")[1]
    entries = re.findall("\u2067([^\u2067\u2069]*)\u2069", points)
    assert len(entries) == 5 and "، ".join(f"\u2067{e}\u2069" for e in entries) in points
    assert ", " not in points


def bid_then_call_own(app: App) -> None:
    """The person bids, then calls a card of their own."""
    g = app.game
    bids = [a for a in g.legal_actions() if a.kind == BID]
    if g.phase == "auction" and bids:
        app.bid_human(bids[0].value)
    elif g.phase == "call":
        cards = [a.card for a in g.legal_actions()]
        app.call_human(next((c for c in cards if c in g.hands[HUMAN]), cards[0]))
    else:
        pass_or_first(app)


def the_person_alone(until) -> App:
    """A deal in which the person called a card of their own, played until ``until(app)``."""
    for start in range(1000, 1100):
        app = chiamata_app(start=start)
        drive(app, bid_then_call_own, until=lambda app: until(app) or app.game.phase == "play")
        if app.game.caller == app.game.partner == HUMAN:
            drive(app, bid_then_call_own, until=until)
            return app
    raise AssertionError("the person never called a card of their own")


def test_the_summary_says_why_game_points_are_larger_than_two_and_one():
    """A caller who holds the called card plays alone for 4 game points, and a side that
    takes all 120 points doubles them (cappotto): the summary says which, under the game
    points; a deal with neither says nothing more (found by playing: starts 287 and 210)."""
    seen = {}
    for start in (287, 210, 1000):
        app = chiamata_app(start=start)
        drive(app, pass_or_first)
        g = app.game
        ended = g.outcome()
        lines = app.model().summary.note.split("\n")
        assert lines[1].startswith("Game points: ")
        alone = g.partner == g.caller
        cappotto = ended.side_points[ended.winner] == 120
        seen[start] = (alone, cappotto)
        said = lines[2:]
        assert (f"{app.seat_name(g.caller)} held the called card and played alone against four: the caller's"
                " game points are doubled." in said) == alone
        assert ("All 120 points to one side (cappotto): game points doubled." in said) == cappotto
        assert len(said) == alone + cappotto
        caller_gain = ended.game_points[g.caller]
        assert abs(caller_gain) == 2 * (2 if alone else 1) * (2 if cappotto else 1)
    assert seen == {287: (True, False), 210: (False, True), 1000: (False, False)}

    app = the_person_alone(lambda app: app.game.over and app.held is None)
    said = app.model().summary.note.split("\n")[2:]
    assert "You held the called card and played alone against four: the caller's game points are doubled." in said


def test_a_caller_alone_is_reminded_on_the_table_until_the_called_card_is_played():
    """Calling a card of one's own is said once, when called, and a computer's lead used to
    replace it at once: the contract under the table says it, to the caller only, until the
    card is played (then everyone knows)."""
    app = the_person_alone(lambda app: app.game.phase == "play")
    g = app.game
    alone = f"You hold the {app.card_name(g.called)} yourself: you play alone against four."
    while not g.partner_shown:
        assert app.model().contract.endswith(alone), app.model().contract
        step(app, pass_or_first)
    assert "alone" not in app.model().contract


def test_a_womans_seat_is_labelled_in_the_feminine():
    """Giulia, Sofia and Anna are "compagna", "Ruferin": a seat's label takes the
    language's feminine for a computer player with a woman's name, and only for them."""
    app = chiamata_app(lang="it")
    table = app.model()
    seats = table.opponents
    assert {s.name: s.feminine for s in seats} == {"Giulia": True, "Marco": False, "Sofia": True, "Luca": False}
    giulia = next(s for s in seats if s.name == "Giulia")
    marco = next(s for s in seats if s.name == "Marco")
    for lang, caller_f, partner_f, partner in (("it", "chiamante", "compagna del chiamante", "compagno del chiamante"),
                                               ("de", "Ruferin", "Partnerin des Rufers", "Partner des Rufers")):
        t = Translator(lang)
        giulia.role, marco.role = "caller", "partner"
        html = render.opponents_html(replace(table, opponents=[giulia, marco]), t)
        assert f'<small class="role">{caller_f}</small>' in html and f'<small class="role">{partner}</small>' in html
        giulia.role, marco.role = "partner", "caller"
        html = render.opponents_html(replace(table, opponents=[giulia, marco]), t)
        assert f'<small class="role">{partner_f}</small>' in html
    # a woman called (Sofia): her partner is "della chiamante", "der Ruferin"
    for lang, of_her, f_of_her in (("it", "compagno della chiamante", "compagna della chiamante"),
                                   ("de", "Partner der Ruferin", "Partnerin der Ruferin")):
        t = Translator(lang)
        html = render.opponents_html(replace(table, opponents=[replace(s, role="partner", caller_feminine=True)
                                                               for s in (marco, giulia)]), t)
        assert f'<small class="role">{of_her}</small>' in html and f'<small class="role">{f_of_her}</small>' in html
    app.game.caller = next(e for e in range(5) if app.seats[e] == 3)  # Sofia called
    assert all(s.caller_feminine for s in app.model().opponents)


def test_the_contract_names_a_woman_caller_in_the_feminine():
    """The contract line says "Ruferin: Giulia" (German), "Rufer: Marco"; the person
    passing, the computers bid and call."""
    seen = {}
    for start in range(1000, 1400, 7):
        app = chiamata_app(lang="de", start=start)
        drive(app, pass_or_first, until=lambda app: app.game.phase == "play" or app.game.over)
        g = app.game
        if g.caller is None or g.phase != "play":
            continue
        name = app.seat_name(g.caller)
        seen[name in ("Giulia", "Sofia", "Anna")] = (name, app.model().contract)
        if len(seen) == 2:
            break
    (woman, words_f), (man, words) = seen[True], seen[False]
    assert words_f.startswith(f"Ruferin: {woman}, gerufen: ") and words.startswith(f"Rufer: {man}, gerufen: ")


def test_a_deal_everybody_passed_keeps_the_match_bars_deal_number():
    """Five deals, the first thrown in: dealt again as "Deal 1" (it said "Deal 2", and
    "Five deals. Deal 6." at the end)."""
    app = chiamata_app(match="deals-5")
    assert app.deal_number == 1
    while not app.game.over:  # everybody passes
        app.pass_human() if app.human_to_move else app.play_computer(Action.pass_())
    assert app.game.thrown_in and app.deal_number == 1
    assert app.model().match.deal == "Deal 1"
    app.next_deal()
    assert app.deal_number == 1 and app.match.match.deals_played == 1
    drive(app, pass_or_first)
    if app.game.thrown_in:  # again: still the first
        assert app.deal_number == 1
    else:
        assert app.deal_number == 1 and app.match.match.deals_counted == 1
        app.next_deal()
        assert app.deal_number == 2


def test_a_bid_names_the_french_packs_jack_and_queen_its_own_way():
    """With the French pack a Spanish auction bids "Jota" and "Reina" (the Spanish pack's
    "Sota" and "Caballo" with the Italian one)."""
    french, italian = chiamata_app(lang="es", deck="french"), chiamata_app(lang="es")
    assert [french.rank_name(r) for r in (8, 9, 10)] == ["Jota", "Reina", "Rey"]
    assert [italian.rank_name(r) for r in (8, 9, 10)] == ["Sota", "Caballo", "Rey"]


def to_the_opening_bid(app: App) -> None:
    """Deal again until the person is to bid with nothing bid yet, the others passing."""
    for _ in range(20):
        if app.human_to_move and app.game.phase == "auction" and app.game.bid is None:
            return
        app.new_deal()
        while app.computer_to_move and app.game.phase == "auction":
            app.play_computer(Action.pass_())


@pytest.mark.parametrize("auction,says", [("ranks", "bid a rank"), ("ranks-points", "bid a rank or points"),
                                          ("points", "bid points")])
def test_the_opening_bid_is_asked_for_in_what_the_auction_bids(auction, says):
    """A points auction bids points from the start: it does not ask for a rank; ranks then
    points offer both from the start (a bid in points is above every rank)."""
    app = chiamata_app(auction=auction)
    to_the_opening_bid(app)
    assert app.game.bid is None and app.human_to_move
    assert app.model().message.endswith(f"Your turn in the auction: {says}, or pass.")


@pytest.mark.parametrize("auction,says", [("ranks", "no bid is left, so pass"), ("ranks-points", "bid points"),
                                          ("points", "no bid is left, so pass")])
def test_after_the_lowest_rank_or_the_highest_points_the_auction_asks_for_what_is_left(auction, says):
    """The person opens, the next seat bids a Two (120 points where only points are bid),
    the others pass: there is no rank below a Two (ranks then points go on in points), nor
    more than 120 points. It said "bid lower than Two" over a lone Pass button."""
    app = chiamata_app(auction=auction)
    to_the_opening_bid(app)
    app.bid_human("3" if auction != "points" else "61")
    app.play_computer(Action.bid(2 if auction != "points" else 120))
    while app.computer_to_move and app.game.phase == "auction":
        app.play_computer(Action.pass_())
    assert app.human_to_move and app.game.phase == "auction"
    assert app.model().message.endswith(f"Your turn in the auction: {says}, or pass." if says == "bid points"
                                        else f"Your turn in the auction: {says}.")


def test_the_person_bids_and_calls_and_the_table_says_so():
    app = chiamata_app()
    to_the_opening_bid(app)
    g = app.game
    assert app.human_to_move and g.bid is None
    m = app.model()
    bids = [a for a in m.actions if a.action == BID]
    assert [a.short for a in bids] == ["Ace", "Three", "King", "Knight", "Jack", "Seven", "Six", "Five", "Four",
                                       "Two"]
    assert bids[1].label == "Bid Three" and [a.action for a in m.actions][-1] == PASS
    assert not any(c.enabled or c.blocked for c in m.hand)  # no card is played in the auction
    assert not app.click_card(m.hand[0].card)
    app.bid_human("3")
    assert app.message.startswith("You bid Three.")
    while app.computer_to_move and app.game.phase == "auction":
        app.play_computer(Action.pass_())
    if g.phase == "auction":  # somebody outbid: the person passes
        app.pass_human()
        while app.computer_to_move and app.game.phase != "play":
            app.play_computer_choice(None)
        return
    assert g.phase == "call" and g.caller == HUMAN
    calls = [a for a in app.model().actions if a.action == CALL]
    assert [a.value for a in calls] == ["3D", "3C", "3S", "3B"]
    app.call_human("3C")
    assert str(g.called) == "3C" and app.message.startswith("You call the Three of Cups.")
    m = app.model()
    assert m.contract.startswith("You called the Three of Cups: needs 61\u00a0points")
    assert m.trump_label == "Trump: Cups"
    assert [s.role for s in m.opponents if s.role] == (["partner"] if g.partner == HUMAN else [])


def the_person_calls(checks: bool = False, starts=range(1000, 1600, 20)) -> App:
    """A deal where the person opens the bidding with a Three, the others pass, and the
    person calls the first card offered."""
    for start in starts:
        app = chiamata_app(start=start)
        to_the_opening_bid(app)
        if checks:
            assert not app.at_stake  # the computers' passes alone do not put it at stake
        app.bid_human("3")
        if checks:
            assert app.at_stake
        while app.computer_to_move and app.game.phase == "auction":
            app.play_computer(Action.pass_())
        if app.game.phase == "call":
            app.call_human(app.game.legal_actions()[0].card)
            return app
    raise AssertionError("the person never won the auction")


def test_the_callers_partner_is_named_once_on_its_seat():
    """To the caller, the partner's seat said "(partner)" and "caller's partner" both:
    the role alone says it. Other people's partners keep "(partner)". The status line
    says "Marco is your partner." when the called card is played."""
    for first in range(1000, 1600, 20):
        app = the_person_calls(starts=range(first, 1600, 20))
        g = app.game
        drive(app, pass_or_first, until=lambda app: app.game.partner_shown or app.game.over)
        if g.partner is not None and g.partner != HUMAN and g.partner_shown:
            break
    else:
        raise AssertionError("the partner was never another seat, shown")
    # the called card just played says so in the person's words ("You's partner" before)
    assert f"{app.seat_name(g.partner)} is your partner." in app.message and "You's" not in app.message
    m = app.model()
    seat = next(s for s in m.opponents if s.seat == app.seats[g.partner])
    assert seat.partner and seat.role == "partner"
    html = render.opponents_html(m, app.tr)
    assert html.count("caller&#x27;s partner") + html.count("caller's partner") == 1
    assert "(partner)" not in html  # the person's only partner is the caller's partner


def test_a_contract_taken_and_given_up_before_the_first_trick_counts_as_lost():
    """New game after the auction, before a trick is finished, was free: a caller could
    drop a bad contract uncounted. Once the person has acted on their hand the deal is
    at stake: given up, it counts as lost, and the contract with it."""
    app = the_person_calls(checks=True)
    assert app.game.caller == HUMAN and not app.game.tricks
    key = "5p-medium-chiamata"
    lost_before = app.stats.modes[key].lost if key in app.stats.modes else 0
    app.new_deal()
    assert app.stats.modes[key].lost == lost_before + 1
    taken = app.five_stats.modes[key]
    assert taken.taken == 1 and taken.made == 0 and taken.game_points < 0


@pytest.mark.parametrize("start", range(2000, 2600, 50))
def test_the_partner_is_shown_only_to_its_holder_until_the_called_card_is_played(start):
    app = chiamata_app(start=start)
    g = app.game
    while not g.over and g.phase != "play":
        if app.human_to_move:
            app.pass_human()
        else:
            app.play_computer_choice(None)
    if g.over or g.caller == HUMAN:
        return
    while True:
        m = app.model()
        html = render.opponents_html(m, app.tr)
        hidden = g.partner != HUMAN and not g.partner_shown
        if hidden:  # an opponent of the caller, or the person does not know yet
            assert not any(s.partner for s in m.opponents), "a partner mark before the called card is played"
            assert "caller's partner" not in html
            assert [s.label for s in m.sides][0] == "You"
        elif g.partner == HUMAN:
            assert [s.seat for s in m.opponents if s.partner] == [g.caller]
            assert ("Only you know" in m.contract) == (not g.partner_shown and not g.over)
        else:
            alone = g.partner == g.caller  # the caller called a card of their own
            assert [s.seat for s in m.opponents if s.role == "partner"] == ([] if alone else [g.partner])
        if g.over:
            return
        step(app, pass_or_first)


def test_a_reload_in_the_auction_resumes_it():
    backend = DictBackend()
    app = chiamata_app(backend)
    while app.computer_to_move and app.game.phase == "auction":
        app.play_computer(Action.pass_())
    if app.game.phase != "auction":
        pytest.skip("the auction ended before the person's turn")
    before = to_record(app.game)
    again = reload(app)
    assert to_record(again.game) == before and again.game.phase == "auction"
    assert again.message.startswith("Welcome back") and "auction" in again.message


def test_hostile_five_player_stats_are_refused():
    good = FiveStats()
    good.add("d1", "5p-medium-chiamata", True, True, 2)
    good.add("d2", "5p-medium-chiamata", True, False, -4)
    assert validate_five_stats(good.to_dict()).modes["5p-medium-chiamata"].game_points == -2
    assert not good.add("d1", "5p-medium-chiamata", True, True, 2)
    for bad in ({"modes": {"5p-medium-chiamata": {"taken": 1, "made": 2, "game_points": 0}}, "counted": []},
                {"modes": {"5p-medium-chiamata": {"taken": 1, "made": 0, "game_points": 1.5}}, "counted": []},
                {"modes": {"5p-medium-chiamata": {"taken": -1, "made": 0, "game_points": 0}}, "counted": []},
                {"modes": {"x": {"taken": 1, "made": 0, "game_points": 0}}, "counted": []},
                {"modes": {}, "counted": [3]}, [], None):
        with pytest.raises(BadData):
            validate_five_stats(bad)



def test_a_long_auction_shows_its_latest_bids_and_a_call_of_any_card_names_the_four():
    """An auction in points may run to sixty entries: the table shows the latest
    AUCTION_SHOWN after an ellipsis; a call of any card (a rank first) offers the four of
    that rank by name, without pictures (room on a phone)."""
    t = Translator("en")
    entries = [(f"Seat {i % 5}", f"{61 + i} points", False) for i in range(30)]
    short = render.auction_html(SimpleNamespace(auction=entries[:4]), t)
    assert "earlier" not in short and short.count("<li") == 4
    long = render.auction_html(SimpleNamespace(auction=entries), t)
    assert long.count("<li") == render.AUCTION_SHOWN + 1 and 'class="earlier"' in long
    assert "90 points" in long and "80 points" not in long  # the latest kept
    ranks = [ActionModel("call-rank", "Ace", value="1", pressed=True)]
    calls = [ActionModel(CALL, "Call the Ace of Coins", value="1D", card="1D", short="Ace of Coins")]
    any_card = render.actions_html(ranks + calls, t=t)
    assert "by-name" in any_card and "<img" not in any_card
    four = render.actions_html(calls, t=t)
    assert "by-name" not in four and "<img" in four


@pytest.mark.parametrize("auction,says", [("ranks", "bid lower than Three, or pass"),
                                          ("ranks-points", "bid lower than Three or points, or pass")])
def test_after_a_rank_the_auction_asks_for_a_lower_one_or_points_where_they_are_bid(auction, says):
    app = chiamata_app(auction=auction)
    to_the_opening_bid(app)
    app.bid_human("1")
    app.play_computer(Action.bid(3))
    while app.computer_to_move and app.game.phase == "auction":
        app.play_computer(Action.pass_())
    assert app.human_to_move and app.game.bid == 3
    assert app.model().message.endswith(f"Your turn in the auction: {says}.")


@pytest.mark.parametrize("tap", [
    lambda app: app.bid_human("999"),  # no such bid
    lambda app: app.bid_human("1e3"),
    lambda app: app.bid_human(None),
    lambda app: app.call_human("nothing"),  # no call in the auction
    lambda app: app.call_human("1D"),
    lambda app: app.exchange_human(),
    lambda app: app.show_human(),
], ids=["bid 999", "bid 1e3", "bid None", "call nothing", "call in the auction", "exchange", "show"])
def test_a_stale_or_garbled_tap_in_the_auction_changes_nothing(tap):
    """The page sends what a button held when it was tapped; one tapped late (the turn
    gone on) or tampered with must raise IllegalMoveError, which the page ignores, and
    leave the deal as it was."""
    app = chiamata_app()
    to_the_opening_bid(app)
    before = (list(app.game.actions), app.game.phase, app.game.turn)
    with pytest.raises(IllegalMoveError):
        tap(app)
    assert (list(app.game.actions), app.game.phase, app.game.turn) == before
    app.pass_human()
    assert app.game.actions[-1] == (HUMAN, Action.pass_()) and not app.human_to_move
    with pytest.raises(IllegalMoveError, match="not your turn"):  # a second tap on Pass
        app.pass_human()
    assert app.game.actions[-1] == (HUMAN, Action.pass_())


def test_after_an_auction_in_points_the_caller_picks_a_rank_then_one_of_its_four_cards():
    app = chiamata_app(auction="points")
    to_the_opening_bid(app)
    opening = min(a.value for a in app.game.legal_actions() if a.kind == BID)
    app.bid_human(str(opening))
    while app.computer_to_move and app.game.phase == "auction":
        app.play_computer(Action.pass_())
    g = app.game
    assert g.phase == "call" and g.caller == HUMAN
    m = app.model()
    ranks = [a for a in m.actions if a.action == "call-rank"]
    assert [a.label for a in ranks] == ["Ace", "Three", "King", "Knight", "Jack", "Seven", "Six", "Five", "Four",
                                        "Two"]
    assert [a.pressed for a in ranks] == [True] + [False] * 9  # the first rank until one is chosen
    assert [a.value for a in m.actions if a.action == CALL] == ["1D", "1C", "1S", "1B"]
    for garbage in ("11", "0", "x", "", None):
        app.choose_call_rank(garbage)
        assert [a.value for a in app.model().actions if a.action == CALL][0] == "1D"
    app.choose_call_rank("7")
    m = app.model()
    assert [a.pressed for a in m.actions if a.action == "call-rank"][5] and m.actions[5].label == "Seven"
    held = {str(c) for c in g.hands[HUMAN]}
    sevens = [a.value for a in m.actions if a.action == CALL]
    assert sevens == ["7D", "7C", "7S", "7B"]  # one's own cards too: a caller may play alone
    card = next((c for c in sevens if c not in held), sevens[0])
    app.call_human(card)
    assert str(g.called) == card and g.phase == "play"
    assert app.model().contract.startswith("You called the Seven of ") and f"needs {opening}" in app.model().contract


def test_the_stats_panel_shows_the_contracts_taken_and_made_and_the_game_points():
    app = the_person_calls()
    drive(app, pass_or_first)
    five = app.five_stats.modes["5p-medium-chiamata"]
    sections = [s for s in app.stats_rows() if s.rows and s.rows[-1][0] == "game-points"]
    assert len(sections) == 1
    rows = {key: (label, value) for key, label, value in sections[0].rows}
    assert rows["taken"] == ("Contracts taken", 1)
    assert rows["made"][1] == five.made == (1 if app.game.outcome().winner == app.game.side_of[HUMAN] else 0)
    assert rows["game-points"][1] == five.game_points == app.game.outcome().game_points[HUMAN]
    assert rows["played"][1] == 1
