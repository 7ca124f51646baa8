"""How to play (generated from the rules in play) and a newcomer's tips, without a browser."""

from __future__ import annotations

import json
import re

import pytest

from briscola.cards import TABLES, Card, parse_card
from briscola.i18n import load_locale
from briscola.match import ALL_MATCH_FORMATS, FIVE_FORMATS
from briscola.rules import PRESETS, Rules
from briscola_app import render
from briscola_app.controller import App
from briscola_app.models import HUMAN
from briscola_app.howto import MATCH_SCORING, TIP_DEALS, Tips, howto_model, load_tip, trick_tip, validate_tips
from briscola_app.i18n import CARD_LETTERS, LANGUAGE_CODES, Translator, text
from briscola_app.settings import Settings
from briscola_app.storage import BACKUP_PREFIX, PREFIX, BadData, DictBackend
from tests.unit.test_app import advance, make_app, reload, stored

EN = Translator("en")


def every_way_of_playing() -> list[Rules]:
    """Each preset with each player count it plays, the page's options on top, and
    Briscola chiamata with each auction."""
    out = []
    for name in PRESETS:
        for players in (2, 3, 4, 6):
            try:
                out.append(Rules.preset(name, players))
            except ValueError:
                continue
    out += [Rules.preset("briscolone", must_follow=True, hand_size=5),
            Rules.preset("briscolone", trump="first"),
            Rules.preset("standard", 4, redeal_ace_three=True, trump_exchange=7, mano_negra=True),
            Rules.preset("bisca", 2, mano_negra=True)]
    out += [Rules.preset("chiamata", 5, auction=a) for a in ("ranks", "ranks-points", "points")]
    return out


WAYS = every_way_of_playing()


def way_id(r: Rules) -> str:
    return f"{r.variant}-{r.players}-{r.trump}-{r.hand_size}-{int(r.must_follow)}-{r.auction}-{r.trump_exchange}"


# -- the generated content -----------------------------------------------------------------

@pytest.mark.parametrize("rules", WAYS, ids=way_id)
def test_the_card_table_is_the_engines_own(rules):
    strength, points = TABLES[rules.ranking]
    m = howto_model(rules, EN)
    cards = [parse_card(r.card) for r in m.rows]
    assert [r.points for r in m.rows] == [points[c] for c in cards]
    assert [strength[c] for c in cards] == sorted((strength[c] for c in cards), reverse=True)
    assert len({c.suit for c in cards}) == 1
    assert {c.rank for c in cards} == set(range(1, 11)) - ({2} if rules.pack == 36 else set())
    # the total said under the table is the tables' sum
    suit = sum(points[Card(c)] for c in range(10))
    assert EN.t("howto_total", suit=suit, all=suit * 4) in m.sections[0].lines


def test_the_table_follows_the_ranking():
    standard = [(r.card, r.points) for r in howto_model(Rules.preset("standard"), EN).rows]
    assert standard[:5] == [("1C", 11), ("3C", 10), ("10C", 4), ("9C", 3), ("8C", 2)]
    seven = [(r.card, r.points) for r in howto_model(Rules.preset("piemonte"), EN).rows]
    assert seven[:2] == [("1C", 11), ("7C", 10)] and seven[-2:] == [("3C", 0), ("2C", 0)]
    south = [(r.card, r.points) for r in howto_model(Rules.preset("sud"), EN).rows]
    assert south[2:5] == [("10C", 4), ("8C", 3), ("9C", 2)]
    names = [r.name for r in howto_model(Rules.preset("standard"), EN, deck="french").rows]
    assert names[:4] == ["Ace", "Three", "King", "Queen"]


