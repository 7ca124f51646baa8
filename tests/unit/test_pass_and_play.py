"""Pass-and-play without a browser: several people at one device. Between two people the
table is covered (no card of any hand in the model or its HTML) until the next person
taps "Show my cards"; then it is their hand, their legal moves, their hint, their secret
partner. Computer seats play as before. Results count per person name, once, apart from
the device owner's stats; stored settings of earlier builds still load, and hostile
values of the new keys are refused."""

from __future__ import annotations

import json

import pytest

from briscola.cards import IllegalMoveError
from briscola_app import render
from briscola_app.controller import NEWS_KEPT, App
from briscola_app.models import HUMAN
from briscola_app.settings import Settings, form_people, parse_people, validate_people
from briscola_app.stats import MAX_MODES_PER_NAME, MAX_NAMES, PeopleStats, PersonCount, validate_people_stats
from briscola_app.statsio import Bundle, export_data, merge, read_file
from briscola_app.storage import BACKUP_PREFIX, PREFIX, BadData, DictBackend, Store
from tests.unit.test_app import reload, stored
from tests.unit.test_app_variants import make_app

FOUR = ["Anna", "Bruno", "Carla", "Dario"]


def people_app(people: list, backend=None, start: int = 1000, **settings) -> App:
    """An app whose stored settings say who plays at the device (``briscola.people``)."""
    backend = backend if backend is not None else DictBackend()
    backend.set(PREFIX + "people", json.dumps({"version": 1, "data": {"seats": people}}))
    return make_app(backend, start=start, **settings)


def public_cards(app: App) -> set[str]:
    """Cards of a hand that everybody has seen: the turned card (drawn by its taker) and
    a turned card taken in an exchange."""
    g = app.game
    out = {str(g.briscola)} if g.briscola is not None else set()
    out.update(str(taken) for _, _, taken in g.exchanges)
    return out


def assert_no_hand_shown(app: App) -> None:
    """Covered: the model and every region's HTML hold no card of any hand, neither by
    id nor by name, and nothing can be played."""
    m = app.model()
    assert m.covered and m.hand == [] and not m.your_turn
    assert all(s.cards is None for s in m.opponents)
    assert not [a for a in m.actions if a.action != "next"]
    html = "".join((render.hand_html(m), render.opponents_html(m, app.tr), render.actions_html(m.actions),
                    "".join(render.stock_html(m)), render.trick_html(m), render.cover_html(m.cover),
                    render.score_html(m.sides, app.tr)))
    text = repr(m) + html
    public = public_cards(app)
    for hand in app.game.hands:
        for c in hand:
            if str(c) in public:
                continue
            assert f'"{c}"' not in html and f"'{c}'" not in text, f"{c} shown while covered"
            assert app.card_name(c) not in text, f"{app.card_name(c)} named while covered"
    assert not app.human_to_move and not app.computer_to_move
    with pytest.raises(IllegalMoveError):
        app.play_human(app.game.hands[app.game.turn][0])
    assert not app.click_card(app.game.hands[app.game.turn][0])


def show(app: App) -> int:
    """The person the device goes to taps "Show my cards"; returns their page seat."""
    seat = app.to_cover
    assert seat is not None
    m = app.model()
    assert m.cover is not None and m.cover.title == app.tr.t("pass_to", name=app.page_seat_name(seat, plain=True))
    assert app.person_name(seat) in m.cover.title
    assert m.message == m.cover.title and m.cover.button == app.tr.t("show_cards")
    if app.tr.lang == "en":
        assert m.cover.title.startswith("Pass to ") and m.cover.button == "Show my cards"
    assert app.show_cards()
    assert app.viewer == seat and not app.covered
    return seat


def step(app: App, choose=lambda app: [c for c in app.model().hand if c.enabled][0].card) -> None:
    """One step of the page: a trick left on the table goes, a computer plays, the cover
    is tapped, or the person whose hand is shown plays."""
    if app.held is not None:
        app.release_trick()
    elif app.computer_to_move:
        app.play_computer_choice(app.computer_agent().choose(app.current_view()))
    elif app.to_cover is not None:
        show(app)
    else:
        assert app.human_to_move
        act = choose(app)
        if isinstance(act, str):
            assert app.click_card(act)


def finish(app: App, choose=lambda app: [c for c in app.model().hand if c.enabled][0].card) -> None:
    for _ in range(2000):
        if app.game.over and app.held is None:
            return
        step(app, choose)
    raise AssertionError("the deal does not end")


# -- four people ---------------------------------------------------------------------------

