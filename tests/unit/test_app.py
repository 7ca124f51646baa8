"""The page's logic without a browser: controller, storage, stats, settings, words, HTML."""

from __future__ import annotations

import itertools
import json

import pytest

from briscola.agents import make_agent
from briscola.cards import ALL_CARDS, IllegalMoveError, parse_card
from briscola_app import render
from briscola_app.controller import App
from briscola_app.models import HUMAN
from briscola_app.saved import validate_motion
from briscola_app.i18n import LANGUAGE_CODES, Translator, pick_language, text
from briscola_app.settings import Settings, validate_settings
from briscola_app.stats import ModeStats
from briscola_app.storage import BACKUP_PREFIX, PREFIX, BadData, DictBackend, Store


class BrokenBackend(DictBackend):
    """localStorage that throws, as in private mode or with the quota full."""

    def __init__(self, fail_get: bool = False) -> None:
        super().__init__()
        self.fail_get = fail_get

    def get(self, key):
        if self.fail_get:
            raise RuntimeError("SecurityError")
        return super().get(key)

    def set(self, key, value):
        raise RuntimeError("QuotaExceededError")


def seeds(start: int = 1000):
    counter = itertools.count(start)
    return lambda: next(counter)


def make_app(backend=None, lang="en", **settings) -> App:
    backend = backend if backend is not None else DictBackend()
    if settings:
        data = {**Settings().to_dict(), "speed": "fast", **settings}
        backend.set(PREFIX + "settings", json.dumps({"version": 1, "data": data}))
    return App(Store(backend), browser_lang=lang, entropy=seeds())


def reload(app: App, start: int = 5000) -> App:
    """The same tab loaded again: it leaves (pagehide), and comes back with its session, in
    the same browser (its languages)."""
    app.tabs.leave()
    return App(Store(app.store.backend), browser_lang=app._browser_lang, entropy=seeds(start),
               session=app.tabs.session, reloaded=True)


def stored(backend, name: str):
    """The data of a stored value (``None`` when nothing is stored under ``name``)."""
    raw = backend.get(PREFIX + name)
    return None if raw is None else json.loads(raw)["data"]


def stored_stats(backend) -> dict:
    return json.loads(backend.get(PREFIX + "stats"))["data"]["modes"]


def stored_deal(app: App) -> dict:
    return json.loads(app.store.backend.get(PREFIX + app.deal_name))


def advance(app: App, human=lambda app: app.game.hands[HUMAN][0]) -> None:
    """One step as the page driver would take it."""
    if app.held is not None:
        app.release_trick()
    elif app.human_to_move:
        app.play_human(human(app))
    elif app.computer_to_move:
        app.play_computer(app.computer_agent().choose(app.current_view()))


def finish(app: App) -> None:
    while not app.game.over or app.held is not None:
        advance(app)


# -- controller -------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_whole_deal_through_the_controller(players):
    backend = DictBackend()
    app = make_app(backend, players=players)
    assert app.game.rules.players == players
    assert app.game.turn == HUMAN, "the person leads the first deal"
    finish(app)
    m = app.model()
    assert m.summary is not None and sum(s.points for s in m.summary.sides) == 120
    outcome = app.game.result()[HUMAN]
    stats = stored_stats(backend)[f"{players}p-medium"]
    assert stats["played"] == 1
    assert stats[{"win": "won", "loss": "lost", "draw": "drawn"}[outcome]] == 1
    assert stats["points_for"] + stats["points_against"] == 120


def test_the_summary_lists_every_trick_of_the_deal():
    app = make_app(players=4)
    finish(app)
    summary = app.model().summary
    assert len(summary.tricks) == len(app.game.tricks) == 10
    for (cards, taken), done in zip(summary.tricks, app.game.tricks):
        assert [c.card for c in cards] == [str(c) for _, c in done.plays]
        assert [c.card for c in cards if c.winning] == [str(c) for s, c in done.plays if s == done.winner]
        assert taken == app.tr.t("last_trick_taken", who=app.seat_name(done.winner), n=done.points)
    assert sum(done.points for done in app.game.tricks) == 120
    html = render.tricks_html(summary, "italian", app.tr)
    assert html.count("<li>") == 10 and html.count('class="played winning"') == 10
    assert "The deal&#x27;s 10\u00a0tricks, one by one" in html


