"""The cards played, shown with Last trick when the person asks for them in Settings (a
help for learning to count the cards): off until ticked, remembered in
``briscola.cards_out``; every card of the pack by suit, the trump's first, strongest first
in the variant's ranking; a card is played once it is in a trick (the one on the table
included); the hand marked only when it is on screen; the card points not yet played."""

from __future__ import annotations

import json
import re

import pytest

from briscola.cards import Card, points, strength
from briscola_app import render
from briscola_app.controller import App
from briscola_app.saved import CARDS_OUT_FIELD, validate_switch
from briscola_app.storage import BACKUP_PREFIX, PREFIX, BadData, DictBackend, Store
from tests.unit.test_app import reload, seeds
from tests.unit.test_app_variants import make_app
from tests.unit.test_pass_and_play import people_app, step


def play_until(app: App, tricks: int, on_table: int = 0) -> None:
    """Play on (the person's first legal card, the computers their own) until ``tricks``
    tricks are done and ``on_table`` cards lie in the next."""
    for _ in range(500):
        g = app.game
        if len(g.tricks) >= tricks and len(g.trick) >= on_table and app.held is None:
            return
        step(app)
    raise AssertionError("the deal did not get there")


def check_model(app: App) -> None:
    """The model against the game: every card once, its state, the order, the points."""
    g, m = app.game, app.cards_out()
    assert m is not None and m.title == app.tr.t("cards_out_title")
    played = [c for done in g.tricks for _, c in done.plays] + [c for _, c in g.trick]
    mine = set(g.hands[app.me]) if app.me is not None else set()
    seen: list[Card] = []
    for k, (suit, row) in enumerate(m.suits):
        cards = [Card(c.card) for c, _ in row]
        assert len({c.suit for c in cards}) == 1 and len(cards) == 10
        if k == 0 and g.trump is not None:
            assert cards[0].suit_index == g.trump, "the trump's suit comes first"
        strengths = [strength(c, g.rules.ranking) for c in cards]
        assert strengths == sorted(strengths, reverse=True), "strongest first"
        assert suit == app.tr.t("cards_out_suit", suit=app.tr.t(("fsuit_" if app.settings.deck == "french" else "suit_")
                                                                 + cards[0].suit))
        for c, state in row:
            card = Card(c.card)
            want = "played" if card in played else "yours" if card in mine else ""
            assert state == want, (card, state)
            name = app.card_name(card)
            assert c.label == {"played": f"{name}: played", "yours": f"{name}: in your hand", "": name}[state]
        seen += cards
    assert sorted(seen) == sorted(Card(i) for i in range(40))
    left = 120 - sum(points(c, g.rules.ranking) for c in played)
    assert m.left == f"Still in play: {app.tr.t('points_n', n=left)}."
    assert m.legend == ("Faded: played; outlined: in your hand." if mine else "Faded: played.")


def test_off_until_asked_for_and_remembered():
    backend = DictBackend()
    app = make_app(backend)
    assert app.cards_out() is None and not app.cards_out_on
    box = next(f for f in app.settings_form().fields if f.name == CARDS_OUT_FIELD)
    assert box.kind == "check" and not box.choices[0].checked
    assert box.choices[0].label == "Show the cards played with Last trick"
    app.set_cards_out(True)
    assert json.loads(backend.get(PREFIX + "cards_out"))["data"] == {"on": True}
    again = reload(app)
    assert again.cards_out_on and again.cards_out() is not None
    assert next(f for f in again.settings_form().fields if f.name == CARDS_OUT_FIELD).choices[0].checked
    again.set_cards_out(False)
    assert reload(again).cards_out() is None


@pytest.mark.parametrize("settings", [
    {"players": 2}, {"players": 4}, {"variant": "piemonte", "players": 2}, {"variant": "sud", "players": 3},
    {"variant": "briscolone", "players": 2}, {"players": 2, "deck": "french"},
])
def test_the_cards_played_follow_the_deal(settings):
    app = make_app(**settings)
    app.set_cards_out(True)
    check_model(app)  # nothing played yet: every card still to play, the hand marked
    assert not any(state == "played" for _, row in app.cards_out().suits for _, state in row)
    for tricks, on_table in ((1, 0), (2, 1), (5, 0)):
        play_until(app, tricks, on_table)
        check_model(app)
    while not (app.game.over and app.held is None):
        step(app)
    check_model(app)
    assert app.cards_out().left == "Still in play: 0\u00a0points."


def test_the_seven_high_ranking_puts_the_seven_second():
    app = make_app(variant="piemonte", players=2)
    app.set_cards_out(True)
    row = [Card(c.card) for c, _ in app.cards_out().suits[0][1]]
    assert [c.rank for c in row[:3]] == [1, 7, 10]


@pytest.mark.parametrize("lang, deck, names", [
    ("pl", "italian", {"Kolor denarów", "Kolor kielichów", "Kolor mieczy", "Kolor buław"}),
    ("fr", "french", {"Cartes de carreau", "Cartes de cœur", "Cartes de pique", "Cartes de trèfle"}),
    ("it", "italian", {"Denari", "Coppe", "Spade", "Bastoni"}),
])
def test_each_suit_is_named_on_its_own(lang, deck, names):
    """A row's name is a phrase of its own ("Kolor buław"), not the form a suit takes
    inside a card's name ("buław", "de coupes"), which a screen reader read alone."""
    app = make_app(lang=lang, deck=deck)
    app.set_cards_out(True)
    assert {suit for suit, _ in app.cards_out().suits} == names


def test_a_covered_table_marks_no_hand():
    """Pass-and-play: while the device goes to the next person, nobody's cards are marked
    (the cards played are everybody's)."""
    app = people_app(["Anna", "Bruno"], players=2)
    app.set_cards_out(True)
    for _ in range(200):
        if app.to_cover is not None and app.game.tricks:
            break
        step(app)
    assert app.covered and app.me is None
    check_model(app)
    assert not any(state == "yours" for _, row in app.cards_out().suits for _, state in row)
    html = render.cards_out_html(app.settings.deck, app.cards_out())
    for hand in app.game.hands:
        for c in hand:
            assert app.card_name(c) + ": in your hand" not in html


def test_the_html_names_each_card_and_its_state():
    app = make_app(players=2)
    app.set_cards_out(True)
    play_until(app, 3)
    m = app.cards_out()
    html = render.cards_out_html(app.settings.deck, m)
    assert html.count("<li ") == 40 and html.count('<ul class="out-suit"') == 4
    assert html.startswith('<h3 id="cards-out-title">Cards played</h3>')
    played = {str(c) for done in app.game.tricks for _, c in done.plays}
    faded = set(re.findall(r'<li class="out-card out-played"><img src="\./static/cards/italian/(\w+)\.svg"', html))
    assert faded == played and len(played) == 6
    assert render.cards_out_html("italian", None) == ""


@pytest.mark.parametrize("data", [True, False])
def test_the_stored_switch_is_read(data):
    assert validate_switch({"on": data}) is data


@pytest.mark.parametrize("raw", ['{"version": 1, "data": {"on": "yes"}}', '{"version": 1, "data": true}', "nonsense"])
def test_a_hostile_stored_switch_is_set_aside_and_stays_off(raw):
    backend = DictBackend({PREFIX + "cards_out": raw})
    app = App(Store(backend), browser_lang="en", entropy=seeds())
    assert not app.cards_out_on and app.cards_out() is None
    assert app.store.bad_data and backend.get(BACKUP_PREFIX + "cards_out") == raw
    with pytest.raises(BadData):
        validate_switch({"on": 1})
