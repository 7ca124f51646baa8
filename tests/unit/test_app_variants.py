"""The page's logic for every variant and match (issue 9), without a browser: settings and
the form that offers only what the engine plays, each variant played to its end through the
controller, the exchange, mano negra, the re-deal, must-follow refusals, matches across
deals and reloads, the three-player play-off, hostile saved matches, and the stats."""

from __future__ import annotations

import itertools
import json
from html import escape
from dataclasses import replace

import pytest

from briscola.cards import Card, IllegalMoveError
from briscola.core import mano_negra_cards
from briscola.game import Game
from briscola.i18n import LANGUAGE_CODES
from briscola.match import Match
from briscola.model import EXCHANGE, PLAY, SHOW, Action
from briscola.record import to_record
from briscola.rules import PRESETS, Rules
from briscola_app import render
from briscola_app.controller import App
from briscola_app.i18n import Translator
from briscola_app.models import HUMAN
from briscola_app.saved import SavedMatch, validate_deal
from briscola_app.settings import (FLAG_FIELDS, VARIANTS, Settings, formats_offered, normalize, players_offered,
                                   validate_settings)
from briscola_app.stats import parse_mode_key, validate_stats
from briscola_app.storage import BACKUP_PREFIX, PREFIX, BadData, DictBackend, Store
from tests.unit.test_app import advance, reload, seeds, stored

BASE = {"players": 2, "deck": "italian", "speed": "fast", "level": "medium", "lang": "en"}


def make_app(backend=None, lang="en", start: int = 1000, **settings) -> App:
    """An app whose stored settings are ``settings`` (base and variant keys, as the page
    writes them)."""
    backend = backend if backend is not None else DictBackend()
    variant = settings.pop("variant", "standard")
    chosen = normalize(replace(Settings(), variant=variant), Settings())  # as the form makes it
    full = replace(chosen, **{**BASE, "lang": lang, **settings})
    backend.set(PREFIX + "settings", json.dumps({"version": 1, "data": full.base_dict()}))
    backend.set(PREFIX + "variant", json.dumps({"version": 1, "data": full.variant_dict()}))
    if full.deck_dict() is not None:
        backend.set(PREFIX + "deck", json.dumps({"version": 1, "data": full.deck_dict()}))
    return App(Store(backend), browser_lang=lang, entropy=seeds(start))


def deal_seed(app: App, seed: int) -> None:
    """Deal the match's first deal again from ``seed``, dealt by the seat on the
    person's right so the person leads (nothing was played yet)."""
    for _ in range(app.game.n):
        assert app.untouched
        app._entropy = itertools.chain([seed], itertools.count(seed + 1)).__next__
        app.new_deal()
        if app.game.dealer == app.game.n - 1:
            return
    raise AssertionError("the dealer does not come round")


def first_choice(app: App) -> Action:
    """The person's choice in these tests: mano negra, else the exchange, else the
    first card that may be played."""
    legal = app.game.legal_actions()
    for kind in (SHOW, EXCHANGE):
        for a in legal:
            if a.kind == kind:
                return a
    return legal[0]


def step(app: App, human=first_choice) -> None:
    if app.held is not None:
        app.release_trick()
    elif app.human_to_move:
        choice = human(app)
        if choice.kind == PLAY:
            app.click_card(choice.card)
        elif choice.kind == EXCHANGE:
            app.exchange_human()
        else:
            app.show_human()
    elif app.computer_to_move:
        app.play_computer_choice(app.computer_agent().choose(app.current_view()))


def finish(app: App, human=first_choice) -> None:
    while not app.game.over or app.held is not None:
        step(app, human)


# -- settings -----------------------------------------------------------------------------

def test_settings_of_earlier_builds_load_as_the_standard_single_deal():
    backend = DictBackend({PREFIX + "settings": json.dumps({"version": 1, "data": {**BASE, "players": 4}})})
    app = App(Store(backend), entropy=seeds())
    assert not app.store.bad_data
    assert (app.settings.variant, app.settings.match, app.settings.players) == ("standard", "single", 4)
    assert app.game.rules == Rules.standard(4) and app.match.single


def test_variant_settings_are_saved_apart_and_come_back():
    backend = DictBackend()
    app = make_app(backend)
    assert app.change_settings(variant="briscolone", hand_size="5", must_follow=True, match="points-121") is True
    assert stored(backend, "settings") == {**BASE}  # the shape every build reads
    assert stored(backend, "variant")["variant"] == "briscolone"
    app.new_deal()
    assert app.game.rules == Rules.preset("briscolone", 2, hand_size=5, must_follow=True)
    again = reload(app)
    assert again.settings == app.settings and not again.store.bad_data
    assert again.game.rules.hand_size == 5 and again.match.match.format == "points-121"


@pytest.mark.parametrize("data", [
    {"variant": "tressette"}, {"exchange": 3}, {"exchange": True},
    {"must_follow": 1}, {"hand_size": 4}, {"colour": "red"}, [], "x",
    {"variant": "dupla", "players": 2},
])
def test_hostile_variant_settings_are_set_aside(data):
    backend = DictBackend({PREFIX + "settings": json.dumps({"version": 1, "data": {**BASE, "level": "hard"}}),
                           PREFIX + "variant": json.dumps({"version": 1, "data": data})})
    app = App(Store(backend), entropy=seeds())
    assert app.store.bad_data and BACKUP_PREFIX + "variant" in backend.items
    assert app.settings.level == "hard" and app.settings.variant == "standard"
    assert app.human_to_move


@pytest.mark.parametrize("data, rules", [
    ({"variant": "chiamata"}, Rules.preset("chiamata", 5)), ({"match": "three-players"}, Rules.standard(2)),
])
def test_a_variant_the_stored_player_count_does_not_play_is_made_playable_and_kept(data, rules):
    """Each value a choice, but not with two players: what a tab reads while another is
    between writing ``briscola.settings`` and ``briscola.variant``. Played as the variant
    allows (its own player count, a match it can play), and left in storage."""
    variant = json.dumps({"version": 1, "data": data})
    backend = DictBackend({PREFIX + "settings": json.dumps({"version": 1, "data": {**BASE, "level": "hard"}}),
                           PREFIX + "variant": variant})
    app = App(Store(backend), entropy=seeds())
    assert not app.store.bad_data and backend.items[PREFIX + "variant"] == variant
    assert app.settings.level == "hard" and app.game.rules == rules and app.human_to_move


class LateWrite(DictBackend):
    """The storage one tab sees while another writes: right after this tab reads ``key``,
    the other tab's write of ``value`` to it lands."""

    def __init__(self, shared: DictBackend, key: str, value: str) -> None:
        super().__init__()
        self.items = shared.items
        self.late = (key, value)

    def get(self, key: str) -> str | None:
        held = super().get(key)
        if self.late is not None and key == self.late[0]:
            self.set(*self.late)
            self.late = None
        return held