def test_stats_are_counted_once_even_after_reload():
    backend = DictBackend()
    app = make_app(backend)
    finish(app)
    again = reload(app)
    assert again.game.over
    assert again.stats.modes["2p-medium"].played == 1


def test_moves_out_of_turn_are_refused():
    app = make_app()
    card = app.game.hands[HUMAN][0]
    app.play_human(card)
    assert not app.human_to_move
    with pytest.raises(IllegalMoveError):
        app.play_human(app.game.hands[HUMAN][0])
    with pytest.raises(IllegalMoveError):
        app.play_computer(ALL_CARDS[0])  # not this seat's card, or trick held
    m = app.model()
    assert not any(c.enabled for c in m.hand), "cards are disabled while others play"


def test_finished_trick_is_held_then_released():
    app = make_app()
    app.play_human(app.game.hands[HUMAN][0])
    done = app.play_computer(app.computer_agent().choose(app.current_view()))
    assert done is not None and app.held is done
    # the status line (read out by a screen reader) names the card that closed the trick, then who took it
    closing = app.card_name(done.plays[-1][1])
    assert app.message.startswith(f"Giulia plays the {closing}. ") and "the trick (" in app.message, app.message
    m = app.model()
    assert app.held is not None and len(m.trick) == 2 and sum(c.winning for c in m.trick) == 1
    assert not app.human_to_move and not app.computer_to_move
    app.release_trick()
    assert app.model().trick == [] and app.held is None


def test_resume_restores_the_exact_position():
    backend = DictBackend()
    app = make_app(backend)
    for _ in range(9):
        advance(app)
    hands = [list(h) for h in app.game.hands]
    resumed = reload(app)
    assert [list(h) for h in resumed.game.hands] == hands
    assert resumed.game.points == app.game.points and resumed.game.trick == app.game.trick
    assert resumed.resumed and "Welcome back" in resumed.message
    # and whose turn it is, as the status said before the reload
    turn = "Your turn" if resumed.human_to_move else "is thinking"
    assert turn in resumed.message.split("Welcome back")[1], resumed.message


def test_abandoning_a_started_deal_counts_as_a_loss():
    app = make_app()
    while not app.game.tricks:
        advance(app)
    app.new_deal()
    assert app.stats.modes["2p-medium"].lost == 1
    fresh = app.stats.modes["2p-medium"].played
    app.new_deal()  # nothing played yet: not counted
    assert app.stats.modes["2p-medium"].played == fresh


def test_a_card_played_before_the_first_trick_ends_puts_the_deal_at_stake():
    """The person's first card is an act on their hand: given up after it, before the
    trick is finished, the deal counts as lost; a computer's lead alone does not."""
    app = make_app(players=4)
    for _ in range(12):
        if app.human_to_move and not app.game.trick:
            break
        app.new_deal()
        while app.computer_to_move:
            assert not app.at_stake
            advance(app)
    assert app.human_to_move and not app.at_stake
    advance(app)
    assert app.game.trick and not app.game.tricks and app.at_stake
    app.new_deal()
    assert app.stats.modes["4p-medium"].lost == 1


def test_a_new_language_rewrites_the_status_line():
    """The status line was left in the old language until the next move."""
    app = make_app()
    while not (app.human_to_move and app.game.tricks):
        advance(app)
    assert app.message.endswith("Your turn: lead a card.")
    app.change_settings(lang="it")
    assert app.message == "Tocca a te: gioca una carta."
    while app.held is None:
        advance(app)
    app.change_settings(lang="de")  # a trick waiting to be taken: who takes it, in German
    done, t = app.held, app.tr
    assert app.message == (t.t("you_take_trick", n=done.points) if done.winner == app.me
                           else t.t("takes_trick", who=app.seat_name(done.winner), n=done.points))
    assert t.lang == "de" and "Stich" in app.message


