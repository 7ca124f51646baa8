"""Practice games (a card taken back, never counted) and the last card played by itself."""

from __future__ import annotations

import json

import pytest

from briscola.cards import IllegalMoveError
from briscola.model import PLAY
from briscola_app.controller import App
from briscola_app.models import HUMAN
from briscola_app.saved import AUTOPLAY_FIELD, PRACTICE_FIELD, validate_deal, validate_play
from briscola_app.storage import PREFIX, BadData, DictBackend, Store

from test_app import advance, finish, make_app, reload, stored_deal


def practice_app(backend=None, players: int = 2, **play) -> App:
    backend = backend if backend is not None else DictBackend()
    options = {PRACTICE_FIELD: True, AUTOPLAY_FIELD: False, **play}
    backend.set(PREFIX + "play", json.dumps({"version": 1, "data": options}))
    return make_app(backend, players=players)


def until_person_played(app: App, cards: int) -> None:
    """Play on (computer players and the person) until the person has played ``cards``
    cards and it is their turn again."""
    while sum(1 for s, a in app.game.actions if s == HUMAN and a.kind == PLAY) < cards or not app.human_to_move:
        advance(app)


def test_play_options_are_stored_strictly():
    assert validate_play({"practice": True, "autoplay": False}) == {"practice": True, "autoplay": False}
    for bad in ({"practice": 1, "autoplay": False}, {"practice": True}, [], {"practice": True, "autoplay": False,
                                                                             "x": 1}):
        with pytest.raises(BadData):
            validate_play(bad)


@pytest.mark.parametrize("players", [2, 4])
def test_undo_goes_back_to_just_before_the_persons_last_card(players):
    app = practice_app(players=players)
    assert app.saved.practice and app.model().practice
    assert not app.can_undo, "nothing played yet"
    until_person_played(app, 3)
    actions = app.game.actions
    k = max(i for i, (s, a) in enumerate(actions) if s == HUMAN and a.kind == PLAY)
    before_hand = None
    # the position just before that card, replayed independently
    replay = make_app(players=players)
    replay.game = app.game.__class__.deal(app.game.rules, seed=app.game.seed, dealer=app.game.dealer)
    for _, a in actions[:k]:
        replay.game.apply(a)
    before_hand = list(replay.game.hands[HUMAN])
    card = app.undo()
    assert card == actions[k][1].card
    assert app.game.actions == actions[:k]
    assert list(app.game.hands[HUMAN]) == before_hand and card in app.game.hands[HUMAN]
    assert app.human_to_move and app.held is None
    assert app.message.startswith(app.tr.t("took_back", card=app.card_name(card)))
    assert any(a.action == "undo" for a in app.model().actions) == app.can_undo
    # the deal saved is the one taken back, and it reloads there
    assert len(stored_deal(app)["data"]["record"]["actions"]) == k
    again = reload(app)
    assert again.game.actions == actions[:k] and again.saved.practice


def test_undo_twice_takes_back_two_cards_then_nothing():
    app = practice_app()
    until_person_played(app, 2)
    app.undo()
    app.undo()
    assert not any(s == HUMAN for s, _ in app.game.actions)
    assert not app.can_undo
    with pytest.raises(IllegalMoveError):
        app.undo()


def test_no_undo_outside_practice_games():
    app = make_app(players=2)
    until_person_played(app, 1)
    assert not app.saved.practice and not app.can_undo
    assert all(a.action != "undo" for a in app.model().actions)
    with pytest.raises(IllegalMoveError):
        app.undo()


def test_practice_deals_and_matches_are_never_counted():
    backend = DictBackend()
    app = practice_app(backend)
    until_person_played(app, 2)
    app.undo()
    finish(app)
    summary = app.model().summary
    assert app.tr.t("practice_not_counted") in summary.note
    assert app.stats.modes == {} and app.history.deals == []
    stored = backend.get(PREFIX + "stats")
    assert stored is None or json.loads(stored)["data"]["modes"] == {}
    # abandoning a practice deal with tricks played counts nothing either
    app.new_deal()
    until_person_played(app, 2)
    app.new_deal()
    assert app.stats.modes == {}


