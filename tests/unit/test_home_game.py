"""A first visit deals the game its reader grew up with: Brisca with the Spanish pack in
Spanish, Bisca with French cards (Portugal's courts) in Portuguese, the standard game with
Italian cards everywhere else; settings stored already always win. (``make_app`` without
settings is a first visit: nothing stored.)"""

from __future__ import annotations

import json

import pytest

from briscola.cards import card
from briscola.rules import Rules
from briscola_app.settings import Settings, first_settings
from briscola_app.storage import PREFIX, DictBackend
from tests.unit.test_app import advance, make_app, reload, stored

FIRST_VISITS = [  # browser language: variant, the pictures the cards are drawn with
    ("es", "standard", "spanish"),
    ("es-MX", "standard", "spanish"),
    ("pt-PT", "bisca", "portuguese"),
    ("pt-BR", "bisca", "portuguese"),
    ("pt", "bisca", "portuguese"),
    ("it", "standard", "italian"),
    ("hr", "standard", "italian"),
    ("en-US", "standard", "italian"),
]


@pytest.mark.parametrize("lang, variant, faces", FIRST_VISITS)
def test_a_first_visit_deals_the_game_of_its_language(lang, variant, faces):
    app = make_app(lang=lang)
    assert app.settings.variant == variant and app.game.rules.variant == variant
    assert app.card_deck == faces
    assert app.model().deck.split("+")[0] == faces and app.howto().deck == app.model().deck  # "+rdv": the letters


def test_everyone_else_starts_with_the_plain_defaults():
    assert first_settings("en") == Settings(lang="en")
    assert first_settings("it") == Settings(lang="it")


@pytest.mark.parametrize("lang", ["pt-PT", "pt-BR"])
def test_bisca_is_dealt_as_its_preset_plays_it(lang):
    """Seven high (the 7 second and worth 10, the 3 a plain card) and the exchange of the
    2 of trump, as the Bisca the Settings dialog offers."""
    app = make_app(lang=lang)
    rules = app.game.rules
    assert rules == Rules.preset("bisca", 2)
    assert rules.ranking == "seven-high" and rules.trump_exchange == 2
    assert app.settings.exchange == 2
    form = {f.name: f for f in app.settings_form().fields}
    assert [c.value for c in form["variant"].choices if c.checked] == ["bisca"]  # the form opens on it


def test_portuguese_courts_are_named_and_taught_as_bisca_has_them():
    """The Valete (3 points) above the Dama (2): the how-to's rank table and the cards'
    names, with the page in Portuguese."""
    app = make_app(lang="pt-BR")
    howto = app.howto()
    assert howto.variant == "Bisca"  # Brazil's game as much as Portugal's
    assert make_app(lang="pt-PT").howto().variant == "Bisca portuguesa"
    assert [(row.name, row.points) for row in howto.rows[:5]] == [
        ("Ás", 11), ("Sete", 10), ("Rei", 4), ("Valete", 3), ("Dama", 2)]
    names = {rank: app.tr.card_label(card("C", rank), app.card_deck) for rank in (8, 9)}
    assert names == {9: "O Valete de Copas", 8: "A Dama de Copas"}  # the engine's Cavallo, its Fante


def test_the_first_deal_resumes_as_bisca_after_a_reload():
    app = make_app(lang="pt-BR")
    advance(app)
    before = app.game.actions[:]
    again = reload(app)  # the browser still in Portuguese
    assert again.game.rules.variant == "bisca" and again.game.actions == before
    assert again.settings == app.settings


def test_a_saved_change_keeps_the_first_visits_game():
    """The person changes only the speed: Bisca and its cards are what is saved, so the
    next load deals Bisca even if the browser's language changes."""
    app = make_app(lang="pt-PT")
    app.change_settings(speed="fast")
    backend = app.store.backend
    assert stored(backend, "variant")["variant"] == "bisca" and stored(backend, "variant")["exchange"] == 2
    assert stored(backend, "settings")["deck"] == "french" and stored(backend, "deck") is None
    later = make_app(backend, lang="en-US")
    assert later.settings.variant == "bisca" and later.settings.deck == "french" and later.settings.lang == "pt-PT"


def test_settings_an_earlier_build_stored_are_kept():
    """A Portuguese reader who played before this build stored settings without a variant
    key: the standard game, as it was, not Bisca."""
    backend = DictBackend()
    base = {"players": 2, "deck": "italian", "speed": "normal", "level": "medium", "lang": "pt-BR"}
    backend.set(PREFIX + "settings", json.dumps({"version": 1, "data": base}))
    app = make_app(backend, lang="pt-BR")
    assert app.settings.variant == "standard" and app.settings.deck == "italian"
    assert app.game.rules.variant == "standard"