def test_four_people_each_covered_before_their_turn_and_shown_their_own_hand():
    app = people_app(FOUR, players=4)
    assert app.pass_and_play and app.persons == dict(enumerate(FOUR))
    assert app.agents == {}  # nobody is a computer
    covers = 0
    while not (app.game.over and app.held is None):
        if app.held is not None:
            assert not app.covered  # the trick stays in view of the one who played last
            app.release_trick()
            continue
        g = app.game
        if app.viewer == app.seats[g.turn]:  # took the trick they closed: they lead, still in view
            assert not app.covered and app.human_to_move
            seat = app.viewer
        else:
            assert app.covered and app.to_cover == app.seats[g.turn], "another person's turn starts covered"
            assert_no_hand_shown(app)
            seat = show(app)
            covers += 1
        m = app.model()
        assert [c.card for c in m.hand] == [str(c) for c in g.hands[g.turn]], "the hand shown is not theirs"
        assert m.me == seat and app.me == g.turn and app.human_to_move
        assert m.your_turn and "Your turn" in m.message
        assert [s.seat for s in m.opponents] == [(seat + k) % 4 for k in (3, 2, 1)]  # left, across, right
        assert [s.name for s in m.opponents] == [FOUR[(seat + k) % 4] for k in (3, 2, 1)]
        legal = {str(a.card) for a in g.legal_actions()}
        assert {c.card for c in m.hand if c.enabled} == legal
        assert app.current_view().seat == g.turn  # the hint's view is the viewer's
        mine = m.sides[[s.mine for s in m.sides].index(True)]
        assert mine.label == "Us"
        card = [c for c in m.hand if c.enabled][0].card
        assert app.click_card(card)
        assert app.message.startswith("You play") or "take the trick" in app.message or app.held is not None
    plays = [s for t in app.game.tricks for s, _ in t.plays]
    assert covers == sum(1 for a, b in zip(plays, plays[1:]) if a != b) + 1  # each change of person
    m = app.model()
    assert m.summary is not None and not m.covered
    names = {side.label for side in m.summary.sides}
    assert names == {"Anna and Carla", "Bruno and Dario"}  # every person named, nobody "You"
    assert m.summary.headline.startswith("Won by") or "draw" in m.summary.headline.lower()
    # people on both sides: neither a win's colour nor a loss's, whoever looked last
    assert m.summary.outcome == ("" if m.summary.headline.startswith("Won by") else "draw")


def test_the_summary_takes_a_wins_colour_when_the_people_won_and_a_losss_when_they_lost():
    seen = set()
    for start in range(1000, 1010):
        app = people_app(["Anna", None, "Carla"], start=start, players=4)  # a team of people against two computers
        finish(app)
        result = app.game.result()[0]
        if result == "draw":
            continue
        assert app.model().summary.outcome == result
        seen.add(result)
        if seen == {"win", "loss"}:
            return
    pytest.fail(f"only {seen} in ten deals")


def test_a_person_moving_twice_in_a_row_is_not_covered_again():
    """Two people and two computers (seats 0 and 2 people, in one team): after a person's
    card the computer's turn keeps that person's hand in view; the cover comes only when
    the turn reaches the other person."""
    app = people_app(["Anna", None, "Carla"], players=4)
    assert app.persons == {0: "Anna", 2: "Carla"} and sorted(app.agents) == [1, 3]
    seen_covers = []
    cue_turns = 0
    while not (app.game.over and app.held is None):
        before = app.viewer
        if app.to_cover is not None:
            assert_no_hand_shown(app)
            seen_covers.append(app.to_cover)
            assert app.to_cover != before
        elif app.computer_to_move and before is not None:
            m = app.model()
            hand = app.game.hands[app.seats.index(before)]
            assert not m.covered and [c.card for c in m.hand] == [str(c) for c in hand]
            assert not any(c.enabled for c in m.hand)  # a computer's turn: nothing to play
        step(app)
        cue_turns += app.take_cues().count("turn")
    assert seen_covers[0] == 0 and set(seen_covers) == {0, 2}
    assert cue_turns >= len(seen_covers)  # the turn's cue for each person coming to the device