def test_dealer_rotates_and_player_count_applies_to_new_deal():
    app = make_app()
    first_dealer = app.game.dealer
    app.new_deal()
    assert app.game.dealer == (first_dealer + 1) % 2
    assert app.change_settings(players=4) is True  # nothing played yet: redeal now
    app.new_deal()
    assert app.game.rules.players == 4 and app.game.dealer == 3
    advance(app)
    assert app.change_settings(players=2) is False  # mid-deal: from the next one


def test_model_describes_the_table():
    app = make_app(players=4)
    m = app.model()
    assert [s.seat for s in m.opponents] == [3, 2, 1]
    assert [s.partner for s in m.opponents] == [False, True, False]
    assert m.stock_count == 40 - 12 and m.briscola is not None
    assert [c.card for c in m.hand] == [str(c) for c in app.game.hands[HUMAN]]
    assert all(c.enabled for c in m.hand) and m.your_turn
    assert [s.label for s in m.sides] == ["Us", "Them"]


def test_briscola_leaves_the_stock_when_drawn():
    app = make_app()
    while app.game.stock_size:
        advance(app)
    # the last trick before the stock runs out is still on the table: nothing drawn yet
    m = app.model()
    assert app.held is not None and m.briscola is not None and m.stock_label == "2\u00a0left"
    app.release_trick()
    m = app.model()
    assert m.briscola is None and m.stock_label == "Stock empty"


def test_cards_are_drawn_only_once_the_trick_is_taken():
    """While a finished trick stays on the table, the table shows the hands and the stock as
    they were before the draws that follow it; the drawn cards come when it is taken (they
    flew into the hand while the trick was still on the table)."""
    app = make_app(players=4)
    while app.held is None:
        advance(app)
    done, g = app.held, app.game
    m = app.model()
    mine = {c for s, c in done.draws if s == HUMAN}
    assert len(done.draws) == 4 and len(mine) == 1
    assert [c.card for c in m.hand] == [str(c) for c in g.hands[HUMAN] if c not in mine]
    assert [o.hand_count for o in m.opponents] == [2, 2, 2]
    assert m.stock_count == g.stock_size + 4
    app.release_trick()
    m = app.model()
    assert [c.card for c in m.hand] == [str(c) for c in g.hands[HUMAN]] and len(m.hand) == 3
    assert [o.hand_count for o in m.opponents] == [3, 3, 3] and m.stock_count == g.stock_size


def test_hint_marks_a_card_of_the_hand():
    app = make_app()
    agent = app.hint_agent()
    card = agent.choose(app.game.view(HUMAN))
    app.set_hint(card)
    hinted = [c for c in app.model().hand if c.hinted]
    assert [c.card for c in hinted] == [str(card)]
    app.play_human(card)
    assert app.hint is None


# -- storage ----------------------------------------------------------------------------

def test_bad_stored_data_is_set_aside_with_one_notice():
    backend = DictBackend({
        PREFIX + "stats": "{not json",
        PREFIX + "settings": json.dumps({"version": 1, "data": {"players": 7}}),
        PREFIX + "deal": json.dumps({"version": 7, "data": {}}),
    })
    app = App(Store(backend), entropy=seeds())
    assert backend.get(BACKUP_PREFIX + "stats") == "{not json"
    assert BACKUP_PREFIX + "settings" in backend.items and BACKUP_PREFIX + "deal" in backend.items
    assert app.notice() == text("en", "notice_bad_data")
    assert app.human_to_move and app.settings == Settings(lang="en")
    finish(app)
    assert stored_stats(backend)["2p-medium"]["played"] == 1
    app.notice_dismissed = True
    assert app.model().notice is None


def test_a_tampered_deal_record_is_not_trusted():
    backend = DictBackend()
    app = make_app(backend)
    advance(app)
    box = stored_deal(app)
    box["data"]["record"]["hands"][0][0] = box["data"]["record"]["hands"][1][0]  # a card twice
    backend.set(PREFIX + app.deal_name, json.dumps(box))
    again = reload(app)
    assert again.store.bad_data and not again.game.tricks and not again.game.trick