@pytest.mark.parametrize("rules", WAYS, ids=way_id)
def test_variant_lines_are_there_exactly_when_the_rules_say(rules):
    keys = set(howto_model(rules, EN).keys)
    chiamata = rules.players == 5
    expect = {
        "howto_trump_turned": rules.trump == "turned",
        "howto_trump_none": rules.trump == "none",
        "howto_trump_first": rules.trump == "first",
        "howto_trick_none": rules.trump == "none",
        "howto_trick_trump": rules.trump != "none",
        "howto_follow_must": rules.must_follow,
        "howto_follow_free": not rules.must_follow and rules.trump != "none",
        "howto_follow_free_none": not rules.must_follow and rules.trump == "none",  # no trump to play
        "howto_dupla": rules.cards_per_trick == 2,
        "howto_draw_two": rules.cards_per_trick == 2,
        "howto_draw": not chiamata and rules.cards_per_trick == 1,
        "howto_open": rules.open_hands,
        "howto_chiamata_deal": chiamata,
        "howto_chiamata_call": chiamata,
        "howto_win_chiamata": chiamata and rules.auction != "ranks",
        "howto_win_chiamata_ranks": rules.auction == "ranks",  # no points bid to reach
        "howto_call_ranks": rules.auction == "ranks",
        "howto_call_ranks_points": rules.auction == "ranks-points",
        "howto_call_points": rules.auction == "points",
        "howto_auction_ranks": rules.auction == "ranks",
        "howto_auction_ranks_points": rules.auction == "ranks-points",
        "howto_auction_points": rules.auction == "points",
        "howto_win_three": rules.players == 3,
        "howto_win": rules.players in (2, 4, 6),
        "howto_teams": rules.players in (4, 6),
        "howto_alone": rules.players in (2, 3),
        "howto_pack_39": rules.pack == 39,
        "howto_pack_36": rules.pack == 36,
        "option_redeal": rules.redeal_ace_three,
        "option_exchange_2": rules.trump_exchange == 2,
        "option_exchange_7": rules.trump_exchange == 7,
        "howto_exchange_when": bool(rules.trump_exchange),
        "option_mano_negra": rules.mano_negra,
        "howto_h_options": rules.redeal_ace_three or bool(rules.trump_exchange) or rules.mano_negra,
        "tip_loads_7": rules.ranking == "seven-high",
        "tip_loads_3": rules.ranking != "seven-high",
    }
    wrong = {key for key, present in expect.items() if (key in keys) != present}
    assert not wrong, wrong


def test_the_options_are_said_as_sentences():
    """The options' lines are the settings' labels, ended with the language's full stop
    (every other line of How to play ends with one)."""
    rules = Rules.preset("standard", redeal_ace_three=True, trump_exchange=2, mano_negra=True)
    for lang, stop in (("en", "."), ("hi", "।")):
        lines = [line for s in howto_model(rules, Translator(lang)).sections for line in s.lines]
        labels = [Translator(lang).t(k) for k in ("option_redeal", "option_exchange_2", "option_mano_negra")]
        assert [label + stop for label in labels if not label.endswith(stop)] and all(
            (label if label.endswith(stop) else label + stop) in lines for label in labels)


def test_briscolone_says_there_is_no_trump_and_the_standard_game_has_one():
    briscolone = howto_model(Rules.preset("briscolone"), EN)
    lines = [line for s in briscolone.sections for line in s.lines]
    assert "There is no trump." in lines
    assert not any("turned face up" in line for line in lines)
    standard = [line for s in howto_model(Rules.preset("standard"), EN).sections for line in s.lines]
    assert "There is no trump." not in standard
    assert any("turned face up under the stock sets trump" in line for line in standard)


def test_the_hand_size_and_pack_are_counted():
    five = [line for s in howto_model(Rules.preset("briscolone", hand_size=5), EN).sections for line in s.lines]
    assert "Each player holds 5\u00a0cards; the rest is the stock." in five
    three = [line for s in howto_model(Rules.preset("standard", 3), EN).sections for line in s.lines]
    assert "39\u00a0cards in four suits." in three and "The Two of Coins is left out." in three