def test_the_cover_tells_the_next_person_the_moves_they_missed():
    """Two people and two computers: the cover lists, for everybody at the device to read,
    the moves made since the next person last held it (their own never among them), each
    seat by its name ("You" would be whoever passes the device), the trick's taker after
    its last card; at most NEWS_KEPT, the latest."""
    app = people_app(["Anna", None, "Carla"], players=4)
    g = app.game
    holder = {0: -1, 2: -1}  # the last move made while each person held the device
    covers = 0
    while not (g.over and app.held is None):
        cover = app.to_cover
        if cover is not None and app.held is None:
            m = app.model()
            missed = [(s, a) for s, a in g.actions[holder[cover] + 1:]]  # none before the deal's first card
            assert m.cover is not None and len(m.cover.news) == min(len(missed), NEWS_KEPT)
            for line, (s, a) in zip(m.cover.news, missed[-NEWS_KEPT:]):
                assert line.startswith(f"{app.seat_name(s, plain=True)} plays the {app.card_name(a.card)}."), line
                assert "You" not in line and "your" not in line
            tricks_closed = sum(1 for t in g.tricks if t.plays[-1] in [(s, a.card) for s, a in missed])
            assert sum(" takes the trick " in line for line in m.cover.news) == min(tricks_closed, len(m.cover.news))
            html = render.cover_html(m.cover)
            assert ('aria-labelledby="cover-news-label"' in html and ">Meanwhile</h3>" in html) == bool(missed)
            assert all(f"<li>{render.escape(line)}</li>" in html for line in m.cover.news)
            covers += 1
        viewer = app.viewer
        before = len(g.actions)
        step(app)
        if viewer is not None and len(g.actions) > before:  # a move made while this person held it
            holder[viewer] = len(g.actions) - 1
    assert covers >= 10


def test_after_a_reload_the_cover_tells_the_moves_the_person_missed():
    """A deal loaded again works out who saw which move from the moves themselves (a
    person holds the device from their move to the next person's): the cover tells the
    next person what it told them before the reload, not moves they saw or made."""
    app = people_app(["Anna", None, "Carla"], players=4)
    while len(app.game.actions) < 9 or app.to_cover is None or app.held is not None:
        step(app)
    told = app.model().cover.news
    again = reload(app)
    assert again.to_cover == app.to_cover and again.game.actions == app.game.actions
    news = again.model().cover.news
    assert news == told and len(news) < NEWS_KEPT  # the three others' moves since the person's own
    assert news[-1].startswith(f"{again.seat_name(again.game.actions[-1][0], plain=True)} plays ")
    person = show(again)
    step(again)  # the person plays: the moves from here on are told as they come
    while again.to_cover is None or again.held is not None:
        step(again)
    assert any(line.startswith(f"{again.person_name(person)} plays ") for line in again.model().cover.news)


@pytest.mark.parametrize("people, players", [(["Anna", "Bruno"], 2), (["Anna", "Bruno"], 4),
                                              (["Anna", None, "Carla"], 3)])
def test_every_cover_tells_the_same_after_a_reload(people, players):
    app = people_app(people, players=players)
    covers = 0
    while not app.game.over:
        if app.to_cover is not None and app.held is None:
            assert reload(app).model().cover.news == app.model().cover.news
            covers += 1
        step(app)
    assert covers >= 4


def test_the_cover_says_who_the_partner_is_to_everybody_by_name():
    """Five players, two people: once the called card is played, the cover of the other
    person says whose partner its player is, by names (not "your partner")."""
    for start in range(1000, 4000, 37):
        app = people_app(["Anna", None, None, "Dario"], start=start, variant="chiamata", players=5)
        g = app.game
        while g.phase in ("auction", "call"):
            if app.human_to_move and g.phase == "auction":
                app.pass_human() if g.bid is not None else app.bid_human(
                    str([a.value for a in g.legal_actions() if a.kind == "bid"][0]))
            elif app.human_to_move:
                app.call_human(str(g.legal_actions()[-1].card))
            else:
                step(app)
        while not g.over and not g.partner_shown:
            step(app)
        if g.over or g.partner == g.caller or g.partner is None:
            continue
        said = app.tr.t("partner_shown", who=app.seat_name(g.partner, plain=True),
                        caller=app.seat_name(g.caller, plain=True))
        while not g.over:
            if app.to_cover is not None and app.held is None:
                news = app.model().cover.news
                if any(said in line for line in news):
                    return
            step(app)
    pytest.skip("no deal showed the partner to a person who had not seen it")