def test_a_tab_reading_between_another_tabs_two_settings_writes_loses_nothing():
    """Settings are two keys, written one after the other (``briscola.settings`` first):
    another tab reading between the writes sees a pair nobody chose, here Dupla with four
    players. Seen by the chaos run: that pair was taken for bad data, set aside, and the
    key removed after the writer had put its new way of playing there, which was lost.
    Now the pair is not data to set aside: the reader keeps what it had until the writes
    are done, and both keys hold what the writer chose."""
    backend = DictBackend()
    writer = make_app(backend, variant="dupla")
    reader = App(Store(backend), entropy=seeds(7))
    assert reader.settings.variant == "dupla" and reader.settings.players == 2
    # the writer chose Piemonte for four: its settings key is written, its variant key not yet
    chosen = replace(writer.settings, variant="piemonte", players=4)
    backend.set(PREFIX + "settings", json.dumps({"version": 1, "data": chosen.base_dict()}))
    variant = json.dumps({"version": 1, "data": chosen.variant_dict()})
    reader.store.backend = LateWrite(backend, PREFIX + "variant", variant)
    reader.reload_settings()  # the storage event of the first write, read as the second lands
    assert stored(backend, "variant")["variant"] == "piemonte"  # the writer's choice is still there
    assert not reader.store.bad_data and not [k for k in backend.items if k.startswith(BACKUP_PREFIX)]
    assert (reader.settings.variant, reader.settings.players) == ("dupla", 2)  # nothing chosen was read
    reader.reload_settings()  # the storage event of the second write
    assert (reader.settings.variant, reader.settings.players) == ("piemonte", 4)
    # a new page that starts between the two writes plays what it can of the pair, and
    # writes nothing: the variant wins, with a player count it is played with
    backend.set(PREFIX + "variant", json.dumps({"version": 1, "data": {"variant": "dupla"}}))
    fresh = App(Store(backend), entropy=seeds())
    assert not fresh.store.bad_data and fresh.game.rules == Rules.preset("dupla", 2)
    assert stored(backend, "variant") == {"variant": "dupla"} and stored(backend, "settings")["players"] == 4


def test_settings_validation_refuses_what_the_engine_does_not_play():
    assert validate_settings({"variant": "briscolone", "hand_size": "5"}).hand_size == 5
    for bad in ({"variant": "dupla", "players": 3}, {"variant": "briscolone", "hand_size": 5, "players": 3},
                {"match": "game-points-11", "players": 3}, {"match": "three-players"},
                {"redeal": "yes"}, {"mano_negra": 1}):
        with pytest.raises(ValueError):
            validate_settings(bad)
    # an option the variant does not have is kept but not applied
    s = validate_settings({"variant": "standard", "hand_size": 5})
    assert s.rules == Rules.standard(2)


# -- the settings form --------------------------------------------------------------------

def field(form, name):
    return next(f for f in form.fields if f.name == name)


def shown(form, name) -> list[str]:
    return [c.value for c in field(form, name).choices if not c.hidden]


def enabled(form, name) -> list[str]:
    return [c.value for c in field(form, name).choices if not c.hidden and not c.disabled]


def checked(form, name) -> str | None:
    return next((c.value for c in field(form, name).choices if c.checked), None)


def test_five_cards_in_hand_say_why_they_are_greyed_and_come_back_with_two_players():
    """Five cards is a two-player game: with four players the choice is greyed out with a
    line saying so, and back at two players the five cards the person chose come back
    (they stayed at three, without a word)."""
    app = make_app()
    app.settings_form()
    form = app.settings_form({"variant": "briscolone", "hand_size": "5"})
    assert checked(form, "hand_size") == "5" and field(form, "hand_size").about == ""
    form = app.settings_form({"variant": "briscolone", "hand_size": "5", "players": "4"})
    five = next(c for c in field(form, "hand_size").choices if c.value == "5")
    assert checked(form, "hand_size") == "3" and five.disabled
    assert field(form, "hand_size").about == "Five cards in hand: two players only."
    assert 'class="small about">Five cards in hand: two players only.</p>' in render.settings_html(form)
    form = app.settings_form({"variant": "briscolone", "hand_size": "3", "players": "2"})
    assert checked(form, "hand_size") == "5" and field(form, "hand_size").about == ""


def test_form_hides_what_a_variant_does_not_have():
    app = make_app()
    form = app.settings_form()
    assert shown(form, "players") == ["2", "3", "4", "6"]
    assert not field(form, "redeal").hidden and not field(form, "exchange").hidden
    assert field(form, "hand_size").hidden and field(form, "must_follow").hidden
    assert field(form, "variant").about == app.tr.t("variant_standard_about")
    form = app.settings_form({"variant": "dupla", "players": "4"})
    assert shown(form, "players") == ["2"] and checked(form, "players") == "2"
    assert "three-players" not in shown(form, "match")
    form = app.settings_form({"variant": "briscolone", "players": "2"})
    assert [f.name for f in form.fields if not f.hidden and f.name in (
        "hand_size", "must_follow", "first_trump", "redeal", "exchange", "mano_negra")] == [
        "hand_size", "must_follow", "first_trump"]
    assert field(form, "variant").about.startswith("No trump")


def test_the_standard_description_says_who_wins_with_the_players_chosen():
    app = make_app()
    assert "More than 60" in field(app.settings_form({"players": "2"}), "variant").about
    three = field(app.settings_form({"players": "3"}), "variant").about
    assert "highest total" in three and "More than 60" not in three
    assert "More than 60" in field(app.settings_form({"players": "4"}), "variant").about


def test_form_keeps_options_the_player_count_allows():
    app = make_app()
    app.settings_form()
    form = app.settings_form({"variant": "briscolone", "hand_size": "5", "players": "2"})
    assert checked(form, "hand_size") == "5" and enabled(form, "players") == ["2", "3", "4", "6"]
    form = app.settings_form({"variant": "briscolone", "hand_size": "5", "players": "3"})
    assert checked(form, "hand_size") == "3" and enabled(form, "hand_size") == ["3"]
    assert shown(form, "match") == ["single", "best-of-3", "best-of-5", "three-players", "points-121",
                                    "points-151"]
    form = app.settings_form({"players": "3", "match": "three-players"})
    assert checked(form, "match") == "three-players"
    form = app.settings_form({"players": "2", "match": "three-players"})
    assert checked(form, "match") == "game-points-11"  # three players' game points become two's


