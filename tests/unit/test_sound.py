"""Sound cues in the page's logic (issue 11), without a browser: which cue fires when (a
deal dealt, a card played by the person or a computer, the trick taken by the person's
side or another, the deal's result, the person's turn), nothing while muted, and the
mute kept in ``briscola.sound``, hostile values refused."""

from __future__ import annotations

import json

import pytest

from briscola.model import BID, CALL, EXCHANGE, PASS
from briscola_app.controller import (CUE_BID, CUE_CARD, CUE_DEAL, CUE_TRICK_OURS, CUE_TRICK_THEIRS, CUE_TURN, MAX_CUES,
                                     App)
from briscola_app.models import HUMAN
from briscola_app.saved import validate_switch
from briscola_app.storage import BACKUP_PREFIX, PREFIX, BadData, DictBackend, Store
from tests.unit.test_app import make_app, reload, seeds
from tests.unit.test_app_chiamata import chiamata_app
from tests.unit.test_app_variants import make_app as variant_app

OUTCOME_CUES = {"win": "win", "loss": "lose", "draw": "draw"}


def computer_moves(app: App) -> None:
    app.play_computer_choice(app.computer_agent().choose(app.current_view()))


def person_leads(app: App) -> None:
    """Deal again until the person leads the first trick (nothing played yet)."""
    for _ in range(app.game.n):
        if app.human_to_move:
            return
        app.new_deal()
    assert app.human_to_move


def test_a_new_deal_cues_the_deal_and_the_persons_turn():
    app = make_app()
    app.take_cues()
    app.new_deal()
    cues = app.take_cues()
    assert cues[0] == CUE_DEAL
    assert cues == ([CUE_DEAL, CUE_TURN] if app.human_to_move else [CUE_DEAL])
    assert app.take_cues() == [], "taken once"


def test_every_step_of_a_deal_cues_what_happened():
    """A whole two-player deal, step by step: each step's cues follow from what it did."""
    app = make_app()
    person_leads(app)
    app.take_cues()
    tricks = 0
    while not app.game.over or app.held is not None:
        if app.held is not None:
            app.release_trick()
            assert app.take_cues() == ([CUE_TURN] if app.human_to_move else [])
        elif app.human_to_move:
            done = app.play_human(app.game.hands[HUMAN][0])
            cues = app.take_cues()
            assert cues[0] == CUE_CARD and CUE_TURN not in cues, "no turn cue for the person's own move"
            if done is not None:
                tricks += 1
                assert cues == [CUE_CARD, CUE_TRICK_OURS if done.winner == HUMAN else CUE_TRICK_THEIRS]
            else:
                assert cues == [CUE_CARD]
        else:
            done = app.play_computer(app.computer_agent().choose(app.current_view()))
            cues = app.take_cues()
            if done is not None:
                tricks += 1
                assert cues == [CUE_CARD, CUE_TRICK_OURS if done.winner == HUMAN else CUE_TRICK_THEIRS]
            else:
                assert cues == [CUE_CARD, CUE_TURN], "a computer's card, then it is the person's turn"
    assert tricks == 20
    summary = app.summary_to_show(app.model())
    assert summary is not None
    assert app.take_cues() == [OUTCOME_CUES[summary.outcome]]
    assert app.summary_to_show(app.model()) is None and app.take_cues() == [], "the result sounds once"


def test_a_trick_taken_by_the_partner_is_ours():
    app = make_app(players=4)
    app.take_cues()
    seen = set()
    while not app.game.over or app.held is not None:
        if app.held is not None:
            app.release_trick()
            app.take_cues()
            continue
        done = (app.play_human(app.game.hands[HUMAN][0]) if app.human_to_move
                else app.play_computer(app.computer_agent().choose(app.current_view())))
        cues = app.take_cues()
        if done is not None:
            ours = app.game.side_of[done.winner] == app.game.side_of[HUMAN]
            assert cues[-1] == (CUE_TRICK_OURS if ours else CUE_TRICK_THEIRS)
            seen.add((done.winner, ours))
    assert (2, True) in seen, "the partner (seat 2) took a trick in this deal, and it counted as ours"
    assert any(not ours for _, ours in seen)


def test_the_exchange_sounds_as_a_card_and_the_auction_as_bids():
    app = variant_app(exchange=2, start=1)
    for _ in range(200):  # deals until the person may exchange at once
        if app.human_to_move and any(a.kind == EXCHANGE for a in app.game.legal_actions()):
            break
        app._entropy = seeds(5000 + _)
        app.new_deal()
    else:
        pytest.skip("no exchange dealt")
    app.take_cues()
    app.exchange_human()
    assert app.take_cues() == [CUE_CARD]
    five = chiamata_app()
    five.take_cues()
    for _ in range(60):
        if five.game.phase == "play":
            break
        kinds_before = len(five.game.actions)
        if five.human_to_move:
            five.pass_human()
            assert five.take_cues()[0] == CUE_BID
        else:
            action = five.settle_choice(five.computer_agent().choose(five.current_view()))
            five.play_computer(action)
            assert action.kind in (BID, PASS, CALL) and five.take_cues()[0] == CUE_BID
        assert len(five.game.actions) > kinds_before


def test_muted_nothing_is_cued_and_the_choice_is_kept():
    backend = DictBackend()
    app = make_app(backend)
    assert app.sound_on, "sound is on by default"
    app.set_sound(False)
    assert json.loads(backend.get(PREFIX + "sound")) == {"version": 1, "data": {"on": False}}
    for _ in range(6):
        if app.held is not None:
            app.release_trick()
        elif app.human_to_move:
            app.play_human(app.game.hands[HUMAN][0])
        else:
            computer_moves(app)
        assert app.take_cues() == []
    again = reload(app)
    assert not again.sound_on and again.take_cues() == [], "still muted after a reload"
    again.set_sound(True)
    assert again.take_cues() == [CUE_TURN], "turned on, it says so"
    assert reload(again).sound_on
    assert not again.store.bad_data


def test_a_mute_set_in_another_tab_is_taken():
    backend = DictBackend()
    one, two = make_app(backend), App(Store(backend), browser_lang="en", entropy=seeds(9))
    one.set_sound(False)
    assert two.sound_on
    two.reload_sound()
    assert not two.sound_on


def test_cues_nobody_takes_stay_few():
    app = make_app()
    for _ in range(40):
        app.new_deal()
    assert len(app.cues) == MAX_CUES and app.cues[-1] in (CUE_DEAL, CUE_TURN)


@pytest.mark.parametrize("data", [True, False])
def test_the_stored_sound_is_read(data):
    assert validate_switch({"on": data}) is data


@pytest.mark.parametrize("data", [
    None, True, 0, 1, "on", [], [True], {}, {"on": 1}, {"on": 0}, {"on": "false"}, {"on": None},
    {"on": True, "volume": 11}, {"off": True}, {"on": {"on": True}},
])
def test_hostile_stored_sound_is_refused(data):
    with pytest.raises(BadData):
        validate_switch(data)


@pytest.mark.parametrize("raw", [
    '{"version": 1, "data": {"on": "no"}}', '{"version": 2, "data": {"on": false}}', '{"on": false}',
    "false", "not json", '{"version": 1, "data": ' * 40 + "0" + "}" * 40,
])
def test_a_hostile_sound_key_is_set_aside_and_sound_stays_on(raw):
    backend = DictBackend({PREFIX + "sound": raw})
    app = App(Store(backend), browser_lang="en", entropy=seeds())
    assert app.sound_on
    assert app.store.bad_data and backend.get(BACKUP_PREFIX + "sound") == raw
    assert backend.get(PREFIX + "sound") is None