def test_a_computer_never_has_the_name_a_person_typed():
    """Italian families are full of Marcos and Giulias: a computer whose name a person at
    the device typed takes another that nobody at the table has, a woman's for a woman's
    (the words about it agree), so "Anna plays" always means one seat."""
    app = people_app(["Anna", None, None, "dario", None, None], players=6)
    assert app.tr.t("seat_name_5") == "Anna" and app.seat_name(5) == "Sofia"  # Sofia's seat is Dario's here
    assert app._feminine(5) and not app._feminine(3)
    app = people_app(["Marco", None, "Giulia"], players=4)  # Giulia's seat takes another woman's name
    assert [app.seat_name(s) for s in range(4)] == ["Marco", "Anna", "Giulia", "Sofia"] and app._feminine(1)
    solo = make_app(DictBackend(), players=6)
    assert not solo.pass_and_play and solo.seat_name(5) == "Anna"
    for players in (4, 5, 6):
        for typed in (["Giulia", "Marco"], ["MARCO", None, "Luca"], ["Anna", "Sofia", None, "Giulia"],
                      ["Paolo", None, "Chiara", None, "Giulia"], ["Giulia", None, "Marco", None, None, "Luca"]):
            app = people_app(typed, players=players, variant="chiamata" if players == 5 else "standard")
            at_table = [app.seat_name(s, plain=True).casefold() for s in range(players)]
            assert len(set(at_table)) == players, (players, typed, at_table)
            for s in range(players):
                page = app.seats[s]
                if page not in app.persons:
                    n = next(n for n in range(1, 8) if app.tr.t(f"seat_name_{n}") == app.seat_name(s))
                    assert app._feminine(s) == (n in (1, 3, 5, 7)), (typed, s, n)  # the words follow the name


def test_the_trick_won_and_the_side_are_the_viewers():
    app = people_app(["Anna", "Bruno"], players=2)
    finish_first_trick = False
    while not finish_first_trick:
        step(app)
        if app.held is not None:
            finish_first_trick = True
    winner = app.held.winner
    viewer_seat = app.seats.index(app.viewer)
    said = app.message
    assert ("You take the trick" in said) == (winner == viewer_seat)
    assert (f"{app.seat_name(winner)} takes the trick" in said) == (winner != viewer_seat)
    cues = app.take_cues()
    assert ("trick-ours" in cues) == (winner == viewer_seat)


def test_the_finished_table_names_every_person_and_says_you_to_nobody():
    """Once the deal is over the device is anybody's: "You: 45 points taken" would be
    whoever looked last; the table names each person, as the summary does."""
    app = people_app(["Anna", "Bruno"], players=2)
    finish(app)
    m = app.model()
    assert [side.label for side in m.sides] == ["Anna", "Bruno"]
    assert m.my_pile_label.split(":")[0] in ("Anna", "Bruno")
    assert all("You" not in side.label for side in m.sides) and not m.my_pile_label.startswith("You")
    assert m.summary is not None and m.summary.headline and "You" not in m.summary.headline


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_typed_name_is_isolated_where_it_could_reorder_its_neighbours(lang):
    """A Persian name before its points ("کرم" then "81") carries the number to its left
    unless isolated; so does a Latin name in a right-to-left page. Each typed name is put
    between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE there, once; a Latin name in a
    left-to-right page is left as typed."""
    fsi, pdi = "\u2068", "\u2069"
    app = people_app(["کرم", "Bruno"], players=2, lang=lang)
    finish(app)
    m = app.model()
    labels = [side.label for side in m.sides]
    assert labels[0] == f"{fsi}کرم{pdi}"
    assert labels[1] == (f"{fsi}Bruno{pdi}" if lang == "fa" else "Bruno")
    assert f"<li class=\"{'mine' if m.sides[0].mine else ''}\">{fsi}کرم{pdi} <b>" in render.score_html(m.sides, app.tr)
    assert m.my_pile_label.startswith(labels[0]) or m.my_pile_label.startswith(labels[1])
    assert m.summary is not None and f"{fsi}کرم{pdi}" in [side.label for side in m.summary.sides]
    assert "\\u2068\\u2068" not in repr(m) and "\\u2069\\u2069" not in repr(m)  # once, not twice


def test_the_review_speaks_to_the_person_it_coaches_whoever_looked_last():
    """The review coaches the first person's cards: "You led" and "You took" mean that
    person too, even when the deal ended with the other person's cards shown."""
    for start in range(1000, 1100):
        app = people_app(["Anna", "Bruno"], players=2, start=start)
        finish(app)
        if app.viewer != app.seats[HUMAN]:
            break
    else:
        raise AssertionError("no deal ended on Bruno's card")
    review = app.review()
    assert review is not None
    for k, s in enumerate(review.steps):
        text = app.review_model(review, k).text
        leader = "You" if s.leader == HUMAN else "Bruno"
        assert f" {leader} led." in text, text
        assert "Anna" not in text  # she is "You" in her own review
    assert app.viewer != app.seats[HUMAN]  # the table is left as it was