def test_bisca_brings_its_exchange_and_takes_it_away():
    app = make_app()
    app.settings_form()
    assert checked(app.settings_form({"variant": "bisca"}), "exchange") == "2"
    assert checked(app.settings_form({"variant": "bisca", "exchange": "7"}), "exchange") == "7"
    assert checked(app.settings_form({"variant": "standard", "exchange": "7"}), "exchange") == "0"
    form = app.settings_form({"variant": "standard", "exchange": "7", "mano_negra": True})
    assert checked(app.settings_form({"variant": "piemonte", "exchange": "7", "mano_negra": True}),
                   "exchange") == "7"
    assert checked(form, "mano_negra") == "1"


def test_every_choice_the_form_offers_is_one_the_engine_plays():
    app = make_app()
    app.settings_form()
    for variant in VARIANTS:
        for players in players_offered(variant):
            form = app.settings_form({"variant": variant, "players": str(players)})
            for f in form.fields:
                if f.hidden or f.kind == "select":
                    continue
                for c in f.choices:
                    if c.hidden or c.disabled:
                        continue
                    value = (not c.checked) if f.name in FLAG_FIELDS else c.value
                    app.settings_form({"variant": variant, "players": str(players), f.name: value})
                    settings = validate_settings(app.form.to_dict())  # the engine plays it
                    assert settings.match in formats_offered(settings.players)
                app.settings_form({"variant": variant, "players": str(players)})


def test_the_form_speaks_the_chosen_language():
    app = make_app(lang="it")
    form = app.settings_form()
    assert field(form, "variant").legend == app.tr.t("variant")
    html = render.settings_html(form)
    assert escape(app.tr.t("variant_dupla")) in html and escape(app.tr.t("variant_standard_about")) in html
    assert 'data-field="hand_size" hidden' in html


def test_a_match_in_game_points_stays_one_when_the_player_count_changes():
    """First to 11 for two, then three players: their game points to 12, not a single
    deal; and back to 11 with two again. A format with no kin becomes a single deal."""
    s = normalize(replace(Settings(), match="game-points-11"), Settings())
    three = normalize(replace(s, players=3), s)
    assert (three.players, three.match) == (3, "three-players")
    two = normalize(replace(three, players=2), three)
    assert (two.players, two.match) == (2, "game-points-11")
    five = normalize(replace(two, variant="chiamata"), two)
    assert (five.players, five.match) == (5, "game-points-10")
    best = normalize(replace(Settings(), match="best-of-3"), Settings())
    assert normalize(replace(best, players=3), best).match == "best-of-3"
    points = normalize(replace(Settings(), match="points-151"), Settings())
    assert normalize(replace(points, variant="chiamata"), points).match == "single"


def test_saving_new_variant_settings_deals_again_only_when_nothing_was_played():
    app = make_app()
    assert app.change_settings(variant="sud") is True
    app.new_deal()
    assert app.game.rules.ranking == "southern"
    step(app)
    assert app.change_settings(variant="piemonte") is False  # from the next match
    assert app.game.rules.ranking == "southern"
    assert app.message.startswith("Variant, options, player count, level and match apply from the next new game.")
    assert "match in progress" not in app.message  # a single deal: there is none
    app.new_deal()
    assert app.change_settings(deck="french") is False and "apply from the next" not in app.message  # at once
    match = make_app(start=2000, match="best-of-3")
    step(match)
    assert match.change_settings(variant="sud") is False
    assert match.message.startswith("Variant, options, player count, level and match apply from the next new game; "
                                    "a match in progress keeps its own.")


def test_settings_saved_once_the_deal_and_match_are_over_deal_again_at_once():
    """Nothing is left to play: new settings take effect now, not at a New game the
    person has no reason to press; between a match's deals the match keeps its own."""
    single = make_app()
    finish(single)
    assert single.all_over and single.change_settings(variant="sud", players=4) is True
    single.new_deal()  # as the page does
    assert single.game.rules.ranking == "southern" and single.game.n == 4
    assert single.change_settings(players=4) is False  # the same settings: nothing to deal again
    match = make_app(start=2000, match="best-of-3")
    finish(match)
    assert match.can_continue and not match.all_over
    assert match.change_settings(variant="sud") is False


# -- playing each variant -----------------------------------------------------------------

COMBOS = [
    ("standard", 2, {}),
    ("piemonte", 2, {}),
    ("sud", 4, {}),
    ("briscolone", 2, {}),
    ("briscolone", 2, {"hand_size": 5, "must_follow": True}),
    ("briscolone", 3, {"first_trump": True}),
    ("briscolone", 6, {"must_follow": True, "first_trump": True}),
    ("scoperta", 2, {}),
    ("scoperta", 4, {}),
    ("dupla", 2, {}),
    ("dupla", 2, {"exchange": 7, "redeal": True}),
    ("bisca", 2, {}),
    ("bisca", 3, {"mano_negra": True}),
    ("standard", 2, {"redeal": True, "exchange": 7, "mano_negra": True}),
]


@pytest.mark.parametrize("variant,players,options", COMBOS)
def test_every_variant_plays_to_its_end(variant, players, options):
    backend = DictBackend()
    app = make_app(backend, variant=variant, players=players, **options)
    assert app.game.rules == app.settings.rules and app.game.rules.variant == variant
    finish(app)
    m = app.model()
    assert m.summary is not None
    total = sum(s.points for s in m.summary.sides)
    assert total == 120 or app.game.early_win is not None
    key = f"{players}p-medium" + ("" if variant == "standard" else f"-{variant}")
    assert stored(backend, "stats")["modes"][key]["played"] == 1
    assert parse_mode_key(key) == (players, "medium", variant)


def test_dupla_tricks_hold_four_cards_two_from_each():
    app = make_app(variant="dupla")
    assert len(app.game.hands[HUMAN]) == 4
    while app.held is None:
        step(app)
    m = app.model()
    assert len(m.trick) == 4 and [c.seat for c in m.trick] in ([0, 1, 0, 1], [1, 0, 1, 0])
    assert m.per_trick == 2


def test_briscolone_shows_no_trump_and_no_turned_card():
    app = make_app(variant="briscolone", hand_size=5)
    m = app.model()
    assert m.briscola is None and m.trump_label == "No trump" and len(m.hand) == 5
    assert m.stock_count == 30 and m.stock_label == "30\u00a0left"
    _, pile, caption = render.stock_html(m)
    assert "back.svg" in pile and "No trump" in caption


def test_the_first_card_played_fixes_trump():
    app = make_app(variant="briscolone", first_trump=True)
    assert app.model().trump_label == "Trump: set by the first card played"
    first = app.game.hands[HUMAN][0]
    app.click_card(first)
    assert app.model().trump_label == f"Trump: {app.suit_name(first.suit)}"  # the suit: no card is turned
    assert app.game.trump == first.suit_index


