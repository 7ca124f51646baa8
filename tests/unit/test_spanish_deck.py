"""The Spanish deck: chosen in Settings, drawn from its own pictures, named as the Latin
suits are, kept under ``briscola.deck`` so that a tab still on an earlier build (which
reads ``briscola.settings`` strictly and knows Italian and French cards only) is never
disturbed. The deck a first visit in Spanish deals with: test_home_game.py."""

from __future__ import annotations

import json

import pytest

from briscola.cards import Card
from briscola_app import render
from briscola_app.controller import App
from briscola_app.settings import BASE_DECKS, DECKS, validate_base, validate_deck
from briscola_app.storage import BACKUP_PREFIX, PREFIX, BadData, DictBackend, Store
from tests.unit.test_app import reload, stored
from tests.unit.test_app_variants import make_app

EARLIER_DECKS = ("italian", "french")
"""What builds before the Spanish deck accept in ``briscola.settings``."""


def put(backend, name: str, data) -> None:
    backend.set(PREFIX + name, json.dumps({"version": 1, "data": data}))


def test_the_form_offers_the_spanish_deck():
    app = make_app(lang="es")
    deck = {f.name: f for f in app.settings_form().fields}["deck"]
    assert [c.value for c in deck.choices] == list(DECKS)
    assert [c.label for c in deck.choices] == ["Palos italianos", "Baraja española", "Palos franceses"]
    assert [c.checked for c in deck.choices] == [True, False, False]


def test_the_spanish_deck_draws_its_own_pictures_and_names_the_latin_suits():
    app = make_app(lang="es", deck="spanish")
    model = app.model()
    assert model.deck == "spanish"
    html = render.hand_html(model)
    assert html.count('src="./static/cards/spanish/') == len(model.hand) == 3
    assert app.card_label(Card("10S")) == "El Rey de Espadas" and app.card_label(Card("8C")) == "La Sota de Copas"
    assert make_app(lang="it", deck="spanish").card_label(Card("8D")) == "Il Fante di Denari"


def test_chosen_it_is_kept_apart_from_what_earlier_builds_read():
    app = make_app(lang="es")
    app.change_settings(deck="spanish")
    backend = app.store.backend
    assert stored(backend, "deck") == {"deck": "spanish"}
    base = stored(backend, "settings")
    assert base["deck"] in EARLIER_DECKS and base["deck"] == "italian"  # the same suits
    assert reload(app).settings.deck == "spanish"
    # back to French cards: settings hold them themselves, and the key goes
    app.change_settings(deck="french")
    assert stored(backend, "settings")["deck"] == "french" and stored(backend, "deck") is None
    assert reload(app).settings.deck == "french"


def test_a_tab_of_an_earlier_build_choosing_french_cards_since_is_heard():
    backend = DictBackend()
    app = make_app(backend, lang="es", deck="spanish")
    assert app.settings.deck == "spanish"
    base = stored(backend, "settings")
    put(backend, "settings", {**base, "deck": "french"})  # what that tab writes; it knows no briscola.deck
    assert App(Store(backend), browser_lang="es").settings.deck == "french"
    app.reload_settings()  # the storage event in this tab
    assert app.settings.deck == "french"


def test_a_bad_deck_key_is_set_aside_and_the_settings_stand():
    for bad in ({"deck": "italian"}, {"deck": "tarot"}, {"deck": "spanish", "more": 1}, ["spanish"], "spanish"):
        backend = DictBackend()
        make_app(backend, lang="en", deck="french", level="hard")
        put(backend, "deck", bad)
        app = App(Store(backend), browser_lang="en")
        assert app.settings.deck == "french" and app.settings.level == "hard", bad
        assert backend.get(BACKUP_PREFIX + "deck") is not None and backend.get(PREFIX + "deck") is None
        with pytest.raises(BadData):
            validate_deck(bad)


def test_every_deck_the_settings_hold_is_one_an_earlier_build_reads():
    assert set(BASE_DECKS) == set(EARLIER_DECKS) and set(BASE_DECKS) < set(DECKS)
    for deck in DECKS:
        app = make_app(deck=deck)
        assert app.settings.deck == deck
        base = stored(app.store.backend, "settings")
        assert base["deck"] in EARLIER_DECKS
        assert validate_base(base).deck == base["deck"]