# -- a reload ------------------------------------------------------------------------------

def test_a_reload_resumes_covered_for_the_person_to_move():
    backend = DictBackend()
    app = people_app(FOUR, backend, players=4)
    for _ in range(7):
        step(app)
    assert app.viewer is not None
    deal = stored(backend, app.deal_name)
    assert deal["people"] == FOUR
    again = reload(app)
    assert again.pass_and_play and again.viewer is None and again.covered
    if again.held is None and again.to_cover is not None:
        assert again.to_cover == again.seats[again.game.turn]
    assert_no_hand_shown(again)
    assert again.model().cover is not None
    show(again)
    assert [c.card for c in again.model().hand] == [str(c) for c in again.game.hands[again.game.turn]]


def test_a_reload_with_a_computer_to_move_shows_no_hand_and_plays_on():
    backend = DictBackend()
    app = people_app(["Anna", None, "Carla", None], backend, players=4)
    while not app.computer_to_move:
        step(app)
    again = reload(app)
    assert again.covered and again.to_cover is None and again.model().cover is None
    assert again.model().hand == []
    while again.computer_to_move:
        again.play_computer_choice(again.computer_agent().choose(again.current_view()))
        assert again.model().hand == []
        if again.held is not None:
            again.release_trick()
    assert again.to_cover in (0, 2)


# -- Briscola chiamata with two people -----------------------------------------------------

def test_chiamata_with_two_people_auction_and_the_secret_partner():
    """Five players, people at seats 0 and 3: each bids in turn behind the cover, and the
    called card's holder learns it only when their own cards are shown; the other person
    never sees it before the card is played, covered or not."""
    for start in range(1000, 4000, 37):
        app = people_app(["Anna", None, None, "Dario"], start=start, variant="chiamata", players=5)
        g = app.game
        assert sorted(app.agents) == [1, 2, 4]
        bids_by_people = 0
        while g.phase in ("auction", "call"):
            if app.to_cover is not None:
                assert_no_hand_shown(app)
                assert app.model().auction == [(app.seat_name(s, plain=True), app.bid_name(b), b is None)
                                               for s, b in g.auction]
            if app.human_to_move and g.phase == "auction":
                m = app.model()
                assert any(a.action == "pass" for a in m.actions) and m.your_turn
                assert m.message.startswith("Your turn in the auction")
                if g.bid is None:
                    app.bid_human(str([a.value for a in g.legal_actions() if a.kind == "bid"][0]))
                    bids_by_people += 1
                else:
                    app.pass_human()
                continue
            if app.human_to_move and g.phase == "call":
                app.call_human(str(g.legal_actions()[-1].card))
                continue
            step(app)
        if g.thrown_in or g.partner is None:
            continue
        partner_page = app.seats[g.partner]
        people_partner = partner_page in app.persons and g.partner != g.caller
        if not people_partner:
            continue
        other = ({0, 3} - {partner_page}).pop()
        saw_secret = False
        while not g.partner_shown and not g.over:
            m = app.model()
            secret = "Only you know" in m.contract
            if m.covered:
                assert not secret and not any(s.partner or s.role == "partner" for s in m.opponents)
                assert "partner" not in app.message
            elif app.viewer == partner_page:
                assert secret and [s.seat for s in m.opponents if s.partner] == [app.seats[g.caller]]
                saw_secret = True
            elif app.viewer == other:
                assert not secret and not any(s.role == "partner" for s in m.opponents)
            step(app)
        assert saw_secret, "the partner never saw their own secret"
        assert bids_by_people >= 1
        return
    pytest.skip("no deal had a person as the secret partner")


# -- stats per name ---------------------------------------------------------------------------

def test_results_count_per_name_once_and_not_in_the_solo_stats():
    backend = DictBackend()
    app = people_app(["Anna", None, "Carla", None], backend, players=4)
    finish(app)
    assert stored(backend, "stats") is None and stored(backend, "history") is None  # the owner's solo stats
    data = stored(backend, "people_stats")
    people = validate_people_stats(data)
    result = app.game.result()
    won = result[0] == "win"
    assert set(people.names) == {"Anna", "Carla"}
    assert people.names["Anna"]["4p-medium"].played == 1 and people.names["Anna"]["4p-medium"].won == int(won)
    assert people.counted == [app.deal_id]
    app._finish_deal()  # seen again (a reload, another tab): not counted twice
    again = reload(app)
    again._finish_deal()
    assert stored(backend, "people_stats") == data
    rows = app.stats_rows()
    assert [r.title for r in rows] == ["Anna", "Carla"] and rows[0].heading == "Players at this device"
    assert rows[0].rows == [("people-played", "Played", 1), ("people-won", "Won", int(won))]
    html = render.stats_html(rows, app.tr)
    assert "Anna" in html and "Carla" in html