def test_must_follow_greys_other_cards_and_a_click_on_one_says_why():
    app = make_app(variant="briscolone", hand_size=5, must_follow=True)
    for _ in range(400):
        if app.human_to_move and app.game.trick and len(app.game.legal_moves()) < len(app.game.hands[HUMAN]):
            break
        step(app)
    else:
        pytest.fail("no trick where the person had to follow suit")
    m = app.model()
    blocked = [c for c in m.hand if c.blocked]
    assert blocked and all(not c.enabled for c in blocked) and any(c.enabled for c in m.hand)
    html = render.hand_html(m)
    assert html.count('aria-disabled="true"') == len(blocked) and " disabled" not in html
    trick = list(app.game.trick)
    assert app.click_card(blocked[0].card) is False
    led = app.card_name(trick[0][1])
    assert app.message == f"You must follow suit: the {led} was led." and app.human_to_move and app.game.trick == trick
    with pytest.raises(IllegalMoveError):
        app.play_human(blocked[0].card)


def test_scoperta_shows_the_other_hands_and_the_next_card():
    app = make_app(variant="scoperta", players=4)
    m = app.model()
    for seat in m.opponents:
        g_seat = seat.seat
        assert [c.card for c in seat.cards] == [str(c) for c in app.game.hands[g_seat]]
    assert m.next_card.card == str(app.game.next_card) and m.next_label.startswith("Next card: ")
    html = render.opponents_html(m, app.tr)
    assert "seat-cards open" in html and f'alt="{app.card_name(app.game.hands[1][0])}"' in html
    _, pile, caption = render.stock_html(m)
    assert f"{app.game.next_card}.svg" in pile and "Next card" in caption
    plain = make_app(players=4).model()
    assert all(s.cards is None for s in plain.opponents) and plain.next_card is None


def test_the_person_exchanges_the_two_of_trump_for_the_turned_card():
    app = make_app(variant="bisca")
    deal_seed(app, 16)  # the person holds the 2 of trump
    turned = app.game.briscola
    two = Card(f"2{turned.suit}")
    m = app.model()
    assert [a.action for a in m.actions] == ["exchange"]
    assert m.actions[0].label == f"Exchange your {app.card_name(two)} for the turned {app.card_name(turned)}"
    assert 'data-action="exchange"' in render.actions_html(m.actions)
    app.exchange_human()
    assert turned in app.game.hands[HUMAN] and two not in app.game.hands[HUMAN]
    assert app.game.briscola == two and app.human_to_move
    assert app.message.startswith(f"You exchange the {app.card_name(two)} for the turned {app.card_name(turned)}.")
    assert app.model().actions == []
    with pytest.raises(IllegalMoveError):
        app.exchange_human()
    again = reload(app)
    assert again.game.exchanges == app.game.exchanges and again.game.hands == app.game.hands


def test_a_computer_exchange_is_told():
    app = make_app(variant="bisca")
    for start in range(1, 200):
        deal_seed(app, start)
        app.click_card(app.game.hands[HUMAN][0])
        if app.game.exchange_card() is not None:
            break
        app.change_settings(variant="bisca")  # untouched no more: deal again
        app.new_deal()
    swap = app.game.exchange_card()
    turned = app.game.briscola
    app.play_computer_choice(Action.exchange(swap))
    assert app.message == f"Giulia exchanges the {app.card_name(swap)} for the turned {app.card_name(turned)}."
    app.play_computer_choice(app.game.legal_moves()[0])
    assert app.message.startswith("Giulia exchanges the ")  # still said with the card played


def test_a_computer_exchange_is_told_until_the_persons_move():
    """Four players: the exchange stays in the status line through the other computers'
    cards until the person has moved (it was gone by the person's turn)."""
    app = make_app(variant="bisca", players=4)
    for start in range(1, 400):
        deal_seed(app, start)
        app.click_card(app.game.hands[HUMAN][0])
        if app.game.turn == 1 and app.game.exchange_card() is not None:
            break
        app.change_settings(variant="bisca")
        app.new_deal()
    else:
        raise AssertionError("no deal where Giulia may exchange first")
    swap, turned = app.game.exchange_card(), app.game.briscola
    said = f"Giulia exchanges the {app.card_name(swap)} for the turned {app.card_name(turned)}."
    app.play_computer_choice(Action.exchange(swap))
    while app.held is None and not app.human_to_move:
        app.play_computer_choice(app.game.legal_moves()[0])
        assert app.message.startswith(said), app.message
    while not app.human_to_move:
        app.release_trick() if app.held is not None else app.play_computer_choice(app.game.legal_moves()[0])
    assert app.message.startswith(said) and "Your turn" in app.message, app.message
    app.click_card(app.game.legal_moves()[0])
    assert "exchanges" not in app.message


def test_a_redeal_is_told_when_a_computer_leads_too():
    """The cards turned and put back stay said until the person's first move, whoever leads."""
    app = make_app(redeal=True)
    for seed in range(1, 400):
        app._entropy = itertools.chain([seed], itertools.count(seed + 1)).__next__
        app.new_deal()
        if app.game.redeals and not app.human_to_move:
            break
    else:
        raise AssertionError("no re-dealt deal led by Giulia")
    said = f"The {app.card_name(app.game.redeals[0])} was turned: it goes back into the stock"
    assert app.message.startswith(said)
    app.play_computer_choice(app.game.legal_moves()[0])
    assert app.message.startswith(said) and app.message.endswith("Your turn."), app.message
    app.click_card(app.game.legal_moves()[0])
    assert "was turned" not in app.message


def test_mano_negra_shown_by_the_person_wins_at_once():
    backend = DictBackend()
    app = make_app(backend, mano_negra=True)
    deal_seed(app, 8384)
    m = app.model()
    assert [a.action for a in m.actions] == ["show"] and m.actions[0].label == "Show king, three and ace of trump"
    app.show_human()
    assert app.game.over and app.game.early_win == HUMAN
    s = app.model().summary
    assert s.outcome == "win" and s.note == app.tr.t("you_mano_negra") and sum(p.points for p in s.sides) == 120
    assert stored(backend, "stats")["modes"]["2p-medium"]["won"] == 1


def test_mano_negra_shown_by_a_computer_is_told():
    app = make_app(mano_negra=True)
    deal_seed(app, 13408)
    app.click_card(app.game.hands[HUMAN][0])
    assert Action.show() in app.game.legal_actions()
    app.play_computer_choice(Action.show())
    assert app.game.over and app.message == "Giulia shows king, three and ace of trump and wins the deal at once."
    m = app.model()
    assert m.summary.outcome == "loss"
    # the three cards are shown on Giulia's seat, face up (they were told, never seen)
    shown = m.opponents[0].cards
    assert shown is not None and len(shown) == 3
    assert {c.label for c in shown} == {app.card_name(Card(c)) for c in mano_negra_cards(app.game.trump)}
    assert 'class="seat-cards open"' in render.opponents_html(m, app.tr)