def test_the_title_names_the_players_once():
    """"Standard · 2 players"; Briscola chiamata's name says five players already."""
    html = render.howto_html(howto_model(Rules.preset("standard", 4), EN), EN)
    assert '<p class="howto-variant"><b>Standard</b> · 4\u00a0players (teams)</p>' in html
    html = render.howto_html(howto_model(Rules.preset("chiamata", 5), EN), EN)
    assert '<p class="howto-variant"><b>Briscola chiamata (five players)</b></p>' in html


def test_a_match_is_named_only_when_there_is_one():
    single = howto_model(Rules.preset("standard"), EN, match_format="single")
    assert "howto_match" not in single.keys
    best = howto_model(Rules.preset("standard"), EN, match_format="best-of-3")
    assert "Match: Best of 3 deals." in best.sections[3].lines


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_every_language_renders_every_way_in_its_own_words(lang):
    t = Translator(lang)
    own = load_locale(lang)["messages"]
    for rules in WAYS:
        for deck in ("italian", "french"):
            m = howto_model(rules, t, deck, "best-of-3")
            missing = [k for k in m.keys if k not in own]
            assert not missing, missing
            html = render.howto_html(m, t)
            assert html.count("<img ") == len(m.rows)
            folder = f"french-{CARD_LETTERS[lang]}" if deck == "french" and lang in CARD_LETTERS else deck
            assert f"./static/cards/{folder}/1C.svg" in html  # the ace in the language's letters
            assert "{" not in html and "}" not in html  # every placeholder filled


def test_the_html_escapes_and_numbers_in_the_language():
    m = howto_model(Rules.preset("standard"), Translator("fa"))
    m.sections[0].lines[0] = "<b>&"
    html = render.howto_html(m, Translator("fa"))
    assert "&lt;b&gt;&amp;" in html and "<b>&" not in html
    assert 'data-points="11"' in html and "<span>۱۱ امتیاز</span>" in html
    # "·" reads as the Persian zero: "کلاسیک · ۲ بازیکن" as "20 players"
    assert "·" not in html and "</b>، ۲\u00a0بازیکن</p>" in html
    assert "</b> · 2\u00a0players</p>" in render.howto_html(howto_model(Rules.preset("standard"), Translator("en")),
                                                      Translator("en"))


# -- the tips ------------------------------------------------------------------------------

def plays(*cards: str):
    return [(seat, parse_card(c)) for seat, c in enumerate(cards)]


SWORDS = 2  # suit index of S


def test_a_trick_tip_says_why_its_card_won():
    assert trick_tip(plays("1D", "2S"), SWORDS, "standard", EN) == (
        "The Two of Swords takes the trick: a trump beats every card of another suit.")
    assert trick_tip(plays("1C", "2S", "4S"), SWORDS, "standard", EN) == (
        "The Four of Swords takes the trick: the highest trump wins.")
    assert trick_tip(plays("4C", "1D"), SWORDS, "standard", EN) == (
        "The Four of Cups takes the trick: the highest card of the suit led wins, and other suits never do.")
    assert trick_tip(plays("4C", "3C"), None, "standard", EN).startswith("The Three of Cups takes")
    assert trick_tip(plays("3C", "7C"), None, "seven-high", EN).startswith("The Seven of Cups takes")


def test_the_loads_tip_comes_with_a_load_only():
    assert load_tip([parse_card("2C")], "standard", EN) == ""
    assert load_tip([parse_card("3C")], "standard", EN) == (
        "Aces (11) and Threes (10) are worth the most: take them when you can, and don't give yours away.")
    assert load_tip([parse_card("3C")], "seven-high", EN) == ""
    assert load_tip([parse_card("7B")], "seven-high", EN).startswith("Aces (11) and Sevens (10)")


def settled(backend) -> App:
    """An app whose settings are stored already: not a first run."""
    backend.set(PREFIX + "settings", json.dumps({"version": 1, "data": Settings().base_dict()}))
    return make_app(backend)