def test_a_table_of_people_only_is_filed_by_its_size_not_a_level():
    """Nobody at the table is a computer: the level chosen in Settings played no part, so
    the deal is filed as "2 players", not under "2 players, Medium"."""
    backend = DictBackend()
    app = people_app(["Anna", "Bruno"], backend, players=2)
    finish(app)
    names = validate_people_stats(stored(backend, "people_stats")).names
    assert {n: set(m) for n, m in names.items()} == {"Anna": {"2p-people"}, "Bruno": {"2p-people"}}
    assert [r.subtitle for r in app.stats_rows()] == ["2\u00a0players · Standard"] * 2


def test_default_names_and_an_abandoned_deal_count_as_lost_for_each():
    backend = DictBackend()
    app = people_app(["", "", None], backend, players=3)
    assert app.person_name(0) == "Player 1" and app.person_name(1) == "Player 2"
    while not app.game.tricks:
        step(app)
    app.new_deal()
    people = validate_people_stats(stored(backend, "people_stats"))
    assert {n: m["3p-medium"].won for n, m in people.names.items()} == {"Player 1": 0, "Player 2": 0}
    assert {n: m["3p-medium"].played for n, m in people.names.items()} == {"Player 1": 1, "Player 2": 1}
    assert stored(backend, "stats") is None


def test_a_match_of_people_names_the_sides_and_is_not_in_the_match_stats():
    backend = DictBackend()
    app = people_app(["Anna", "Bruno"], backend, players=2, match="best-of-3")
    for _ in range(3):
        finish(app)
        if app.match.finished:
            break
        summary = app.model().summary
        assert summary.match is not None and {r.label for r in summary.match.rows} == {"Anna", "Bruno"}
        app.next_deal()
        assert app.covered and app.viewer is None  # every deal starts covered
    m = app.model().summary.match
    assert m.headline.endswith("wins the match.") and m.headline.split(" wins")[0] in ("Anna", "Bruno")
    assert stored(backend, "matches") is None
    assert sum(c.played for c in validate_people_stats(stored(backend, "people_stats")).names["Anna"].values()) >= 2


def test_a_team_of_two_wins_the_match_in_the_plural():
    """Four players, two of them people: the side that takes the match is two names, and
    English says "Anna and Carla win the match." (it said "wins")."""
    app = people_app(["Anna", None, "Carla"], players=4, match="best-of-3", start=50000)
    for _ in range(6):
        finish(app)
        if app.match.finished:
            break
        app.next_deal()
    headline = app.model().summary.match.headline
    assert headline in ("Anna and Carla win the match.", "Giulia and Sofia win the match."), headline


def test_people_stats_go_to_a_file_and_back_once():
    backend = DictBackend()
    app = people_app(["Anna", "Bruno"], backend, players=2)
    finish(app)
    name, text = app.export_stats()
    data = json.loads(text)
    assert data["people"]["names"]["Anna"]["2p-people"]["played"] == 1
    other = make_app(DictBackend(), start=7000)
    ok, said = other.import_stats(text)
    assert ok and said.startswith("Stats imported") and other.people_stats.names["Bruno"]["2p-people"].played == 1
    ok, said = other.import_stats(text)
    assert ok and said.startswith("Nothing added")
    app.reset_stats()
    assert app.people_stats.names == {}
    ok, said = app.import_stats(text)  # reset, then import: the counts come back
    assert ok and app.people_stats.names["Anna"]["2p-people"].played == 1
    plain = make_app(DictBackend(), start=8000)  # a file without people still has the old shape
    assert "people" not in json.loads(plain.export_stats()[1])
    read_file(plain.export_stats()[1])


def test_merging_people_stats_adds_a_file_whole_only_once():
    here = PeopleStats()
    here.add("d1", "2p-medium", (("Anna", "win"), ("Bruno", "loss")))
    file = PeopleStats()
    file.add("d2", "2p-medium", (("Anna", "loss"), ("Carla", "win")))
    merged = merge(Bundle(people=here), Bundle(people=file))
    names = merged.bundle.people.names
    assert names["Anna"]["2p-medium"].played == 2 and names["Anna"]["2p-medium"].won == 1
    assert names["Carla"]["2p-medium"].won == 1 and merged.people == 1
    again = merge(merged.bundle, Bundle(people=file))
    assert again.people == 0 and again.bundle.people.names == names
    back = read_file(json.dumps(export_data(merged.bundle, 1)))
    assert back.people.names == names