def test_a_redeal_is_told_at_the_start():
    app = make_app(redeal=True)
    deal_seed(app, 4)
    assert app.game.redeals
    card = app.card_name(app.game.redeals[0])
    assert app.message.startswith(f"The {card} was turned: it goes back into the stock")
    assert app.message.endswith("Your turn: lead a card.")
    again = reload(app)
    assert again.message.startswith("Welcome back") and f"The {card} was turned" in again.message
    assert again.message.endswith("Your turn: lead a card.")  # told in the order it happened


def test_dupla_says_when_it_is_the_persons_second_card_of_the_trick():
    app = make_app(variant="dupla")
    deal_seed(app, 5)
    assert app.message == "Your turn: lead a card."
    app.click_card(app.game.hands[HUMAN][0])
    app.play_computer_choice(app.game.legal_moves()[0])
    assert app.message.endswith(" Your turn: your second card of this trick."), app.message
    app.click_card(app.game.hands[HUMAN][0])
    app.play_computer_choice(app.game.legal_moves()[0])  # the trick's fourth card
    assert "second card" not in app.message


def test_a_failing_or_wrong_computer_player_never_stalls_the_table():
    app = make_app(variant="dupla")
    app.click_card(app.game.hands[HUMAN][0])
    for bad in (None, "nonsense", Action.show(), Card("1D") if Card("1D") not in app.game.hands[1] else Card("2D")):
        action = app.settle_choice(bad)
        assert action in app.game.legal_actions()
    app.play_computer_choice(None)
    assert app.game.trick and len(app.game.trick) == 2


def test_hints_may_be_an_exchange():
    app = make_app(variant="bisca")
    deal_seed(app, 16)
    app.set_hint(Action.exchange(app.game.exchange_card()))
    m = app.model()
    assert m.actions[0].hinted and app.message.startswith("Suggested: Exchange your")
    app.set_hint(Action.show())  # not legal: ignored
    assert app.model().actions[0].hinted


# -- matches ------------------------------------------------------------------------------

def play_match(app: App, limit: int = 12) -> int:
    deals = 0
    while True:
        finish(app)
        deals += 1
        if not app.can_continue:
            return deals
        assert deals < limit
        app.next_deal()


@pytest.mark.parametrize("players,variant,fmt,lang,score", [
    (2, "standard", "best-of-3", "en", "Match: You\u00a00 · Giulia\u00a00"),
    (3, "standard", "three-players", "en", "Match: You\u00a00 · Giulia\u00a00 · Marco\u00a00"),
    (4, "standard", "points-121", "en", "Match: Us\u00a00 · Them\u00a00"),
    (5, "chiamata", "game-points-10", "en",
     "Match: You\u00a00 · Giulia\u00a00 · Marco\u00a00 · Sofia\u00a00 · Luca\u00a00"),
    (3, "standard", "three-players", "fa",
     "مسابقه: \u2067شما\u00a0۰\u2069، \u2067جولیا\u00a0۰\u2069، \u2067مارکو\u00a0۰\u2069"),
])
def test_the_match_bar_names_each_side_with_its_score(players, variant, fmt, lang, score):
    """Five scores in a row said nothing of whose they were: each side is named, partners
    as Us and Them, in the language's own list separator and digits; right to left, each
    entry isolated (right-to-left isolate ... pop), or Latin names ran the list backwards.
    A name and its score are held together by a no-break space: on a phone the five
    entries wrap between entries, not between "Luca" and its score."""
    bar = make_app(lang=lang, players=players, variant=variant, match=fmt).model().match
    assert bar is not None and bar.score == score


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_no_language_lets_the_match_bar_break_a_name_from_its_score(lang):
    assert " " not in Translator(lang).t("match_entry", name="N", score="S")


def test_best_of_three_is_played_to_its_end_and_counted_once():
    backend = DictBackend()
    app = make_app(backend, variant="dupla", match="best-of-3")
    bar = app.model().match
    assert (bar.format, bar.deal, bar.score) == ("Best of 3 deals", "Deal 1", "Match: You\u00a00 · Giulia\u00a00")
    finish(app)
    s = app.model().summary
    assert s.match is not None and s.match.deal == "Deal 1" and s.match.next_deal == (not app.match.finished)
    assert [r.label for r in s.match.rows] == ["You", "Giulia"]
    assert all(r.score.endswith(("deal won", "deals won")) for r in s.match.rows)
    if app.can_continue:
        assert [a.action for a in app.model().actions] == ["summary", "next"]
        dealer = app.game.dealer
        app.next_deal()
        assert app.game.dealer != dealer and app.model().match.deal == "Deal 2"
    played = 1 + play_match(app) if not app.match.finished else 1
    assert app.match.finished and played == app.match.match.deals_played >= 2
    s = app.model().summary
    assert s.match.headline in ("You win the match!", "You lose the match.") and not s.match.next_deal
    assert s.new_label == "New match" and (s.go.action, s.go.label) == ("new", "New match")
    counts = stored(backend, "matches")["formats"]["2p-medium-dupla/best-of-3"]
    assert counts == {"played": 1, "won": 1 if app.match.won else 0}
    again = reload(app)
    again.new_deal()  # a finished match: a new one, nothing more counted
    assert stored(backend, "matches")["formats"]["2p-medium-dupla/best-of-3"]["played"] == 1
    assert stored(backend, "stats")["modes"]["2p-medium-dupla"]["played"] == played
    assert again.match.match.deals_played == 0 and again.model().match.deal == "Deal 1"


@pytest.mark.parametrize("lang,fmt,words", [("en", "best-of-3", "Deal {n}: the decider"),
                                             ("it", "best-of-5", "Partita {n}: la bella")])
def test_the_deal_whose_winner_wins_the_match_is_called_the_decider(lang, fmt, words):
    """A best-of match at one deal each from its end (1-1 in a best of 3, or a drawn
    decider's replay): the bar calls the deal the decider, so "Best of 3, Deal 4" after a
    draw explains itself; every other deal is "Deal n"."""
    deciders = 0
    for start in range(1000, 2500, 50):
        app = make_app(lang=lang, match=fmt, start=start)
        need = app.match.match.target
        while True:
            n = app.deal_number
            decider = all(score == need - 1 for score in app.match.match.score)
            plain = app.tr.t("match_deal_n", n=n)
            assert app.model().match.deal == (words.format(n=n) if decider else plain)
            deciders += decider
            finish(app)
            assert app.model().match.deal == plain  # between deals: the deal just played, by its number
            if app.match.finished:
                break
            app.next_deal()
    assert deciders >= 2