def test_a_first_run_offers_how_to_play_and_turns_tips_on():
    backend = DictBackend()
    app = make_app(backend)
    assert app.tips.active and app.model().offer
    assert stored(backend, "tips") == {"show": True, "offer": True, "deals": 0}


def test_the_offer_goes_once_the_person_plays_on_without_it():
    """The offer sits over the top bar (the score, the sound button): once the person plays
    a card it has been turned down, and the tips stay."""
    backend = DictBackend()
    app = make_app(backend)
    while not app.human_to_move:
        assert app.model().offer
        advance(app)
    assert app.model().offer
    app.play_human(app.game.hands[HUMAN][0])
    assert not app.model().offer and app.tips.active
    assert stored(backend, "tips") == {"show": True, "offer": False, "deals": 0}


def test_someone_who_played_before_gets_neither_offer_nor_tips():
    backend = DictBackend()
    app = settled(backend)
    assert not app.tips.active and not app.model().offer
    assert stored(backend, "tips") is None  # nothing written for them
    while not app.game.tricks:
        advance(app)
    assert app.model().tip == ""


def play_until(app: App, done) -> None:
    for _ in range(400):
        if done(app):
            return
        advance(app)
    raise AssertionError("never happened")


def test_tips_show_when_a_trick_is_taken_and_a_load_is_played():
    app = make_app()
    play_until(app, lambda a: a.held is not None)
    trick = app.held
    why = trick_tip(trick.plays, app.game.trump, "standard", app.tr)
    assert app.model().tip.endswith(why)
    # the loads tip: when the first ace or three of the deal is played, kept with the
    # trick's tip until the person's next card, and not given again
    app = make_app()
    seen_load = gone = False
    while not app.game.over or app.held is not None:
        before = len(app.game.actions)
        advance(app)
        played = [(s, a.card) for s, a in app.game.actions[before:] if a.kind == "play"]
        load = any(TABLES["standard"][1][c] >= 10 for _, c in played)
        if load and not seen_load:
            assert "Aces (11) and Threes (10)" in app.model().tip
            seen_load = True
        elif seen_load and any(s == HUMAN for s, _ in played):
            gone = True  # the person's next card: said, and not again
        if gone:
            assert "Aces (11)" not in app.tip
        elif seen_load:
            assert "Aces (11) and Threes (10)" in app.tip, "the loads tip went before the person's next card"
    assert seen_load and gone


def test_a_tip_stays_until_the_persons_next_card():
    app = make_app()
    play_until(app, lambda a: a.held is not None)
    tip = app.model().tip
    assert tip
    app.release_trick()
    play_until(app, lambda a: a.human_to_move)
    assert app.model().tip == tip
    app.play_human(app.game.hands[HUMAN][0])
    assert app.model().tip != tip


def test_a_tip_on_screen_follows_a_change_of_language():
    """A tip is rewritten with the rest of the table: it stayed in English on an Italian table."""
    app = make_app()
    play_until(app, lambda a: a.held is not None)
    trick = app.held
    assert app.model().tip.endswith(trick_tip(trick.plays, app.game.trump, "standard", app.tr))
    app.change_settings(lang="it")
    assert app.tr.lang == "it"
    assert app.model().tip.endswith(trick_tip(trick.plays, app.game.trump, "standard", app.tr))
    assert "Prende la mano" in app.model().tip and "takes the trick" not in app.model().tip


def test_tips_off_stays_off_after_a_reload():
    backend = DictBackend()
    app = make_app(backend)
    app.tips_off()
    assert stored(backend, "tips") == {"show": False, "offer": False, "deals": 0}
    assert not app.model().offer
    play_until(app, lambda a: a.held is not None)
    assert app.model().tip == ""
    again = reload(app)
    assert not again.tips.active and not again.model().offer
    play_until(again, lambda a: a.held is not None)
    assert again.model().tip == ""