# -- settings ---------------------------------------------------------------------------------

def test_old_stored_settings_load_as_one_person_against_the_computer():
    backend = DictBackend()
    base = {"players": 4, "deck": "french", "speed": "fast", "level": "hard", "lang": "it"}
    backend.set(PREFIX + "settings", json.dumps({"version": 1, "data": base}))
    app = App(DictStore(backend), browser_lang="en")
    assert app.settings.people == ("",) and not app.settings.pass_and_play
    assert not app.pass_and_play and app.persons == {HUMAN: ""} and sorted(app.agents) == [1, 2, 3]
    assert app.me == HUMAN and not app.covered and app.model().me == 0
    assert not backend.items.get(PREFIX + "people")
    # saving keeps the base value in the shape every build reads
    app.change_settings(level="easy")
    assert set(stored(backend, "settings")) == {"players", "deck", "speed", "level", "lang"}
    assert stored(backend, "people") is None


def DictStore(backend) -> Store:
    return Store(backend)


def test_a_name_keeps_its_joiners_and_loses_its_controls():
    """The zero-width non-joiner and joiner are how some names are written (Persian
    "محمدی‌نژاد", an emoji family): kept, stored and read back; bidi and other controls
    are still dropped."""
    persian, family = "زهرا محمدی\u200cنژاد", "\U0001f469\u200d\U0001f469\u200d\U0001f467 Famiglia"
    assert form_people(["Anna", persian, family, "Bruno\u202e\u0007"]) == ["Anna", persian, family, "Bruno"]
    assert parse_people(["Anna", persian, family]) == ("Anna", persian, family)


def test_the_form_sets_the_people_and_a_change_deals_again():
    app = make_app(players=4)
    form = {f.name: f for f in app.settings_form().fields}["people"]
    assert form.kind == "people" and [c.hidden for c in form.choices] == [False] * 4 + [True] * 2
    # each seat's box shows the name it goes by: the computer's own while a computer plays it
    assert [c.placeholder for c in form.choices[:3]] == ["You", "Giulia", "Marco"]
    html = render.settings_html(app.settings_form())
    assert 'name="name_0"' in html and 'name="person_1"' in html and 'name="person_0"' not in html
    people = ["  Anna  ", "Bruno", None, "bruno"]  # spaces trimmed; a name taken twice becomes the seat's own
    assert form_people(people) == ["Anna", "Bruno", None, ""]
    assert app.change_settings(people=people)  # nothing played yet: dealt again with the people
    app.new_deal()
    assert app.pass_and_play and app.persons == {0: "Anna", 1: "Bruno", 3: ""}
    assert app.person_name(3) == "Player 4" and sorted(app.agents) == [2]
    assert stored(app.store.backend, "people") == {"seats": ["Anna", "Bruno", None, ""]}
    # with other people at the device the first seat's empty name is "Player 1", as the table says
    form = {f.name: f for f in app.settings_form().fields}["people"]
    assert [c.placeholder for c in form.choices[:2]] == ["Player 1", "Player 2"]
    again = App(DictStore(app.store.backend), browser_lang="en")
    assert again.settings.people == ("Anna", "Bruno", None, "")
    form = {f.name: f for f in again.settings_form().fields}["people"]
    assert [c.checked for c in form.choices[:4]] == [True, True, False, True]
    assert [c.text for c in form.choices[:2]] == ["Anna", "Bruno"]
    # back to one person (nothing played yet: dealt again), then to the default: the key goes
    assert again.change_settings(people=["Anna"])
    assert stored(again.store.backend, "people") == {"seats": ["Anna"]}
    again.new_deal()
    assert not again.pass_and_play and again.model().hand
    again.change_settings(people=[""])
    assert stored(again.store.backend, "people") is None


def test_a_two_player_choice_ignores_people_of_seats_not_at_the_table():
    s = Settings(players=2, people=("", None, "Carla"))
    assert s.persons == {0: ""} and not s.pass_and_play
    assert Settings(players=3, people=("", None, "Carla")).pass_and_play