def test_a_practice_match_is_never_counted_and_its_deals_stay_practice():
    backend = DictBackend()
    backend.set(PREFIX + "play", json.dumps({"version": 1, "data": {PRACTICE_FIELD: True, AUTOPLAY_FIELD: False}}))
    app = make_app(backend, players=2, match="best-of-3")
    while not app.match.finished:
        finish(app)
        if app.can_continue:
            app.next_deal()
            assert app.saved.practice, "the match's next deal is practice too"
    assert app.match.counted, "settled once, as a counted match is"
    assert app.stats.modes == {} and app.match_stats.formats == {}


def test_a_counted_deal_is_counted_as_before():
    backend = DictBackend()
    app = practice_app(backend, practice=False)
    finish(app)
    assert not app.saved.practice
    assert app.stats.modes["2p-medium"].played == 1


def test_practice_applies_to_the_next_new_game_unless_nothing_is_played():
    app = make_app(players=2)
    assert app.set_play_options(practice=True, autoplay=False), "untouched deal: practice now"
    app.new_deal()
    assert app.saved.practice
    until_person_played(app, 1)
    assert not app.set_play_options(practice=False, autoplay=True), "a deal in play keeps its mark"
    assert app.saved.practice and app.autoplay
    app.new_deal()
    assert not app.saved.practice
    stored = json.loads(app.store.backend.get(PREFIX + "play"))["data"]
    assert stored == {"practice": False, "autoplay": True}


def test_saved_practice_mark_is_validated():
    app = practice_app()
    data = stored_deal(app)["data"]
    assert data["practice"] is True
    validate_deal(data)
    for bad in (False, 1, "yes"):
        with pytest.raises(BadData):
            validate_deal({**data, "practice": bad})
    counted = make_app(players=2)
    assert "practice" not in stored_deal(counted)["data"], "an earlier build still reads a counted deal"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_autoplay_offers_only_the_persons_one_card_left(players):
    backend = DictBackend()
    app = practice_app(backend, players=players, practice=False, autoplay=True)
    seen = 0
    while not app.game.over or app.held is not None:
        card = app.auto_card
        if card is not None:
            assert app.human_to_move and list(app.game.hands[HUMAN]) == [card]
            seen += 1
        elif app.human_to_move:
            assert len(app.game.hands[HUMAN]) > 1
        advance(app)
    assert seen == 1, "the last trick: one card left, played by itself"
    off = make_app(players=players)
    while not off.game.over or off.held is not None:
        assert off.auto_card is None
        advance(off)


def test_play_options_load_from_store_and_bad_ones_are_set_aside():
    backend = DictBackend()
    backend.set(PREFIX + "play", json.dumps({"version": 1, "data": {"practice": "yes", "autoplay": False}}))
    app = App(Store(backend), browser_lang="en")
    assert not app.practice and not app.autoplay
    assert not app.saved.practice


def test_a_practice_game_of_several_people_counts_nothing_and_takes_nothing_back():
    backend = DictBackend()
    backend.set(PREFIX + "people", json.dumps({"version": 1, "data": {"seats": ["Anna", "Bruno"]}}))
    app = practice_app(backend, players=2)
    assert app.saved.practice and app.pass_and_play
    validate_deal(stored_deal(app)["data"])  # both marks in one saved deal
    while not app.game.over or app.held is not None:
        if app.to_cover is not None:
            app.show_cards()
        advance(app, lambda app: app.game.hands[app.me][0])  # the person whose hand is shown
        assert not app.can_undo, "a card taken back would be seen by the next person"
    assert backend.get(PREFIX + "people_stats") is None or json.loads(
        backend.get(PREFIX + "people_stats"))["data"]["names"] == {}
    assert app.stats.modes == {}