@pytest.mark.parametrize("fail_get", [False, True])
def test_storage_failure_keeps_the_game_playing(fail_get):
    app = App(Store(BrokenBackend(fail_get)), entropy=seeds())
    finish(app)
    assert not app.store.saving
    expected = "notice_no_storage" if fail_get else "notice_storage_full"  # full still reads
    assert app.notice() == text("en", expected)
    assert app.stats.modes["2p-medium"].played == 1  # kept for this visit


class ListlessBackend(DictBackend):
    """localStorage that reads and writes but throws when its keys are listed (a storage
    the browser revoked during the visit)."""

    def keys(self):
        raise RuntimeError("SecurityError")


def test_storage_that_cannot_list_its_keys_plays_from_memory_and_says_so():
    backend = ListlessBackend()
    app = App(Store(backend), entropy=seeds())
    finish(app)
    app.new_deal()
    finish(app)
    assert not app.store.readable and not app.store.saving
    assert app.notice() == text("en", "notice_no_storage")
    assert app.stats.modes["2p-medium"].played == 2  # kept for this visit
    assert not [k for k in backend.items if k.startswith(PREFIX + "deal")], "no deal written it cannot find again"


def test_no_backend_at_all():
    app = App(Store(None), entropy=seeds())
    assert app.notice() == text("en", "notice_no_storage")
    advance(app)


def test_store_round_trip_and_versioning():
    backend = DictBackend()
    store = Store(backend)
    store.save("thing", {"a": 1})
    assert json.loads(backend.get(PREFIX + "thing")) == {"version": 1, "data": {"a": 1}}
    assert store.load("thing", lambda d: d) == {"a": 1}

    def reject(data):
        raise BadData("no")

    assert store.load("thing", reject) is None and store.bad_data
    assert backend.get(PREFIX + "thing") is None


# -- stats, settings, words -------------------------------------------------------------

def test_mode_stats_streaks_and_best():
    s = ModeStats()
    for outcome, pf in [("win", 70), ("win", 80), ("draw", 60), ("win", 65), ("loss", 40)]:
        s.record(outcome, pf, 120 - pf)
    assert (s.played, s.won, s.lost, s.drawn) == (5, 3, 1, 1)
    assert s.best_streak == 2 and s.streak == 0 and s.best_score == 80
    assert s.points_for == 315 and s.points_against == 285


def test_settings_validation():
    assert validate_settings({"players": "4"}).players == 4
    for bad in ({"players": 5}, {"deck": "tarot"}, {"speed": True}, {"colour": "red"}, [], {"lang": "xx"}):
        with pytest.raises(BadData):
            validate_settings(bad)
    assert Settings().pace.before_move > Settings(speed="fast").pace.before_move


def test_language_is_picked_from_the_browser():
    assert pick_language("it-IT") == "it" and pick_language("xx-YY") == "en" and pick_language(None) == "en"
    assert pick_language("es-MX") == "es" and pick_language("pt-PT") == "pt-PT"
    assert pick_language(["tlh", "es-AR", "it"]) == "es"
    assert validate_settings({"lang": "pt"}).lang == "pt-PT", "the stored pt of earlier builds"


@pytest.mark.parametrize("lang,deck,card,name", [
    ("en", "italian", "1D", "Ace of Coins"),
    ("en", "italian", "10B", "King of Clubs"),
    ("en", "italian", "9C", "Knight of Cups"),
    ("en", "french", "9C", "Queen of Hearts"),
    ("en", "french", "8S", "Jack of Spades"),
    ("it", "italian", "3C", "il Tre di Coppe"),
    ("it", "italian", "8S", "il Fante di Spade"),
    ("it", "french", "10B", "il Re di Fiori"),
    ("es", "italian", "1D", "el As de Oros"),
    ("es", "italian", "8B", "la Sota de Bastos"),
    ("pt-PT", "french", "9C", "a Dama de Copas"),
    ("pt-PT", "portuguese", "9C", "o Valete de Copas"),  # Bisca's courts: the 3-point card is the Jack
    ("pt-BR", "portuguese", "8S", "a Dama de Espadas"),
    ("pt-PT", "portuguese", "10S", "o Rei de Espadas"),
])
def test_card_names_in_words(lang, deck, card, name):
    assert Translator(lang).card_name(parse_card(card), deck) == name