@pytest.mark.parametrize("bad", [
    {"seats": [None, "Anna"]},  # seat 1 of the device is always a person
    {"seats": ["Anna", "anna"]},  # one name twice
    {"seats": ["x" * 21]},
    {"seats": [" Anna"]},
    {"seats": ["An\nna"]},
    {"seats": ["Anna", 3]},
    {"seats": ["Anna", True]},
    {"seats": []},
    {"seats": [""] * 7},
    {"seats": "Anna"},
    {"people": ["Anna"]},
    ["Anna"],
    None,
])
def test_hostile_people_settings_are_set_aside(bad):
    with pytest.raises(BadData):
        validate_people(bad)
    backend = DictBackend()
    backend.set(PREFIX + "people", json.dumps({"version": 1, "data": bad}))
    app = make_app(backend, players=4)
    assert not app.pass_and_play and app.store.bad_data
    assert backend.get(BACKUP_PREFIX + "people") is not None and backend.get(PREFIX + "people") is None
    assert app.settings.players == 4  # the other keys as they were


@pytest.mark.parametrize("bad", [
    {"names": {"Anna": {"2p-medium": {"played": 1, "won": 2}}}, "counted": [], "cleared": []},
    {"names": {"Anna": {"2p-medium": {"played": -1, "won": 0}}}, "counted": [], "cleared": []},
    {"names": {"Anna": {"2p-medium": {"played": 1}}}, "counted": [], "cleared": []},
    {"names": {"Anna": {"nonsense": {"played": 1, "won": 0}}}, "counted": [], "cleared": []},
    {"names": {"": {"2p-medium": {"played": 1, "won": 0}}}, "counted": [], "cleared": []},
    {"names": {"x" * 30: {}}, "counted": [], "cleared": []},
    {"names": {f"n{i}": {} for i in range(61)}, "counted": [], "cleared": []},
    {"names": {}, "counted": [1], "cleared": []},
    {"names": {}, "counted": []},
    {"names": [], "counted": [], "cleared": []},
    [],
])
def test_hostile_people_stats_are_refused(bad):
    with pytest.raises(BadData):
        validate_people_stats(bad)
    backend = DictBackend()
    backend.set(PREFIX + "people_stats", json.dumps({"version": 1, "data": bad}))
    app = make_app(backend)
    assert app.people_stats.names == {} and backend.get(BACKUP_PREFIX + "people_stats") is not None


def test_hostile_people_in_a_saved_deal_are_refused():
    backend = DictBackend()
    app = people_app(["Anna", "Bruno"], backend, players=2)
    step(app)
    key = PREFIX + app.deal_name
    good = json.loads(backend.get(key))
    for people in (["Anna"], ["Anna", "Anna"], [None, "Bruno"], ["Anna", None], ["Anna", 7], "Anna",
                   ["Anna", "Bruno", "Carla"]):
        box = json.loads(json.dumps(good))
        box["data"]["people"] = people
        backend.set(key, json.dumps(box))
        again = reload(app)
        assert again.deal_id != app.deal_id, f"{people!r} was taken"
        assert backend.get(BACKUP_PREFIX + app.deal_name) is not None
    assert parse_people(["Anna", None, "Bruno", None]) == ("Anna", None, "Bruno")


def test_the_people_stats_stay_bounded_and_keep_the_names_most_played():
    """Names typed at one device are bounded: a new name past MAX_NAMES takes the place of
    the name with the fewest deals, and a name keeps at most MAX_MODES_PER_NAME modes."""
    people = PeopleStats()
    for i in range(MAX_NAMES):
        for d in range(1 + i % 3):
            people.add(f"n{i}-{d}", "4p-medium", ((f"Name {i}", "win"), ("Anna", "loss")))
    # "Anna" was in every deal; names 0, 3, 6, ... played one deal each
    assert len(people.names) == MAX_NAMES  # Anna and 59 of the 60 others
    assert "Anna" in people.names
    assert people.add("new", "4p-medium", (("Newcomer", "win"),))
    assert len(people.names) == MAX_NAMES and people.names["Newcomer"] == {"4p-medium": PersonCount(1, 1)}
    gone = {f"Name {i}" for i in range(MAX_NAMES)} - set(people.names)
    assert len(gone) == 2 and all(int(n.split()[1]) % 3 == 0 for n in gone), gone
    assert not people.add("new", "4p-medium", (("Newcomer", "win"),)), "a deal is counted once"
    for m in range(MAX_MODES_PER_NAME + 5):
        variant = "v" + "".join(chr(ord("a") + int(d)) for d in str(m))  # a name of letters, as modes have
        people.count("Anna", f"{2 + m % 5}p-medium-{variant}", 1, 0)
    assert len(people.names["Anna"]) == MAX_MODES_PER_NAME
    assert validate_people_stats(people.to_dict()) == people