def test_a_match_resumes_after_a_reload_in_the_middle_and_between_deals():
    backend = DictBackend()
    app = make_app(backend, match="points-121", variant="piemonte")
    finish(app)
    between = reload(app)
    assert between.game.over and between.can_continue and between.match.match.deals_played == 1
    assert between.model().summary.match.next_deal
    assert (between.model().summary.go.action, between.model().summary.go.label) == ("next", "Next deal")
    between.next_deal()
    for _ in range(7):
        step(between)
    hands = [list(h) for h in between.game.hands]
    middle = reload(between, start=9000)
    assert [list(h) for h in middle.game.hands] == hands and middle.resumed
    assert middle.match.match.to_dict() == between.match.match.to_dict()
    assert middle.model().match.deal == "Deal 2"
    play_match(middle)
    assert middle.match.match.over and max(middle.match.match.score) >= 121


def test_new_game_in_the_middle_of_a_match_counts_a_lost_match():
    backend = DictBackend()
    app = make_app(backend, match="best-of-5")
    finish(app)
    if app.match.finished:
        pytest.skip("the match ended in one deal")
    app.next_deal()
    app.new_deal()
    counts = stored(backend, "matches")["formats"]["2p-medium/best-of-5"]
    assert counts == {"played": 1, "won": 0}
    assert app.match.match.deals_played == 0


def test_a_match_is_at_stake_from_the_persons_first_card():
    """New game in a match's first deal, after the person's first card: the match was
    counted as lost while the confirmation spoke of a deal; both follow match_at_stake."""
    backend = DictBackend()
    app = make_app(backend, match="best-of-3")
    while not app.human_to_move:
        advance(app)
    assert not app.match_at_stake
    advance(app)  # the person's card
    assert app.at_stake and app.match_at_stake and app.match.match.deals_played == 0
    app.new_deal()
    assert stored(backend, "matches")["formats"]["2p-medium/best-of-3"] == {"played": 1, "won": 0}
    assert not app.match_at_stake  # the new match: nothing played yet


def test_a_single_deal_is_not_a_match_in_the_stats():
    backend = DictBackend()
    app = make_app(backend)
    finish(app)
    assert stored(backend, "matches") is None and app.model().match is None
    assert app.model().summary.match is None and app.model().summary.new_label == "New game"


def tie_at_twelve(playoff: tuple[int, int]) -> Match:
    """A three-player match whose last deal left ``playoff`` tied at 12."""
    match = Match.start("three-players", 3, first_dealer=2)
    points = [20, 20, 20]
    for seat in playoff:
        points[seat] = 50
    for _ in range(12):
        match._add(((0,), (1,), (2,)), tuple(points), None)
    assert match.seats_in_play == playoff
    return match


def test_three_player_playoff_without_the_person_ends_the_match_for_them():
    for start in range(1000, 60000, 1000):  # a deal where Giulia and Marco score, the person not
        backend = DictBackend()
        app = make_app(backend, start=start, players=3, match="three-players")
        app.saved.match.scored = True  # not added to the match yet: the test adds it
        finish(app)
        if app.game.outcome().game_points == (0, 1, 1):
            break
    else:
        pytest.fail("no deal found where only the computers score")
    match = Match.start("three-players", 3, first_dealer=(app.game.dealer - 11) % 3)
    for _ in range(11):
        match._add(((0,), (1,), (2,)), (20, 50, 50), None)
    app.saved.match = replace(app.match, match=match, scored=False, counted=False)
    app.saved.counted = False
    app._finish_deal()  # the deal's outcome ties Giulia and Marco at 12
    assert app.match.person_out and app.match.finished and not app.can_continue
    s = app.model().summary
    assert s.match.note == "Tied for the lead: Giulia and Marco. A play-off between the two decides the match."
    assert s.match.headline == "You lose the match." and not s.match.next_deal
    html = render.match_summary_html(s.match)  # why; the result itself goes at the top of the dialog
    assert "Tied for the lead" in html and "You lose the match." not in html
    assert stored(backend, "matches")["formats"]["3p-medium/three-players"] == {"played": 1, "won": 0}
    again = reload(app)
    assert not again.store.bad_data and again.match.finished and again.game.over
    again.new_deal()  # over for the person: nothing more counted
    assert stored(backend, "matches")["formats"]["3p-medium/three-players"] == {"played": 1, "won": 0}


def test_three_player_playoff_with_the_person_plays_two_player_deals():
    backend = DictBackend()
    app = make_app(backend, players=3, match="three-players")
    finish(app)
    app.saved.match = replace(app.match, match=tie_at_twelve((0, 2)))
    assert app.can_continue
    assert app.model().summary.match.note == ("Tied for the lead: You and Marco. A play-off between the two decides"
                                              " the match.")
    app.next_deal()
    assert app.game.n == 2 and app.seats == (0, 2) and app.game.rules.pack == 40
    assert "Tied for the lead" in app.message
    m = app.model()
    assert [(s.seat, s.name) for s in m.opponents] == [(2, "Marco")]
    assert [s.label for s in m.sides] == ["You", "Marco"]
    middle = reload(app)
    assert middle.seats == (0, 2) and middle.game.hands == app.game.hands
    finish(middle)
    assert middle.match.match.deals_played == 13
    assert stored(backend, "stats")["modes"]["2p-medium"]["played"] >= 1
    if middle.match.finished:
        assert middle.match.match.winner in (0, 2)


def mutate(app: App, change) -> App:
    box = json.loads(app.store.backend.get(PREFIX + app.deal_name))
    change(box["data"])
    app.store.backend.set(PREFIX + app.deal_name, json.dumps(box))
    return reload(app)


@pytest.mark.parametrize("change", [
    lambda d: d["match"].update(seats=[1, 0]),
    lambda d: d["match"].update(seats=[0, 0]),
    lambda d: d["match"].update(scored=True),
    lambda d: d["match"].update(counted=True),
    lambda d: d["match"].update(variant="chiamata"),
    lambda d: d["match"].update(variant="dupla"),
    lambda d: d["match"].update(options={"open_hands": True}),
    lambda d: d["match"].update(options={"hand_size": 5}),
    lambda d: d["match"].update(options={"mano_negra": "yes"}),
    lambda d: d["match"].update(id=""),
    lambda d: d["match"]["match"].update(format="best-of-7"),
    lambda d: d["match"]["match"].update(players=3),
    lambda d: d["match"]["match"].update(first_dealer=0),
    lambda d: d["match"]["match"]["deals"].append({"dealer": 1, "sides": [[0], [1]], "side_points": [70, 50],
                                                   "winner": 0, "score": [1, 0]}),
    lambda d: d["match"].pop("scored"),
    lambda d: d.update(match=[]),
])
def test_a_hostile_saved_match_is_set_aside(change):
    app = make_app(match="best-of-3")
    step(app)
    again = mutate(app, change)
    assert again.store.bad_data and BACKUP_PREFIX + app.deal_name in again.store.backend.items
    assert again.human_to_move and not again.game.actions