def test_dismissing_the_offer_keeps_the_tips():
    backend = DictBackend()
    app = make_app(backend)
    app.dismiss_offer()
    assert not app.model().offer and app.tips.active
    assert stored(backend, "tips") == {"show": True, "offer": False, "deals": 0}
    assert not reload(app).model().offer


def test_tips_end_by_themselves_after_the_first_deals():
    backend = DictBackend()
    app = make_app(backend)
    for n in range(1, TIP_DEALS + 1):
        play_until(app, lambda a: a.game.over and a.held is None)
        assert stored(backend, "tips")["deals"] == n
        app.new_deal()
    assert not app.tips.active
    play_until(app, lambda a: a.held is not None)
    assert app.model().tip == ""


@pytest.mark.parametrize("bad", [
    {"show": "yes", "offer": False, "deals": 0},
    {"show": True, "offer": False, "deals": -1},
    {"show": True, "offer": False, "deals": 1.5},
    {"show": True, "offer": False, "deals": True},
    {"show": True, "offer": False},
    {"show": True, "offer": False, "deals": 0, "extra": 1},
    [True, False, 0],
    "on",
])
def test_stored_tips_are_validated(bad):
    with pytest.raises(BadData):
        validate_tips(bad)
    backend = DictBackend()
    backend.set(PREFIX + "tips", json.dumps({"version": 1, "data": bad}))
    app = make_app(backend)
    assert app.tips == Tips() and not app.model().offer  # set aside, tips off, no offer
    assert backend.get(BACKUP_PREFIX + "tips") is not None


def test_a_stored_count_is_kept_within_bounds():
    assert validate_tips({"show": True, "offer": True, "deals": 999}) == Tips(True, True, TIP_DEALS)


def test_how_to_play_from_the_settings_form_shows_the_way_chosen_there():
    app = settled(DictBackend())
    assert "howto_trump_turned" in app.howto().keys
    app.settings_form()
    chosen = app.howto({"variant": "briscolone", "must_follow": True})
    assert {"howto_trump_none", "howto_follow_must"} <= set(chosen.keys)
    assert app.settings.variant == "standard"  # looking is not saving
    french = app.howto({"deck": "french"})
    assert french.deck == "french"


def test_every_new_message_is_in_the_english_file_and_has_no_stray_markup():
    english = load_locale("en")["messages"]
    for key in [k for k in english if k.startswith(("howto_", "tip_"))] + ["tips_off", "no_thanks"]:
        value = text("en", key)
        for form in value.values() if isinstance(value, dict) else [value]:
            assert not re.search(r"[<>]", form), key


@pytest.mark.parametrize("fmt", [f for f in ALL_MATCH_FORMATS if f != "single"])
def test_a_match_says_how_it_scores(fmt):
    players = 5 if fmt in FIVE_FORMATS else 3 if fmt == "three-players" else 2
    keys = howto_model(Rules.standard(players), EN, match_format=fmt).keys
    scoring = [k for k in keys if k.startswith("howto_match_")]
    assert "howto_match" in keys and scoring == [MATCH_SCORING[fmt]]
    assert howto_model(Rules.standard(players), EN).keys.count("howto_match") == 0


def test_the_settings_box_brings_the_tips_back_and_turns_them_off():
    """The tip's own button turns tips off for good; Settings' box gives them back for the
    next deals, as on a first visit, and unticked turns them off as the button does."""
    from briscola_app.saved import TIPS_FIELD

    def box(app):
        return next(f for f in app.settings_form().fields if f.name == TIPS_FIELD).choices[0].checked

    backend = DictBackend()
    app = make_app(backend)
    assert box(app)
    app.tips_off()
    assert not app.tips.active and not box(app)
    app.set_tips(True)
    assert app.tips.active and app.tips.deals == 0 and box(app)
    assert reload(app).tips.active  # kept
    app.set_tips(False)
    assert not app.tips.active and app.tip == "" and not box(app)