def test_all_forty_names_differ_in_each_deck_and_language():
    for lang in LANGUAGE_CODES:
        for deck in ("italian", "french", "portuguese"):
            names = {Translator(lang).card_name(c, deck) for c in ALL_CARDS}
            assert len(names) == 40, (lang, deck)


# -- HTML -------------------------------------------------------------------------------

def test_hand_html_has_named_buttons_and_disables_out_of_turn():
    app = make_app()
    html = render.hand_html(app.model())
    assert html.count("<button") == 3 and "disabled" not in html
    assert all(f'aria-label="{app.card_name(c)}"' in html for c in app.game.hands[HUMAN])
    app.play_human(app.game.hands[HUMAN][0])
    assert render.hand_html(app.model()).count(" disabled") == 2


def test_html_escapes_text():
    app = make_app()
    app.tr._messages = dict(app.tr._messages, seat_name_1="<b>x</b>")
    html = render.opponents_html(app.model(), app.tr)
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html


def test_new_cards_animate_once():
    app = make_app()
    m = app.model()
    first = render.hand_html(m)
    again = render.hand_html(m, frozenset(c.card for c in m.hand))
    assert first.count(" new") == 3 and again.count(" new") == 0


def test_settings_form_checks_current_choices():
    app = make_app(players=4, deck="french")
    html = render.settings_html(app.settings_form())
    assert 'name="players" value="4" checked' in html and 'name="deck" value="french" checked' in html
    # variant, hand size (hidden with Standard), exchange (off), auction (hidden but in
    # Briscola chiamata), players, match, level, speed, deck; no option box ticked
    assert html.count("checked") == 9
    assert html.count(" selected") == 1 and '<option value="en" lang="en" selected>English</option>' in html


def test_stats_html_lists_modes():
    app = make_app()
    finish(app)
    html = render.stats_html(app.stats_rows(), app.tr)
    assert "2\u00a0players, Medium" in html and 'data-stat="played">1<' in html
    assert "No deals" in render.stats_html([], app.tr)


def test_computer_agents_see_only_views():
    app = make_app(players=4)
    advance(app)
    seen = []

    class Spy:
        def choose(self, view):
            seen.append(view)
            return make_agent("medium", seed=1).choose(view)

    app.agents[app.game.turn] = Spy()
    advance(app)
    assert seen and type(seen[0]).__name__ == "PlayerView"
    assert not hasattr(seen[0], "hands") and not hasattr(seen[0], "talon")


def test_reduce_motion_follows_the_system_until_chosen_and_is_kept():
    backend = DictBackend()
    app = make_app(backend)
    assert app.motion
    app.system_reduces_motion = True
    assert not app.motion
    app.set_reduce_motion(True)  # the same as the system's: nothing stored, the system still decides
    assert backend.get(PREFIX + "motion") is None
    app.set_reduce_motion(False)  # moving although the system asks not to: the person's choice
    assert app.motion and json.loads(backend.get(PREFIX + "motion"))["data"] == {"reduce": False}
    again = reload(app)
    again.system_reduces_motion = True
    assert again.motion
    box = [f for f in again.settings_form().fields if f.name == "reduce_motion"][0]
    assert box.kind == "check" and box.choices[0].checked is False and box.choices[0].label == "Reduce motion"
    for bad in ({"reduce": 1}, {"reduce": "yes"}, {"reduce": True, "x": 1}, [], None):
        with pytest.raises(BadData):
            validate_motion(bad)
    backend.set(PREFIX + "motion", json.dumps({"version": 1, "data": {"reduce": "yes"}}))
    hostile = reload(again)
    assert hostile.reduce_motion is None and hostile.store.bad_data