@pytest.mark.parametrize("change", [
    lambda d: d.update(updated=-1),
    lambda d: d.update(updated="yesterday"),
    lambda d: d.update(updated=2 ** 60),
    lambda d: d.update(level="grandmaster"),
    lambda d: d.update(level="expert-2026"),  # a yardstick of the arena, not a level of the page
    lambda d: d.update(agent_seed=-1),
    lambda d: d.update(counted="yes"),
    lambda d: d["record"].update(seed=-5),
])
def test_a_saved_deal_with_a_wrong_field_is_set_aside(change):
    app = make_app()
    step(app)
    again = mutate(app, change)
    assert again.store.bad_data and BACKUP_PREFIX + app.deal_name in again.store.backend.items
    assert not again.resumed and not again.game.actions


def test_a_tampered_score_between_deals_is_refused():
    app = make_app(match="best-of-3")
    finish(app)

    def change(d):
        d["match"]["match"]["deals"][0]["side_points"] = [0, 120]
        d["match"]["match"]["deals"][0]["winner"] = 1
        d["match"]["match"]["deals"][0]["score"] = [0, 1]
    assert mutate(app, change).store.bad_data


def test_saved_deals_of_earlier_builds_load_as_single_deals():
    app = make_app()
    step(app)
    box = json.loads(app.store.backend.get(PREFIX + app.deal_name))
    del box["data"]["match"]
    saved, game = validate_deal(box["data"])
    assert saved.match.single and saved.match.variant == "standard" and saved.match.seats == (0, 1)
    app.store.backend.set(PREFIX + app.deal_name, json.dumps(box))
    again = reload(app)
    assert not again.store.bad_data and again.resumed
    finish(again)
    assert again.stats.modes["2p-medium"].played == 1


def test_a_saved_deal_with_rules_the_page_does_not_set_is_refused():
    others = [Rules.preset("standard", 2, open_hands=True), Rules.preset("dupla", 2, ranking="southern")]
    if "chiamata" in PRESETS:
        others.append(Rules.preset("chiamata", 5))
    for rules in others:
        game = Game.deal(rules, seed=3, dealer=rules.players - 1)
        data = {"record": to_record(game), "level": "medium", "agent_seed": 1, "counted": False, "updated": 0}
        with pytest.raises(BadData):
            validate_deal(data)


# -- stats --------------------------------------------------------------------------------

def test_stats_of_earlier_builds_are_standard_deals_and_the_panel_shows_matches():
    entry = {"played": 3, "won": 2, "lost": 1, "drawn": 0, "points_for": 200, "points_against": 160,
             "best_score": 80, "streak": 0, "best_streak": 2}
    backend = DictBackend({PREFIX + "stats": json.dumps({"version": 1, "data": {"2p-easy": entry}})})
    app = make_app(backend, variant="scoperta", match="best-of-3")
    play_match(app)
    sections = app.stats_rows()
    titles = [(s.title, s.subtitle) for s in sections]
    assert titles[0] == ("2\u00a0players, Easy", "Standard") and titles[1] == ("2\u00a0players, Medium", "Scoperta")
    assert sections[2].heading == "Matches" and sections[2].subtitle == "Scoperta, Best of 3 deals"
    assert [r[0] for r in sections[2].rows] == ["match-played", "match-won"]
    html = render.stats_html(sections, app.tr)
    assert html.count('data-stat="played"') == 2 and 'data-stat="match-played">1<' in html
    app.reset_stats()
    assert app.stats_rows() == [] and stored(backend, "matches")["formats"] == {}
    assert validate_stats(stored(backend, "stats")).modes == {}


def test_variant_mode_keys_are_read_by_earlier_builds():
    """An earlier build reads ``<n>p-<level>`` with the level up to 20 characters: a
    variant's key stays within that, so its stats are not set aside there."""
    for variant in VARIANTS:
        key = f"6p-expert-{variant}"
        players, _, level = key.partition("p-")
        assert players.isdigit() and len(level) <= 20


def test_match_stats_validation():
    from briscola_app.stats import validate_match_stats
    good = {"formats": {"2p-hard-bisca/best-of-3": {"played": 2, "won": 1}}, "counted": ["m1"]}
    assert validate_match_stats(good).formats["2p-hard-bisca/best-of-3"].won == 1
    for bad in ({"formats": {"x": {"played": 1, "won": 0}}, "counted": []},
                {"formats": {"2p-hard/best-of-3": {"played": 1, "won": 2}}, "counted": []},
                {"formats": {"2p-hard/best of 3": {"played": 1, "won": 0}}, "counted": []},
                {"formats": {}, "counted": [""]}, {"formats": []}, []):
        with pytest.raises(ValueError):
            validate_match_stats(bad)


def test_saved_match_to_dict_round_trip():
    app = make_app(match="best-of-5", variant="bisca", mano_negra=True)
    finish(app)
    data = app.match.to_dict()
    assert data["variant"] == "bisca" and data["options"]["mano_negra"] is True
    saved, game = validate_deal(json.loads(json.dumps(app.saved.to_dict())))
    assert isinstance(saved.match, SavedMatch) and saved.match.to_dict() == data


def test_a_lost_match_names_its_winner_at_a_table_of_three():
    backend = DictBackend()
    app = make_app(backend, start=3000, players=3, match="best-of-3")
    match = Match.start("best-of-3", 3, first_dealer=0)
    for _ in range(2):
        match._add(((0,), (1,), (2,)), (20, 80, 20), 1)
    assert match.over and match.winner == 1
    app.saved.match = replace(app.match, match=match)
    s = app._match_summary()
    assert s.headline == "You lose the match." and s.note == f"{app.page_seat_name(1)} wins the match."


@pytest.mark.parametrize("players", [2, 4])
def test_a_deal_of_a_match_to_points_names_who_took_more_not_a_winner(players):
    """In a match to 121 the deals are not won or lost, their points count: the summary
    says who took more of the deal's points (a match of deals keeps "You win!")."""
    seen = set()
    deals = [("best-of-3", 1000), *(("points-121", start) for start in range(1000, 13000, 1000))]
    for match, start in deals:
        app = make_app(DictBackend(), match=match, players=players, start=start)
        finish(app)
        g, summary = app.game, app.model().summary
        mine = sum(g.points[s] for s in g.sides[g.side_of[0]])
        if match == "best-of-3":
            assert summary.headline in ("You win!", "You lose.", "A draw: 60 to 60.")
            continue
        winner = g.outcome().winner
        if mine > 60:
            assert summary.headline == "You took more points this deal."
            seen.add(True)
        elif mine < 60:
            names = app.tr.names([app.seat_name(s) for s in g.sides[winner]])
            assert summary.headline == f"More points this deal: {names}."
            seen.add(False)
    assert seen == {True, False}  # both sentences were seen


def test_three_players_two_tied_for_more_points_are_both_named():
    """A match to 121 at a table of three: when the two others take the same, more than
    the person, the deal names both (it was "You lose.", as if a deal were lost)."""
    app = make_app(DictBackend(), match="points-121", players=3, start=293000)  # a deal of 8, 56, 56
    finish(app)
    ended = app.game.outcome()
    assert ended.winner is None and ended.side_points[0] < ended.side_points[1] == ended.side_points[2]
    names = app.tr.names([app.seat_name(1), app.seat_name(2)])
    assert app.model().summary.headline == f"More points this deal: {names}."


def test_the_deal_that_wins_a_points_match_is_not_shown_or_sounded_as_a_loss():
    """The last deal of a match to 121, won by the person though the other took more of
    that deal: the deal's headline stays uncoloured and the cue is the match's."""
    for start in range(1000, 30000, 1000):
        app = make_app(DictBackend(), match="points-121", players=2, start=start)
        match = Match.start("points-121", 2, first_dealer=app.match.match.first_dealer)
        match._add(((0,), (1,)), (110, 10), 0)
        app.saved.match = replace(app.match, match=match)
        finish(app)
        mine = app.game.points[0]
        if mine < 60 and 10 + 120 - mine < 110 + mine:
            break
    else:
        pytest.fail("no deal of the kind in the range")
    app.sound_on = True
    app.cues.clear()
    summary = app.summary_to_show(app.model())
    assert summary.headline.startswith("More points this deal:")
    assert summary.match.outcome == "win" and summary.match.headline == "You win the match!"
    assert summary.outcome == "" and app.take_cues() == ["win"]


def test_bisca_with_french_cards_shows_portugals_courts():
    """In Portugal and Brazil the Jack (Valete, 3 points) ranks above the Queen (Dama, 2):
    Bisca with French cards draws and names the engine's Cavallo as the Jack, its Fante as
    the Queen; the other presets keep the Queen in the Cavallo's place."""
    app = make_app(lang="pt-PT", variant="bisca", deck="french")
    m = app.model()
    html = render.hand_html(m)
    for c in m.hand:
        rank, suit = c.card[:-1], c.card[-1]
        face = {"8": "9", "9": "8"}.get(rank, rank)
        lettered = "french-rdv" if face in ("1", "8", "9", "10") else "french"  # A R D V, as Portugal prints them
        assert f'cards/{lettered}/{face}{suit}.svg' in html
    assert app.card_name(Card("9C")) == "o Valete de Copas" and app.card_name(Card("8C")) == "a Dama de Copas"
    names = [r.name for r in app.howto().rows]
    assert names[:5] == ["Ás", "Sete", "Rei", "Valete", "Dama"]
    assert [r.card for r in app.howto().rows][3:5] == ["9C", "8C"]
    standard = make_app(lang="pt-PT", variant="piemonte", deck="french")
    assert [r.name for r in standard.howto().rows][3:5] == ["Dama", "Valete"]
    html = render.hand_html(standard.model())
    for c in standard.model().hand:  # no courts changing places: each card its own picture
        lettered = "french-rdv" if c.card[:-1] in ("1", "8", "9", "10") else "french"
        assert f'cards/{lettered}/{c.card}.svg' in html


@pytest.mark.parametrize("lang, deck, variant, folder", [
    ("fr", "french", "standard", "french-rdv"), ("pt-PT", "french", "bisca", "french-rdv"),
    ("de", "french", "standard", "french-kdb"), ("pl", "french", "standard", "french-kdw"),
    ("ru", "french", "standard", "french-cyr"), ("uk", "french", "standard", "french-cyr"),
    ("en", "french", "standard", "french"), ("it", "french", "standard", "french"),
    ("pt-BR", "french", "bisca", "french"), ("fr", "italian", "standard", "italian"),
])
def test_french_aces_and_courts_carry_the_languages_letters(lang, deck, variant, folder):
    """France prints R D V on its kings, queens and jacks, Germany K D B, Poland K D W,
    Russia and Ukraine К Д В (and Т on the ace); the others read A K Q J. Only the ace and
    the courts change; the back and the numbers are the same files for everyone."""
    app = make_app(lang=lang, variant=variant, deck=deck)
    pictures = app.model().deck
    faces = {rank: render.card_img(pictures, f"{rank}C") for rank in range(1, 11)}
    for rank, img in faces.items():
        lettered = rank in (1, 8, 9, 10)
        expected = folder if lettered else deck
        assert f'src="./static/cards/{expected}/' in img, (rank, img)
    assert f'src="./static/cards/{deck}/back.svg"' in render.card_img(pictures, "back")
    # How to play's table of the ranks draws the ace with the same letters
    assert f'src="./static/cards/{folder}/1C.svg"' in render.howto_html(app.howto(), app.tr)


def test_a_tour_of_the_variants_in_settings_leaves_players_and_match_as_chosen():
    """Dupla moves the form to two players and Briscola chiamata to five and its own
    formats; going back to the standard game brings back the four players and the best of
    3 the person had chosen. A count or format chosen by hand on the way is the new wish."""
    app = make_app(players=4, match="best-of-3")
    app.settings_form()
    form = app.settings_form({"variant": "dupla"})
    assert (checked(form, "players"), checked(form, "match")) == ("2", "best-of-3")
    form = app.settings_form({"variant": "standard"})
    assert (checked(form, "players"), checked(form, "match")) == ("4", "best-of-3")
    form = app.settings_form({"variant": "chiamata"})
    assert checked(form, "players") == "5" and checked(form, "match") != "best-of-3"
    form = app.settings_form({"variant": "sud"})
    assert (checked(form, "players"), checked(form, "match")) == ("4", "best-of-3")
    form = app.settings_form({"players": "3"})
    form = app.settings_form({"variant": "dupla"})
    form = app.settings_form({"variant": "standard"})
    assert checked(form, "players") == "3"
    app.settings_form()  # opened again: the wish starts from the settings in force
    assert checked(app.settings_form({"variant": "standard"}), "players") == "4"


def test_a_cards_name_standing_alone_has_its_capital_in_russian():
    app = make_app(lang="ru")
    labels = [c.label for c in app.model().hand]
    assert labels and all(label[0].isupper() for label in labels), labels
    assert all(name[0].islower() for name in (app.card_name(Card(c.card)) for c in app.model().hand))
